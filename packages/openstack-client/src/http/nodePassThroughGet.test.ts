import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenStackNetworkError } from './errors';
import { nodeBodyOf } from './nodeStreamingFetch';
import { nodePassThroughGet, parseHead } from './nodePassThroughGet';
import { request } from './request';

/** A bare TCP server: `answer` gets each request's head and the socket, and writes what it likes. */
let servers: Server[] = [];
const sockets = new Set<Socket>();
/** Closes a server and the connections it still has open. */
const shut = (server: Server): Promise<unknown> => {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(resolve));
};
async function rawServer(
  answer: (head: string, socket: Socket, connection: number) => void,
): Promise<string> {
  let connections = 0;
  const server = createServer((socket) => {
    const connection = ++connections;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let pending = '';
    const onData = (data: Buffer): void => {
      pending += data.toString('latin1');
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      answer(pending.slice(0, end), socket, connection);
    };
    socket.on('data', onData);
    socket.on('error', () => undefined);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await Promise.all(servers.map(shut));
  servers = [];
});

const readAll = async (body: Readable): Promise<Buffer> => {
  const pieces: Buffer[] = [];
  for await (const piece of body) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
};

describe('nodePassThroughGet', () => {
  it('asks HTTP/1.0 with the headers and Connection: close, and answers head and body', async () => {
    let seen = '';
    const base = await rawServer((head, socket) => {
      seen = head;
      // The head in three writes, the body in two; Set-Cookie twice.
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n');
      socket.write('Set-Cookie: a=1\r\nSet-Cookie: b=2\r\nContent-Length: 6');
      socket.write('\r\n\r\nabc');
      setTimeout(() => socket.end('def'), 10);
    });
    const response = await nodePassThroughGet(`${base}/v1/AUTH_x/c/a%20b?x=1`, {
      headers: { 'X-Auth-Token': 'tok', Accept: '*/*' },
    });
    expect(seen.split('\r\n')).toEqual([
      'GET /v1/AUTH_x/c/a%20b?x=1 HTTP/1.0',
      `Host: ${base.slice('http://'.length)}`,
      'accept: */*',
      'x-auth-token: tok',
      'Connection: close',
    ]);
    expect(response.status).toBe(200);
    expect(response.statusText).toBe('OK');
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(response.headers.get('content-length')).toBe('6');
    const body = nodeBodyOf(response);
    expect(body).toBeInstanceOf(Readable);
    expect((await readAll(body as Readable)).toString()).toBe('abcdef');
  });

  it('reads as a web body too, skips interim answers, and ends a body without a length at close', async () => {
    const base = await rawServer((_head, socket) => {
      socket.write('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.0 200 OK\r\n\r\nall of it');
      socket.end(' until the end');
    });
    const response = await nodePassThroughGet(`${base}/x`, {});
    expect(await response.text()).toBe('all of it until the end');
    expect(nodeBodyOf(response)).toBeUndefined();
  });

  it('takes no more than Content-Length, and fails a body that ends before it', async () => {
    const base = await rawServer((head, socket) => {
      if (head.startsWith('GET /long'))
        socket.end('HTTP/1.0 200 OK\r\nContent-Length: 3\r\n\r\nabcdef');
      else socket.end('HTTP/1.0 200 OK\r\nContent-Length: 30\r\n\r\nabc');
    });
    const long = await nodePassThroughGet(`${base}/long`, {});
    expect(await long.text()).toBe('abc');
    const short = await nodePassThroughGet(`${base}/short`, {});
    await expect(readAll(nodeBodyOf(short) as Readable)).rejects.toThrow(
      'The connection closed before the whole body came',
    );
  });

  it('has an empty body for Content-Length 0 and a 304', async () => {
    const base = await rawServer((head, socket) => {
      if (head.startsWith('GET /empty'))
        socket.write('HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n');
      else socket.write('HTTP/1.0 304 Not Modified\r\n\r\n');
      // The connection stays open: neither answer may wait for its close.
    });
    expect(await (await nodePassThroughGet(`${base}/empty`, {})).text()).toBe('');
    const notModified = await nodePassThroughGet(`${base}/same`, {});
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
  });

  it('asks again over node:http when a server frames its answer anyway', async () => {
    const requestLines: string[] = [];
    const base = await rawServer((head, socket) => {
      requestLines.push(head.split('\r\n')[0] ?? '');
      socket.end(
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n3\r\ndef\r\n0\r\n\r\n',
      );
    });
    const response = await nodePassThroughGet(`${base}/x`, {});
    expect(await response.text()).toBe('abcdef');
    expect(requestLines).toEqual(['GET /x HTTP/1.0', 'GET /x HTTP/1.1']);
  });

  it('refuses what is not an HTTP answer, a head without end, and a closed connection', async () => {
    const base = await rawServer((head, socket) => {
      if (head.startsWith('GET /garbage')) socket.end('SSH-2.0-OpenSSH\r\n\r\n');
      else if (head.startsWith('GET /huge'))
        socket.write(`HTTP/1.0 200 OK\r\nX: ${'a'.repeat(70_000)}`);
      else socket.end();
    });
    await expect(nodePassThroughGet(`${base}/garbage`, {})).rejects.toThrow('Not an HTTP answer');
    await expect(nodePassThroughGet(`${base}/huge`, {})).rejects.toThrow(
      'The answer head is too large',
    );
    await expect(nodePassThroughGet(`${base}/closed`, {})).rejects.toThrow(
      'The connection closed before an answer came',
    );
  });

  it('stops on abort, before the answer and while the body comes; the upstream connection closes', async () => {
    let closed = 0;
    const base = await rawServer((head, socket) => {
      socket.on('close', () => (closed += 1));
      if (head.startsWith('GET /slow-body')) {
        socket.write('HTTP/1.0 200 OK\r\nContent-Length: 1000000\r\n\r\n');
        socket.write(Buffer.alloc(1000));
      }
      // /silent: never answers
    });
    const before = new AbortController();
    setTimeout(() => before.abort(new Error('gave up')), 20);
    await expect(nodePassThroughGet(`${base}/silent`, { signal: before.signal })).rejects.toThrow(
      'gave up',
    );

    const during = new AbortController();
    const response = await nodePassThroughGet(`${base}/slow-body`, { signal: during.signal });
    const reading = readAll(nodeBodyOf(response) as Readable);
    setTimeout(() => during.abort(new Error('browser left')), 20);
    await expect(reading).rejects.toThrow('browser left');
    await expect.poll(() => closed).toBe(2);
  });

  it('is what request() uses for a streamed answer, with its faults and network errors', async () => {
    const base = await rawServer((head, socket) => {
      if (head.startsWith('GET /missing')) {
        socket.end(
          'HTTP/1.0 404 Not Found\r\nContent-Type: text/html\r\nContent-Length: 19\r\n\r\n<h1>Not Found</h1>\n',
        );
      } else socket.end('HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok');
    });
    const fetched = (path: string): Promise<Response> =>
      request({
        service: 'object-store',
        baseUrl: `${base}${path}`,
        raw: true,
        streamedAnswer: true,
      });
    expect(nodeBodyOf(await fetched('/ok'))).toBeInstanceOf(Readable);
    await expect(fetched('/missing')).rejects.toMatchObject({ status: 404 });
    const port = Number(new URL(base).port);
    await shut(servers.pop() as Server);
    const refused = await request({
      service: 'object-store',
      baseUrl: `http://127.0.0.1:${port}/x`,
      raw: true,
      streamedAnswer: true,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenStackNetworkError);
  });

  it('speaks TLS to https and checks the certificate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'passthrough-tls-'));
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]);
    if (made.status !== 0) throw new Error(`openssl: ${String(made.stderr)}`);
    const tls = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_req, res) => res.end('secret'),
    );
    servers.push(tls as unknown as Server);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const port = (tls.address() as AddressInfo).port;
    rmSync(dir, { recursive: true, force: true });
    // A certificate nobody vouches for is refused, as node:https refuses it.
    await expect(nodePassThroughGet(`https://localhost:${port}/x`, {})).rejects.toThrow(
      /self.signed/,
    );
  });
});

describe('parseHead', () => {
  it('reads status, reason and fields; refuses lengths that cannot frame a body', () => {
    expect(parseHead('HTTP/1.1 404 Not Found\r\nX-Trans-Id: tx1\r\ncontent-length:  5 ')).toEqual({
      status: 404,
      statusText: 'Not Found',
      headers: { 'x-trans-id': 'tx1', 'content-length': '5' },
    });
    expect(parseHead('HTTP/1.0 200\r\nContent-Length: 5\r\nContent-Length: 5')?.headers).toEqual({
      'content-length': '5',
    });
    expect(parseHead('HTTP/1.0 200 OK\r\nContent-Length: 5\r\nContent-Length: 6')).toBeUndefined();
    expect(parseHead('HTTP/1.0 200 OK\r\nContent-Length: -1')).toBeUndefined();
    expect(parseHead('HTTP/2 200')).toBeUndefined();
    expect(parseHead('HTTP/1.1 200 OK\r\nno colon')).toBeUndefined();
  });
});
