import { afterAll, describe, expect, it } from 'vitest';
import { nova } from './support/nova';
import { session, uniqueName } from './support/session';
import { expectComputeFault, expectKeys, expectShape, field } from './support/shape';

/** Server groups this file created (as demo), deleted at the end. */
const created = new Set<string>();

afterAll(async () => {
  const demo = await session('demo');
  for (const id of created) await nova(demo, 'DELETE', `os-server-groups/${id}`);
});

async function createGroup(version: string, body: Record<string, unknown>): Promise<unknown> {
  const demo = await session('demo');
  const answer = await nova(demo, 'POST', 'os-server-groups', version, {
    json: { server_group: body },
  });
  expect(answer.status).toBe(200);
  const id = String(field(answer.body, 'server_group', 'id'));
  created.add(id);
  return field(answer.body, 'server_group');
}

describe('nova server groups: shapes by microversion', () => {
  it('2.1: policies list and metadata, no project or user', async () => {
    const group = await createGroup('2.1', {
      name: uniqueName('sg21'),
      policies: ['anti-affinity'],
    });
    expectKeys(group, ['id', 'name', 'policies', 'members', 'metadata']);
    expectShape(group, { id: 'string', name: 'string', policies: ['string'], members: ['string'] });
    expect(field(group, 'policies')).toEqual(['anti-affinity']);
    expect(field(group, 'members')).toEqual([]);
    expect(field(group, 'metadata')).toEqual({});
  });

  it('2.13 adds project_id and user_id', async () => {
    const demo = await session('demo');
    const group = await createGroup('2.13', { name: uniqueName('sg213'), policies: ['affinity'] });
    expectKeys(group, ['id', 'name', 'policies', 'members', 'metadata', 'project_id', 'user_id']);
    expect(field(group, 'project_id')).toBe(demo.projectId);
    expect(field(group, 'user_id')).toBe(demo.body.user.id);
  });

  it('2.64: a single policy and rules; no policies or metadata', async () => {
    const group = await createGroup('2.64', {
      name: uniqueName('sg264'),
      policy: 'anti-affinity',
      rules: { max_server_per_host: 2 },
    });
    expectKeys(group, ['id', 'name', 'policy', 'rules', 'members', 'project_id', 'user_id']);
    expect(field(group, 'policy')).toBe('anti-affinity');
    expect(field(group, 'rules')).toEqual({ max_server_per_host: 2 });
  });

  it('the same group reads in the shape of the asked version', async () => {
    const demo = await session('demo');
    const group = await createGroup('2.64', { name: uniqueName('sgread'), policy: 'affinity' });
    const id = String(field(group, 'id'));
    expect(field(group, 'rules')).toEqual({});
    const old = await nova(demo, 'GET', `os-server-groups/${id}`, '2.1');
    expect(old.status).toBe(200);
    expectKeys(field(old.body, 'server_group'), ['id', 'name', 'policies', 'members', 'metadata']);
    expect(field(old.body, 'server_group', 'policies')).toEqual(['affinity']);
    const list = await nova(demo, 'GET', 'os-server-groups', '2.64');
    expect(list.status).toBe(200);
    const listed = (field(list.body, 'server_groups') as { id: string }[]).find((g) => g.id === id);
    expectKeys(listed, ['id', 'name', 'policy', 'rules', 'members', 'project_id', 'user_id']);
  });
});

describe('nova server groups: validation and lifecycle', () => {
  it('refuses rules with a policy other than anti-affinity (400)', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'POST', 'os-server-groups', '2.64', {
      json: {
        server_group: {
          name: uniqueName('bad'),
          policy: 'affinity',
          rules: { max_server_per_host: 2 },
        },
      },
    });
    expect(answer.status).toBe(400);
    expectComputeFault(answer.body, 'badRequest', 400);
  });

  it('reports schema errors with the last path element and Python’s str() of the value', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'POST', 'os-server-groups', '2.64', {
      json: { server_group: { name: uniqueName('schema'), policy: 'nope' } },
    });
    expect(answer.status).toBe(400);
    expect(field(answer.body, 'badRequest', 'message')).toBe(
      "Invalid input for field/attribute policy. Value: nope. 'nope' is not one of " +
        "['anti-affinity', 'affinity', 'soft-anti-affinity', 'soft-affinity']",
    );
  });

  it('refuses soft policies before 2.15 (400)', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'POST', 'os-server-groups', '2.14', {
      json: { server_group: { name: uniqueName('soft'), policies: ['soft-affinity'] } },
    });
    expect(answer.status).toBe(400);
    expectComputeFault(answer.body, 'badRequest', 400);
  });

  it('the client creates, normalises, lists, deletes (204) and then gets 404', async () => {
    const demo = await session('demo');
    const group = await demo.client.nova.serverGroups.create({
      name: uniqueName('client'),
      policy: 'soft-anti-affinity',
    });
    created.add(group.id);
    expect(group.policy).toBe('soft-anti-affinity');
    expect(group.policies).toEqual(['soft-anti-affinity']);
    expect(group.rules).toEqual({});
    const listed = await demo.client.nova.serverGroups.list();
    expect(listed.map((entry) => entry.id)).toContain(group.id);

    const deleted = await nova(demo, 'DELETE', `os-server-groups/${group.id}`);
    expect(deleted.status).toBe(204);
    created.delete(group.id);
    const gone = await nova(demo, 'GET', `os-server-groups/${group.id}`);
    expect(gone.status).toBe(404);
    expectComputeFault(gone.body, 'itemNotFound', 404);
  });

  it('another project does not see the group', async () => {
    const demo = await session('demo');
    const admin = await session('admin');
    const group = await demo.client.nova.serverGroups.create({
      name: uniqueName('mine'),
      policy: 'affinity',
    });
    created.add(group.id);
    const foreignList = await nova(admin, 'GET', 'os-server-groups', '2.64');
    const ids = (field(foreignList.body, 'server_groups') as { id: string }[]).map((g) => g.id);
    expect(ids).not.toContain(group.id);
    const all = await admin.client.nova.serverGroups.list({ allProjects: true });
    expect(all.map((entry) => entry.id)).toContain(group.id);
  });
});
