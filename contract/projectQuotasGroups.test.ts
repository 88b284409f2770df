import { describe, expect, it } from 'vitest';
import { expectClientError } from './support/clients';
import { cleanupAfterAll } from './support/cleanup';
import { session, uniqueName } from './support/session';

// The identity panels' groups and the project workflow's Quotas step (issue 12), through the
// server's own client on both targets: group membership calls, and a project's compute, volume
// and network limits read and changed by an admin, refused to a member.

const cleanup = cleanupAfterAll();

describe('groups through the client', () => {
  it('creates a group, adds, lists and removes a member, and deletes it', async () => {
    const admin = await session('admin');
    const ks = admin.client.keystone;
    const group = await ks.createGroup({ name: uniqueName('contract-grp'), description: 'c' });
    cleanup(() => ks.deleteGroup(group.id).catch(() => undefined));
    expect(group).toMatchObject({ description: 'c', domain_id: 'default' });
    const renamed = await ks.updateGroup(group.id, { description: 'd' });
    expect(renamed.description).toBe('d');

    // A user of the test's own, not demo: Keystone revokes a user's tokens when it leaves a
    // group, and a token issued in the same second counts as revoked, so demo's sessions here
    // and in the files running beside this one would meet 401s.
    const member = await ks.createUser({
      name: uniqueName('contract-grp-user'),
      domain_id: 'default',
    });
    cleanup(() => ks.deleteUser(member.id).catch(() => undefined));
    await ks.addUserToGroup(group.id, member.id);
    // Adding again is no error upstream.
    await ks.addUserToGroup(group.id, member.id);
    expect((await ks.listGroupUsers(group.id)).map((u) => u.name)).toEqual([member.name]);
    expect((await ks.listGroups({ name: group.name })).map((g) => g.id)).toEqual([group.id]);
    await ks.removeUserFromGroup(group.id, member.id);
    await expectClientError(ks.removeUserFromGroup(group.id, member.id), { status: 404 });
    expect(await ks.listGroupUsers(group.id)).toEqual([]);
    await ks.deleteGroup(group.id);
    await expectClientError(ks.getGroup(group.id), { status: 404 });
  });

  it('refuses a member the groups (403)', async () => {
    const demo = await session('demo');
    await expectClientError(demo.client.keystone.listGroups(), { status: 403 });
  });
});

describe("a project's quotas through the client", () => {
  it('reads and changes compute, volume and network limits of a new project', async () => {
    const admin = await session('admin');
    const project = await admin.client.keystone.createProject({
      name: uniqueName('contract-quota'),
      domain_id: 'default',
    });
    cleanup(() => admin.client.keystone.deleteProject(project.id));
    const { nova, cinder, neutron } = admin.client;

    const compute = await nova.quotaDefaults.getProject(project.id);
    expect(compute['instances']).toBeTypeOf('number');
    expect(compute).not.toHaveProperty('injected_files');
    expect(
      (await nova.quotaDefaults.updateProject(project.id, { instances: 7 }))['instances'],
    ).toBe(7);
    expect((await nova.quotaDefaults.getProject(project.id))['instances']).toBe(7);

    expect((await cinder.quotaSets.get(project.id))['gigabytes']).toBeTypeOf('number');
    await cinder.quotaSets.update(project.id, { gigabytes: 70 });
    expect((await cinder.quotaSets.get(project.id))['gigabytes']).toBe(70);

    expect((await neutron.system.quota(project.id))['network']).toBeTypeOf('number');
    expect((await neutron.system.updateQuota(project.id, { network: 3 }))['network']).toBe(3);
    expect((await neutron.system.quota(project.id))['network']).toBe(3);
    expect((await neutron.system.quotaDetails(project.id))['network']).toMatchObject({
      limit: 3,
      used: 0,
    });

    // Nova's own schema: below -1 is a 400.
    await expectClientError(nova.quotaDefaults.updateProject(project.id, { instances: -2 }), {
      status: 400,
    });
  });

  it('refuses a member changing its own project’s limits (403)', async () => {
    const demo = await session('demo');
    await expectClientError(
      demo.client.nova.quotaDefaults.updateProject(demo.projectId, { instances: 100 }),
      { status: 403 },
    );
    await expectClientError(
      demo.client.neutron.system.updateQuota(demo.projectId, { network: 100 }),
      { status: 403 },
    );
  });
});
