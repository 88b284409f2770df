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
