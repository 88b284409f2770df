import type { MicroversionWish } from '../http/microversion';
import type { RequestOptions } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';

export type CinderRequest = Omit<RequestOptions, 'service' | 'baseUrl' | 'token' | 'fetch'>;

/** What each Cinder resource module gets: one way to call with a negotiated microversion. */
export interface CinderContext {
  readonly http: ServiceHttp;
  call<T>(
    wish: MicroversionWish,
    options: CinderRequest | ((version: string) => CinderRequest),
  ): Promise<T>;
}

/** The last shape change this client knows of volumes and snapshots (3.65: consumes_quota). */
export const SHAPE = '3.65';
export const BASE = '3.0';
