import { createDiscoveryCache } from '../http/discovery';
import { request, toHttpError } from '../http/request';
import type { FetchLike } from '../http/request';
import type { MicroversionRange } from '../http/microversion';
import type { CinderVersionDoc } from './types';

const cache = createDiscoveryCache<MicroversionRange>();

/**
 * The version root of a block-storage endpoint: catalogs often carry the project id after the
 * version (`/v3/<project_id>`), and the version document lives at `/v3`.
 */
export function volumeVersionRoot(endpoint: string): string {
  const trimmed = endpoint.replace(/\/+$/, '');
  const match = /^(.*?\/v3)(?=\/|$)/.exec(trimmed);
  return match?.[1] ?? trimmed;
}

export function discoverVolumeRange(
  endpoint: string,
  token: string | undefined,
  fetchImpl?: FetchLike,
  /** The client's per-call budget (a hung service must not hold discovery for the default). */
  timeoutMs?: number,
): Promise<MicroversionRange> {
  const root = volumeVersionRoot(endpoint);
  return cache.get(root, () => fetchRange(root, token, fetchImpl, timeoutMs));
}

/** Forget discovered ranges (all, or one endpoint's), e.g. between tests. */
export function clearVolumeMicroversionCache(endpoint?: string): void {
  cache.clear(endpoint === undefined ? undefined : volumeVersionRoot(endpoint));
}

async function fetchRange(
  root: string,
  token: string | undefined,
  fetchImpl: FetchLike | undefined,
  timeoutMs: number | undefined,
): Promise<MicroversionRange> {
  // Cinder answers a version list with 300 Multiple Choices at some roots; both are documents.
  const url = `${root}/`;
  const response = await request({
    service: 'volume',
    baseUrl: url,
    token,
    fetch: fetchImpl,
    timeoutMs,
    raw: true,
    throwHttpErrors: false,
  });
  if (response.status !== 200 && response.status !== 300) {
    throw await toHttpError(response, 'volume', 'GET', url);
  }
  const answer = (await response.json()) as {
    version?: CinderVersionDoc;
    versions?: CinderVersionDoc[];
  };
  const doc =
    answer.version ??
    answer.versions?.find((candidate) => candidate.id === 'v3.0') ??
    answer.versions?.find((candidate) => candidate.status === 'CURRENT');
  if (!doc?.version) throw new Error(`No block-storage v3 version document at ${root}`);
  return { min: doc.min_version || '3.0', max: doc.version };
}
