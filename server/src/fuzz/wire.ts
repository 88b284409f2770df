import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { FuzzBody, FuzzCase, FuzzParam, MultipartPart } from './cases';
import { paramNames, type FuzzRoute } from './routes';
import { toJsonText } from './values';

/** A case made concrete: what goes on the wire. */
export interface WireRequest {
  readonly method: string;
  /** Path and query, web root included, exactly as sent. */
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: Buffer;
}

/** The signed-in browsers and real ids a case is filled in with when it is sent. */
export interface WireContext {
  readonly webroot: string;
  readonly routes: readonly FuzzRoute[];
  /** Headers of a signed-in admin and member (cookie, X-CSRFToken, X-Requested-With). */
  readonly admin: Record<string, string>;
  readonly member: Record<string, string>;
  /** Headers of a browser that has only been to the login page (its cookies and token). */
  readonly anonymous: Record<string, string>;
  /** Ids and names the cloud has (listed at the start), for params that should exist. */
  readonly pool: readonly string[];
}

export const BOUNDARY = 'fuzzboundary7MA4YWxk';

const multipartBytes = (parts: readonly MultipartPart[], closing: boolean): Buffer => {
  const chunks: string[] = [];
  for (const part of parts) {
    const file = part.filename !== undefined ? `; filename="${part.filename}"` : '';
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n${type}\r\n${part.content}\r\n`,
    );
  }
  if (closing) chunks.push(`--${BOUNDARY}--\r\n`);
  return Buffer.from(chunks.join(''), 'utf8');
};

const bodyOf = (body: FuzzBody): { bytes?: Buffer; contentType?: string } => {
  switch (body.kind) {
    case 'none':
      return { contentType: body.contentType };
    case 'json':
      return { bytes: Buffer.from(toJsonText(body.value), 'utf8'), contentType: body.contentType };
    case 'raw':
      return { bytes: Buffer.from(body.text, 'utf8'), contentType: body.contentType };
    case 'bytes':
      return { bytes: Buffer.from(body.bytes), contentType: body.contentType };
    case 'multipart': {
      const good = `multipart/form-data; boundary=${BOUNDARY}`;
      switch (body.damage) {
        case 'none':
          return { bytes: multipartBytes(body.parts, true), contentType: good };
        case 'no-boundary':
          return { bytes: multipartBytes(body.parts, true), contentType: 'multipart/form-data' };
        case 'wrong-boundary':
          return {
            bytes: multipartBytes(body.parts, true),
            contentType: 'multipart/form-data; boundary=other',
          };
        case 'truncated': {
          const whole = multipartBytes(body.parts, true);
          return {
            bytes: whole.subarray(0, Math.floor((whole.length * body.cut) / 400)),
            contentType: good,
          };
        }
        case 'no-closing':
          return { bytes: multipartBytes(body.parts, false), contentType: good };
        case 'bad-part-headers':
          return {
            bytes: Buffer.from(
              multipartBytes(body.parts, true)
                .toString('utf8')
                .replace(
                  'Content-Disposition: form-data; name=',
                  'Content-Disposition: junk\r\nX:',
                ),
              'utf8',
            ),
            contentType: good,
          };
        case 'not-multipart':
          return { bytes: Buffer.from('this is not a multipart body', 'utf8'), contentType: good };
      }
    }
  }
};

const paramText = (param: FuzzParam, pool: readonly string[]): string => {
  if ('raw' in param) return param.raw;
  const id = pool.length > 0 ? pool[param.pool % pool.length] : undefined;
  return encodeURIComponent(id ?? 'no-such-id');
};

const authHeaders = (fuzz: FuzzCase, context: WireContext): Record<string, string> | undefined => {
  const anonymous = context.anonymous;
  switch (fuzz.auth) {
    case 'admin':
      return { ...context.admin };
    case 'member':
      return { ...context.member };
    case 'anonymous':
      return { ...anonymous };
    case 'bad-session':
      return { ...anonymous, cookie: `sessionid=..%00garbage; ${anonymous.cookie ?? ''}` };
    case 'no-csrf': {
      const { 'x-csrftoken': _dropped, ...rest } = context.admin;
      return rest;
    }
    case 'no-xhr': {
      const { 'x-requested-with': _dropped, ...rest } = context.admin;
      return rest;
    }
  }
};

/** The path params as they were put in the URL (for the known-issue list and reports). */
export const paramsAsSent = (fuzz: FuzzCase, context: WireContext): Record<string, string> => {
  const route = context.routes[fuzz.route];
  const names = route ? paramNames(route.path) : [];
  return Object.fromEntries(
    names.map((name, i) => {
      const param = fuzz.params[i];
      return [name, param ? paramText(param, context.pool) : ''];
    }),
  );
};

export const toWire = (fuzz: FuzzCase, context: WireContext): WireRequest => {
  const route = context.routes[fuzz.route];
  if (!route) throw new Error(`no route ${fuzz.route}`);
  const params = paramsAsSent(fuzz, context);
  const path = route.path.replace(
    /:([A-Za-z_][A-Za-z0-9_]*)/g,
    (_m, name: string) => params[name] ?? '',
  );
  const url = `${context.webroot}${path.slice(1)}${fuzz.query === '' ? '' : `?${fuzz.query}`}`;
  const { bytes, contentType } = bodyOf(fuzz.body);
  const headers: Record<string, string> = { ...authHeaders(fuzz, context) };
  if (contentType !== undefined) headers['content-type'] = contentType;
  Object.assign(headers, fuzz.extraHeaders);
  return { method: fuzz.method, url, headers, body: bytes };
};

/** What came back: a status, or that the server closed or never answered. */
export interface WireAnswer {
  /** Every status the connection carried (a longer body's rest is a second request). */
  readonly statuses: readonly number[];
  /** No answer at all: the server closed the connection, or the deadline passed. */
  /** `unsendable`: the in-process client itself refused the request (e.g. a header). */
  readonly outcome: 'answered' | 'closed' | 'timeout' | 'unsendable';
  readonly body: string;
}

export const sendInject = async (
  app: FastifyInstance,
  request: WireRequest,
): Promise<WireAnswer> => {
  let response;
  try {
    response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      payload: request.body,
    });
  } catch (error) {
    return { statuses: [], outcome: 'unsendable', body: String(error).slice(0, 400) };
  }
  return {
    statuses: [response.statusCode],
    outcome: 'answered',
    body: response.body.slice(0, 400),
  };
};

const framingHeaders = (
  framing: Exclude<FuzzCase['transport'], { kind: 'inject' }>,
  length: number,
): { header: string; body: (bytes: Buffer) => Buffer } => {
  const same = (bytes: Buffer): Buffer => bytes;
  switch (framing.framing) {
    case 'exact':
      return { header: `Content-Length: ${length}`, body: same };
    case 'short':
      // Declares more than is sent; the write side is then closed.
      return { header: `Content-Length: ${length + framing.delta}`, body: same };
    case 'long':
      return { header: `Content-Length: ${Math.max(0, length - framing.delta)}`, body: same };
    case 'chunked-bad':
      return {
        header: 'Transfer-Encoding: chunked',
        body: (bytes) =>
          Buffer.concat([
            Buffer.from(`${(bytes.length + framing.delta).toString(16)}\r\n`),
            bytes,
            Buffer.from(framing.delta % 2 === 0 ? '\r\nzz\r\n' : '\r\n'),
          ]),
      };
    case 'cl-and-te':
      return { header: `Content-Length: ${length}\r\nTransfer-Encoding: chunked`, body: same };
    case 'bad-cl':
      return {
        header: `Content-Length: ${['-1', 'abc', `${length}, ${length + 1}`, '99999999999999999999'][framing.delta % 4]}`,
        body: same,
      };
  }
};

const STATUS_LINE = /HTTP\/1\.[01] (\d{3})/g;

/** One raw HTTP/1.1 exchange on a fresh connection; the client closes its side after writing. */
export const sendSocket = (
  port: number,
  request: WireRequest,
  transport: Exclude<FuzzCase['transport'], { kind: 'inject' }>,
  timeoutMs = 3_000,
): Promise<WireAnswer> =>
  new Promise((resolve) => {
    const bytes = request.body ?? Buffer.alloc(0);
    const framing = framingHeaders(transport, bytes.length);
    const headerLines = Object.entries(request.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    const head = `${request.method} ${request.url} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headerLines}${headerLines ? '\r\n' : ''}${framing.header}\r\n\r\n`;
    const received: Buffer[] = [];
    let done = false;
    const socket = connect({ port, host: '127.0.0.1' });
    const finish = (outcome: WireAnswer['outcome']): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      const statuses = [...text.matchAll(STATUS_LINE)].map((m) => Number(m[1]));
      resolve({
        statuses,
        outcome: statuses.length > 0 ? 'answered' : outcome,
        body: text.slice(0, 400),
      });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('connect', () => {
      socket.write(Buffer.concat([Buffer.from(head, 'latin1'), framing.body(bytes)]));
      socket.end();
    });
  });

/** Whether the server still answers: the login page's options, in process and on its socket. */
export const healthy = async (
  app: FastifyInstance,
  webroot: string,
  port?: number,
): Promise<boolean> => {
  const url = `${webroot}auth/options/`;
  const injected = await app.inject({ method: 'GET', url });
  if (injected.statusCode !== 200) return false;
  if (port === undefined) return true;
  const answer = await sendSocket(
    port,
    { method: 'GET', url, headers: { connection: 'close' } },
    { kind: 'socket', framing: 'exact', delta: 0 },
  );
  return answer.statuses[0] === 200;
};
