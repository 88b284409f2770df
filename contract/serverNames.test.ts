import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterAll } from './support/cleanup';
import { expectClientError } from './support/clients';
import { nova } from './support/nova';
import { bootTestServers } from './support/servers';
import { session } from './support/session';
import { field } from './support/shape';

// How the volume routes name the servers of attachments (server/src/services/nova/serverNames):
// Nova's brief list, every project's for an admin, paged by marker. Nova has no filter by a set
// of ids: `uuid` is admin-only and only its last value counts, which is why the server reads
// the list (kept briefly) instead of asking for a page's servers by id.

const cleanup = cleanupAfterAll();
const ids: string[] = [];

beforeAll(async () => {
  const { serverIds } = await bootTestServers(await session('demo'), '10.232.12.0/24', cleanup, 2);
  ids.push(...serverIds);
});

const uuidsOf = (body: unknown): string[] =>
  (field(body, 'servers') as { id: string }[]).map((s) => s.id);

describe('server names for volume attachments', () => {
  it("lists a member's own servers by id and name, every project's to an admin", async () => {
    const demo = await session('demo');
    const admin = await session('admin');
    const own = await demo.client.nova.servers.names({ limit: 1000 });
    for (const id of ids) {
      expect(own.find((s) => s.id === id)).toEqual({ id, name: expect.any(String) });
    }
    const all = await admin.client.nova.servers.names({ allTenants: true, limit: 1000 });
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining(ids));
    // Without all_tenants an admin sees only their own project's.
    const adminOwn = await admin.client.nova.servers.names({ limit: 1000 });
    expect(adminOwn.map((s) => s.id)).not.toContain(ids[0]);
  });

  it('pages the brief list by limit and marker', async () => {
    const admin = await session('admin');
    const first = await admin.client.nova.servers.names({ allTenants: true, limit: 1 });
    expect(first).toHaveLength(1);
    const next = await admin.client.nova.servers.names({
      allTenants: true,
      limit: 1,
      marker: first[0]?.id ?? '',
    });
    expect(next).toHaveLength(1);
    expect(next[0]?.id).not.toBe(first[0]?.id);
  });

  it('refuses all_tenants to a member', async () => {
    const demo = await session('demo');
    await expectClientError(demo.client.nova.servers.names({ allTenants: true }), {
      status: 403,
      service: 'compute',
      message: 'os_compute_api:servers:index:get_all_tenants',
    });
  });

  it('filters by uuid for admins only, by the last value given', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const [a, b] = ids;
    const both = await nova(admin, 'GET', `servers?all_tenants=1&uuid=${a}&uuid=${b}`);
    expect(both.status).toBe(200);
    expect(uuidsOf(both.body)).toEqual([b]);
    // A member's uuid filter is dropped: their whole list answers.
    const member = await nova(demo, 'GET', `servers?uuid=${a}`);
    expect(uuidsOf(member.body)).toEqual(expect.arrayContaining(ids));
  });
});
