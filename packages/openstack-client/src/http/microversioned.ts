import { capRange, chooseMicroversion, supportsMicroversion } from './microversion';
import { createServiceHttp } from './serviceHttp';
import type { MicroversionRange, MicroversionWish } from './microversion';
import type { FetchLike, RequestOptions } from './request';
import type { ServiceHttp } from './serviceHttp';

export type VersionedRequest = Omit<RequestOptions, 'service' | 'baseUrl' | 'token' | 'fetch'>;

/** What each resource module of a microversioned service gets: one way to call. */
export interface MicroversionedContext {
  readonly http: ServiceHttp;
  /** The options may depend on the negotiated version (request bodies that changed shape). */
  call<T>(
    wish: MicroversionWish,
    options: VersionedRequest | ((version: string) => VersionedRequest),
  ): Promise<T>;
}

export interface MicroversionedOptions {
  /** The microversion header's service name, e.g. `compute` or `volume`. */
  service: string;
  endpoint: string;
  token: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Never ask for more than this, whatever the server offers. */
  maxMicroversion?: string;
  /** The server's range, cached per endpoint by the service's own discovery. */
  discover: (
    endpoint: string,
    token: string,
    fetch?: FetchLike,
    timeoutMs?: number,
  ) => Promise<MicroversionRange>;
  /** A range that means "no microversions at all" (Nova's legacy v2.0): send no header. */
  unversioned?: (range: MicroversionRange) => boolean;
}

export interface Microversioned {
  readonly endpoint: string;
  readonly context: MicroversionedContext;
  /** The usable range: the server's, with its top lowered to `maxMicroversion`. */
  range(): Promise<MicroversionRange>;
  supports(version: string): Promise<boolean>;
}

/** Negotiation shared by Nova and Cinder: discover once, cap, choose per call. */
export function createMicroversioned(options: MicroversionedOptions): Microversioned {
  const endpoint = options.endpoint.replace(/\/+$/, '');
  const unversioned = options.unversioned ?? ((): boolean => false);
  const http = createServiceHttp({
    service: options.service,
    baseUrl: endpoint,
    token: options.token,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const range = async (): Promise<MicroversionRange> =>
    capRange(
      await options.discover(endpoint, options.token, options.fetch, options.timeoutMs),
      options.maxMicroversion,
    );
  const context: MicroversionedContext = {
    http,
    async call<T>(
      wish: MicroversionWish,
      request: VersionedRequest | ((version: string) => VersionedRequest),
    ): Promise<T> {
      const usable = await range();
      const version = chooseMicroversion(options.service, usable, wish);
      const built = typeof request === 'function' ? request(version) : request;
      return http.json<T>({
        ...built,
        microversion: unversioned(usable) ? undefined : { service: options.service, version },
      });
    },
  };
  return {
    endpoint,
    context,
    range,
    supports: async (version) => {
      const usable = await range();
      return !unversioned(usable) && supportsMicroversion(usable, version);
    },
  };
}
