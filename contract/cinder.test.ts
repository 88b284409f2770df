import { afterAll, describe, expect, it } from 'vitest';
import { MISSING_UUID, call, waitFor } from './support/services';
import { session, uniqueName } from './support/session';
import { expectComputeFault, expectKeys, expectShape, field } from './support/shape';

/** Volumes this file created (as demo), deleted at the end. */
const created = new Set<string>();

afterAll(async () => {
  const demo = await session('demo');
  for (const id of created) await call(demo, 'volumev3', 'DELETE', `volumes/${id}`);
});

const VOLUME_KEYS = [
  'attachments',
  'availability_zone',
  'bootable',
  'consistencygroup_id',
  'created_at',
  'description',
  'encrypted',
  'id',
  'links',
  'metadata',
  'multiattach',
  'name',
  'os-vol-tenant-attr:tenant_id',
  'replication_status',
  'size',
  'snapshot_id',
  'source_volid',
  'status',
  'updated_at',
  'user_id',
  'volume_type',
];

const VOLUME_SHAPE = {
  id: 'string',
  name: 'string|null',
  status: 'string',
  size: 'integer',
  availability_zone: 'string|null',
  bootable: 'string',
  encrypted: 'boolean',
  multiattach: 'boolean',
  attachments: 'array',
  metadata: 'object',
  links: [{ href: 'string', rel: 'string' }],
  created_at: 'string',
  updated_at: 'string|null',
  user_id: 'string',
  volume_type: 'string|null',
  snapshot_id: 'string|null',
  source_volid: 'string|null',
  description: 'string|null',
} as const;

describe('cinder volumes', () => {
  it('creates a volume that becomes available, with the detail fields', async () => {
    const demo = await session('demo');
    const name = uniqueName('vol');
    const answer = await call(demo, 'volumev3', 'POST', 'volumes', {
      json: { volume: { size: 1, name } },
    });
    expect(answer.status).toBe(202);
    const id = String(field(answer.body, 'volume', 'id'));
    created.add(id);
    expectShape(field(answer.body, 'volume'), VOLUME_SHAPE);
    expect(field(answer.body, 'volume', 'status')).toBe('creating');
    expect(field(answer.body, 'volume', 'bootable')).toBe('false');

    const available = await waitFor(
      () => call(demo, 'volumev3', 'GET', `volumes/${id}`),
      (a) => field(a.body, 'volume', 'status') === 'available',
      { timeoutMs: 60_000, label: 'volume available' },
    );
    const volume = field(available.body, 'volume');
    expectShape(volume, VOLUME_SHAPE);
    expectKeys(volume, VOLUME_KEYS, 'volume keys at 3.0');
    expect(field(volume, 'name')).toBe(name);
    expect(field(volume, 'size')).toBe(1);
    expect(field(volume, 'user_id')).toBe(demo.body.user.id);

    const listed = await call(demo, 'volumev3', 'GET', 'volumes/detail');
    expect(listed.status).toBe(200);
    const ids = (field(listed.body, 'volumes') as { id: string }[]).map((v) => v.id);
    expect(ids).toContain(id);
    const short = await call(demo, 'volumev3', 'GET', 'volumes');
    expectKeys((field(short.body, 'volumes') as unknown[])[0], ['id', 'links', 'name']);
  });

  it('answers an unknown volume with itemNotFound', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'volumev3', 'GET', `volumes/${MISSING_UUID}`);
    expect(answer.status).toBe(404);
    expectComputeFault(answer.body, 'itemNotFound', 404);
    expect(field(answer.body, 'itemNotFound', 'message')).toBe(
      `Volume ${MISSING_UUID} could not be found.`,
    );
  });

  it('a reader cannot create volumes', async () => {
    const reader = await session('reader');
    const answer = await call(reader, 'volumev3', 'POST', 'volumes', {
      json: { volume: { size: 1, name: uniqueName('ro') } },
    });
    expect(answer.status).toBe(403);
    expectComputeFault(answer.body, 'forbidden', 403);
  });

  it('refuses a size over the gigabytes quota with 413', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'volumev3', 'POST', 'volumes', {
      json: { volume: { size: 100_000, name: uniqueName('huge') } },
    });
    expect(answer.status).toBe(413);
    expectComputeFault(answer.body, 'overLimit', 413);
  });
});

describe('cinder limits and types', () => {
  it('answers the absolute limits with the usual keys', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'volumev3', 'GET', 'limits');
    expect(answer.status).toBe(200);
    expectKeys(field(answer.body, 'limits'), ['absolute', 'rate']);
    expectKeys(field(answer.body, 'limits', 'absolute'), [
      'maxTotalVolumes',
      'maxTotalSnapshots',
      'maxTotalVolumeGigabytes',
      'maxTotalBackups',
      'maxTotalBackupGigabytes',
      'totalVolumesUsed',
      'totalGigabytesUsed',
      'totalSnapshotsUsed',
      'totalBackupsUsed',
      'totalBackupGigabytesUsed',
    ]);
    expect(field(answer.body, 'limits', 'rate')).toEqual([]);
  });

  it('lists volume types with their fields', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'volumev3', 'GET', 'types');
    expect(answer.status).toBe(200);
    const types = field(answer.body, 'volume_types') as unknown[];
    expect(types.length).toBeGreaterThan(0);
    expectShape(types, [
      {
        id: 'string',
        name: 'string',
        description: 'string|null',
        is_public: 'boolean',
        extra_specs: 'object',
      },
    ]);
    const defaultType = await call(demo, 'volumev3', 'GET', 'types/default');
    expect(defaultType.status).toBe(200);
    expectShape(field(defaultType.body, 'volume_type'), { id: 'string', name: 'string' });
  });
});

describe('cinder volume transfers', () => {
  it('offers a volume, refuses a wrong key and moves it to the accepting project', async () => {
    const demo = await session('demo');
    const alt = await session('demo', 'alt_demo');
    const made = await call(demo, 'volumev3', 'POST', 'volumes', {
      json: { volume: { size: 1, name: uniqueName('xfer') } },
    });
    const volumeId = String(field(made.body, 'volume', 'id'));
    let moved = false;
    try {
      await waitFor(
        () => call(demo, 'volumev3', 'GET', `volumes/${volumeId}`),
        (a) => field(a.body, 'volume', 'status') === 'available',
        { label: 'volume available' },
      );
      const offered = await call(demo, 'volumev3', 'POST', 'os-volume-transfer', {
        json: { transfer: { volume_id: volumeId, name: ' contract transfer ' } },
      });
      expect(offered.status).toBe(202);
      const transfer = field(offered.body, 'transfer');
      expectKeys(transfer, ['id', 'created_at', 'name', 'volume_id', 'auth_key', 'links']);
      expect(field(transfer, 'name')).toBe('contract transfer');
      expect(field(transfer, 'auth_key')).toMatch(/^[0-9a-f]{16}$/);
      const id = String(field(transfer, 'id'));

      const volume = await call(demo, 'volumev3', 'GET', `volumes/${volumeId}`);
      expect(field(volume.body, 'volume', 'status')).toBe('awaiting-transfer');
      const again = await call(demo, 'volumev3', 'POST', 'os-volume-transfer', {
        json: { transfer: { volume_id: volumeId } },
      });
      expect(again.status).toBe(400);
      expect(field(again.body, 'badRequest', 'message')).toBe(
        'Invalid volume: status must be available',
      );

      const listed = await call(demo, 'volumev3', 'GET', 'os-volume-transfer');
      const entry = (field(listed.body, 'transfers') as Record<string, unknown>[]).find(
        (t) => t['id'] === id,
      );
      expectKeys(entry, ['id', 'volume_id', 'name', 'links']);
      const shown = await call(demo, 'volumev3', 'GET', `volume-transfers/${id}`, {
        headers: { 'OpenStack-API-Version': 'volume 3.57' },
      });
      expectKeys(field(shown.body, 'transfer'), [
        'id',
        'created_at',
        'name',
        'volume_id',
        'links',
        'no_snapshots',
        'destination_project_id',
        'source_project_id',
        'accepted',
      ]);
      expect(field(shown.body, 'transfer', 'source_project_id')).toBe(demo.projectId);

      const reader = await session('reader');
      const denied = await call(reader, 'volumev3', 'DELETE', `os-volume-transfer/${id}`);
      expect(denied.status).toBe(403);
      expectComputeFault(denied.body, 'forbidden', 403);
      const hidden = await call(alt, 'volumev3', 'GET', `os-volume-transfer/${id}`);
      expect(hidden.status).toBe(404);
      expect(field(hidden.body, 'itemNotFound', 'message')).toBe(
        `Transfer ${id} could not be found.`,
      );
      const wrong = await call(alt, 'volumev3', 'POST', `os-volume-transfer/${id}/accept`, {
        json: { accept: { auth_key: 'not-the-key' } },
      });
      expect(wrong.status).toBe(400);
      expect(field(wrong.body, 'badRequest', 'message')).toBe(
        `Invalid auth key: Attempt to transfer ${id} with invalid auth key.`,
      );

      const accepted = await call(alt, 'volumev3', 'POST', `os-volume-transfer/${id}/accept`, {
        json: { accept: { auth_key: field(transfer, 'auth_key') } },
      });
      expect(accepted.status).toBe(202);
      moved = true;
      expectKeys(field(accepted.body, 'transfer'), ['id', 'volume_id', 'name', 'links']);
      const taken = await call(alt, 'volumev3', 'GET', `volumes/${volumeId}`);
      expect(field(taken.body, 'volume', 'status')).toBe('available');
      expect(field(taken.body, 'volume', 'user_id')).toBe(alt.body.user.id);
      expect((await call(demo, 'volumev3', 'GET', `volumes/${volumeId}`)).status).toBe(404);
      expect((await call(alt, 'volumev3', 'GET', `os-volume-transfer/${id}`)).status).toBe(404);
    } finally {
      const owner = moved ? alt : demo;
      const pending = await call(demo, 'volumev3', 'GET', 'os-volume-transfer');
      for (const t of (field(pending.body, 'transfers') as Record<string, unknown>[]) ?? []) {
        if (t['volume_id'] === volumeId) {
          await call(demo, 'volumev3', 'DELETE', `os-volume-transfer/${String(t['id'])}`);
        }
      }
      await call(owner, 'volumev3', 'DELETE', `volumes/${volumeId}`);
    }
  });
});

describe('cinder generic volume groups', () => {
  const V = { 'OpenStack-API-Version': 'volume 3.70' };

  it('manages group types (admin), groups and group snapshots with cinder’s shapes', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const typeName = uniqueName('gt');
    const madeType = await call(admin, 'volumev3', 'POST', 'group_types', {
      headers: V,
      json: { group_type: { name: typeName, group_specs: { contract: 'yes' } } },
    });
    expect(madeType.status).toBe(202);
    expectKeys(field(madeType.body, 'group_type'), [
      'id',
      'name',
      'description',
      'is_public',
      'group_specs',
    ]);
    const typeId = String(field(madeType.body, 'group_type', 'id'));
    let groupId: string | undefined;
    try {
      const early = await call(demo, 'volumev3', 'GET', 'group_types');
      expect(early.status).toBe(404);
      const seen = await call(demo, 'volumev3', 'GET', `group_types/${typeId}`, { headers: V });
      expectKeys(field(seen.body, 'group_type'), ['id', 'name', 'description', 'is_public']);
      const denied = await call(demo, 'volumev3', 'POST', 'group_types', {
        headers: V,
        json: { group_type: { name: uniqueName('nope') } },
      });
      expect(denied.status).toBe(403);
      const noDefault = await call(demo, 'volumev3', 'GET', 'group_types/default', { headers: V });
      expect(noDefault.status).toBe(404);
      expect(field(noDefault.body, 'itemNotFound', 'message')).toBe(
        'Default group type can not be found.',
      );

      const volumeType = await call(demo, 'volumev3', 'GET', 'types/default');
      const volumeTypeId = String(field(volumeType.body, 'volume_type', 'id'));
      const made = await call(demo, 'volumev3', 'POST', 'groups', {
        headers: V,
        json: {
          group: { name: uniqueName('grp'), group_type: typeName, volume_types: [volumeTypeId] },
        },
      });
      expect(made.status).toBe(202);
      expectKeys(field(made.body, 'group'), ['id', 'name']);
      groupId = String(field(made.body, 'group', 'id'));
      const group = await waitFor(
        () => call(demo, 'volumev3', 'GET', `groups/${groupId}`, { headers: V }),
        (a) => field(a.body, 'group', 'status') === 'available',
        { label: 'group available' },
      );
      expectKeys(field(group.body, 'group'), [
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
      expect(field(group.body, 'group', 'group_type')).toBe(typeId);
      const badFilter = await call(demo, 'volumev3', 'GET', 'groups?status=available', {
        headers: V,
      });
      expect(field(badFilter.body, 'badRequest', 'message')).toBe(
        'Invalid filters status are found in query options.',
      );
      const untyped = await call(demo, 'volumev3', 'POST', 'volumes', {
        headers: V,
        json: { volume: { size: 1, group_id: groupId } },
      });
      expect(field(untyped.body, 'badRequest', 'message')).toBe(
        'Invalid input received: volume_type must be provided when creating a volume in a group.',
      );

      const empty = await call(demo, 'volumev3', 'POST', 'group_snapshots', {
        headers: V,
        json: { group_snapshot: { group_id: groupId } },
      });
      expect(field(empty.body, 'badRequest', 'message')).toBe(
        "Invalid Group: Source group cannot be empty or in 'creating' or 'updating' state. No group snapshot will be created.",
      );
      const member = await call(demo, 'volumev3', 'POST', 'volumes', {
        headers: V,
        json: {
          volume: { size: 1, name: uniqueName('gv'), group_id: groupId, volume_type: volumeTypeId },
        },
      });
      expect(field(member.body, 'volume', 'group_id')).toBe(groupId);
      const memberId = String(field(member.body, 'volume', 'id'));
      await waitFor(
        () => call(demo, 'volumev3', 'GET', `volumes/${memberId}`),
        (a) => field(a.body, 'volume', 'status') === 'available',
        { label: 'group member available' },
      );
      const snap = await call(demo, 'volumev3', 'POST', 'group_snapshots', {
        headers: V,
        json: { group_snapshot: { group_id: groupId, name: uniqueName('gs') } },
      });
      expect(snap.status).toBe(202);
      expectKeys(field(snap.body, 'group_snapshot'), ['id', 'name', 'group_type_id']);
      const snapId = String(field(snap.body, 'group_snapshot', 'id'));
      const ready = await waitFor(
        () => call(demo, 'volumev3', 'GET', `group_snapshots/${snapId}`, { headers: V }),
        (a) => field(a.body, 'group_snapshot', 'status') === 'available',
        { label: 'group snapshot available' },
      );
      expectKeys(field(ready.body, 'group_snapshot'), [
        'id',
        'group_id',
        'group_type_id',
        'status',
        'created_at',
        'name',
        'description',
      ]);
      const blocked = await call(demo, 'volumev3', 'POST', `groups/${groupId}/action`, {
        headers: V,
        json: { delete: { 'delete-volumes': true } },
      });
      expect(field(blocked.body, 'badRequest', 'message')).toBe(
        'Invalid Group: Group has existing snapshots.',
      );
      expect(
        (await call(demo, 'volumev3', 'DELETE', `group_snapshots/${snapId}`, { headers: V }))
          .status,
      ).toBe(202);
      await waitFor(
        () => call(demo, 'volumev3', 'GET', `group_snapshots/${snapId}`, { headers: V }),
        (a) => a.status === 404,
        { label: 'group snapshot gone' },
      );
      const inUse = await call(admin, 'volumev3', 'DELETE', `group_types/${typeId}`, {
        headers: V,
      });
      expect(inUse.status).toBe(400);
    } finally {
      if (groupId !== undefined) {
        await call(demo, 'volumev3', 'POST', `groups/${groupId}/action`, {
          headers: V,
          json: { delete: { 'delete-volumes': true } },
        });
        await waitFor(
          () => call(demo, 'volumev3', 'GET', `groups/${groupId}`, { headers: V }),
          (a) => a.status === 404,
          { label: 'group gone' },
        );
      }
      // The group's row lingers briefly after it stops showing (cinder-volume finishes it).
      await waitFor(
        () => call(admin, 'volumev3', 'DELETE', `group_types/${typeId}`, { headers: V }),
        (a) => a.status === 202 || a.status === 404,
        { label: 'group type deleted' },
      );
    }
  });
});
