import { withVersion } from '../http/catalog';
import { compareMicroversions } from '../http/microversion';
import { createServiceHttp } from '../http/serviceHttp';
import { imageCalls } from './images';
import { imageMemberCalls } from './members';
import { metadefCalls } from './metadefs';
import { infoCalls, schemaCalls } from './schemas';
import { imageTagCalls } from './tags';
import { discoverImageVersions } from './versions';
import type { FetchLike } from '../http/request';
import type { ImageCalls } from './images';
import type { ImageMemberCalls } from './members';
import type { MetadefCalls } from './metadefs';
import type { InfoCalls, SchemaCalls } from './schemas';
import type { ImageTagCalls } from './tags';
import type { GlanceVersionInfo } from './versions';

export interface GlanceClientOptions {
  /** The image endpoint from the catalog, usually unversioned (`http://host/image`). */
  endpoint: string;
  token: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export interface GlanceClient {
  /** The v2 API root calls go to (`http://host/image/v2`). */
  readonly endpoint: string;
  /** The endpoint's versions, discovered once per process. */
  version(): Promise<GlanceVersionInfo>;
  /** Whether the CURRENT API version is at least `version` (`2.6` brought interoperable import). */
  supports(version: string): Promise<boolean>;
  images: ImageCalls;
  members: ImageMemberCalls;
  tags: ImageTagCalls;
  metadefs: MetadefCalls;
  schemas: SchemaCalls;
  info: InfoCalls;
}

export function createGlanceClient(options: GlanceClientOptions): GlanceClient {
  const endpoint = withVersion(options.endpoint, 'v2');
  const http = createServiceHttp({
    service: 'image',
    baseUrl: endpoint,
    token: options.token,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const version = (): Promise<GlanceVersionInfo> =>
    discoverImageVersions(options.endpoint, options.token, options.fetch, options.timeoutMs);

  return {
    endpoint,
    version,
    supports: async (wanted) => compareMicroversions((await version()).current, wanted) >= 0,
    images: imageCalls(http),
    members: imageMemberCalls(http),
    tags: imageTagCalls(http),
    metadefs: metadefCalls(http),
    schemas: schemaCalls(http),
    info: infoCalls(http),
  };
}
