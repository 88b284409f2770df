import { request } from './request';
import type { FetchLike, RawRequestOptions, RequestOptions } from './request';

/** What every call of one service shares: where it goes, as whom, and through which fetch. */
export interface ServiceBinding {
  service: string;
  baseUrl: string;
  token?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

type Unbound<O> = Omit<O, 'service' | 'baseUrl' | 'token' | 'fetch'>;

export interface ServiceHttp {
  readonly binding: Readonly<ServiceBinding>;
  json<T>(options: Unbound<RequestOptions>): Promise<T>;
  raw(options: Unbound<Omit<RawRequestOptions, 'raw'>>): Promise<Response>;
}

export function createServiceHttp(binding: ServiceBinding): ServiceHttp {
  return {
    binding,
    json: <T>(options: Unbound<RequestOptions>): Promise<T> =>
      request<T>({ ...options, ...pick(binding, options.timeoutMs) }),
    raw: (options) => request({ ...options, ...pick(binding, options.timeoutMs), raw: true }),
  };
}

function pick(binding: ServiceBinding, timeoutMs: number | undefined): RequestOptions {
  return {
    timeoutMs: timeoutMs ?? binding.timeoutMs,
    service: binding.service,
    baseUrl: binding.baseUrl,
    token: binding.token,
    fetch: binding.fetch,
  };
}
