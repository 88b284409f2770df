import { request } from '../http/request';
import type { FetchLike } from '../http/request';
import type { MicroversionRange } from '../http/microversion';
import type { VersionDoc } from './types';

/** A legacy v2.0 endpoint has no microversions; 2.0 stands for "send no version header". */
export const LEGACY_COMPUTE_RANGE: MicroversionRange = { min: '2.0', max: '2.0' };

export function isLegacyRange(range: MicroversionRange): boolean {
  return range.max === LEGACY_COMPUTE_RANGE.max;
}

// Per endpoint, for the process lifetime: the server builds a client per request, and a cloud's
// range only changes on upgrade (a restart of the dashboard is an acceptable way to notice).
const ranges = new Map<string, Promise<MicroversionRange>>();

/**
 * The version root of a compute endpoint: catalogs may carry a project id after the version
 * (`/v2.1/<project_id>`), and the version document lives at `/v2.1`.
 */
export function computeVersionRoot(endpoint: string): string {
  const trimmed = endpoint.replace(/\/+$/, '');
  const match = /^(.*?\/v2(?:\.\d+)?)(?=\/|$)/.exec(trimmed);
  return match?.[1] ?? trimmed;
}

export function discoverComputeRange(
  endpoint: string,
  token: string | undefined,
  fetchImpl?: FetchLike,
  /** The client's per-call budget (a hung service must not hold discovery for the default). */
  timeoutMs?: number,
): Promise<MicroversionRange> {
  const root = computeVersionRoot(endpoint);
  const cached = ranges.get(root);
  if (cached) return cached;
  const pending = fetchRange(root, token, fetchImpl, timeoutMs);
  ranges.set(root, pending);
  // A failed discovery must not stick: the next call tries again.
  pending.catch(() => {
    if (ranges.get(root) === pending) ranges.delete(root);
  });
  return pending;
}

/** Forget discovered ranges (all, or one endpoint's), e.g. between tests. */
export function clearMicroversionCache(endpoint?: string): void {
  if (endpoint === undefined) ranges.clear();
  else ranges.delete(computeVersionRoot(endpoint));
}

async function fetchRange(
  root: string,
  token: string | undefined,
  fetchImpl: FetchLike | undefined,
  timeoutMs: number | undefined,
): Promise<MicroversionRange> {
  const answer = await request<{ version?: VersionDoc; versions?: VersionDoc[] }>({
    service: 'compute',
    baseUrl: root,
    token,
    fetch: fetchImpl,
    timeoutMs,
  });
  const doc =
    answer.version ??
    answer.versions?.find((candidate) => candidate.id === 'v2.1') ??
    answer.versions?.find((candidate) => candidate.status === 'CURRENT');
  if (!doc) throw new Error(`No compute version document at ${root}`);
  if (!doc.version) return LEGACY_COMPUTE_RANGE;
  return { min: doc.min_version || '2.1', max: doc.version };
}
