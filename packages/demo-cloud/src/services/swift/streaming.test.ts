import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { get, request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { swiftClient } from './swiftTesting';

const MiB = 1024 * 1024;
const SIZE = 200 * MiB;

/**
 * Eight fixed 1 MiB chunks, chunk i of the object being CHUNKS[i % 8]: written as they are (never
 * changed, so a pending write may share them), the client adds no garbage of its own.
 */
const CHUNKS = Array.from({ length: 8 }, (_, n) => {
  const chunk = Buffer.alloc(MiB);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31) % 251;
  chunk.writeUInt32BE(n, 0);
  return chunk;
});

/** PUTs the generated 200 MiB body with node's client, honouring backpressure. */
const upload = (url: string, token: string, hash: Hash): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'PUT',
      headers: {
        'X-Auth-Token': token,
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(SIZE),
      },
    });
    req.on('response', resolve);
    req.on('error', reject);
    let index = 0;
    const write = (): void => {
      while (index * MiB < SIZE) {
        const chunk = CHUNKS[index % CHUNKS.length] ?? Buffer.alloc(0);
        index++;
        hash.update(chunk);
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });

/** GETs a URL with node's client, hashing the body as it arrives. */
const download = (
  url: string,
  headers: Record<string, string>,
): Promise<{ response: IncomingMessage; size: number; md5: string }> =>
  new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const hash = createHash('md5');
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      response.on('end', () => resolve({ response, size, md5: hash.digest('hex') }));
      response.on('error', reject);
    }).on('error', reject);
  });

describe('swift streaming', () => {
  const cloud = useTestCloud();
  const swift = swiftClient(cloud);

  it('uploads and downloads a 200 MB object without holding it in memory', async () => {
    const account = await swift.account();
    const token = await cloud().token('demo', 'demo');
    await swift.request('PUT', `${account}/big`, { as: 'demo' });

    let peak = 0;
    const sample = (): void => {
      peak = Math.max(peak, process.memoryUsage().rss);
    };
    const baseline = process.memoryUsage().rss;
    const timer = setInterval(sample, 20);
    try {
      const sentHash = createHash('md5');
      const put = await upload(`${cloud().url}${account}/big/disk.img`, token, sentHash);
      put.resume();
      expect(put.statusCode).toBe(201);
      const etag = sentHash.digest('hex');
      expect(put.headers['etag']).toBe(etag);

      const got = await download(`${cloud().url}${account}/big/disk.img`, {
        'X-Auth-Token': token,
      });
      expect(got.response.statusCode).toBe(200);
      expect(got.response.headers['content-length']).toBe(String(SIZE));
      expect(got.size).toBe(SIZE);
      expect(got.md5).toBe(etag);
    } finally {
      clearInterval(timer);
    }
    sample();
    // Client and server share this process, so this bounds both sides together. Held memory
    // would be the whole 200 MB; the rest is dead chunks awaiting GC, which Node 24 lets pile up
    // to ~70 MiB (Node 20 and 22: under 50).
    expect(peak - baseline).toBeLessThan(100 * MiB);
    const head = await swift.request('HEAD', `${account}/big`, { as: 'demo' });
    expect(head.headers.get('x-container-bytes-used')).toBe(String(SIZE));
  }, 60_000);

  it('streams a byte range from the middle of a large object', async () => {
    const account = await swift.account();
    const token = await cloud().token('demo', 'demo');
    const range = await fetch(`${cloud().url}${account}/big/disk.img`, {
      headers: { 'X-Auth-Token': token, Range: `bytes=${100 * MiB}-${100 * MiB + 9}` },
    });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes ${100 * MiB}-${100 * MiB + 9}/${SIZE}`);
    const bytes = Buffer.from(await range.arrayBuffer());
    // Chunk 100 is CHUNKS[4]: its number, then the pattern.
    expect(bytes.readUInt32BE(0)).toBe(4);
    expect([...bytes.subarray(4)]).toEqual([4, 5, 6, 7, 8, 9].map((i) => (i * 31) % 251));
  });
});
