export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[];
export type QueryInit = Readonly<Record<string, QueryValue>>;

/**
 * A value that cannot be one segment of a resource path: empty, or a dot segment that a URL
 * parser would resolve to another resource. It names no resource, so servers answer it as
 * "not found" rather than as a failure of theirs.
 */
export class InvalidPathSegmentError extends TypeError {
  constructor(readonly segment: string) {
    super(
      segment === ''
        ? 'A URL path segment must not be empty'
        : `A URL path segment must not be "${segment}"`,
    );
    this.name = 'InvalidPathSegmentError';
  }
}

/**
 * Build a path from a template, percent-encoding every interpolated value as one segment, so a
 * key pair called `my key/1` stays one segment. Empty and dot segments are refused: the URL parser
 * would silently turn `/os-keypairs/..` into another resource.
 */
export function urlPath(
  strings: TemplateStringsArray,
  ...values: readonly (string | number)[]
): string {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += encodeSegment(value) + (strings[index + 1] ?? '');
  });
  return out;
}

export function encodeSegment(value: string | number): string {
  const text = String(value);
  // WHATWG URL parsing treats `.`, `..` and their %2e spellings as dot segments.
  if (text === '' || /^(\.|%2e){1,2}$/i.test(text)) throw new InvalidPathSegmentError(text);
  return encodeURIComponent(text);
}

/** Join a service endpoint and a relative path without doubling or losing slashes. */
export function joinUrl(baseUrl: string, path = ''): string {
  if (path === '') return baseUrl;
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Arrays become repeated keys (`?status=a&status=b`, as OpenStack list filters expect); booleans
 * become `true`/`false`; `undefined` and `null` are left out.
 */
export function buildQuery(query: QueryInit | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (isScalarArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  return params.toString();
}

export function withQuery(url: string, query: QueryInit | undefined): string {
  const search = buildQuery(query);
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function isScalarArray(value: QueryValue): value is readonly QueryScalar[] {
  return Array.isArray(value);
}
