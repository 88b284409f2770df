import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenStackHttpError, OpenStackNetworkError } from './errors';
import { CHUNK_FRAME, nodeBodyOf, nodeStreamingFetch } from './nodeStreamingFetch';
import { request } from './request';

type Body = NonNullable<RequestInit['body']>;

let server: Server;
let base: string;
/** What the server saw of the last request. */
let seen: { method?: string; headers?: IncomingMessage['headers']; bytes: number; chunks: number };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen = { method: req.method, headers: req.headers, bytes: 0, chunks: 0 };
    req.on('data', (chunk: Buffer) => {
      seen.bytes += chunk.length;
      seen.chunks += 1;
    });
    req.on('end', () => {
      if (req.url === '/refuse') {
        res.writeHead(413, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'too big', code: '413 Request Entity Too Large' }));
      } else if (req.url === '/download') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        for (let i = 0; i < 3; i++) res.write(Buffer.alloc(100 * 1024, i + 1));
        res.end();
      } else if (req.url === '/json') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': ['a=1', 'b=2'] });
        res.end(JSON.stringify({ received: seen.bytes }));
      } else {
        res.writeHead(204);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function* chunks(count: number, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) yield Buffer.alloc(size, i);
}

describe('nodeStreamingFetch', () => {
  it('streams an async iterable with its headers and answers a Response', async () => {
    const response = await nodeStreamingFetch(`${base}/json`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', 'X-Auth-Token': 't' },
      body: chunks(8, 64 * 1024) as unknown as Body,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    await expect(response.json()).resolves.toEqual({ received: 8 * 64 * 1024 });
    expect(seen.method).toBe('PUT');
    expect(seen.headers?.['x-auth-token']).toBe('t');
    expect(seen.headers?.['transfer-encoding']).toBe('chunked');
  });

  it('sends a body without a length in chunks of at least CHUNK_FRAME, the last aside', async () => {
    // A bare TCP server, since an HTTP server hides the chunk framing from its listeners.
    const frames: number[] = [];
    const raw = createTcpServer((socket) => {
      let pending = Buffer.alloc(0);
      let inBody = false;
      socket.on('data', (data: Buffer) => {
        pending = Buffer.concat([pending, data]);
        if (!inBody) {
          const end = pending.indexOf('\r\n\r\n');
          if (end < 0) return;
          pending = pending.subarray(end + 4);
          inBody = true;
        }
        for (;;) {
          const eol = pending.indexOf('\r\n');
          if (eol < 0) return;
          const size = parseInt(pending.subarray(0, eol).toString('latin1'), 16);
          if (pending.length < eol + 2 + size + 2) return;
          frames.push(size);
          pending = pending.subarray(eol + 2 + size + 2);
          if (size === 0) {
            socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n');
            return;
          }
        }
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    try {
      const piece = 64 * 1024 + 3;
      const response = await nodeStreamingFetch(
        `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`,
        {
          method: 'PUT',
          headers: { 'Content-Type': 'application/octet-stream' },
          body: chunks(40, piece) as unknown as Body,
        },
      );
      expect(response.status).toBe(204);
      expect(frames.at(-1)).toBe(0);
      const data = frames.slice(0, -1);
      expect(data.reduce((a, b) => a + b, 0)).toBe(40 * piece);
      expect(data.slice(0, -1).every((size) => size >= CHUNK_FRAME)).toBe(true);
      // 16 pieces make a frame, so three at most; Node may join writes made while the socket
      // connects into one frame (two frames, seen on Node 24), never split one.
      expect(data.length).toBeGreaterThanOrEqual(2);
      expect(data.length).toBeLessThanOrEqual(3);
    } finally {
      await new Promise((resolve) => raw.close(resolve));
    }
  });

  it('sends web streams, strings and bodiless requests', async () => {
    const stream = Readable.toWeb(Readable.from(chunks(2, 10))) as unknown as Body;
    expect((await nodeStreamingFetch(`${base}/x`, { method: 'PUT', body: stream })).status).toBe(
      204,
    );
    expect(seen.bytes).toBe(20);
    await nodeStreamingFetch(`${base}/x`, { method: 'POST', body: 'hello' });
    expect(seen.bytes).toBe(5);
    const empty = await nodeStreamingFetch(`${base}/x`, { method: 'GET' });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('is what request() uses for streamed bodies, keeping Content-Length and faults', async () => {
    await request({
      service: 'image',
      baseUrl: base,
      method: 'PUT',
      headers: { 'Content-Length': '30' },
      body: Readable.from([Buffer.alloc(10), Buffer.alloc(20)]),
    });
    expect(seen.headers?.['content-length']).toBe('30');
    expect(seen.bytes).toBe(30);
    const refused = await request({
      service: 'image',
      baseUrl: `${base}/refuse`,
      method: 'PUT',
      body: chunks(1, 10),
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenStackHttpError);
    expect(refused).toMatchObject({ status: 413, message: 'too big' });
  });

  it('fails when the source fails, and stops on abort', async () => {
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield Buffer.alloc(10);
      throw new Error('source broke');
    }
    const failed = await request({
      service: 'image',
      baseUrl: base,
      method: 'PUT',
      body: broken(),
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(OpenStackNetworkError);
    expect(String((failed as Error).message)).toMatch(/source broke/);

    const controller = new AbortController();
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (;;) {
        yield Buffer.alloc(1024);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    setTimeout(() => controller.abort(new Error('stop')), 50);
    await expect(
      request({
        service: 'image',
        baseUrl: base,
        method: 'PUT',
        body: endless(),
        signal: controller.signal,
        timeoutMs: 0,
      }),
    ).rejects.toThrow('stop');
  });
});

describe('a streamed answer (a download passed on)', () => {
  const download = (streamedAnswer: boolean): Promise<Response> =>
    request({ service: 'object-store', baseUrl: `${base}/download`, raw: true, streamedAnswer });
  const bytesOf = async (stream: AsyncIterable<Uint8Array>): Promise<number[]> => {
    const seenBytes: number[] = [];
    for await (const chunk of stream) seenBytes.push(...new Set(chunk));
    return [...new Set(seenBytes)];
  };

  it('is handed over once as the Node stream it arrived on, untouched by the web body', async () => {
    const response = await download(true);
    expect(response.status).toBe(200);
    const body = nodeBodyOf(response);
    expect(body).toBeInstanceOf(Readable);
    expect(nodeBodyOf(response)).toBeUndefined();
    let length = 0;
    for await (const chunk of body as Readable) length += (chunk as Buffer).length;
    expect(length).toBe(300 * 1024);
  });

  it('still reads as a web body, and then has no Node stream to hand over', async () => {
    const response = await download(true);
    expect(await bytesOf(response.body as unknown as AsyncIterable<Uint8Array>)).toEqual([1, 2, 3]);
    expect(nodeBodyOf(response)).toBeUndefined();
    const whole = await download(true);
    expect((await whole.arrayBuffer()).byteLength).toBe(300 * 1024);
    expect(nodeBodyOf(whole)).toBeUndefined();
  });

  it('is a web body only, over the global fetch, when not asked for', async () => {
    const response = await download(false);
    expect(nodeBodyOf(response)).toBeUndefined();
    expect((await response.arrayBuffer()).byteLength).toBe(300 * 1024);
  });
});

describe('a caller-owned Node stream', () => {
  it('is unpiped but not destroyed when the request fails', async () => {
    const source = new (await import('node:stream')).PassThrough();
    source.write(Buffer.alloc(10));
    const controller = new AbortController();
    const pending = nodeStreamingFetch(`${base}/x`, {
      method: 'PUT',
      body: source as unknown as Body,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(pending).rejects.toThrow();
    expect(source.destroyed).toBe(false);
    // Still usable by its owner, e.g. to drain what the browser keeps sending.
    source.resume();
    source.end(Buffer.alloc(5));
    await new Promise((resolve) => source.once('end', resolve));
  });
});
