import type { UsageMetric, UsagePeriodQuery } from '@skydeck/contract';
import { routeQuery, routeUrl } from '../../api/api';
import { webRoot } from '../../api/http';
import { PREFETCHED_FRESH_MS } from '../../api/queryClient';
import { msg } from '../../i18n/msg';

/** Instances per page of the overview's usage table. */
export const USAGE_PAGE_SIZE = 20;

/** Nova's tenant usage and the limit summary (/api/nova/usage/…), for the overview pages. */
export const usageQueries = {
  project: (period: UsagePeriodQuery, marker: string | undefined) =>
    routeQuery(
      'nova.usage.project',
      { query: { ...period, limit: USAGE_PAGE_SIZE, ...(marker ? { marker } : {}) } },
      {
        staleTime: PREFETCHED_FRESH_MS,
        meta: { errorMessage: msg('Unable to retrieve usage information.') },
      },
    ),
  all: (period: UsagePeriodQuery) =>
    routeQuery(
      'nova.usage.all',
      { query: period },
      {
        staleTime: PREFETCHED_FRESH_MS,
        meta: { errorMessage: msg('Unable to retrieve usage information.') },
      },
    ),
  /** Every project's use over time (admin › Resource Usage › Stats). */
  series: (period: UsagePeriodQuery, metric: UsageMetric) =>
    routeQuery(
      'nova.usage.series',
      { query: { ...period, metric } },
      { meta: { errorMessage: msg('Unable to retrieve usage information.') } },
    ),
  limits: () =>
    routeQuery('nova.usage.limits', undefined, {
      map: (r) => r.items,
      staleTime: PREFETCHED_FRESH_MS,
      meta: { errorMessage: msg('Unable to retrieve limit information.') },
    }),
};

/** The CSV download link of a period: the server streams it, the page never holds it. */
export function usageCsvHref(scope: 'project' | 'all', period: UsagePeriodQuery): string {
  const { url } = routeUrl(scope === 'project' ? 'nova.usage.projectCsv' : 'nova.usage.allCsv');
  const query = new URLSearchParams({ start: period.start, end: period.end });
  return `${webRoot()}${url}?${query.toString()}`;
}
