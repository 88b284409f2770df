import {
  OpenStackTimeoutError,
  defaultFetch,
  type FetchContext,
  type FetchLike,
} from '@skydeck/openstack-client';
import { currentRequest } from '../plugins/requestContext';

/** How one call to an OpenStack service went, as far as its headers. */
export interface UpstreamCall {
  /** The service as openstack-client names it (`compute`, `image`, `identity`, `volume`). */
  service: string;
  method: string;
  /** The HTTP status, or why there is none. */
  outcome: number | 'timeout' | 'network' | 'aborted';
  /** Until the answer's headers (a download's body is the browser's pace, not the service's). */
  seconds: number;
}

export const OPENSTACK_REQUEST_ID_HEADER = 'X-OpenStack-Request-ID';

const failureOf = (init: RequestInit): UpstreamCall['outcome'] => {
  if (!init.signal?.aborted) return 'network';
  return init.signal.reason instanceof OpenStackTimeoutError ? 'timeout' : 'aborted';
};

/**
 * The fetch every OpenStack call of the server goes through: it sends the current request's id
 * as X-OpenStack-Request-ID (services log it, so a user's click can be found there) and reports
 * each call to `observe` (metrics). `base` is a test's fetch, else the client's default.
 */
export const tracedFetch =
  (base: FetchLike | undefined, observe: (call: UpstreamCall) => void): FetchLike =>
  async (url: string, init: RequestInit, context?: FetchContext): Promise<Response> => {
    const id = currentRequest()?.request.id;
    let sent = init;
    if (id !== undefined) {
      const headers = new Headers(init.headers);
      if (!headers.has(OPENSTACK_REQUEST_ID_HEADER)) headers.set(OPENSTACK_REQUEST_ID_HEADER, id);
      sent = { ...init, headers };
    }
    const service = context?.service ?? 'unknown';
    const method = init.method ?? 'GET';
    const started = performance.now();
    const seconds = (): number => (performance.now() - started) / 1000;
    try {
      const response = await (base ?? defaultFetch)(url, sent, context);
      observe({ service, method, outcome: response.status, seconds: seconds() });
      return response;
    } catch (error) {
      observe({ service, method, outcome: failureOf(init), seconds: seconds() });
      throw error;
    }
  };
