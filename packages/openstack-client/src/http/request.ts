import { OpenStackHttpError, OpenStackNetworkError, OpenStackTimeoutError } from './errors';
import { parseFault } from './faults';
import { nodePassThroughGet } from './nodePassThroughGet';
import { nodeStreamingFetch } from './nodeStreamingFetch';
import { joinUrl, withQuery } from './url';
import type { QueryInit } from './url';

/** What request() tells the fetch about a call, for instrumentation (metrics, request ids). */
export interface FetchContext {
  /** The service the call is for, as errors name it (`compute`, `image`, `identity`). */
  service: string;
  /**
   * The answer's body is a download to pass on as it arrives: on Node it then comes over
   * node:http and `nodeBodyOf` hands it over as a Node stream (see nodeStreamingFetch).
   */
  streamedAnswer?: boolean;
}

/** The subset of `fetch` the client uses; the global `fetch` fits, and so does a test fake. */
export type FetchLike = (
  url: string,
  init: RequestInit,
  context?: FetchContext,
) => Promise<Response>;

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'COPY';

/** Streamed bodies: a web ReadableStream or anything async-iterable (a Node `Readable`). */
export type RequestBody =
  NonNullable<RequestInit['body']> | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface Microversion {
  /** The service type as the API-version header names it: `compute`, `volume`, `placement`. */
  service: string;
  version: string;
}

/** Options every client call accepts. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Per-call budget; default 30 s. `0` or `Infinity` disables the timeout. */
  timeoutMs?: number;
  headers?: Readonly<Record<string, string>>;
}

export interface RequestOptions extends CallOptions {
  /** Names the service in errors (`compute`, `identity`). */
  service: string;
  baseUrl: string;
  path?: string;
  method?: HttpMethod;
  query?: QueryInit;
  token?: string;
  /** Serialised as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent untouched; streams go out with `duplex: 'half'`. */
  body?: RequestBody;
  microversion?: Microversion;
  fetch?: FetchLike;
}

export interface RawRequestOptions extends RequestOptions {
  raw: true;
  /** With `false` a non-2xx Response is returned instead of thrown. Default `true`. */
  throwHttpErrors?: boolean;
  /** The body is a download the caller passes on as it arrives (FetchContext.streamedAnswer). */
  streamedAnswer?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

const REQUEST_ID_HEADERS = [
  'x-openstack-request-id',
  'x-compute-request-id',
  'x-trans-id',
  'x-request-id',
];

/**
 * One HTTP exchange with an OpenStack service. JSON mode parses the answer (undefined for empty
 * bodies, text for non-JSON ones); raw mode hands back the Response with its body unread, so
 * downloads can stream, and stops the timeout once the headers are in.
 */
export function request(options: RawRequestOptions): Promise<Response>;
export function request<T>(options: RequestOptions & { raw?: false }): Promise<T>;
export async function request<T>(
  options: RequestOptions & { raw?: boolean; throwHttpErrors?: boolean; streamedAnswer?: boolean },
): Promise<T | Response> {
  const url = withQuery(joinUrl(options.baseUrl, options.path), options.query);
  const method = options.method ?? 'GET';
  const deadline = startDeadline(options.service, url, options.timeoutMs, options.signal);
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers: buildHeaders(options),
    signal: deadline.signal,
  };
  if (options.json !== undefined) {
    init.body = JSON.stringify(options.json);
  } else if (options.body !== undefined) {
    // Node's fetch takes async iterables; the DOM typings only know ReadableStream.
    init.body = options.body as RequestInit['body'];
    if (isStream(options.body)) init.duplex = 'half';
  }

  const fetchImpl: FetchLike = options.fetch ?? defaultFetch;
  let keepCallerLink = false;
  try {
    const response = await fetchImpl(
      url,
      init,
      options.streamedAnswer
        ? { service: options.service, streamedAnswer: true }
        : { service: options.service },
    );
    if (!response.ok && (!options.raw || options.throwHttpErrors !== false)) {
      throw await toHttpError(response, options.service, method, url);
    }
    if (options.raw) {
      // The caller's signal must still be able to cancel the body the caller is about to read.
      deadline.stopTimer();
      keepCallerLink = true;
      return response;
    }
    return (await readBody(response)) as T;
  } catch (error) {
    throw deadline.translate(error, options.service, url);
  } finally {
    if (!keepCallerLink) deadline.release();
  }
}

/**
 * The fetch request() uses when none is given: the global fetch, except on Node for streamed
 * bodies, which go through node:http (see nodeStreamingFetch), and for downloads passed on
 * (streamed answers), whose GET goes over a bare socket (see nodePassThroughGet). A wrapping
 * fetch calls this (passing the context on) to keep that.
 */
export const defaultFetch: FetchLike = (url, init, context) => {
  if (!onNode()) return fetch(url, init);
  if (context?.streamedAnswer === true && (init.method ?? 'GET') === 'GET' && !init.body) {
    return nodePassThroughGet(url, init);
  }
  return (init as { duplex?: string }).duplex === 'half' || context?.streamedAnswer === true
    ? nodeStreamingFetch(url, init)
    : fetch(url, init);
};

/** Parse a successful answer: JSON when it is JSON, text otherwise, undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if (isJsonType(response.headers.get('content-type')) || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Read a failed Response (body unread) into an OpenStackHttpError. */
export async function toHttpError(
  response: Response,
  service: string,
  method?: string,
  url?: string,
): Promise<OpenStackHttpError> {
  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    body = undefined;
  }
  const fault = parseFault(response.status, body ?? '', response.statusText);
  return new OpenStackHttpError({
    status: response.status,
    service,
    message: fault.message,
    code: fault.code,
    title: fault.title,
    body,
    requestId: requestIdOf(response.headers),
    method,
    url,
  });
}

/** Header pair for a microversion; Nova also gets its legacy header for pre-2.27 deployments. */
export function microversionHeaders(microversion: Microversion): Record<string, string> {
  const headers: Record<string, string> = {
    'OpenStack-API-Version': `${microversion.service} ${microversion.version}`,
  };
  if (microversion.service === 'compute') {
    headers['X-OpenStack-Nova-API-Version'] = microversion.version;
  }
  return headers;
}

function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.token !== undefined) headers.set('X-Auth-Token', options.token);
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  if (options.microversion) {
    for (const [name, value] of Object.entries(microversionHeaders(options.microversion))) {
      headers.set(name, value);
    }
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

function requestIdOf(headers: Headers): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}

function isJsonType(contentType: string | null): boolean {
  return contentType !== null && /[/+]json\b/i.test(contentType);
}

/** Streamed bodies on Node go through node:http (see nodeStreamingFetch). */
function onNode(): boolean {
  const runtime = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof runtime?.versions?.node === 'string';
}

function isStream(body: RequestBody): boolean {
  if (typeof body !== 'object' || body === null) return false;
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) return true;
  return Symbol.asyncIterator in body;
}

interface Deadline {
  signal: AbortSignal;
  stopTimer(): void;
  release(): void;
  translate(error: unknown, service: string, url: string): unknown;
}

/**
 * An AbortController fed by the timeout and by the caller's signal. A timer (not
 * AbortSignal.timeout) so raw mode can stop it once headers arrive without cutting a long download.
 */
function startDeadline(
  service: string,
  url: string,
  timeoutMs: number = DEFAULT_TIMEOUT_MS,
  callerSignal?: AbortSignal,
): Deadline {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (Number.isFinite(timeoutMs) && timeoutMs > 0) {
    timer = setTimeout(() => {
      controller.abort(new OpenStackTimeoutError(service, timeoutMs, url));
    }, timeoutMs);
  }
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  const stopTimer = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    signal: controller.signal,
    stopTimer,
    release() {
      stopTimer();
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
    translate(error, serviceName, requestUrl) {
      if (error instanceof OpenStackHttpError) return error;
      if (controller.signal.aborted) {
        // The abort reason is what the caller (or our timer) chose; fetch may wrap it differently.
        return controller.signal.reason ?? error;
      }
      return new OpenStackNetworkError(serviceName, error, requestUrl);
    },
  };
}
