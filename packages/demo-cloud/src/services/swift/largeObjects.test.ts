import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { swiftClient } from './swiftTesting';

const md5 = (text: string | Buffer): string => createHash('md5').update(text).digest('hex');

interface Listed {
  name: string;
  bytes: number;
  hash: string;
  slo_etag?: string;
}

describe('swift large objects', () => {
  const cloud = useTestCloud();
  const swift = swiftClient(cloud);
  const demo = { as: 'demo' };

  /** A container with three 10-byte segments under `parts/`; returns the container's path. */
  const segments = async (name: string): Promise<string> => {
    const path = `${await swift.account()}/${name}`;
    await swift.request('PUT', path, demo);
    for (const n of [1, 2, 3]) {
      await swift.request('PUT', `${path}/parts/${n}`, { ...demo, body: `seg${n}-data-` });
    }
    return path;
  };
  const manifestOf = (container: string): string =>
    JSON.stringify([
      { path: `/${container}/parts/1`, etag: md5('seg1-data-'), size_bytes: 10 },
      { path: `${container}/parts/2` },
      { path: `/${container}/parts/3`, range: '2-5' },
    ]);
  const sloEtag = md5(`${md5('seg1-data-')}${md5('seg2-data-')}${md5('seg3-data-')}:2-5;`);

  it('serves a DLO as its segments in name order, with ranges and the manifest on request', async () => {
    const path = await segments('dlo-segs');
    const put = await swift.request('PUT', `${path}/movie`, {
      ...demo,
      headers: { 'X-Object-Manifest': 'dlo-segs/parts/', 'Content-Type': 'text/plain' },
      body: '',
    });
    expect([put.status, put.headers.get('etag')]).toEqual([201, md5('')]);
    const etag = `"${md5(md5('seg1-data-') + md5('seg2-data-') + md5('seg3-data-'))}"`;
    const get = await swift.request('GET', `${path}/movie`, demo);
    expect(get.text).toBe('seg1-data-seg2-data-seg3-data-');
    expect(get.headers.get('etag')).toBe(etag);
    expect(get.headers.get('x-object-manifest')).toBe('dlo-segs/parts/');
    expect(get.headers.get('content-type')).toBe('text/plain');
    const head = await swift.request('HEAD', `${path}/movie`, demo);
    expect([head.headers.get('content-length'), head.headers.get('etag')]).toEqual(['30', etag]);
    const range = await swift.request('GET', `${path}/movie`, {
      ...demo,
      headers: { Range: 'bytes=8-20' },
    });
    expect([range.status, range.text]).toEqual([206, 'a-seg2-data-s']);
    expect(range.headers.get('content-range')).toBe('bytes 8-20/30');
    const manifest = await swift.request('GET', `${path}/movie?multipart-manifest=get`, demo);
    expect([manifest.text, manifest.headers.get('etag')]).toEqual(['', md5('')]);
    const notModified = await swift.request('GET', `${path}/movie`, {
      ...demo,
      headers: { 'If-None-Match': etag },
    });
    expect(notModified.status).toBe(304);

    const bad = await swift.request('PUT', `${path}/bad`, {
      ...demo,
      headers: { 'X-Object-Manifest': '/dlo-segs/parts' },
      body: '',
    });
    expect([bad.status, bad.text]).toEqual([
      400,
      'X-Object-Manifest must be in the format container/prefix',
    ]);
    // A POST without the header turns the manifest back into a plain (empty) object.
    await swift.request('POST', `${path}/movie`, demo);
    const plain = await swift.request('GET', `${path}/movie`, demo);
    expect([plain.text, plain.headers.get('etag')]).toEqual(['', md5('')]);
  });

  it('lets anonymous callers read a DLO only where the segments are public too', async () => {
    const path = await segments('dlo-public');
    await swift.request('PUT', `${path}/all`, {
      ...demo,
      headers: { 'X-Object-Manifest': 'dlo-public/parts/' },
      body: '',
    });
    expect((await swift.request('GET', `${path}/all`)).status).toBe(401);
    await swift.request('POST', path, { ...demo, headers: { 'X-Container-Read': '.r:*' } });
    // Readable, but the segment listing needs .rlistings.
    expect((await swift.request('GET', `${path}/all`)).status).toBe(401);
    await swift.request('POST', path, {
      ...demo,
      headers: { 'X-Container-Read': '.r:*,.rlistings' },
    });
    const get = await swift.request('GET', `${path}/all`);
    expect([get.status, get.text]).toEqual([200, 'seg1-data-seg2-data-seg3-data-']);
  });

  it('puts an SLO, serves it assembled, and lists it with its total size and slo_etag', async () => {
    const path = await segments('slo-a');
    const put = await swift.request('PUT', `${path}/big.txt?multipart-manifest=put`, {
      ...demo,
      headers: { 'Content-Type': 'text/plain', 'X-Object-Meta-Kind': 'slo' },
      body: manifestOf('slo-a'),
    });
    expect(put.status).toBe(201);
    expect(put.headers.get('etag')).toBe(`"${sloEtag}"`);

    const get = await swift.request('GET', `${path}/big.txt`, demo);
    expect(get.text).toBe('seg1-data-seg2-data-g3-d');
    expect(get.headers.get('etag')).toBe(`"${sloEtag}"`);
    expect(get.headers.get('x-static-large-object')).toBe('True');
    expect(get.headers.get('x-object-meta-kind')).toBe('slo');
    expect(get.headers.get('content-length')).toBe('24');
    const manifestEtag = get.headers.get('x-manifest-etag');
    expect(manifestEtag).toMatch(/^[0-9a-f]{32}$/);
    expect([...get.headers.keys()].some((h) => h.includes('sysmeta'))).toBe(false);

    const range = await swift.request('GET', `${path}/big.txt`, {
      ...demo,
      headers: { Range: 'bytes=8-12' },
    });
    expect([range.status, range.text, range.headers.get('content-range')]).toEqual([
      206,
      'a-seg',
      'bytes 8-12/24',
    ]);
    const tail = await swift.request('GET', `${path}/big.txt`, {
      ...demo,
      headers: { Range: 'bytes=-3' },
    });
    expect(tail.text).toBe('3-d');

    const stored = await swift.request('GET', `${path}/big.txt?multipart-manifest=get`, demo);
    expect(stored.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(stored.headers.get('etag')).toBe(manifestEtag);
    expect(md5(stored.text)).toBe(manifestEtag);
    const entries = JSON.parse(stored.text) as Array<Record<string, unknown>>;
    expect(entries.map((e) => Object.keys(e))).toEqual([
      ['name', 'bytes', 'hash', 'content_type', 'last_modified'],
      ['name', 'bytes', 'hash', 'content_type', 'last_modified'],
      ['name', 'bytes', 'hash', 'content_type', 'last_modified', 'range'],
    ]);
    expect(entries[1]?.['name']).toBe('/slo-a/parts/2');
    expect(entries[0]?.['last_modified']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000$/);
    const raw = await swift.request(
      'GET',
      `${path}/big.txt?multipart-manifest=get&format=raw`,
      demo,
    );
    expect(raw.text).toBe(
      `[{"etag": "${md5('seg1-data-')}", "path": "/slo-a/parts/1", "size_bytes": 10}, ` +
        `{"etag": "${md5('seg2-data-')}", "path": "/slo-a/parts/2", "size_bytes": 10}, ` +
        `{"etag": "${md5('seg3-data-')}", "path": "/slo-a/parts/3", "range": "2-5", "size_bytes": 10}]`,
    );
    expect(raw.headers.get('etag')).toBe(md5(raw.text));

    const listed = await swift.list<Listed>(path, demo);
    const big = listed.find((o) => o.name === 'big.txt');
    expect(big).toMatchObject({ bytes: 24, hash: manifestEtag, slo_etag: `"${sloEtag}"` });
    expect(listed.find((o) => o.name === 'parts/1')).not.toHaveProperty('slo_etag');
    // The container counts the manifest's own bytes, as swift's container database does.
    const head = await swift.request('HEAD', path, demo);
    expect(head.headers.get('x-container-bytes-used')).toBe(String(30 + stored.text.length));

    // A POST replaces the user metadata; the object stays a large object.
    await swift.request('POST', `${path}/big.txt`, {
      ...demo,
      headers: { 'X-Object-Meta-Other': '1' },
    });
    const after = await swift.request('HEAD', `${path}/big.txt`, demo);
    expect(after.headers.get('x-static-large-object')).toBe('True');
    expect(after.headers.get('x-object-meta-kind')).toBeNull();
    expect(after.headers.get('etag')).toBe(`"${sloEtag}"`);
  });

  it('answers manifest problems with swift texts: form, segments, etag, reserved header', async () => {
    const path = await segments('slo-bad');
    const put = (
      body: string,
      headers: Record<string, string> = {},
    ): ReturnType<typeof swift.request> =>
      swift.request('PUT', `${path}/m?multipart-manifest=put`, { ...demo, headers, body });
    expect((await put('nojson')).text).toBe('Manifest must be valid JSON.\n');
    expect((await put('{}')).text).toBe('Manifest must be a list.\n');
    expect((await put('[1]')).status).toBe(500);
    const form = await put(
      JSON.stringify([
        { path: 'nocontainer' },
        { path: '/c/o', foo: 2 },
        { path: '/c/o', size_bytes: 'x' },
        { path: '/c/o', range: '1-2,4-5' },
        { path: '/slo-bad/m' },
        { path: '/c/o', size_bytes: 3, range: '5-' },
        { path: '/c/o' },
      ]),
    );
    expect([form.status, form.headers.get('content-type')]).toEqual([400, 'text/plain']);
    expect(form.text).toBe(
      [
        'Index 0: path does not refer to an object. Path must be of the form /container/object.',
        'Index 1: extraneous keys "foo"',
        'Index 2: invalid size_bytes',
        'Index 3: multiple ranges (only one allowed)',
        'Index 4: manifest must not include itself as a segment',
        'Index 5: unsatisfiable range',
        '',
      ].join('\n'),
    );
    const segmentsBad = JSON.stringify([
      { path: '/slo-bad/parts/1', etag: '00' },
      { path: '/slo-bad/parts/nope' },
      { path: '/slo-bad/parts/2', size_bytes: 3 },
    ]);
    const checked = await put(segmentsBad);
    expect(checked.text).toBe(
      'Errors:\n/slo-bad/parts/1, Etag Mismatch\n/slo-bad/parts/nope, 404 Not Found\n/slo-bad/parts/2, Size Mismatch\n',
    );
    const json = await put(segmentsBad, { Accept: 'application/json' });
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(json.text)).toEqual({
      Errors: [
        ['/slo-bad/parts/1', 'Etag Mismatch'],
        ['/slo-bad/parts/nope', '404 Not Found'],
        ['/slo-bad/parts/2', 'Size Mismatch'],
      ],
    });
    const wrongEtag = await put(manifestOf('slo-bad'), { Etag: 'abc' });
    expect(wrongEtag.status).toBe(422);
    const reserved = await swift.request('PUT', `${path}/r`, {
      ...demo,
      headers: { 'X-Static-Large-Object': 'true' },
      body: 'x',
    });
    expect([reserved.status, reserved.text]).toEqual([
      400,
      'X-Static-Large-Object is a reserved header. To create a static large object add query param multipart-manifest=put.',
    ]);
    expect((await swift.request('HEAD', `${path}/m`, demo)).status).toBe(404);
  });

  it('copies an SLO as its bytes, or as a manifest with multipart-manifest=get', async () => {
    const path = await segments('slo-copy');
    await swift.request('PUT', `${path}/big?multipart-manifest=put`, {
      ...demo,
      body: manifestOf('slo-copy'),
    });
    const copy = await swift.request('COPY', `${path}/big`, {
      ...demo,
      headers: { Destination: 'slo-copy/flat' },
    });
    expect([copy.status, copy.headers.get('etag')]).toEqual([201, md5('seg1-data-seg2-data-g3-d')]);
    const flat = await swift.request('GET', `${path}/flat`, demo);
    expect(flat.text).toBe('seg1-data-seg2-data-g3-d');
    expect(flat.headers.get('x-static-large-object')).toBeNull();

    const manifestCopy = await swift.request('PUT', `${path}/again?multipart-manifest=get`, {
      ...demo,
      headers: { 'X-Copy-From': 'slo-copy/big' },
      body: '',
    });
    expect([manifestCopy.status, manifestCopy.headers.get('etag')]).toEqual([201, `"${sloEtag}"`]);
    const again = await swift.request('GET', `${path}/again`, demo);
    expect([again.text, again.headers.get('x-static-large-object')]).toEqual([
      'seg1-data-seg2-data-g3-d',
      'True',
    ]);
  });

  it('nests SLOs, and answers 409 when the first segment is gone', async () => {
    const path = await segments('slo-nest');
    await swift.request('PUT', `${path}/inner?multipart-manifest=put`, {
      ...demo,
      body: manifestOf('slo-nest'),
    });
    const outer = await swift.request('PUT', `${path}/outer?multipart-manifest=put`, {
      ...demo,
      body: JSON.stringify([{ path: '/slo-nest/parts/3' }, { path: '/slo-nest/inner' }]),
    });
    expect(outer.status).toBe(201);
    const get = await swift.request('GET', `${path}/outer`, demo);
    expect(get.text).toBe('seg3-data-seg1-data-seg2-data-g3-d');
    const stored = JSON.parse(
      (await swift.request('GET', `${path}/outer?multipart-manifest=get`, demo)).text,
    ) as Array<Record<string, unknown>>;
    expect(stored[1]).toMatchObject({ bytes: 24, hash: sloEtag, sub_slo: true });

    await swift.request('DELETE', `${path}/parts/3`, demo);
    const broken = await swift.request('GET', `${path}/outer`, demo);
    expect(broken.status).toBe(409);
    expect(broken.headers.get('x-static-large-object')).toBeNull();
  });

  it('deletes an SLO with its segments, reported as bulk delete', async () => {
    const path = await segments('slo-del');
    await swift.request('PUT', `${path}/big?multipart-manifest=put`, {
      ...demo,
      body: manifestOf('slo-del'),
    });
    await swift.request('PUT', `${path}/plain`, { ...demo, body: 'x' });
    const plain = await swift.request('DELETE', `${path}/plain?multipart-manifest=delete`, demo);
    expect(plain.text).toBe(
      'Number Deleted: 0\nNumber Not Found: 0\nResponse Body: \nResponse Status: 400 Bad Request\nErrors:\n/slo-del/plain, Not an SLO manifest\n',
    );
    const deleted = await swift.request('DELETE', `${path}/big?multipart-manifest=delete`, {
      ...demo,
      headers: { Accept: 'application/json' },
    });
    expect(deleted.status).toBe(200);
    expect(JSON.parse(deleted.text)).toEqual({
      'Response Status': '200 OK',
      'Response Body': '',
      'Number Deleted': 4,
      'Number Not Found': 0,
      Errors: [],
    });
    const left = await swift.list<Listed>(path, demo);
    expect(left.map((o) => o.name)).toEqual(['plain']);
  });

  it('streams a large SLO segment by segment', async () => {
    const path = `${await swift.account()}/slo-stream`;
    await swift.request('PUT', path, demo);
    const parts = [0, 1, 2].map((n) => Buffer.alloc(3 * 1024 * 1024, 97 + n));
    for (const [n, part] of parts.entries()) {
      await swift.request('PUT', `${path}/p${n}`, { ...demo, body: part });
    }
    await swift.request('PUT', `${path}/all?multipart-manifest=put`, {
      ...demo,
      body: JSON.stringify(parts.map((_, n) => ({ path: `/slo-stream/p${n}` }))),
    });
    const get = await swift.request('GET', `${path}/all`, demo);
    expect(get.headers.get('content-length')).toBe(String(9 * 1024 * 1024));
    expect(md5(get.text)).toBe(md5(Buffer.concat(parts)));
  });
});

describe('swift account answers', () => {
  const cloud = useTestCloud();
  const swift = swiftClient(cloud);

  it('states the project domain and ranges on a written account, and an empty length', async () => {
    const account = await swift.account();
    const head = await swift.request('HEAD', account, { as: 'demo' });
    expect(head.status).toBe(204);
    expect(head.headers.get('x-account-project-domain-id')).toBe('default');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(head.headers.get('content-length')).toBe('0');
    expect([...head.headers.keys()].some((h) => h.includes('sysmeta'))).toBe(false);

    // An account never written: no domain, no ranges, until a container is made in it.
    const alt = await swift.account('alt_demo');
    const fresh = await swift.request('HEAD', alt, { as: 'demo', project: 'alt_demo' });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-account-project-domain-id')).toBeNull();
    expect(fresh.headers.get('accept-ranges')).toBeNull();
    await swift.request('PUT', `${alt}/first`, { as: 'demo', project: 'alt_demo' });
    await swift.request('DELETE', `${alt}/first`, { as: 'demo', project: 'alt_demo' });
    const written = await swift.request('HEAD', alt, { as: 'demo', project: 'alt_demo' });
    expect(written.status).toBe(204);
    expect(written.headers.get('x-account-project-domain-id')).toBe('default');
    expect(written.headers.get('x-account-storage-policy-policy-0-container-count')).toBe('0');
  });
});
