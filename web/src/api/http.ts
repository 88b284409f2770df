// The TypeBox-free subpath: the package root would pull the schema library into the first page.
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  MESSAGES_HEADER,
  type HeaderMessage,
} from '@skydeck/contract/constants';
import { serverEnvironment } from './environment';

/** An /api or /auth answer that was not 2xx; `message` is the server's user-facing text. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined | null;

export interface ApiRequest {
  method?: Method;
  query?: Record<string, QueryValue | QueryValue[]>;
  /** JSON-serialised unless it is FormData (multipart uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Called with every X-Skydeck-Messages entry of the answer (spec 1 §7). */
  onMessages?: (messages: HeaderMessage[]) => void;
}

/**
 * Where X-Skydeck-Messages go unless a request says otherwise; the app shell points it at the
 * toasts. 401/403 handling is not here but in the query client's error handlers.
 */
export const httpEvents = {
  onMessages: (_m: HeaderMessage[]): void => undefined,
};

/** The web root, from the <base href> the server injects (spec 1 §1: everything is under it). */
export function webRoot(): string {
  const server = serverEnvironment();
  if (server) return server.webRoot();
  const base = new URL(document.baseURI);
  return base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
}

export function readCookie(name: string): string | undefined {
  const cookies = serverEnvironment()?.cookie() ?? document.cookie;
  for (const part of cookies.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

function buildUrl(path: string, query: ApiRequest['query']): string {
  // Only the path and query are sent: any origin resolves them (the server has no window).
  const url = new URL(path.replace(/^\//, ''), new URL(webRoot(), 'http://skydeck.invalid'));
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null && v !== '') url.searchParams.append(key, String(v));
    }
  }
  return url.pathname + url.search;
}

/**
 * The one HTTP helper of the app (spec 1 §7): prefixes the web root, sends the CSRF header from
 * the cookie and the XMLHttpRequest marker, JSON in and out, and turns non-2xx into ApiError.
 */
export async function apiFetch<T>(path: string, req: ApiRequest = {}): Promise<T> {
  const method = req.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  let body: BodyInit | undefined;
  if (req.body instanceof FormData) {
    body = req.body;
  } else if (req.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  if (method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  const res = await (serverEnvironment()?.fetch ?? fetch)(buildUrl(path, req.query), {
    method,
    headers,
    body,
    signal: req.signal,
    credentials: 'same-origin',
  });
  const rawMessages = res.headers.get(MESSAGES_HEADER);
  if (rawMessages) {
    try {
      const messages = JSON.parse(rawMessages) as HeaderMessage[];
      (req.onMessages ?? httpEvents.onMessages)(messages);
    } catch {
      // A malformed header is the server's bug; the answer itself is still usable.
    }
  }
  const text = res.status === 204 ? '' : await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : res.statusText;
    throw new ApiError(res.status, message, data);
  }
  return data as T;
}
