/** A plain HTTP exchange, for the status codes, headers and error bodies the clients hide. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the answer is not JSON, or undefined when empty. */
  body: unknown;
}

export interface RawOptions {
  token?: string;
  json?: unknown;
  headers?: Record<string, string>;
  /** Sent as `OpenStack-API-Version: compute <v>`. */
  computeVersion?: string;
  /** A raw body (set Content-Type in headers), instead of `json`. */
  data?: string | Uint8Array;
}

export async function raw(
  method: string,
  url: string,
  options: RawOptions = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.token !== undefined) headers['X-Auth-Token'] = options.token;
  if (options.computeVersion !== undefined) {
    headers['OpenStack-API-Version'] = `compute ${options.computeVersion}`;
  }
  let body: string | Uint8Array | undefined = options.data;
  if (options.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text === '' ? undefined : text;
  if (text !== '') {
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: keep the text.
    }
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export function joinPath(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
