import type { Socket } from 'node:net';
import type { Readable as ReadableType } from 'node:stream';
import { answerOf, nodeStreamingFetch, type NodeAnswer } from './nodeStreamingFetch';
import type { FetchLike } from './request';

/** Longest answer head read before the answer is refused (Node's own limit is 16 KiB). */
const MAX_HEAD = 64 * 1024;
/** Bytes of a body that may wait unread before the socket is paused. */
const BODY_BUFFER = 1024 * 1024;

/**
 * A GET whose answer is a download to pass on (FetchContext.streamedAnswer), over a bare TCP or
 * TLS socket: the answer's head is parsed here and its body is the socket's own pieces, as they
 * arrive. node:http's parser copies every piece of a body into a new buffer; without that copy
 * and its stream machinery a download through the server costs about a third less CPU (user
 * time halved), which on a two-core machine is what limits it (bench/downloadProbe.ts).
 *
 * The request says HTTP/1.0 and Connection: close, so the answer is never chunked (RFC 9112
 * §6.1: no Transfer-Encoding to a 1.0 request) and ends with its Content-Length or with the
 * connection. A server that sends Transfer-Encoding anyway is asked again over node:http.
 * A body that ends before its Content-Length is an error, never a short download.
 */
export const nodePassThroughGet: FetchLike = async (url, init) => {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const signal = init.signal ?? undefined;
  signal?.throwIfAborted();
  const [net, tls, { Readable }] = await Promise.all([
    import('node:net'),
    import('node:tls'),
    import('node:stream'),
  ]);
  const port = Number(target.port || (secure ? 443 : 80));
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const socket: Socket = secure
    ? // No SNI for an address (RFC 6066 §3).
      tls.connect({ host, port, ...(net.isIP(host) ? {} : { servername: host }) })
    : net.connect({ host, port });

  // Headers refuses names and values with CR or LF, so nothing here can split the request.
  const lines = [`GET ${target.pathname}${target.search} HTTP/1.0`, `Host: ${target.host}`];
  new Headers(init.headers).forEach((value, name) => {
    if (name !== 'host' && name !== 'connection') lines.push(`${name}: ${value}`);
  });
  lines.push('Connection: close', '', '');
  socket.write(lines.join('\r\n'));

  const head = await readHead(socket, signal).catch((error: unknown) => {
    socket.destroy();
    throw error;
  });
  if ('transfer-encoding' in head.headers) {
    // Not ours to decode here: the same GET through node:http, which can.
    socket.destroy();
    return nodeStreamingFetch(url, init);
  }
  const length = head.headers['content-length'];
  return answerOf(
    Readable,
    {
      status: head.status,
      statusText: head.statusText,
      headers: head.headers,
      body: bodyOf(
        Readable,
        socket,
        head.rest,
        typeof length === 'string' ? Number(length) : NaN,
        signal,
      ),
    },
    'GET',
  );
};

interface Head {
  status: number;
  statusText: string;
  headers: NodeAnswer['headers'];
  /** What arrived after the head: the body's first bytes. */
  rest: Buffer;
}

/** Reads the answer's head (after any 1xx interim answers); the socket is left paused. */
function readHead(socket: Socket, signal: AbortSignal | undefined): Promise<Head> {
  return new Promise((resolve, reject) => {
    let pending: Buffer = Buffer.alloc(0);
    const done = (): void => {
      socket.off('data', onData);
      socket.off('error', fail);
      socket.off('end', onEnd);
      signal?.removeEventListener('abort', onAbort);
    };
    const fail = (error: unknown): void => {
      done();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onAbort = (): void => fail(signal?.reason);
    const onEnd = (): void => fail(new Error('The connection closed before an answer came'));
    function onData(piece: Buffer): void {
      pending = pending.length === 0 ? piece : Buffer.concat([pending, piece]);
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) {
          if (pending.length > MAX_HEAD) fail(new Error('The answer head is too large'));
          return;
        }
        const parsed = parseHead(pending.subarray(0, end).toString('latin1'));
        if (!parsed) return fail(new Error('Not an HTTP answer'));
        pending = pending.subarray(end + 4);
        if (parsed.status >= 100 && parsed.status < 200) continue;
        done();
        socket.pause();
        resolve({ ...parsed, rest: pending });
        return;
      }
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.on('data', onData);
    socket.on('error', fail);
    socket.on('end', onEnd);
  });
}

/** The status line and header fields of an answer head (lower-case names, repeats in arrays). */
export function parseHead(
  text: string,
): Pick<Head, 'status' | 'statusText' | 'headers'> | undefined {
  const [statusLine = '', ...fields] = text.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(statusLine);
  if (!status) return undefined;
  const headers: NodeAnswer['headers'] = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon <= 0) return undefined;
    const name = field.slice(0, colon).trim().toLowerCase();
    const value = field.slice(colon + 1).trim();
    const known = headers[name];
    headers[name] =
      known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  const length = headers['content-length'];
  // Two different lengths, or one that is not a number, is an answer nobody can frame.
  if (length !== undefined && !/^\d+$/.test(Array.isArray(length) ? '' : length)) {
    if (!Array.isArray(length) || new Set(length).size !== 1 || !/^\d+$/.test(length[0] ?? '')) {
      return undefined;
    }
    headers['content-length'] = length[0];
  }
  return { status: Number(status[1]), statusText: status[2] ?? '', headers };
}

/**
 * The body as a Readable of the socket's own pieces (no copy), at most `length` bytes when the
 * length is known; it fails if the connection ends or breaks before that. Destroying it closes
 * the connection.
 */
function bodyOf(
  Readable: typeof ReadableType,
  socket: Socket,
  first: Buffer,
  length: number,
  signal: AbortSignal | undefined,
): ReadableType {
  let left = Number.isFinite(length) ? length : Infinity;
  // The caller's signal still ends the body it reads (a browser that went away).
  const onAbort = (): void => void body.destroy(signal?.reason as Error | undefined);
  const body = new Readable({
    highWaterMark: BODY_BUFFER,
    read: () => void socket.resume(),
    destroy: (error, callback) => {
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      callback(error);
    },
  });
  const end = (): void => {
    signal?.removeEventListener('abort', onAbort);
    body.push(null);
    socket.destroy();
  };
  const feed = (piece: Buffer): void => {
    if (left <= 0) return;
    const part = piece.length > left ? piece.subarray(0, left) : piece;
    left -= part.length;
    if (!body.push(part)) socket.pause();
    if (left === 0) end();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  if (left === 0) end();
  else if (first.length > 0) feed(first);
  socket.on('data', feed);
  socket.on('end', () => {
    if (left === Infinity) end();
    else if (left > 0) body.destroy(new Error('The connection closed before the whole body came'));
  });
  socket.on('error', (error) => body.destroy(error));
  return body;
}
