import type { QueryClient } from '@tanstack/react-query';
import { prefetchedByRoute } from '../../api/queryClient';
import { usageQueries } from '../../data/nova/usage';
import { periodOf } from '../../ui/usage/period';

/*
 * The overviews' first reads, started by their routes' loaders (manifest `prefetch`): in
 * parallel with the session, the policy batch and the page's code, exactly as the pages ask
 * them on mount (this month, the first page), so the pages find them in flight or answered.
 * `/` lands on the project overview, so this is the first page most users wait for.
 */

/** Project › Overview: the limit summary and this month's usage. */
export function prefetchProjectOverview(queryClient: QueryClient): Promise<unknown> {
  const period = periodOf('month', new Date());
  return Promise.all([
    queryClient.prefetchQuery(prefetchedByRoute(usageQueries.limits())),
    queryClient.prefetchQuery(prefetchedByRoute(usageQueries.project(period, undefined))),
  ]);
}

/** Admin › Overview: every project's usage this month. */
export function prefetchAdminOverview(queryClient: QueryClient): Promise<unknown> {
  return queryClient.prefetchQuery(
    prefetchedByRoute(usageQueries.all(periodOf('month', new Date()))),
  );
}
