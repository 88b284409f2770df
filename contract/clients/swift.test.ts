import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SwiftListingEntry } from '@skydeck/openstack-client';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { session, uniqueName } from '../support/session';

// Every Swift call of the server's routes (server/src/routes/api/swift and
// server/src/services/swift), Static Large Objects included, through the server's own client
// on both targets.

const cleanup = cleanupAfterAll();
const MiB = 1024 * 1024;
const container = uniqueName('objects');
const segments = `${container}_segments`;

/** Deterministic bytes (a segment must be at least 1 MiB on a real Swift, but the last). */
const bytes = (size: number, seed: number): Buffer => {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4096)
    out.fill((seed + i / 4096) % 251, i, Math.min(size, i + 4096));
  return out;
};
const md5 = (data: Buffer): string => createHash('md5').update(data).digest('hex');

async function* chunks(data: Buffer): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < data.length; at += 64 * 1024) yield data.subarray(at, at + 64 * 1024);
}

const names = (rows: SwiftListingEntry[]): string[] =>
  rows.map((row) => ('subdir' in row ? row.subdir : row.name));

describe('swift client', () => {
  it('reads /info: Static Large Objects are there', async () => {
    const { client } = await session('demo');
    const info = await client.swift.info();
    expect(info).toHaveProperty('slo');
    expect((info['swift'] as { max_file_size: number }).max_file_size).toBeGreaterThan(
      5 * 1024 * MiB,
    );
  });

  it('creates a container (then 202), heads it, makes it public and private', async () => {
    const { client } = await session('demo');
    cleanup(async () => {
      for (const c of [container, segments]) {
        for (const row of await client.swift.listObjects(c).catch(() => [])) {
          if ('name' in row) await client.swift.deleteObject(c, row.name).catch(() => undefined);
        }
        await client.swift.deleteContainer(c).catch(() => undefined);
      }
    });
    expect(await client.swift.createContainer(container)).toEqual({ created: true });
    expect(await client.swift.createContainer(container)).toEqual({ created: false });
    await client.swift.updateContainer(container, { 'X-Container-Read': '.r:*,.rlistings' });
    const info = await client.swift.headContainer(container);
    expect(info).toMatchObject({ name: container, count: 0, bytes: 0 });
    expect(info.readAcl).toContain('.r:*');
    expect(Number(info.timestamp)).toBeGreaterThan(1_600_000_000);
    await client.swift.updateContainer(container, { 'X-Remove-Container-Read': 'x' });
    expect((await client.swift.headContainer(container)).readAcl).toBeUndefined();
    const listed = await client.swift.listContainers({ prefix: container });
    expect(listed.map((c) => c.name)).toEqual([container]);
  });

  it('streams objects in and out, lists folders by delimiter and marker', async () => {
    const { client } = await session('demo');
    const data = bytes(300 * 1024, 7);
    await client.swift.putObject(container, 'docs/', new Uint8Array(0), {
      size: 0,
      contentType: 'application/directory',
    });
    const etag = await client.swift.putObject(container, 'docs/a b.bin', chunks(data), {
      size: data.length,
    });
    expect(etag).toBe(md5(data));
    await client.swift.putObject(container, 'docs/sub/c.txt', new TextEncoder().encode('c'), {
      size: 1,
      contentType: 'text/plain',
    });
    await client.swift.putObject(container, 'top.txt', new TextEncoder().encode('t'), { size: 1 });

    expect(names(await client.swift.listObjects(container, { delimiter: '/' }))).toEqual([
      'docs/',
      'top.txt',
    ]);
    const folder = await client.swift.listObjects(container, { prefix: 'docs/', delimiter: '/' });
    expect(names(folder)).toEqual(['docs/', 'docs/a b.bin', 'docs/sub/']);
    // A subdir as the marker: the next page starts after everything under it.
    expect(
      names(await client.swift.listObjects(container, { delimiter: '/', marker: 'docs/' })),
    ).toEqual(['top.txt']);

    const response = await client.swift.getObject(container, 'docs/a b.bin');
    expect(md5(Buffer.from(await response.arrayBuffer()))).toBe(md5(data));
    const head = await client.swift.headObject(container, 'docs/a b.bin');
    expect(head).toMatchObject({ bytes: data.length, etag: md5(data), isStaticLargeObject: false });
  });

  it('assembles a Static Large Object from segments, copies it and deletes it with them', async () => {
    const { client } = await session('demo');
    await client.swift.createContainer(segments);
    const parts = [bytes(MiB, 1), bytes(MiB, 2), bytes(1000, 3)];
    const stored = [];
    for (const [index, part] of parts.entries()) {
      const path = `big.bin/slo/1/${String(index).padStart(8, '0')}`;
      const etag = await client.swift.putObject(segments, path, chunks(part), {
        size: part.length,
      });
      stored.push({ path: `/${segments}/${path}`, etag, size_bytes: part.length });
    }
    await client.swift.putManifest(container, 'big.bin', stored, {
      contentType: 'application/x-test',
    });
    const whole = Buffer.concat(parts);
    const head = await client.swift.headObject(container, 'big.bin');
    expect(head).toMatchObject({ bytes: whole.length, isStaticLargeObject: true });
    expect(head.contentType).toContain('application/x-test');
    const response = await client.swift.getObject(container, 'big.bin');
    expect(md5(Buffer.from(await response.arrayBuffer()))).toBe(md5(whole));
    const manifest = await client.swift.getManifest(container, 'big.bin');
    expect(manifest.map((s) => [s.name, s.bytes])).toEqual(
      stored.map((s) => [s.path, s.size_bytes]),
    );

    await client.swift.copyObject(
      { container, name: 'docs/a b.bin' },
      { container, name: 'copy.bin' },
    );
    expect((await client.swift.headObject(container, 'copy.bin')).bytes).toBe(300 * 1024);

    await client.swift.deleteObject(container, 'big.bin', { multipartManifest: true });
    await expectClientError(client.swift.headObject(container, 'big.bin'), { status: 404 });
    expect(await client.swift.listObjects(segments)).toEqual([]);
  });

  it('refuses to delete a container with objects (409) and answers 404 for a missing one', async () => {
    const { client } = await session('demo');
    await expectClientError(client.swift.deleteContainer(container), {
      status: 409,
      service: 'object-store',
    });
    await expectClientError(client.swift.headContainer(uniqueName('missing')), { status: 404 });
    await expectClientError(client.swift.deleteObject(container, 'docs/none/'), { status: 404 });
  });
});
