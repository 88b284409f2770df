import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { authorize, cleanAcl, referrerAllowed } from './acl';
import type { SwiftIdentity } from './acl';
import type { SwiftError } from './http';
import { swiftClient } from './swiftTesting';

const member: SwiftIdentity = {
  userId: 'u1',
  userName: 'demo',
  userDomainId: 'default',
  projectId: 'p1',
  projectName: 'demo',
  projectDomainId: 'default',
  roles: ['member', 'reader'],
};

const statusOf = (fn: () => unknown): number => {
  try {
    fn();
    return 200;
  } catch (error) {
    return (error as SwiftError).status;
  }
};

describe('swift ACLs (acl.py and keystoneauth)', () => {
  it('cleans ACL values as swift stores them', () => {
    expect(cleanAcl('x-container-read', '.r:*, .rlistings')).toBe('.r:*,.rlistings');
    expect(cleanAcl('x-container-read', '.referrer : *.example.com,bob,,sue')).toBe(
      '.r:.example.com,bob,sue',
    );
    expect(statusOf(() => cleanAcl('x-container-write', '.r:*'))).toBe(400);
    expect(statusOf(() => cleanAcl('x-container-read', '.r:-'))).toBe(400);
    expect(statusOf(() => cleanAcl('x-container-read', '.x:y'))).toBe(400);
  });

  it('matches referrers, with denials in order', () => {
    expect(referrerAllowed(undefined, ['*'])).toBe(true);
    expect(referrerAllowed('http://www.example.com/a', ['.example.com'])).toBe(true);
    expect(referrerAllowed('http://bad.example.com/', ['.example.com', '-bad.example.com'])).toBe(
      false,
    );
    expect(referrerAllowed('http://x.org/', [])).toBe(false);
  });

  it('decides like keystoneauth with operator_roles admin, member, swiftoperator', () => {
    const own = { method: 'PUT', account: 'AUTH_p1', container: 'c' };
    expect(authorize(member, own, null)).toEqual({ owner: true });
    const reader = { ...member, roles: ['reader'] };
    expect(statusOf(() => authorize(reader, own, null))).toBe(403);
    expect(statusOf(() => authorize(member, { ...own, account: 'AUTH_p2' }, null))).toBe(403);
    expect(statusOf(() => authorize(null, { ...own, method: 'GET' }, null))).toBe(401);
    const get = { method: 'GET', account: 'AUTH_p2', container: 'c', object: 'o' };
    // .r:* lets anyone read objects, and list only with .rlistings.
    expect(authorize(null, get, '.r:*')).toEqual({ owner: false });
    expect(statusOf(() => authorize(null, { ...get, object: undefined }, '.r:*'))).toBe(401);
    expect(authorize(null, { ...get, object: undefined }, '.r:*,.rlistings')).toEqual({
      owner: false,
    });
    // project:user entries, by id or (default domain) name, and role names.
    expect(authorize(member, get, 'p1:*')).toEqual({ owner: false });
    expect(authorize(member, get, 'demo:demo')).toEqual({ owner: false });
    expect(statusOf(() => authorize(member, get, 'p9:*'))).toBe(403);
    expect(authorize(reader, { ...get, account: 'AUTH_p1' }, 'reader')).toEqual({ owner: false });
    expect(authorize({ ...member, roles: ['ResellerAdmin'.toLowerCase()] }, get, null)).toEqual({
      owner: true,
    });
  });
});

describe('public containers', () => {
  const cloud = useTestCloud();
  const swift = swiftClient(cloud);

  it('lets anyone read and list the seeded public container without a token', async () => {
    const account = await swift.account();
    const listing = await swift.request('GET', `${account}/public-assets?delimiter=/`);
    expect(listing.status).toBe(200);
    expect(listing.text).toBe('css/\ndocs/\nimg/\nindex.html\n');
    const logo = await swift.request('GET', `${account}/public-assets/img/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.text).toContain('<svg');
    // Anonymous callers are not the owner: no ACLs shown, no writes.
    const head = await swift.request('HEAD', `${account}/public-assets`);
    expect(head.status).toBe(204);
    expect(head.headers.get('x-container-read')).toBeNull();
    const write = await swift.request('PUT', `${account}/public-assets/x`, { body: 'x' });
    expect(write.status).toBe(401);
    // A reader, who has no rights on the account, reads it through the ACL too.
    const byReader = await swift.request('GET', `${account}/public-assets/index.html`, {
      as: 'reader',
    });
    expect(byReader.status).toBe(200);
  });

  it('follows the container ACL as it changes: private, objects only, listings', async () => {
    const account = await swift.account();
    const demo = { as: 'demo' };
    await swift.request('PUT', `${account}/toggle`, demo);
    await swift.request('PUT', `${account}/toggle/file.txt`, { ...demo, body: 'content' });
    expect((await swift.request('GET', `${account}/toggle/file.txt`)).status).toBe(401);
    await swift.request('POST', `${account}/toggle`, {
      ...demo,
      headers: { 'X-Container-Read': '.r:*' },
    });
    expect((await swift.request('GET', `${account}/toggle/file.txt`)).text).toBe('content');
    expect((await swift.request('GET', `${account}/toggle`)).status).toBe(401);
    await swift.request('POST', `${account}/toggle`, {
      ...demo,
      headers: { 'X-Container-Read': '.r:*,.rlistings' },
    });
    expect((await swift.request('GET', `${account}/toggle`)).text).toBe('file.txt\n');
    await swift.request('POST', `${account}/toggle`, {
      ...demo,
      headers: { 'X-Container-Read': '' },
    });
    expect((await swift.request('GET', `${account}/toggle/file.txt`)).status).toBe(401);
    // A missing object in a public container is a 404, not a 401.
    await swift.request('POST', `${account}/toggle`, {
      ...demo,
      headers: { 'X-Container-Read': '.r:*' },
    });
    expect((await swift.request('GET', `${account}/toggle/none`)).status).toBe(404);
  });
});
