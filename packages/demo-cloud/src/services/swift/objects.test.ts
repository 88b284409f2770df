import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { swiftClient } from './swiftTesting';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

describe('swift objects', () => {
  const cloud = useTestCloud();
  const swift = swiftClient(cloud);
  const demo = { as: 'demo' };
  const container = async (name: string): Promise<string> => {
    const path = `${await swift.account()}/${name}`;
    await swift.request('PUT', path, demo);
    return path;
  };

  it('stores an object with its metadata and answers GET and HEAD with them', async () => {
    const path = await container('objects');
    const put = await swift.request('PUT', `${path}/notes/today.txt`, {
      ...demo,
      body: 'hello world',
      headers: {
        'Content-Type': 'text/plain',
        'X-Object-Meta-Color': 'Blue',
        'Content-Disposition': 'attachment; filename="today.txt"',
      },
    });
    expect(put.status).toBe(201);
    expect(put.headers.get('etag')).toBe(md5('hello world'));
    expect(put.headers.get('last-modified')).toMatch(/GMT$/);
    const get = await swift.request('GET', `${path}/notes/today.txt`, demo);
    expect(get.status).toBe(200);
    expect(get.text).toBe('hello world');
    expect(get.headers.get('content-type')).toBe('text/plain');
    expect(get.headers.get('content-length')).toBe('11');
    expect(get.headers.get('x-object-meta-color')).toBe('Blue');
    expect(get.headers.get('content-disposition')).toBe('attachment; filename="today.txt"');
    expect(get.headers.get('accept-ranges')).toBe('bytes');
    expect(get.headers.get('x-timestamp')).toMatch(/^\d{10}\.\d{5}$/);
    const head = await swift.request('HEAD', `${path}/notes/today.txt`, demo);
    expect([head.status, head.text, head.headers.get('content-length')]).toEqual([200, '', '11']);
  });

  it('guesses a missing Content-Type from the name, as the proxy does', async () => {
    const path = await container('types');
    const cases: Array<[string, string]> = [
      ['site.css', 'text/css'],
      ['logo.svg', 'image/svg+xml'],
      ['archive.tar.gz', 'application/x-tar'],
      ['no-extension', 'application/octet-stream'],
    ];
    for (const [name, type] of cases) {
      await swift.request('PUT', `${path}/${name}`, { ...demo, body: 'x' });
      const head = await swift.request('HEAD', `${path}/${name}`, demo);
      expect(head.headers.get('content-type')).toBe(type);
    }
  });

  it('creates pseudo-folders as zero-byte application/directory objects', async () => {
    const path = await container('folders');
    const put = await swift.request('PUT', `${path}/photos/`, {
      ...demo,
      body: '',
      headers: { 'Content-Type': 'application/directory' },
    });
    expect(put.status).toBe(201);
    expect(put.headers.get('etag')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    await swift.request('PUT', `${path}/photos/cat.jpg`, { ...demo, body: 'cat' });
    const listed = await swift.list<{ name?: string; subdir?: string }>(
      `${path}?delimiter=/`,
      demo,
    );
    expect(listed).toEqual([{ subdir: 'photos/' }]);
    const inside = await swift.list<{ name: string; content_type: string }>(
      `${path}?prefix=photos/&delimiter=/`,
      demo,
    );
    expect(inside.map((o) => [o.name, o.content_type])).toEqual([
      ['photos/', 'application/directory'],
      ['photos/cat.jpg', 'image/jpeg'],
    ]);
    // The folder object and the object without the slash are different objects.
    expect((await swift.request('GET', `${path}/photos`, demo)).status).toBe(404);
    expect((await swift.request('DELETE', `${path}/photos/`, demo)).status).toBe(204);
  });

  it('checks ETag (422) and If-None-Match: * (412) on upload', async () => {
    const path = await container('checks');
    const wrong = await swift.request('PUT', `${path}/a`, {
      ...demo,
      body: 'abc',
      headers: { ETag: '0'.repeat(32) },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toBe(
      '<html><h1>Unprocessable Entity</h1><p>Unable to process the contained instructions</p></html>',
    );
    expect((await swift.request('HEAD', `${path}/a`, demo)).status).toBe(404);
    const right = await swift.request('PUT', `${path}/a`, {
      ...demo,
      body: 'abc',
      headers: { ETag: `"${md5('abc')}"` },
    });
    expect(right.status).toBe(201);
    const exists = await swift.request('PUT', `${path}/a`, {
      ...demo,
      body: 'new',
      headers: { 'If-None-Match': '*' },
    });
    expect(exists.status).toBe(412);
    expect((await swift.request('GET', `${path}/a`, demo)).text).toBe('abc');
    const onlyStar = await swift.request('PUT', `${path}/b`, {
      ...demo,
      body: 'x',
      headers: { 'If-None-Match': 'abc' },
    });
    expect([onlyStar.status, onlyStar.text]).toEqual([400, 'If-None-Match only supports *']);
    const noContainer = await swift.request('PUT', `${await swift.account()}/nowhere/x`, {
      ...demo,
      body: 'x',
    });
    expect(noContainer.status).toBe(404);
  });

  it('serves ranges (206, 416) and conditional requests (304, 412)', async () => {
    const path = await container('ranges');
    await swift.request('PUT', `${path}/r.txt`, { ...demo, body: 'hello world' });
    const range = await swift.request('GET', `${path}/r.txt`, {
      ...demo,
      headers: { Range: 'bytes=0-4' },
    });
    expect([range.status, range.text, range.headers.get('content-range')]).toEqual([
      206,
      'hello',
      'bytes 0-4/11',
    ]);
    const suffix = await swift.request('GET', `${path}/r.txt`, {
      ...demo,
      headers: { Range: 'bytes=-5' },
    });
    expect(suffix.text).toBe('world');
    const outside = await swift.request('GET', `${path}/r.txt`, {
      ...demo,
      headers: { Range: 'bytes=50-60' },
    });
    expect([outside.status, outside.headers.get('content-range')]).toEqual([416, 'bytes */11']);
    const etag = md5('hello world');
    const notModified = await swift.request('GET', `${path}/r.txt`, {
      ...demo,
      headers: { 'If-None-Match': `"${etag}"` },
    });
    expect([notModified.status, notModified.text]).toEqual([304, '']);
    const failed = await swift.request('GET', `${path}/r.txt`, {
      ...demo,
      headers: { 'If-Match': 'other' },
    });
    expect(failed.status).toBe(412);
    const since = await swift.request('GET', `${path}/r.txt`, {
      ...demo,
      headers: { 'If-Modified-Since': new Date(Date.now() + 3600_000).toUTCString() },
    });
    expect(since.status).toBe(304);
  });

  it('replaces metadata with POST and deletes with DELETE (404 when missing)', async () => {
    const path = await container('post');
    await swift.request('PUT', `${path}/m`, {
      ...demo,
      body: 'm',
      headers: { 'X-Object-Meta-Old': '1', 'Content-Type': 'text/plain' },
    });
    const post = await swift.request('POST', `${path}/m`, {
      ...demo,
      headers: { 'X-Object-Meta-New': '2', 'Content-Type': 'text/markdown' },
    });
    expect(post.status).toBe(202);
    const head = await swift.request('HEAD', `${path}/m`, demo);
    expect(head.headers.get('x-object-meta-old')).toBeNull();
    expect(head.headers.get('x-object-meta-new')).toBe('2');
    expect(head.headers.get('content-type')).toBe('text/markdown');
    expect((await swift.request('POST', `${path}/missing`, demo)).status).toBe(404);
    expect((await swift.request('DELETE', `${path}/m`, demo)).status).toBe(204);
    const again = await swift.request('DELETE', `${path}/m`, demo);
    expect(again.status).toBe(404);
    expect((await swift.request('HEAD', path, demo)).headers.get('x-container-object-count')).toBe(
      '0',
    );
  });

  it('copies with COPY and with PUT + X-Copy-From, in the same and another container', async () => {
    const source = await container('copy-src');
    const target = await container('copy-dst');
    const container1 = source.split('/').pop() ?? '';
    const container2 = target.split('/').pop() ?? '';
    await swift.request('PUT', `${source}/orig.txt`, {
      ...demo,
      body: 'original',
      headers: { 'Content-Type': 'text/plain', 'X-Object-Meta-Kept': 'yes' },
    });
    const same = await swift.request('COPY', `${source}/orig.txt`, {
      ...demo,
      headers: { Destination: `${container1}/copy.txt` },
    });
    expect(same.status).toBe(201);
    expect(same.headers.get('x-copied-from')).toBe(`${container1}/orig.txt`);
    expect(same.headers.get('x-copied-from-account')).toMatch(/^AUTH_/);
    expect(same.headers.get('x-object-meta-kept')).toBe('yes');
    expect((await swift.request('GET', `${source}/copy.txt`, demo)).text).toBe('original');

    const other = await swift.request('PUT', `${target}/moved/orig.txt`, {
      ...demo,
      headers: {
        'X-Copy-From': `/${container1}/orig.txt`,
        'Content-Length': '0',
        'X-Object-Meta-Added': '1',
      },
    });
    expect(other.status).toBe(201);
    const copied = await swift.request('GET', `${target}/moved/orig.txt`, demo);
    expect(copied.text).toBe('original');
    expect(copied.headers.get('x-object-meta-kept')).toBe('yes');
    expect(copied.headers.get('x-object-meta-added')).toBe('1');
    expect(copied.headers.get('content-type')).toBe('text/plain');

    const fresh = await swift.request('COPY', `${source}/orig.txt`, {
      ...demo,
      headers: {
        Destination: `${container2}/fresh.txt`,
        'X-Fresh-Metadata': 'true',
        'X-Object-Meta-Only': 'this',
      },
    });
    expect(fresh.status).toBe(201);
    const freshHead = await swift.request('HEAD', `${target}/fresh.txt`, demo);
    expect(freshHead.headers.get('x-object-meta-kept')).toBeNull();
    expect(freshHead.headers.get('x-object-meta-only')).toBe('this');

    // The copy is independent of its source.
    await swift.request('DELETE', `${source}/orig.txt`, demo);
    expect((await swift.request('GET', `${target}/moved/orig.txt`, demo)).text).toBe('original');

    const missing = await swift.request('COPY', `${source}/orig.txt`, {
      ...demo,
      headers: { Destination: `${container2}/x` },
    });
    expect(missing.status).toBe(404);
    const noDestination = await swift.request('COPY', `${source}/copy.txt`, demo);
    expect([noDestination.status, noDestination.text]).toEqual([
      412,
      'Destination header required',
    ]);
    const badSource = await swift.request('PUT', `${target}/x`, {
      ...demo,
      headers: { 'X-Copy-From': container1, 'Content-Length': '0' },
    });
    expect(badSource.status).toBe(412);
  });

  it('expires objects after X-Delete-After', async () => {
    const path = await container('expiring');
    const put = await swift.request('PUT', `${path}/soon`, {
      ...demo,
      body: 'x',
      headers: { 'X-Delete-After': '1' },
    });
    expect(put.status).toBe(201);
    const head = await swift.request('HEAD', `${path}/soon`, demo);
    expect(Number(head.headers.get('x-delete-at'))).toBeGreaterThan(Date.now() / 1000 - 1);
    const past = await swift.request('PUT', `${path}/late`, {
      ...demo,
      body: 'x',
      headers: { 'X-Delete-At': '1000' },
    });
    expect([past.status, past.text]).toEqual([400, 'X-Delete-At in past']);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await swift.request('GET', `${path}/soon`, demo)).status).toBe(404);
    expect((await swift.request('HEAD', path, demo)).headers.get('x-container-object-count')).toBe(
      '0',
    );
  });

  it('keeps objects and their data across a restart', async () => {
    const path = await container('durable');
    await swift.request('PUT', `${path}/kept.txt`, { ...demo, body: 'still here' });
    await cloud().restart();
    const get = await swift.request('GET', `${path}/kept.txt`, {
      token: await cloud().token('demo', 'demo'),
    });
    expect([get.status, get.text]).toEqual([200, 'still here']);
  });

  it('serves the seeded objects, the 1 MB backup included', async () => {
    const account = await swift.account();
    const css = await swift.request('GET', `${account}/public-assets/css/site.css`, demo);
    expect(css.headers.get('content-type')).toBe('text/css');
    expect(css.text).toContain('body {');
    const big = await fetch(`${cloud().url}${account}/backups/images/disk-1mb.img`, {
      headers: { 'X-Auth-Token': await cloud().token('demo', 'demo') },
    });
    const bytes = Buffer.from(await big.arrayBuffer());
    expect(bytes.length).toBe(1024 * 1024);
    expect(big.headers.get('etag')).toBe(createHash('md5').update(bytes).digest('hex'));
  });
});
