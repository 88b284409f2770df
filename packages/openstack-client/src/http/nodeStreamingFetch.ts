import type { IncomingMessage } from 'node:http';
import type { Readable as ReadableType } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FetchLike } from './request';

/** Bytes of a streamed body that may wait in the request's buffers before the source pauses. */
const SEND_BUFFER = 4 * 1024 * 1024;
/**
 * Least size of a chunk of a body sent chunked (no Content-Length), the last one aside. Sources
 * hand over pieces of 16–64 KiB, and framing each as its own chunk cost an upload through this
 * client about a sixth of its throughput; gathering them costs a copy.
 */
export const CHUNK_FRAME = 1024 * 1024;

/**
 * A fetch for streamed request bodies on Node, over node:http(s), that sends the body only as
 * fast as the socket drains. Node's built-in fetch (undici) reads a streamed request body as
 * fast as it can and keeps it in memory (nodejs/undici#4058), so a 1 GiB image upload would cost
 * 1 GiB of RAM. A body without a Content-Length goes out chunked in chunks of at least
 * CHUNK_FRAME. Only what `request()` needs of fetch is implemented: method, headers, body,
 * signal; the answer's body is a stream the caller reads or cancels. A Node Readable given as the
 * body is read as it flows, and on failure let go of but not destroyed: its owner decides.
 *
 * Node modules are loaded on first use, so importing this package stays browser-safe.
 */
export const nodeStreamingFetch: FetchLike = async (url, init) => {
  const { request: send } = await import(url.startsWith('https:') ? 'node:https' : 'node:http');
  const { Readable } = await import('node:stream');
  const body = init.body ? toReadable(Readable, init.body) : undefined;
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });

  return new Promise<Response>((resolve, reject) => {
    const req = send(url, {
      method: init.method ?? 'GET',
      headers,
      signal: init.signal ?? undefined,
    });
    // `on`, not `once`: a request can fail twice (our destroy, then its socket), and a second
    // 'error' without a listener would be an uncaught exception in the server.
    req.on('error', reject);
    req.once('response', (res: IncomingMessage) => {
      resolve(
        answerOf(
          Readable,
          {
            status: res.statusCode ?? 502,
            statusText: res.statusMessage ?? '',
            headers: res.headers,
            body: res,
          },
          init.method,
        ),
      );
    });
    if (!body) {
      req.end();
      return;
    }
    const source = body;
    const owned = source !== init.body;
    const fail = (error: unknown): void => {
      const cause = error instanceof Error ? error : new Error(String(error));
      reject(cause);
      req.destroy(cause);
    };
    // Headers gives its names in lower case.
    const chunked = !('content-length' in headers);
    let gathered: Uint8Array[] = [];
    let gatheredBytes = 0;
    source.on('error', fail);
    req.once('close', () => {
      source.off('data', write);
      // A stream made here (from an iterable or a web stream) goes with the request; the
      // caller's own Node stream stays the caller's, paused, so a server can still drain the
      // upload it came from and answer on that connection.
      if (owned) source.destroy();
    });
    source.once('end', () => {
      if (gatheredBytes > 0) req.write(Buffer.concat(gathered, gatheredBytes));
      req.end();
    });
    source.on('data', write);

    function write(piece: Uint8Array): void {
      let chunk = piece;
      if (chunked) {
        gathered.push(piece);
        gatheredBytes += piece.length;
        if (gatheredBytes < CHUNK_FRAME) return;
        chunk = Buffer.concat(gathered, gatheredBytes);
        gathered = [];
        gatheredBytes = 0;
      }
      req.write(chunk);
      // Unlike pipe(), which stops at 16 KiB, let up to SEND_BUFFER wait: Node then hands the
      // socket many chunks per syscall, and a slow reader still holds the source back.
      if (req.writableLength >= SEND_BUFFER && !source.isPaused()) {
        source.pause();
        req.once('drain', () => source.resume());
      }
    }
  });
};

type ReadableClass = typeof ReadableType;

function toReadable(Readable: ReadableClass, body: NonNullable<RequestInit['body']>): ReadableType {
  if (body instanceof Readable) return body;
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) {
    return Readable.fromWeb(body as NodeReadableStream);
  }
  if (typeof body === 'object' && Symbol.asyncIterator in body) {
    return Readable.from(body as AsyncIterable<Uint8Array>, { objectMode: false });
  }
  if (typeof body === 'string' || body instanceof Uint8Array) {
    return Readable.from([typeof body === 'string' ? Buffer.from(body) : body], {
      objectMode: false,
    });
  }
  throw new TypeError('nodeStreamingFetch sends strings, bytes and streams only');
}

/** The Node stream behind an answer of nodeStreamingFetch whose web body nobody has touched. */
const nodeBodies = new WeakMap<Response, ReadableType>();

/**
 * The answer's body as the Node stream it arrived on, when `response` came from
 * nodeStreamingFetch and its web body has not been read: a server passing a download on pipes
 * this straight into its reply. Going through the web stream instead (toWeb, then fromWeb again
 * on the way out) costs a promise and a copy per 64 KiB piece, which made a download through
 * the server a third slower than a GET straight to Swift on a two-core machine. Undefined
 * otherwise (global fetch, a test's fake, a body already read): then read `response.body`.
 * Taking it hands the stream over: the web body must not be read afterwards.
 */
export function nodeBodyOf(response: Response): ReadableType | undefined {
  const res = nodeBodies.get(response);
  if (res === undefined || response.bodyUsed || response.body?.locked === true) return undefined;
  nodeBodies.delete(response);
  return res;
}

/** An answer as it came off a Node socket: the head parsed, the body a Node stream. */
export interface NodeAnswer {
  status: number;
  statusText: string;
  /** Lower-case names, repeated fields in arrays (as IncomingMessage.headers). */
  headers: Record<string, string | string[] | undefined>;
  body: ReadableType;
}

/** A fetch Response over `answer`, whose Node body nodeBodyOf hands over while it is unread. */
export function answerOf(Readable: ReadableClass, answer: NodeAnswer, method?: string): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const { status, body } = answer;
  const empty = method === 'HEAD' || status === 204 || status === 205 || status === 304;
  if (empty) body.resume();
  const response = new Response(empty ? null : lazyWebBody(Readable, body), {
    status,
    statusText: answer.statusText,
    headers,
  });
  if (!empty) nodeBodies.set(response, body);
  return response;
}

/**
 * A web stream over `res` that starts reading it only when first read (highWaterMark 0: no
 * pull before a read), so the Node stream stays untouched for nodeBodyOf until then.
 */
function lazyWebBody(Readable: ReadableClass, res: ReadableType): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const open = (): ReadableStreamDefaultReader<Uint8Array> =>
    (reader ??= (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>).getReader());
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await open().read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel(reason) {
        if (reader) await reader.cancel(reason);
        else res.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
