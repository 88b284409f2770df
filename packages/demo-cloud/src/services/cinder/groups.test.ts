import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body, Session } from './testSupport';

const V = '3.70';

describe('cinder group types, groups and group snapshots', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);
  const admin = (): Promise<Session> => cinder.session('admin', 'admin');
  const demo = (): Promise<Session> => cinder.session('demo', 'demo');

  const groupTypeId = async (name: string): Promise<string> => {
    const list = await cinder.call<{ group_types: Body[] }>(await demo(), 'GET', '/group_types', {
      version: V,
    });
    return String(list.body.group_types.find((t) => t['name'] === name)?.['id']);
  };
  const defaultVolumeType = async (): Promise<string> => {
    const r = await cinder.call<{ volume_type: Body }>(await demo(), 'GET', '/types/default');
    return String(r.body.volume_type['id']);
  };
  const newGroup = async (name: string): Promise<string> => {
    const s = await demo();
    const created = await cinder.call<{ group: Body }>(s, 'POST', '/groups', {
      version: V,
      body: {
        group: { name, group_type: 'generic-group', volume_types: [await defaultVolumeType()] },
      },
    });
    expect(created.status).toBe(202);
    const id = String(created.body.group['id']);
    await cinder.waitFor(s, `/groups/${id}`, 'group', 'available', V);
    return id;
  };

  it('lists the seeded group types; only an admin manages them and sees their specs', async () => {
    const s = await demo();
    const early = await cinder.call(s, 'GET', '/group_types', { version: '3.10' });
    expect(early.status).toBe(404);
    const list = await cinder.call<{ group_types: Body[] }>(s, 'GET', '/group_types', {
      version: V,
    });
    expect(list.body.group_types.map((t) => t['name'])).toEqual(
      expect.arrayContaining(['default_cgsnapshot_type', 'generic-group']),
    );
    expect(list.body.group_types[0]).not.toHaveProperty('group_specs');
    const denied = await cinder.call(s, 'POST', '/group_types', {
      version: V,
      body: { group_type: { name: 'nope' } },
    });
    expect(denied.status).toBe(403);
    const defaults = await cinder.call(s, 'GET', '/group_types/default', { version: V });
    expect(defaults.body).toEqual({
      itemNotFound: { code: 404, message: 'Default group type can not be found.' },
    });

    const a = await admin();
    const created = await cinder.call<{ group_type: Body }>(a, 'POST', '/group_types', {
      version: V,
      body: { group_type: { name: 'gt-admin', group_specs: { a: 'b' } } },
    });
    expect(created.status).toBe(202);
    expect(created.body.group_type).toEqual({
      id: expect.any(String),
      name: 'gt-admin',
      description: null,
      is_public: true,
      group_specs: { a: 'b' },
    });
    const id = String(created.body.group_type['id']);
    const dup = await cinder.call(a, 'POST', '/group_types', {
      version: V,
      body: { group_type: { name: 'gt-admin' } },
    });
    expect(dup.body).toEqual({
      conflictingRequest: { code: 409, message: 'Group Type gt-admin already exists.' },
    });
    const empty = await cinder.call(a, 'PUT', `/group_types/${id}`, {
      version: V,
      body: { group_type: {} },
    });
    expect(empty.status).toBe(400);
    await cinder.call(a, 'POST', `/group_types/${id}/group_specs`, {
      version: V,
      body: { group_specs: { k: 'v' } },
    });
    const spec = await cinder.call(a, 'GET', `/group_types/${id}/group_specs/k`, { version: V });
    expect(spec.body).toEqual({ k: 'v' });
    const mismatch = await cinder.call(a, 'PUT', `/group_types/${id}/group_specs/k`, {
      version: V,
      body: { q: 'v' },
    });
    expect(mismatch.status).toBe(400);
    expect(
      (await cinder.call(a, 'DELETE', `/group_types/${id}/group_specs/a`, { version: V })).status,
    ).toBe(202);
    const gone = await cinder.call(a, 'DELETE', `/group_types/${id}/group_specs/a`, { version: V });
    expect(gone.body).toEqual({
      itemNotFound: { code: 404, message: `Group Type ${id} has no specs with key a.` },
    });
    expect((await cinder.call(a, 'DELETE', `/group_types/${id}`, { version: V })).status).toBe(202);
  });

  it('creates a group (creating, then available) and refuses the reserved type', async () => {
    const s = await demo();
    const reserved = await cinder.call(s, 'POST', '/groups', {
      version: V,
      body: {
        group: {
          group_type: 'default_cgsnapshot_type',
          volume_types: [await defaultVolumeType()],
        },
      },
    });
    expect(reserved.status).toBe(400);
    const id = await newGroup(' db-group ');
    const shown = await cinder.call<{ group: Body }>(s, 'GET', `/groups/${id}`, { version: V });
    expect(Object.keys(shown.body.group)).toEqual([
      'id',
      'status',
      'availability_zone',
      'created_at',
      'name',
      'description',
      'group_type',
      'volume_types',
      'group_snapshot_id',
      'source_group_id',
      'replication_status',
    ]);
    expect(shown.body.group).toMatchObject({
      name: 'db-group',
      status: 'available',
      group_type: await groupTypeId('generic-group'),
      replication_status: 'disabled',
    });
    const old = await cinder.call<{ group: Body }>(s, 'GET', `/groups/${id}`, { version: '3.13' });
    expect(old.body.group).not.toHaveProperty('group_snapshot_id');
    const asAdmin = await cinder.call<{ group: Body }>(await admin(), 'GET', `/groups/${id}`, {
      version: V,
    });
    expect(asAdmin.body.group['project_id']).toBe(s.projectId);
    const alt = await cinder.session('demo', 'alt_demo');
    expect((await cinder.call(alt, 'GET', `/groups/${id}`, { version: V })).status).toBe(404);
    const filtered = await cinder.call(s, 'GET', '/groups?status=available', { version: V });
    expect(filtered.body).toEqual({
      badRequest: { code: 400, message: 'Invalid filters status are found in query options.' },
    });
    const list = await cinder.call<{ groups: Body[] }>(s, 'GET', '/groups', { version: V });
    expect(list.body.groups).toContainEqual({ id, name: 'db-group' });
    const empty = await cinder.call(s, 'POST', '/group_snapshots', {
      version: V,
      body: { group_snapshot: { group_id: id } },
    });
    expect(empty.body).toEqual({
      badRequest: {
        code: 400,
        message:
          "Invalid Group: Source group cannot be empty or in 'creating' or 'updating' state. No group snapshot will be created.",
      },
    });
  });

  it('puts volumes in a group, adds and removes them, and deletes it with its volumes', async () => {
    const s = await demo();
    const id = await newGroup('with-volumes');
    const typeId = await defaultVolumeType();
    const untyped = await cinder.call<Body>(s, 'POST', '/volumes', {
      version: V,
      body: { volume: { size: 1, group_id: id } },
    });
    expect(untyped.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'Invalid input received: volume_type must be provided when creating a volume in a group.',
      },
    });
    const member = await cinder.call<{ volume: Body }>(s, 'POST', '/volumes', {
      version: V,
      body: { volume: { size: 1, group_id: id, volume_type: typeId } },
    });
    expect(member.body.volume['group_id']).toBe(id);
    const memberId = String(member.body.volume['id']);
    const loose = await cinder.call<{ volume: Body }>(s, 'POST', '/volumes', {
      body: { volume: { size: 1 } },
    });
    const looseId = String(loose.body.volume['id']);
    await cinder.waitFor(s, `/volumes/${memberId}`, 'volume', 'available');
    await cinder.waitFor(s, `/volumes/${looseId}`, 'volume', 'available');
    expect((await cinder.call(s, 'DELETE', `/volumes/${memberId}`)).status).toBe(400);

    const both = await cinder.call<Body>(s, 'PUT', `/groups/${id}`, {
      version: V,
      body: { group: { add_volumes: looseId, remove_volumes: looseId } },
    });
    expect(both.body).toEqual({
      badRequest: {
        code: 400,
        message: `Invalid volume: UUIDs ['${looseId}'] are in both add and remove volume list.`,
      },
    });
    const add = await cinder.call(s, 'PUT', `/groups/${id}`, {
      version: V,
      body: { group: { add_volumes: looseId } },
    });
    expect(add.status).toBe(202);
    await cinder.waitFor(s, `/groups/${id}`, 'group', 'available', V);
    const listed = await cinder.call<{ group: Body }>(s, 'GET', `/groups/${id}?list_volume=true`, {
      version: V,
    });
    expect([...(listed.body.group['volumes'] as string[])].sort()).toEqual(
      [memberId, looseId].sort(),
    );
    await cinder.call(s, 'PUT', `/groups/${id}`, {
      version: V,
      body: { group: { remove_volumes: `${looseId},` } },
    });
    await cinder.waitFor(s, `/groups/${id}`, 'group', 'available', V);
    const nothing = await cinder.call<Body>(s, 'PUT', `/groups/${id}`, {
      version: V,
      body: { group: { name: 'with-volumes' } },
    });
    expect(nothing.status).toBe(400);

    const noFlag = await cinder.call<Body>(s, 'POST', `/groups/${id}/action`, {
      version: V,
      body: { delete: {} },
    });
    expect(noFlag.body).toEqual({
      badRequest: {
        code: 400,
        message: `Invalid Group: Group ${id} still contains volumes. The delete-volumes flag is required to delete it.`,
      },
    });
    const deleted = await cinder.call(s, 'POST', `/groups/${id}/action`, {
      version: V,
      body: { delete: { 'delete-volumes': true } },
    });
    expect(deleted.status).toBe(202);
    await cinder.waitFor(s, `/groups/${id}`, 'group', null, V);
    expect((await cinder.call(s, 'GET', `/volumes/${memberId}`)).status).toBe(404);
    expect((await cinder.call(s, 'GET', `/volumes/${looseId}`)).status).toBe(200);
  });

  it('snapshots a group: member snapshots, then deletes them together', async () => {
    const s = await demo();
    const id = await newGroup('snap-group');
    const member = await cinder.call<{ volume: Body }>(s, 'POST', '/volumes', {
      version: V,
      body: { volume: { size: 1, group_id: id, volume_type: await defaultVolumeType() } },
    });
    await cinder.waitFor(s, `/volumes/${String(member.body.volume['id'])}`, 'volume', 'available');
    const created = await cinder.call<{ group_snapshot: Body }>(s, 'POST', '/group_snapshots', {
      version: V,
      body: { group_snapshot: { group_id: id, name: 'gs-1' } },
    });
    expect(created.status).toBe(202);
    expect(Object.keys(created.body.group_snapshot)).toEqual(['id', 'name', 'group_type_id']);
    const gs = String(created.body.group_snapshot['id']);
    const shown = await cinder.waitFor(
      s,
      `/group_snapshots/${gs}`,
      'group_snapshot',
      'available',
      V,
    );
    expect(shown).toMatchObject({ group_id: id, name: 'gs-1' });
    const list = await cinder.call<{ group_snapshots: Body[] }>(s, 'GET', '/group_snapshots', {
      version: V,
    });
    expect(list.body.group_snapshots).toContainEqual({ id: gs, name: 'gs-1' });
    const snaps = await cinder.call<{ snapshots: Body[] }>(s, 'GET', '/snapshots/detail', {
      version: V,
    });
    const members = snaps.body.snapshots.filter((x) => x['group_snapshot_id'] === gs);
    expect(members).toHaveLength(1);
    const single = await cinder.call(s, 'DELETE', `/snapshots/${String(members[0]?.['id'])}`);
    expect(single.status).toBe(400);
    const blocked = await cinder.call<Body>(s, 'POST', `/groups/${id}/action`, {
      version: V,
      body: { delete: { 'delete-volumes': true } },
    });
    expect(blocked.body).toEqual({
      badRequest: { code: 400, message: 'Invalid Group: Group has existing snapshots.' },
    });
    const reset = await cinder.call(s, 'POST', `/group_snapshots/${gs}/action`, {
      version: V,
      body: { reset_status: { status: 'error' } },
    });
    expect(reset.status).toBe(403);
    expect((await cinder.call(s, 'DELETE', `/group_snapshots/${gs}`, { version: V })).status).toBe(
      202,
    );
    await cinder.waitFor(s, `/group_snapshots/${gs}`, 'group_snapshot', null, V);
    const after = await cinder.call<{ snapshots: Body[] }>(s, 'GET', '/snapshots/detail', {
      version: V,
    });
    expect(after.body.snapshots.filter((x) => x['group_snapshot_id'] === gs)).toEqual([]);
  });

  it('counts groups against the groups quota', async () => {
    const a = await admin();
    const alt = await cinder.session('demo', 'alt_demo');
    await cinder.call(a, 'PUT', `/os-quota-sets/${alt.projectId}`, {
      body: { quota_set: { groups: 0 } },
    });
    const over = await cinder.call(alt, 'POST', '/groups', {
      version: V,
      body: { group: { group_type: 'generic-group', volume_types: [await defaultVolumeType()] } },
    });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      overLimit: {
        code: 413,
        message: 'GroupLimitExceeded: Maximum number of groups allowed (0) exceeded',
        retryAfter: '0',
      },
    });
    await cinder.call(a, 'DELETE', `/os-quota-sets/${alt.projectId}`);
  });
});
