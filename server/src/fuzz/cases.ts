import fc from 'fast-check';
import { paramNames, type FuzzRoute, type JsonSchema } from './routes';
import { hugeString, invalidFor, nastyValue, toJsonText, toText, validFor } from './values';

/** Who sends the request: most cases are signed in, so they get past auth to the handlers. */
export type FuzzAuth = 'admin' | 'member' | 'anonymous' | 'no-csrf' | 'no-xhr' | 'bad-session';

/** A path parameter: a real id of the cloud (picked when sent), or text put in the URL as is. */
export type FuzzParam = { pool: number } | { raw: string };

export interface MultipartPart {
  readonly name: string;
  readonly filename?: string;
  readonly contentType?: string;
  readonly content: string;
}

export type MultipartDamage =
  | 'none'
  | 'no-boundary'
  | 'wrong-boundary'
  | 'truncated'
  | 'no-closing'
  | 'bad-part-headers'
  | 'not-multipart';

export type FuzzBody =
  | { readonly kind: 'none'; readonly contentType?: string }
  | { readonly kind: 'json'; readonly value: unknown; readonly contentType: string }
  | { readonly kind: 'raw'; readonly text: string; readonly contentType?: string }
  | { readonly kind: 'bytes'; readonly bytes: readonly number[]; readonly contentType?: string }
  | {
      readonly kind: 'multipart';
      readonly parts: readonly MultipartPart[];
      readonly damage: MultipartDamage;
      readonly cut: number;
    };

/**
 * How the bytes travel. `inject` goes through Fastify without a socket; `socket` is a raw TCP
 * connection to the listening server, for what inject cannot send: a body shorter or longer
 * than its Content-Length, broken chunked framing, conflicting length headers.
 */
export type FuzzFraming = 'exact' | 'short' | 'long' | 'chunked-bad' | 'cl-and-te' | 'bad-cl';
export type FuzzTransport =
  | { readonly kind: 'inject' }
  | { readonly kind: 'socket'; readonly framing: FuzzFraming; readonly delta: number };

export interface FuzzCase {
  /** Index into the route list the arbitrary was built from. */
  readonly route: number;
  readonly auth: FuzzAuth;
  /** Usually the route's own method; sometimes another, to reach the 404/405 paths. */
  readonly method: string;
  readonly params: readonly FuzzParam[];
  /** Query text after `?` as sent (already percent-encoded, or deliberately not). */
  readonly query: string;
  readonly body: FuzzBody;
  /** Odd headers added last (they may replace the auth or content-type ones). */
  readonly extraHeaders: Readonly<Record<string, string>>;
  readonly transport: FuzzTransport;
}

/** Headers that have tripped servers: encodings, origins, proxies, odd cookies, huge values. */
const ODD_HEADERS: ReadonlyArray<Readonly<Record<string, string>>> = [
  { 'content-encoding': 'gzip' },
  { 'content-encoding': 'br' },
  { 'content-encoding': 'deflate, identity' },
  { 'content-encoding': 'bogus' },
  { origin: 'null' },
  { origin: 'https://evil.example' },
  { origin: '%00' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'none' },
  { referer: 'http://127.0.0.1:1/%ZZ' },
  { 'x-forwarded-for': '1.2.3.4, ::1, garbage' },
  { 'x-forwarded-proto': 'https' },
  { 'x-forwarded-host': 'evil.example' },
  { 'x-request-id': 'req-../..%00' },
  { 'x-request-id': 'x'.repeat(10_000) },
  { 'x-csrftoken': 'x'.repeat(5_000) },
  { 'x-requested-with': 'xmlhttprequest' },
  { accept: 'text/html' },
  { accept: '*/*;q=abc' },
  { 'accept-encoding': 'br;q=0, gzip;q=0, *;q=0' },
  { 'accept-language': 'x'.repeat(2_000) },
  { expect: '100-continue' },
  { 'if-none-match': '*' },
  { range: 'bytes=0-0,1-1,2-2' },
  { cookie: 'sessionid=; csrftoken=' },
  { cookie: `sessionid=${'a'.repeat(4_000)}` },
  { cookie: 'sessionid="\u00e9"; sessionid=x; =; ;;' },
  { authorization: 'Bearer x' },
  { 'x-auth-token': 'x' },
];

/** Path segments as they go on the wire: dots, encoded dots, NUL, bad UTF-8, slashes, length. */
export const BAD_IDS: readonly string[] = [
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '.%2e',
  '%252e',
  '...',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ED%B0%80',
  '%C0%AE',
  '%C0%AF',
  '%FF',
  '%',
  '%zz',
  'a%2Fb',
  '..%2F..%2Fetc',
  '%2F',
  '%5C',
  '%20',
  '%0D%0AX-Injected:%201',
  'caf%C3%A9',
  '%F0%9F%98%80',
  'café',
  '-1',
  '0',
  '1e400',
  '99999999999999999999999',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%3Cscript%3E',
  'a'.repeat(255),
  'a'.repeat(1025),
  'a'.repeat(8000),
  'a/b',
  '../x',
  '',
];

const CONTENT_TYPES: readonly string[] = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/JSON',
  'application/vnd.api+json',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/xml',
  'garbage/;;;',
  ';',
  '',
];

const BROKEN_JSON: readonly string[] = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '1e999999',
  '-1e999999',
  '123456789012345678901234567890',
  '"\\ud800"',
  '"\\u0000"',
  '{"a":"\\x"}',
  '{"a":"\\u12"}',
  '{"a":1,"a":2}',
  '[]',
  '"string"',
  '0',
  'true',
  'null',
];

const INVALID_UTF8: ReadonlyArray<readonly number[]> = [
  [0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d],
  [0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d],
  [0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d],
  [0xef, 0xbb, 0xbf, 0x7b, 0x7d],
  [0x00, 0x00, 0x00, 0x7b],
];

const NASTY_QUERIES: readonly string[] = [
  '%',
  '%zz=1',
  'a=%',
  'limit=1e999',
  'limit=-1',
  'limit=0',
  'limit=99999999999999999999',
  'limit=%00',
  'marker=%ED%A0%80',
  'marker=..',
  'marker=%2e%2e',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  'sort_key=%00&sort_dir=sideways',
  'paginate=maybe',
  'all_projects=yes&all_projects=no',
  '=&&=&',
  'a[]=1&a[]=2',
  `q=${'a'.repeat(10_000)}`,
  Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&'),
  'limit=1&limit=2&limit=3',
];

/** encodeURIComponent refuses lone surrogates; those go as UTF-8 of U+FFFD instead. */
export const percentEncode = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')]
      .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
      .join('');
  }
};

const queryFrom = (value: unknown): string => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `q=${percentEncode(toText(value))}`;
  }
  const pairs: string[] = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const values = Array.isArray(v) ? v : [v];
    for (const one of values) pairs.push(`${percentEncode(key)}=${percentEncode(toText(one))}`);
  }
  return pairs.join('&');
};

const queryArbitrary = (schema: JsonSchema | undefined): fc.Arbitrary<string> =>
  schema
    ? fc.oneof(
        { weight: 4, arbitrary: validFor(schema).map(queryFrom) },
        { weight: 3, arbitrary: invalidFor(schema).map(queryFrom) },
        { weight: 2, arbitrary: fc.constantFrom(...NASTY_QUERIES) },
      )
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom(...NASTY_QUERIES) },
      );

const paramSchemaOf = (route: FuzzRoute, name: string): JsonSchema | undefined =>
  ((route.params?.properties ?? {}) as Record<string, JsonSchema>)[name];

const paramArbitrary = (route: FuzzRoute, name: string): fc.Arbitrary<FuzzParam> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.nat().map((pool) => ({ pool })) },
    {
      weight: 2,
      arbitrary: validFor(paramSchemaOf(route, name) ?? { type: 'string', minLength: 1 }).map(
        (v) => ({ raw: percentEncode(toText(v)) }),
      ),
    },
    { weight: 4, arbitrary: fc.constantFrom(...BAD_IDS).map((raw) => ({ raw })) },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'binary', minLength: 1, maxLength: 12 })
        .map((s) => ({ raw: percentEncode(s) })),
    },
  );

/** Fields of the image create form (the one multipart route), right and wrong. */
const formField = (): fc.Arbitrary<MultipartPart> =>
  fc.oneof(
    fc.constantFrom(
      { name: 'name', content: 'fuzz' },
      { name: 'disk_format', content: 'raw' },
      { name: 'disk_format', content: 'qcow2' },
      { name: 'disk_format', content: 'bogus' },
      { name: 'container_format', content: 'bare' },
      { name: 'visibility', content: 'private' },
      { name: 'min_disk', content: '-1' },
      { name: 'min_disk', content: '1e400' },
      { name: 'properties', content: '{"a":"b"}' },
      { name: 'properties', content: '{broken' },
      { name: 'tags', content: '["a","b"]' },
      { name: 'tags', content: '[' },
      { name: 'source_type', content: 'url' },
      { name: '__proto__', content: '{}' },
    ),
    fc
      .tuple(fc.constantFrom('name', 'disk_format', 'properties', 'tags', 'x'), nastyValue())
      .map(([name, value]) => ({ name, content: toText(value).slice(0, 70_000) })),
  );

const fileContent = fc.oneof(
  fc.constantFrom('', 'AAAA', '\0\0\0\0', '\r\n--x\r\n'),
  hugeString().map((h) => h.char.repeat(Math.min(h.huge, 300_000))),
);

const multipartArbitrary = (): fc.Arbitrary<FuzzBody> =>
  fc
    .record({
      fields: fc.array(formField(), { maxLength: 6 }),
      file: fc.option(
        fc.record({
          name: fc.constantFrom('data', 'data', 'data', 'file', ''),
          filename: fc.constantFrom('a.img', '', '../../x', 'a\0b', '\ud800.img'),
          contentType: fc.constantFrom('application/octet-stream', 'text/plain', ''),
          content: fileContent,
        }),
        { nil: undefined },
      ),
      // data_size: the file's true length, a wrong one, or none.
      size: fc.constantFrom<'none' | 'right' | 'wrong' | 'junk'>('none', 'right', 'wrong', 'junk'),
      damage: fc.constantFrom<MultipartDamage>(
        'none',
        'none',
        'none',
        'no-boundary',
        'wrong-boundary',
        'truncated',
        'no-closing',
        'bad-part-headers',
        'not-multipart',
      ),
      cut: fc.nat({ max: 400 }),
      extraFiles: fc.nat({ max: 2 }),
      manyFields: fc.constantFrom(0, 0, 0, 0, 70),
    })
    .map(({ fields, file, size, damage, cut, extraFiles, manyFields }) => {
      const parts: MultipartPart[] = [...fields];
      for (let i = 0; i < manyFields; i += 1) parts.push({ name: `f${i}`, content: 'v' });
      if (file && size !== 'none') {
        const length = Buffer.byteLength(file.content, 'utf8');
        const declared = { right: String(length), wrong: String(length + 3), junk: '12abc' }[size];
        parts.push({ name: 'data_size', content: declared });
      }
      if (file) {
        for (let i = 0; i <= extraFiles; i += 1) parts.push(file);
      }
      return { kind: 'multipart', parts, damage, cut } as const;
    });

const bodyArbitrary = (route: FuzzRoute): fc.Arbitrary<FuzzBody> => {
  const contentType = fc.constantFrom(...CONTENT_TYPES);
  const json = (value: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> =>
    value.map((v) => ({ kind: 'json', value: v, contentType: 'application/json' }) as const);
  const malformed: fc.Arbitrary<FuzzBody> = fc.oneof(
    fc
      .record({
        text: fc.constantFrom(...BROKEN_JSON),
        contentType: fc.constant('application/json'),
      })
      .map((b) => ({ kind: 'raw', ...b }) as const),
    fc.tuple(validFor(route.body), fc.nat()).map(([value, at]) => {
      const text = toJsonText(value);
      return {
        kind: 'raw',
        text: text.slice(0, at % (text.length + 1)),
        contentType: 'application/json',
      } as const;
    }),
    fc
      .constantFrom(...INVALID_UTF8)
      .map((bytes) => ({ kind: 'bytes', bytes, contentType: 'application/json' }) as const),
  );
  const wrongType: fc.Arbitrary<FuzzBody> = fc
    .record({ value: fc.oneof(validFor(route.body), nastyValue()), contentType })
    .map(({ value, contentType: ct }) => ({ kind: 'json', value, contentType: ct }) as const);
  const noBody: fc.Arbitrary<FuzzBody> = fc.oneof(
    fc.constant<FuzzBody>({ kind: 'none' }),
    contentType.map((ct) => ({ kind: 'none', contentType: ct }) as const),
  );

  if (route.body) {
    return fc.oneof(
      { weight: 7, arbitrary: json(validFor(route.body)) },
      { weight: 6, arbitrary: json(invalidFor(route.body)) },
      { weight: 3, arbitrary: malformed },
      { weight: 2, arbitrary: wrongType },
      { weight: 1, arbitrary: noBody },
      { weight: 1, arbitrary: multipartArbitrary() },
    );
  }
  if (route.method === 'GET' || route.method === 'DELETE') {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
      { weight: 1, arbitrary: json(nastyValue()) },
      { weight: 1, arbitrary: malformed },
    );
  }
  // A body without a schema: a file upload (multipart or raw bytes) or nothing at all.
  return fc.oneof(
    { weight: 6, arbitrary: multipartArbitrary() },
    {
      weight: 2,
      arbitrary: fileContent.map(
        (text) => ({ kind: 'raw', text, contentType: 'application/octet-stream' }) as const,
      ),
    },
    { weight: 2, arbitrary: json(nastyValue()) },
    { weight: 1, arbitrary: malformed },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: noBody },
  );
};

const transportArbitrary = (): fc.Arbitrary<FuzzTransport> =>
  fc.oneof(
    { weight: 19, arbitrary: fc.constant<FuzzTransport>({ kind: 'inject' }) },
    {
      weight: 1,
      arbitrary: fc
        .record({
          framing: fc.constantFrom<FuzzFraming>(
            'exact',
            'short',
            'short',
            'long',
            'long',
            'chunked-bad',
            'cl-and-te',
            'bad-cl',
          ),
          delta: fc.constantFrom(1, 2, 10, 1000, 1_000_000),
        })
        .map((s) => ({ kind: 'socket', ...s }) as const),
    },
  );

const authArbitrary = (): fc.Arbitrary<FuzzAuth> =>
  fc.oneof(
    { weight: 55, arbitrary: fc.constant<FuzzAuth>('admin') },
    { weight: 20, arbitrary: fc.constant<FuzzAuth>('member') },
    { weight: 8, arbitrary: fc.constant<FuzzAuth>('anonymous') },
    { weight: 6, arbitrary: fc.constant<FuzzAuth>('no-csrf') },
    { weight: 5, arbitrary: fc.constant<FuzzAuth>('no-xhr') },
    { weight: 6, arbitrary: fc.constant<FuzzAuth>('bad-session') },
  );

const methodArbitrary = (route: FuzzRoute): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 30, arbitrary: fc.constant(route.method) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
    },
  );

/** One request to one route; the routes are those of the app under test. */
export const routeCase = (routes: readonly FuzzRoute[], index: number): fc.Arbitrary<FuzzCase> => {
  const route = routes[index];
  if (!route) throw new Error(`no route ${index}`);
  return fc.record({
    route: fc.constant(index),
    auth: authArbitrary(),
    method: methodArbitrary(route),
    params: fc.tuple(...paramNames(route.path).map((name) => paramArbitrary(route, name))),
    query: queryArbitrary(route.query),
    body: bodyArbitrary(route),
    extraHeaders: fc.oneof(
      { weight: 12, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.constantFrom(...ODD_HEADERS) },
    ),
    transport: transportArbitrary(),
  });
};

/** Any case over every route, each route equally likely. */
export const fuzzCase = (routes: readonly FuzzRoute[]): fc.Arbitrary<FuzzCase> =>
  // Unbiased: fast-check's bias towards the ends of a range would favour the first routes.
  fc.noBias(fc.integer({ min: 0, max: routes.length - 1 })).chain((i) => routeCase(routes, i));
