import type { MicroversionWish } from '../http/microversion';
import type { RequestOptions } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';

export type NovaRequest = Omit<RequestOptions, 'service' | 'baseUrl' | 'token' | 'fetch'>;

/** What each Nova resource module gets: one way to call with a negotiated microversion. */
export interface NovaContext {
  readonly http: ServiceHttp;
  /** The options may depend on the negotiated version (request bodies that changed shape). */
  call<T>(
    wish: MicroversionWish,
    options: NovaRequest | ((version: string) => NovaRequest),
  ): Promise<T>;
}
