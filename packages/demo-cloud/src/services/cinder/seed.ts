import { uuid } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import { projects, users } from '../keystone/model';
import { glanceInternal, volumeImageMetadata } from './images';
import { DEFAULT_CGSNAPSHOT_TYPE } from './groupTypes';
import {
  BACKEND_NAME,
  backups,
  groupTypes,
  qosSpecs,
  snapshots,
  volumeTypes,
  volumes,
} from './model';
import type { GroupTypeDoc, VolumeDoc, VolumeTypeDoc } from './model';
import { DEFAULT_TYPE_NAME } from './types';
import { createVolumeRecord } from './volumeOps';

const SEEDED_KEY = 'cinder:seeded';
const GROUPS_SEEDED_KEY = 'cinder:groups-seeded';

/** The image devstack uploads and the demo's bootable volume is made from. */
export const CIRROS_IMAGE = 'cirros-0.6.2-x86_64-disk';

interface TypeSeed {
  readonly name: string;
  readonly description: string | null;
  readonly extra_specs: Record<string, string>;
  /** Private to these projects (by name). */
  readonly privateTo?: readonly string[];
}

/** devstack's types (its __DEFAULT__ and lvmdriver-1), a described one and a private one, oldest first. */
export const SEED_TYPES: readonly TypeSeed[] = [
  { name: '__DEFAULT__', description: 'Default Volume Type', extra_specs: {} },
  {
    name: DEFAULT_TYPE_NAME,
    description: null,
    extra_specs: { volume_backend_name: BACKEND_NAME },
  },
  {
    name: 'ssd',
    description: 'Fast SSD-backed volumes with guaranteed IOPS',
    extra_specs: { volume_backend_name: BACKEND_NAME, 'RESKEY:availability_zones': 'nova' },
  },
  {
    name: 'gold-private',
    description: 'Replicated storage reserved for the admin project',
    extra_specs: { volume_backend_name: BACKEND_NAME, replication_enabled: '<is> True' },
    privateTo: ['admin'],
  },
];

/**
 * The group type cinder makes for migrated consistency groups, and one a project can make
 * groups of; kept under their own key, so stores seeded before groups existed get them too.
 */
const seedGroupTypes = (ctx: CloudContext): void => {
  const { store } = ctx;
  if (store.getMeta(GROUPS_SEEDED_KEY)) return;
  const seeds: Array<Pick<GroupTypeDoc, 'name' | 'description' | 'group_specs'>> = [
    {
      name: DEFAULT_CGSNAPSHOT_TYPE,
      description: 'Default group type for migrating cgsnapshot',
      group_specs: { consistent_group_snapshot_enabled: '<is> True' },
    },
    { name: 'generic-group', description: 'Volumes managed together', group_specs: {} },
  ];
  for (const seed of seeds) {
    if (store.collection(groupTypes).findOne('name', seed.name)) continue;
    store.collection(groupTypes).insert({
      id: uuid(),
      ...seed,
      is_public: true,
      created_at: ctx.now().toISOString(),
      updated_at: null,
    });
  }
  store.setMeta(GROUPS_SEEDED_KEY, ctx.now().toISOString());
};

export const seedCinder = (ctx: CloudContext): void => {
  const { store } = ctx;
  seedGroupTypes(ctx);
  if (store.getMeta(SEEDED_KEY)) return;
  const projectId = (name: string): string =>
    store.collection(projects).findOne('name', name)?.id ?? '';
  const userId = (name: string): string => store.collection(users).findOne('name', name)?.id ?? '';
  const base = ctx.now().getTime();
  // Seeded rows get distinct creation times, so cinder's newest-first lists have a stable order.
  const at = (minutesAgo: number): string => new Date(base - minutesAgo * 60_000).toISOString();

  const typeIds = new Map<string, string>();
  SEED_TYPES.forEach((spec, index) => {
    const doc: VolumeTypeDoc = {
      id: uuid(),
      name: spec.name,
      description: spec.description,
      is_public: spec.privateTo === undefined,
      extra_specs: { ...spec.extra_specs },
      projects: (spec.privateTo ?? []).map(projectId),
      qos_specs_id: null,
      created_at: at(600 - index * 10),
      updated_at: null,
    };
    store.collection(volumeTypes).insert(doc);
    typeIds.set(spec.name, doc.id);
  });
  const typeId = (name: string): string => typeIds.get(name) ?? '';

  const highIops = store.collection(qosSpecs).insert({
    id: uuid(),
    name: 'high-iops',
    consumer: 'front-end',
    specs: { read_iops_sec: '2000', write_iops_sec: '1000' },
    created_at: at(500),
    updated_at: null,
  });
  store.collection(volumeTypes).update(typeId('ssd'), (t) => ({ ...t, qos_specs_id: highIops.id }));

  const demo = projectId('demo');
  const demoUser = userId('demo');
  interface VolumeSeed {
    readonly name: string;
    readonly size: number;
    readonly type: string;
    readonly project: string;
    readonly description?: string;
    readonly metadata?: Record<string, string>;
    readonly status?: string;
    /** Stored fields set after creation (host, bootable ...). */
    readonly extra?: Partial<VolumeDoc>;
  }
  const seedVolume = (spec: VolumeSeed, minutesAgo: number): VolumeDoc => {
    const created = createVolumeRecord(ctx, {
      projectId: spec.project,
      userId: demoUser,
      size: spec.size,
      name: spec.name,
      description: spec.description ?? null,
      volumeTypeId: typeId(spec.type),
      multiattach: false,
      metadata: spec.metadata ?? {},
      status: spec.status ?? 'available',
      createdAt: at(minutesAgo),
    });
    if (!spec.extra) return created;
    return (
      store.collection(volumes).update(created.id, (v) => ({ ...v, ...spec.extra })) ?? created
    );
  };

  const dataVol = seedVolume(
    {
      name: 'data-vol',
      size: 10,
      type: DEFAULT_TYPE_NAME,
      project: demo,
      description: 'Application data',
      metadata: { purpose: 'database', tier: 'gold' },
    },
    300,
  );
  seedVolume(
    {
      name: 'fast-scratch',
      size: 5,
      type: 'ssd',
      project: demo,
      description: 'Scratch space on SSD',
    },
    200,
  );
  // Scheduling failed: no host, so cinder deletes it at once when asked.
  seedVolume(
    {
      name: 'broken-vol',
      size: 2,
      type: DEFAULT_TYPE_NAME,
      project: demo,
      status: 'error',
      extra: { host: null, service_uuid: null },
    },
    150,
  );
  seedVolume(
    {
      name: 'alt-vol',
      size: 4,
      type: DEFAULT_TYPE_NAME,
      project: projectId('alt_demo'),
      description: 'Volume of the second project',
    },
    250,
  );

  // Volumes made from Glance's cirros image (Glance seeds first); boot-vol is Nova's db-1 boot disk.
  const glance = glanceInternal();
  const ref = glance?.findImageByName?.(ctx, CIRROS_IMAGE) ?? null;
  const image = ref && glance ? glance.findImageForBoot(ctx, ref.id, demo) : null;
  for (const [name, minutesAgo, description] of [
    ['boot-vol', 240, 'Root disk of db-1'],
    ['cirros-vol', 180, 'Bootable cirros volume'],
  ] as const) {
    const volume = seedVolume(
      {
        name,
        size: 1,
        type: DEFAULT_TYPE_NAME,
        project: demo,
        description,
        extra: { bootable: true },
      },
      minutesAgo,
    );
    if (image) {
      store
        .collection(volumes)
        .update(volume.id, (v) => ({ ...v, image_metadata: volumeImageMetadata(image) }));
    }
  }

  const snapshotTime = at(120);
  store.collection(snapshots).insert({
    id: uuid(),
    project_id: demo,
    user_id: demoUser,
    volume_id: dataVol.id,
    name: 'data-vol-snap',
    description: 'Before the schema migration',
    status: 'available',
    progress: '100%',
    volume_size: dataVol.size,
    volume_type_id: dataVol.volume_type_id,
    metadata: { reason: 'pre-upgrade' },
    group_snapshot_id: null,
    use_quota: true,
    created_at: snapshotTime,
    updated_at: snapshotTime,
  });
  const backupTime = at(90);
  store.collection(backups).insert({
    id: uuid(),
    project_id: demo,
    user_id: demoUser,
    volume_id: dataVol.id,
    snapshot_id: null,
    name: 'data-vol-backup',
    description: 'Nightly backup',
    status: 'available',
    size: dataVol.size,
    object_count: Math.ceil((dataVol.size * 1024) / 50) + 1,
    availability_zone: 'nova',
    container: 'volumebackups',
    fail_reason: null,
    is_incremental: false,
    parent_id: null,
    data_timestamp: backupTime,
    metadata: {},
    host: 'demo-controller',
    restore_volume_id: null,
    created_at: backupTime,
    updated_at: backupTime,
  });
  store.setMeta(SEEDED_KEY, ctx.now().toISOString());
};

/**
 * The benchmark scale seed: `count` more available volumes spread over the demo projects and
 * the public types (existing usage may then exceed the quota, which cinder allows).
 */
export const scaleVolumes = (ctx: CloudContext, count: number): void => {
  const { store } = ctx;
  const owners = ['demo', 'alt_demo', 'admin'].map(
    (name) => store.collection(projects).findOne('name', name)?.id ?? name,
  );
  const userIds = ['demo', 'demo', 'admin'].map(
    (name) => store.collection(users).findOne('name', name)?.id ?? '',
  );
  const publicTypes = store
    .collection(volumeTypes)
    .all()
    .filter((t) => t.is_public && t.name !== '__DEFAULT__');
  const base = store.collection(volumes).count();
  const start = ctx.now().getTime() - count * 1000;
  for (let i = 0; i < count; i++) {
    const n = base + i + 1;
    const owner = n % owners.length;
    createVolumeRecord(ctx, {
      projectId: owners[owner] ?? '',
      userId: userIds[owner] ?? '',
      size: ((n * 7919) % 100) + 1,
      name: `scale-volume-${String(n).padStart(6, '0')}`,
      description: null,
      volumeTypeId: publicTypes[n % Math.max(publicTypes.length, 1)]?.id ?? '',
      multiattach: false,
      metadata: n % 10 === 0 ? { scale: 'true' } : {},
      status: 'available',
      createdAt: new Date(start + i * 1000).toISOString(),
    });
  }
};
