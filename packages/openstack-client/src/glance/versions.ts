import { createDiscoveryCache } from '../http/discovery';
import { request, toHttpError } from '../http/request';
import type { FetchLike } from '../http/request';
import type { GlanceVersion, GlanceVersionsResponse } from './types';

/** What the image endpoint offers: the CURRENT version and every usable one (`2.0`…`2.16`). */
export interface GlanceVersionInfo {
  current: string;
  supported: string[];
}

const cache = createDiscoveryCache<GlanceVersionInfo>();

/** The unversioned root of an image endpoint: `http://h/image/v2` → `http://h/image`. */
export function imageVersionRoot(endpoint: string): string {
  return endpoint.replace(/\/+$/, '').replace(/\/v\d+(\.\d+)?$/, '');
}

export function discoverImageVersions(
  endpoint: string,
  token: string | undefined,
  fetchImpl?: FetchLike,
  /** The client's per-call budget (a hung service must not hold discovery for the default). */
  timeoutMs?: number,
): Promise<GlanceVersionInfo> {
  const root = imageVersionRoot(endpoint);
  return cache.get(root, () => fetchVersions(root, token, fetchImpl, timeoutMs));
}

/** Forget discovered versions (all, or one endpoint's), e.g. between tests. */
export function clearImageVersionCache(endpoint?: string): void {
  cache.clear(endpoint === undefined ? undefined : imageVersionRoot(endpoint));
}

const numeric = (version: GlanceVersion): string => version.id.replace(/^v/, '');

async function fetchVersions(
  root: string,
  token: string | undefined,
  fetchImpl: FetchLike | undefined,
  timeoutMs: number | undefined,
): Promise<GlanceVersionInfo> {
  // Glance answers its root with 300 Multiple Choices, which is the document we want.
  const response = await request({
    service: 'image',
    baseUrl: `${root}/`,
    token,
    fetch: fetchImpl,
    timeoutMs,
    raw: true,
    throwHttpErrors: false,
  });
  if (response.status !== 200 && response.status !== 300) {
    throw await toHttpError(response, 'image', 'GET', `${root}/`);
  }
  const body = (await response.json()) as Partial<GlanceVersionsResponse>;
  const versions = (body.versions ?? []).filter((v) => /^v\d+(\.\d+)?$/.test(v.id));
  const usable = versions.filter((v) => v.status === 'CURRENT' || v.status === 'SUPPORTED');
  const current = versions.find((v) => v.status === 'CURRENT') ?? usable[0];
  if (!current) throw new Error(`No image API version document at ${root}`);
  return { current: numeric(current), supported: usable.map(numeric) };
}
