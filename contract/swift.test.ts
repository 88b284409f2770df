import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { raw } from './support/http';
import type { RawAnswer } from './support/http';
import { call } from './support/services';
import { session, uniqueName } from './support/session';
import { expectShape, field } from './support/shape';

const container = uniqueName('bucket');

afterAll(async () => {
  const demo = await session('demo');
  await call(demo, 'object-store', 'DELETE', `${container}/hello.txt`);
  await call(demo, 'object-store', 'DELETE', container);
});

describe('swift containers and objects', () => {
  it('creates a container (201), then 202 on a second PUT', async () => {
    const demo = await session('demo');
    const created = await call(demo, 'object-store', 'PUT', container);
    expect(created.status).toBe(201);
    const again = await call(demo, 'object-store', 'PUT', container);
    expect(again.status).toBe(202);
  });

  it('lists the container in the account as JSON', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'object-store', 'GET', '?format=json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-account-container-count')).toMatch(/^\d+$/);
    const listed = (answer.body as Record<string, unknown>[]).find((c) => c['name'] === container);
    expectShape(listed, {
      name: 'string',
      count: 'integer',
      bytes: 'integer',
      last_modified: 'string',
    });
  });

  it('stores, lists, reads and deletes an object', async () => {
    const demo = await session('demo');
    const put = await call(demo, 'object-store', 'PUT', `${container}/hello.txt`, {
      headers: { 'Content-Type': 'text/plain' },
      data: 'hello contract',
    });
    expect(put.status).toBe(201);
    expect(put.headers.get('etag')).toMatch(/^"?[0-9a-f]{32}"?$/);

    const list = await call(demo, 'object-store', 'GET', `${container}?format=json`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-container-object-count')).toBe('1');
    expectShape(list.body, [
      {
        name: 'string',
        hash: 'string',
        bytes: 'integer',
        content_type: 'string',
        last_modified: 'string',
      },
    ]);
    expect(field(list.body, 0, 'bytes')).toBe(14);

    const get = await call(demo, 'object-store', 'GET', `${container}/hello.txt`, {
      headers: { Accept: '*/*' },
    });
    expect(get.status).toBe(200);
    expect(get.body).toBe('hello contract');
    expect(get.headers.get('content-type')).toContain('text/plain');

    const head = await call(demo, 'object-store', 'HEAD', `${container}/hello.txt`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('14');
  });

  it('refuses to delete a non-empty container with 409', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'object-store', 'DELETE', container);
    expect(answer.status).toBe(409);
    expect(String(answer.body)).toContain(
      'There was a conflict when trying to complete your request.',
    );
  });

  it('deletes the object (204), then the empty container (204); a missing one is 404', async () => {
    const demo = await session('demo');
    expect((await call(demo, 'object-store', 'DELETE', `${container}/hello.txt`)).status).toBe(204);
    expect((await call(demo, 'object-store', 'DELETE', `${container}/hello.txt`)).status).toBe(404);
    expect((await call(demo, 'object-store', 'DELETE', container)).status).toBe(204);
    expect((await call(demo, 'object-store', 'GET', container)).status).toBe(404);
  });
});

/** Containers the tests below made (objects inside are listed and removed at the end). */
const made: string[] = [];

afterAll(async () => {
  const demo = await session('demo');
  for (const name of made) {
    const listing = await call(demo, 'object-store', 'GET', `${name}?format=json`);
    const objects = Array.isArray(listing.body) ? (listing.body as { name: string }[]) : [];
    for (const object of objects) {
      await call(demo, 'object-store', 'DELETE', `${name}/${encodeURIComponent(object.name)}`);
    }
    await call(demo, 'object-store', 'DELETE', name);
  }
});

/** A fresh container of the demo user's, removed with its objects after the file. */
async function freshContainer(prefix: string): Promise<string> {
  const demo = await session('demo');
  const name = uniqueName(prefix);
  made.push(name);
  expect((await call(demo, 'object-store', 'PUT', name)).status).toBe(201);
  return name;
}

async function putText(
  path: string,
  text: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const demo = await session('demo');
  const answer = await call(demo, 'object-store', 'PUT', path, {
    headers: { 'Content-Type': 'text/plain', ...headers },
    data: text,
  });
  expect(answer.status).toBe(201);
  return answer;
}

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

describe('swift account and container metadata', () => {
  it('answers HEAD of the account with its counts, timestamp and project domain', async () => {
    const demo = await session('demo');
    await freshContainer('acct');
    const head = await call(demo, 'object-store', 'HEAD', '');
    expect(head.status).toBe(204);
    for (const name of [
      'x-account-container-count',
      'x-account-object-count',
      'x-account-bytes-used',
    ]) {
      expect(head.headers.get(name)).toMatch(/^\d+$/);
    }
    expect(head.headers.get('x-timestamp')).toMatch(/^\d{10}\.\d{5}$/);
    expect(head.headers.get('x-account-project-domain-id')).toBe('default');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(head.headers.get('content-length')).toBe('0');
  });

  it('sets and removes container metadata with POST', async () => {
    const demo = await session('demo');
    const name = await freshContainer('meta');
    const post = await call(demo, 'object-store', 'POST', name, {
      headers: { 'X-Container-Meta-Color': 'red', 'X-Container-Meta-Size': 'big' },
    });
    expect(post.status).toBe(204);
    await call(demo, 'object-store', 'POST', name, {
      headers: { 'X-Remove-Container-Meta-Color': 'x', 'X-Container-Meta-Size': '' },
    });
    const head = await call(demo, 'object-store', 'HEAD', name);
    expect(head.status).toBe(204);
    expect(head.headers.get('x-container-meta-color')).toBeNull();
    expect(head.headers.get('x-container-meta-size')).toBeNull();
    expect(head.headers.get('x-storage-policy')).toBe('Policy-0');
  });

  it('lets anonymous callers in only through a public read ACL', async () => {
    const demo = await session('demo');
    const name = await freshContainer('public');
    await putText(`${name}/a.txt`, 'public text');
    const url = `${demo.client.endpointFor('object-store')}/${name}`;
    const denied = await raw('GET', `${url}/a.txt`);
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toContain('Swift realm=');
    await call(demo, 'object-store', 'POST', name, {
      headers: { 'X-Container-Read': '.r:*,.rlistings' },
    });
    const head = await call(demo, 'object-store', 'HEAD', name);
    expect(head.headers.get('x-container-read')).toBe('.r:*,.rlistings');
    const get = await raw('GET', `${url}/a.txt`);
    expect([get.status, get.body]).toEqual([200, 'public text']);
    const listing = await raw('GET', `${url}?format=json`);
    expect((listing.body as { name: string }[]).map((o) => o.name)).toEqual(['a.txt']);
    // The ACL itself is the owner's business.
    const anonymousHead = await raw('HEAD', url);
    expect(anonymousHead.headers.get('x-container-read')).toBeNull();
  });
});

describe('swift listings', () => {
  it('lists with prefix, delimiter, markers, limit and reverse in every format', async () => {
    const demo = await session('demo');
    const name = await freshContainer('list');
    for (const object of ['a', 'b/c', 'b/d', 'e']) await putText(`${name}/${object}`, object);
    const plain = await call(demo, 'object-store', 'GET', `${name}?delimiter=/&limit=2&marker=a`, {
      headers: { Accept: 'text/plain' },
    });
    expect([plain.status, plain.body]).toEqual([200, 'b/\ne\n']);
    const json = await call(
      demo,
      'object-store',
      'GET',
      `${name}?format=json&end_marker=b/d&delimiter=/`,
    );
    expect(json.body).toEqual([
      expect.objectContaining({ name: 'a', bytes: 1, hash: md5('a') }),
      { subdir: 'b/' },
    ]);
    const reverse = await call(
      demo,
      'object-store',
      'GET',
      `${name}?format=json&prefix=b/&reverse=on`,
    );
    expect((reverse.body as { name: string }[]).map((o) => o.name)).toEqual(['b/d', 'b/c']);
    const xml = await call(demo, 'object-store', 'GET', `${name}?format=xml&prefix=b/c`);
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(String(xml.body)).toMatch(
      new RegExp(
        `^<\\?xml version="1.0" encoding="UTF-8"\\?>\\n<container name="${name}"><object><name>b/c</name><hash>${md5('b/c')}</hash><bytes>3</bytes><content_type>text/plain</content_type><last_modified>[0-9T:.-]+</last_modified></object></container>$`,
      ),
    );
    const empty = await call(demo, 'object-store', 'GET', `${name}?prefix=zz`, {
      headers: { Accept: 'text/plain' },
    });
    expect([empty.status, empty.body]).toEqual([204, undefined]);
    // Account listings count what the container updater has reported so far (async in swift).
    const account = await call(demo, 'object-store', 'GET', `?format=json&prefix=${name}`);
    expect((account.body as { name: string }[]).map((c) => c.name)).toEqual([name]);
    expectShape(account.body, [
      { name: 'string', count: 'integer', bytes: 'integer', last_modified: 'string' },
    ]);
  });
});

describe('swift object requests', () => {
  it('copies with COPY and X-Copy-From, reads ranges, checks Etag and If-None-Match', async () => {
    const demo = await session('demo');
    const name = await freshContainer('obj');
    await putText(`${name}/src`, 'hello range', { 'X-Object-Meta-Kind': 'greeting' });
    const copy = await call(demo, 'object-store', 'COPY', `${name}/src`, {
      headers: { Destination: `${name}/copy1` },
    });
    expect(copy.status).toBe(201);
    expect(copy.headers.get('x-copied-from')).toBe(`${name}/src`);
    expect(copy.headers.get('x-object-meta-kind')).toBe('greeting');
    const fromCopy = await call(demo, 'object-store', 'PUT', `${name}/copy2`, {
      headers: { 'X-Copy-From': `${name}/src`, 'Content-Length': '0' },
    });
    expect([fromCopy.status, fromCopy.headers.get('etag')]).toEqual([201, md5('hello range')]);

    const range = await call(demo, 'object-store', 'GET', `${name}/copy2`, {
      headers: { Range: 'bytes=6-', Accept: '*/*' },
    });
    expect([range.status, range.body]).toEqual([206, 'range']);
    expect(range.headers.get('content-range')).toBe('bytes 6-10/11');

    const wrongEtag = await call(demo, 'object-store', 'PUT', `${name}/bad`, {
      headers: { Etag: md5('something else') },
      data: 'payload',
    });
    expect(wrongEtag.status).toBe(422);
    const exists = await call(demo, 'object-store', 'PUT', `${name}/src`, {
      headers: { 'If-None-Match': '*' },
      data: 'again',
    });
    expect(exists.status).toBe(412);
  });

  it('assembles a DLO from its prefix', async () => {
    const demo = await session('demo');
    const name = await freshContainer('dlo');
    for (const n of [1, 2, 3]) await putText(`${name}/parts/${n}`, `seg${n}-data-`);
    const put = await call(demo, 'object-store', 'PUT', `${name}/whole`, {
      headers: { 'X-Object-Manifest': `${name}/parts/` },
      data: '',
    });
    expect(put.status).toBe(201);
    const get = await call(demo, 'object-store', 'GET', `${name}/whole`, {
      headers: { Accept: '*/*' },
    });
    expect(get.body).toBe('seg1-data-seg2-data-seg3-data-');
    expect(get.headers.get('etag')).toBe(
      `"${md5(md5('seg1-data-') + md5('seg2-data-') + md5('seg3-data-'))}"`,
    );
    const range = await call(demo, 'object-store', 'GET', `${name}/whole`, {
      headers: { Range: 'bytes=8-20', Accept: '*/*' },
    });
    expect([range.status, range.body]).toEqual([206, 'a-seg2-data-s']);
    const bad = await call(demo, 'object-store', 'PUT', `${name}/bad`, {
      headers: { 'X-Object-Manifest': 'no-slash' },
      data: '',
    });
    expect([bad.status, bad.body]).toEqual([
      400,
      'X-Object-Manifest must be in the format container/prefix',
    ]);
  });

  it('puts, reads, lists and deletes an SLO', async () => {
    const demo = await session('demo');
    const name = await freshContainer('slo');
    for (const n of [1, 2, 3]) await putText(`${name}/parts/${n}`, `seg${n}-data-`);
    const manifest = [
      { path: `/${name}/parts/1`, etag: md5('seg1-data-'), size_bytes: 10 },
      { path: `${name}/parts/2` },
      { path: `/${name}/parts/3`, range: '2-5' },
    ];
    const sloEtag = md5(`${md5('seg1-data-')}${md5('seg2-data-')}${md5('seg3-data-')}:2-5;`);
    const put = await call(demo, 'object-store', 'PUT', `${name}/big?multipart-manifest=put`, {
      headers: { 'Content-Type': 'text/plain' },
      data: JSON.stringify(manifest),
    });
    expect([put.status, put.headers.get('etag')]).toEqual([201, `"${sloEtag}"`]);
    const get = await call(demo, 'object-store', 'GET', `${name}/big`, {
      headers: { Accept: '*/*' },
    });
    expect(get.body).toBe('seg1-data-seg2-data-g3-d');
    expect(get.headers.get('x-static-large-object')).toBe('True');
    const manifestEtag = get.headers.get('x-manifest-etag');
    const range = await call(demo, 'object-store', 'GET', `${name}/big`, {
      headers: { Range: 'bytes=8-12', Accept: '*/*' },
    });
    expect([range.status, range.body]).toEqual([206, 'a-seg']);
    const raw = await call(
      demo,
      'object-store',
      'GET',
      `${name}/big?multipart-manifest=get&format=raw`,
    );
    expect(raw.body).toEqual(
      manifest.map((m, i) => ({
        etag: md5(`seg${i + 1}-data-`),
        path: `/${name}/parts/${i + 1}`,
        ...(i === 2 ? { range: '2-5' } : {}),
        size_bytes: 10,
      })),
    );
    const listing = await call(demo, 'object-store', 'GET', `${name}?format=json&prefix=big`);
    expect(listing.body).toEqual([
      expect.objectContaining({
        name: 'big',
        bytes: 24,
        hash: manifestEtag,
        slo_etag: `"${sloEtag}"`,
      }),
    ]);
    const problems = await call(demo, 'object-store', 'PUT', `${name}/bad?multipart-manifest=put`, {
      headers: { Accept: 'application/json' },
      data: JSON.stringify([{ path: `/${name}/parts/none` }]),
    });
    expect([problems.status, problems.body]).toEqual([
      400,
      { Errors: [[`/${name}/parts/none`, '404 Not Found']] },
    ]);
    const deleted = await call(
      demo,
      'object-store',
      'DELETE',
      `${name}/big?multipart-manifest=delete`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      'Response Status': '200 OK',
      'Response Body': '',
      'Number Deleted': 4,
      'Number Not Found': 0,
      Errors: [],
    });
  });
});
