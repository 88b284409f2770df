import type { FetchLike } from '../http/request';

export interface RecordedRequest {
  url: string;
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: string | undefined;
  json: unknown;
  init: RequestInit & { duplex?: string };
}

export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: FetchLike;
  calls: RecordedRequest[];
  /** Calls except the version discovery GETs, which most tests do not care about. */
  apiCalls(): RecordedRequest[];
  last(): RecordedRequest;
}

/** A fetch that records what it was asked and answers through `handler`. */
export function fakeFetch(handler: FakeHandler): FakeFetch {
  const calls: RecordedRequest[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    const parsed = new URL(url);
    const body = typeof init.body === 'string' ? init.body : undefined;
    const recorded: RecordedRequest = {
      url,
      method: init.method ?? 'GET',
      path: parsed.pathname,
      search: parsed.searchParams,
      headers: new Headers(init.headers),
      body,
      json: parseJson(body),
      init,
    };
    calls.push(recorded);
    return handler(recorded);
  };
  return {
    fetch: fetchImpl,
    calls,
    apiCalls: () => calls.filter((call) => !/\/v2(\.1)?$/.test(call.path)),
    last: () => {
      const last = calls.at(-1);
      if (!last) throw new Error('fetch was not called');
      return last;
    },
  };
}

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function textResponse(
  status: number,
  text: string,
  contentType = 'text/plain; charset=UTF-8',
): Response {
  return new Response(text, { status, headers: { 'Content-Type': contentType } });
}

/** Nova's version document for a range. */
export function novaVersion(max: string, min = '2.1'): unknown {
  return {
    version: {
      id: 'v2.1',
      status: 'CURRENT',
      version: max,
      min_version: min,
      updated: '2013-07-23T11:33:21Z',
      links: [],
    },
  };
}

function parseJson(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
