import { queryOptions } from '@tanstack/react-query';
import type { HeaderSection } from '@skydeck/contract';
import { api, routeKey } from '../api/api';
import { isAbort } from '../api/errors';
import { ApiError } from '../api/http';
import { t } from '../i18n/i18n';
import { msg } from '../i18n/msg';
import { toast } from '../ui/Toasts/toast';

/** Spec 1 §8: an info alert, never for 401, 403 or a request that got no answer (status 0). */
export const HEADER_FAILURE_MESSAGE = msg('Failed to populate extensible header.');

const SILENT_STATUSES: ReadonlySet<number> = new Set([0, 401, 403]);

/** The chosen section's id, a preference like the language (spec 1 §2). */
export const HEADER_SECTION_COOKIE = 'skydeck_header_section';

/**
 * Whether a link may be rendered: http(s) only. The server refuses any other scheme at start;
 * this holds even if an answer said otherwise, so a javascript: address never becomes a link.
 */
export function isSafeLink(url: string | undefined): url is string {
  if (url === undefined) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The header is an extra: its failure must not feel like the page's. So the query never fails
 * (the cache's handler would toast an error and a 401 would sign the user out); a failure
 * becomes no sections, with the spec's info message once per load.
 */
async function loadSections(signal: AbortSignal): Promise<HeaderSection[]> {
  try {
    const answer = await api('header.get', { signal });
    if (!Array.isArray(answer?.sections)) throw new ApiError(200, 'Not a header', answer);
    return answer.sections;
  } catch (error) {
    if (isAbort(error)) throw error;
    // A network failure (fetch's TypeError) is status 0: the browser got no answer.
    const status = error instanceof ApiError ? error.status : 0;
    if (!SILENT_STATUSES.has(status)) toast.info(t(HEADER_FAILURE_MESSAGE));
    return [];
  }
}

export const headerQueries = {
  /** GET {webroot}header/ (spec 1 §7): read once per sign-in (the cache is reset then). */
  sections: () =>
    queryOptions({
      queryKey: routeKey('header.get'),
      queryFn: ({ signal }) => loadSections(signal),
      staleTime: Infinity,
      retry: false,
    }),
};
