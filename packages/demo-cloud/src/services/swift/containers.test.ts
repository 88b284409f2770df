import { describe, expect, it } from 'vitest';
import type { CloudContext } from '../../core/service';
import { openStore } from '../../store/store';
import { useTestCloud } from '../../testing/testCloud';
import { containerStats } from './internal';
import { swiftClient } from './swiftTesting';

interface ObjectEntry {
  name?: string;
  subdir?: string;
  bytes?: number;
  hash?: string;
  content_type?: string;
  last_modified?: string;
}

describe('swift containers', () => {
  const cloud = useTestCloud();
  const swift = swiftClient(cloud);
  const demo = { as: 'demo' };

  it('creates (201), re-creates (202) and shows a container with its counts', async () => {
    const account = await swift.account();
    const created = await swift.request('PUT', `${account}/photos`, {
      ...demo,
      headers: { 'X-Container-Meta-Owner': 'ada' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(created.text).toBe('');
    const again = await swift.request('PUT', `${account}/photos`, demo);
    expect(again.status).toBe(202);
    expect(again.text).toBe(
      '<html><h1>Accepted</h1><p>The request is accepted for processing.</p></html>',
    );
    await swift.request('PUT', `${account}/photos/a.jpg`, { ...demo, body: 'jpeg' });
    const head = await swift.request('HEAD', `${account}/photos`, demo);
    expect(head.status).toBe(204);
    expect(head.headers.get('x-container-object-count')).toBe('1');
    expect(head.headers.get('x-container-bytes-used')).toBe('4');
    expect(head.headers.get('x-container-meta-owner')).toBe('ada');
    expect(head.headers.get('x-storage-policy')).toBe('Policy-0');
    expect(head.headers.get('x-timestamp')).toMatch(/^\d{10}\.\d{5}$/);
    expect(head.headers.get('last-modified')).toMatch(/GMT$/);
    const tooLong = await swift.request('PUT', `${account}/${'c'.repeat(257)}`, demo);
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toBe('Container name length of 257 longer than 256');
  });

  it('updates and removes metadata and ACLs with POST', async () => {
    const account = await swift.account();
    await swift.request('PUT', `${account}/meta`, demo);
    const post = await swift.request('POST', `${account}/meta`, {
      ...demo,
      headers: { 'X-Container-Meta-Color': 'blue', 'X-Container-Read': '.r:*, .rlistings' },
    });
    expect(post.status).toBe(204);
    let head = await swift.request('HEAD', `${account}/meta`, demo);
    expect(head.headers.get('x-container-meta-color')).toBe('blue');
    expect(head.headers.get('x-container-read')).toBe('.r:*,.rlistings');
    await swift.request('POST', `${account}/meta`, {
      ...demo,
      headers: { 'X-Remove-Container-Meta-Color': 'x', 'X-Container-Read': '' },
    });
    head = await swift.request('HEAD', `${account}/meta`, demo);
    expect(head.headers.get('x-container-meta-color')).toBeNull();
    expect(head.headers.get('x-container-read')).toBeNull();
    const bad = await swift.request('POST', `${account}/meta`, {
      ...demo,
      headers: { 'X-Container-Read': '.r:' },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toBe("No host/domain value after referrer designation in ACL: '.r:'");
    const missing = await swift.request('POST', `${account}/nope`, {
      ...demo,
      headers: { 'X-Container-Meta-A': 'b' },
    });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(
      '<html><h1>Not Found</h1><p>The resource could not be found.</p></html>',
    );
  });

  it('refuses to delete a container that holds objects (409), then deletes it (204)', async () => {
    const account = await swift.account();
    await swift.request('PUT', `${account}/full`, demo);
    await swift.request('PUT', `${account}/full/one`, { ...demo, body: '1' });
    const refused = await swift.request('DELETE', `${account}/full`, demo);
    expect(refused.status).toBe(409);
    expect(refused.text).toBe(
      '<html><h1>Conflict</h1><p>There was a conflict when trying to complete your request.</p></html>',
    );
    expect((await swift.request('DELETE', `${account}/full/one`, demo)).status).toBe(204);
    expect((await swift.request('DELETE', `${account}/full`, demo)).status).toBe(204);
    expect((await swift.request('DELETE', `${account}/full`, demo)).status).toBe(404);
  });

  describe('listings', () => {
    const names = [
      'a.txt',
      'docs/',
      'docs/guide.md',
      'docs/img/logo.png',
      'docs/img/photo.jpg',
      'docs/readme.txt',
      'music/song.mp3',
      'z.txt',
    ];
    const setup = async (): Promise<string> => {
      const account = await swift.account();
      const path = `${account}/listing`;
      if ((await swift.request('HEAD', path, demo)).status === 204) return path;
      await swift.request('PUT', path, demo);
      for (const name of names) {
        await swift.request('PUT', `${path}/${name}`, {
          ...demo,
          body: name.endsWith('/') ? '' : `content of ${name}`,
          headers: name.endsWith('/') ? { 'Content-Type': 'application/directory' } : {},
        });
      }
      return path;
    };
    const listed = async (path: string, query: string): Promise<string[]> =>
      (await swift.list<ObjectEntry>(`${path}?${query}`, demo)).map(
        (e) => e.subdir ?? e.name ?? '',
      );

    it('lists objects with their fields, sorted by name', async () => {
      const path = await setup();
      const entries = await swift.list<ObjectEntry>(path, demo);
      expect(entries.map((e) => e.name)).toEqual(names);
      expect(entries[1]).toEqual({
        bytes: 0,
        hash: 'd41d8cd98f00b204e9800998ecf8427e',
        name: 'docs/',
        content_type: 'application/directory',
        last_modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/),
      });
      expect(entries[0]?.content_type).toBe('text/plain');
    });

    it('folds pseudo-folders into subdir entries with delimiter and prefix', async () => {
      const path = await setup();
      expect(await listed(path, 'delimiter=/')).toEqual(['a.txt', 'docs/', 'music/', 'z.txt']);
      expect(await listed(path, 'delimiter=/&prefix=docs/')).toEqual([
        'docs/',
        'docs/guide.md',
        'docs/img/',
        'docs/readme.txt',
      ]);
      expect(await listed(path, 'prefix=docs/img/')).toEqual([
        'docs/img/logo.png',
        'docs/img/photo.jpg',
      ]);
      expect(await listed(path, 'path=docs')).toEqual(['docs/guide.md', 'docs/readme.txt']);
      const raw = await swift.list<ObjectEntry>(`${path}?delimiter=/`, demo);
      expect(raw[1]).toEqual({ subdir: 'docs/' });
    });

    it('pages with marker, end_marker, limit and reverse', async () => {
      const path = await setup();
      expect(await listed(path, 'limit=2')).toEqual(['a.txt', 'docs/']);
      expect(await listed(path, 'limit=2&marker=docs/')).toEqual([
        'docs/guide.md',
        'docs/img/logo.png',
      ]);
      expect(await listed(path, 'marker=docs/img/photo.jpg&end_marker=z.txt')).toEqual([
        'docs/readme.txt',
        'music/song.mp3',
      ]);
      // A folder marker skips the whole folder with a delimiter.
      expect(await listed(path, 'delimiter=/&marker=docs/')).toEqual(['music/', 'z.txt']);
      expect(await listed(path, 'reverse=true&limit=3')).toEqual([
        'z.txt',
        'music/song.mp3',
        'docs/readme.txt',
      ]);
      expect(await listed(path, 'reverse=on&delimiter=/')).toEqual([
        'z.txt',
        'music/',
        'docs/',
        'a.txt',
      ]);
      const tooMany = await swift.request('GET', `${path}?limit=10001`, demo);
      expect(tooMany.status).toBe(412);
      expect(tooMany.text).toBe('Maximum limit is 10000');
    });

    it('negotiates text, JSON and XML, and answers an empty text listing with 204', async () => {
      const path = await setup();
      const text = await swift.request('GET', `${path}?delimiter=/`, demo);
      expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(text.text).toBe('a.txt\ndocs/\nmusic/\nz.txt\n');
      const accepted = await swift.request('GET', `${path}?limit=1`, {
        ...demo,
        headers: { Accept: 'application/json' },
      });
      expect(accepted.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(accepted.text).toMatch(/^\[\{"bytes": 16, "hash": "[0-9a-f]{32}", "name": "a.txt"/);
      const xml = await swift.request('GET', `${path}?format=xml&prefix=docs/img/&limit=1`, demo);
      expect(xml.text).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<container name="listing"><object><name>docs\/img\/logo.png<\/name><hash>/,
      );
      const empty = await swift.request('GET', `${path}?prefix=nothing`, demo);
      expect(empty.status).toBe(204);
      const emptyJson = await swift.request('GET', `${path}?prefix=nothing&format=json`, demo);
      expect([emptyJson.status, emptyJson.text]).toEqual([200, '[]']);
      const refused = await swift.request('GET', path, {
        ...demo,
        headers: { Accept: 'image/png' },
      });
      expect(refused.status).toBe(406);
    });
  });

  it('lists and counts the containers of the account', async () => {
    const account = await swift.account();
    const containers = await swift.list<{ name: string; count: number; bytes: number }>(
      account,
      demo,
    );
    const names = containers.map((c) => c.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['backups', 'empty-container', 'public-assets']));
    const backups = containers.find((c) => c.name === 'backups');
    expect(backups?.count).toBe(3);
    expect(backups?.bytes).toBeGreaterThan(1024 * 1024);
    expect(
      (await swift.list<{ name: string }>(`${account}?prefix=pub`, demo)).map((c) => c.name),
    ).toEqual(['public-assets']);
    const head = await swift.request('HEAD', account, demo);
    expect(head.status).toBe(204);
    expect(Number(head.headers.get('x-account-container-count'))).toBe(containers.length);
    expect(Number(head.headers.get('x-account-bytes-used'))).toBe(
      containers.reduce((sum, c) => sum + c.bytes, 0),
    );
    // What other services read through internal.ts is what HEAD reports.
    const store = openStore({ dataDir: cloud().dataDir });
    try {
      const ctx = { store } as unknown as CloudContext;
      expect(containerStats(ctx, account.split('AUTH_')[1] ?? '')).toEqual({
        containers: containers.length,
        objects: Number(head.headers.get('x-account-object-count')),
        bytes: Number(head.headers.get('x-account-bytes-used')),
      });
    } finally {
      store.close();
    }
    const post = await swift.request('POST', account, {
      ...demo,
      headers: { 'X-Account-Meta-Team': 'storage' },
    });
    expect(post.status).toBe(204);
    const after = await swift.request('HEAD', account, demo);
    expect(after.headers.get('x-account-meta-team')).toBe('storage');
  });

  it('follows keystoneauth: operators own their account, a reader and other projects get 403', async () => {
    const account = await swift.account();
    const reader = { as: 'reader' };
    expect((await swift.request('GET', account, reader)).status).toBe(403);
    expect((await swift.request('HEAD', `${account}/backups`, reader)).status).toBe(403);
    expect((await swift.request('PUT', `${account}/by-reader`, reader)).status).toBe(403);
    const other = { as: 'demo', project: 'alt_demo' };
    const foreign = await swift.request('GET', `${account}/backups`, other);
    expect(foreign.status).toBe(403);
    expect(foreign.text).toBe(
      '<html><h1>Forbidden</h1><p>Access was denied to this resource.</p></html>',
    );
    // An admin of another project is no operator of this one either.
    const admin = { as: 'admin', project: 'admin' };
    expect((await swift.request('GET', account, admin)).status).toBe(403);
    // An admin holding a role on the project is.
    expect((await swift.request('GET', account, { as: 'admin', project: 'demo' })).status).toBe(
      200,
    );
    const anonymous = await swift.request('GET', `${account}/backups`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('Swift realm="AUTH_');
    expect(anonymous.headers.get('www-authenticate')).toContain('Keystone uri="');
    // A token Keystone does not know counts as none (delay_auth_decision).
    expect((await swift.request('GET', account, { token: 'bogus' })).status).toBe(401);
    // The account's own deletion is refused to its owner.
    expect((await swift.request('DELETE', account, demo)).status).toBe(403);
  });

  it('grants a reader and another project access through container ACLs', async () => {
    const account = await swift.account();
    const altId = (await swift.account('alt_demo')).split('AUTH_')[1] ?? '';
    await swift.request('PUT', `${account}/shared`, {
      ...demo,
      headers: { 'X-Container-Read': `reader,${altId}:*`, 'X-Container-Write': `${altId}:*` },
    });
    await swift.request('PUT', `${account}/shared/doc.txt`, { ...demo, body: 'shared' });
    const byReader = await swift.request('GET', `${account}/shared/doc.txt`, { as: 'reader' });
    expect([byReader.status, byReader.text]).toEqual([200, 'shared']);
    const other = { as: 'demo', project: 'alt_demo' };
    const listing = await swift.request('GET', `${account}/shared`, other);
    expect(listing.text).toBe('doc.txt\n');
    // ACL users do not see the ACLs.
    const head = await swift.request('HEAD', `${account}/shared`, other);
    expect(head.headers.get('x-container-read')).toBeNull();
    expect(
      (await swift.request('PUT', `${account}/shared/from-alt`, { ...other, body: 'x' })).status,
    ).toBe(201);
    expect(
      (await swift.request('PUT', `${account}/shared/from-reader`, { as: 'reader', body: 'x' }))
        .status,
    ).toBe(403);
    // Container writes stay with the owner.
    expect(
      (
        await swift.request('POST', `${account}/shared`, {
          ...other,
          headers: { 'X-Container-Meta-X': 'y' },
        })
      ).status,
    ).toBe(403);
  });
});
