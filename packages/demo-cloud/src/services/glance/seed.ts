import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { uuid } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import { projects, users } from '../keystone/model';
import { seedMetadefs } from './metadefs';
import { images, memberKey, members } from './model';
import type { ImageDoc, ImageStatus, MemberStatus, Visibility } from './model';
import {
  HASH_ALGO,
  STORE_ID,
  imageFile,
  imagesDir,
  inspectVirtualSize,
  qcow2Payload,
  writeBuffer,
} from './storage';

const SEEDED_KEY = 'glance:seeded';
const METADEFS_KEY = 'glance:metadefs-seeded';

interface ImageSeed {
  readonly name: string;
  readonly owner: 'admin' | 'demo' | 'alt_demo';
  readonly visibility: Visibility;
  readonly status: ImageStatus;
  readonly disk_format: string;
  readonly container_format: string;
  /** Bytes of data, or undefined for an image without data. */
  readonly bytes?: number;
  /** For qcow2 data: the virtual size the header announces. */
  readonly virtualSize?: number;
  readonly min_disk?: number;
  readonly min_ram?: number;
  readonly protected?: boolean;
  readonly os_hidden?: boolean;
  readonly tags?: string[];
  readonly properties?: Record<string, string>;
  /** Image properties naming other seeded images (kernel_id, base_image_ref ...). */
  readonly refs?: Record<string, string>;
  /** Properties naming the seeded demo user's id. */
  readonly userRefs?: string[];
  /** Projects the image is shared with, and the member status. */
  readonly sharedWith?: ReadonlyArray<readonly ['admin' | 'demo' | 'alt_demo', MemberStatus]>;
  /** devstack uploads with the openstack CLI, which records what it uploaded. */
  readonly openstackClient?: boolean;
}

/**
 * The demo images, oldest first. Every image with data has a real (small) file, so downloads,
 * checksums and Range requests work.
 */
export const SEED_IMAGES: readonly ImageSeed[] = [
  {
    name: 'cirros-0.6.2-x86_64-kernel',
    owner: 'admin',
    visibility: 'public',
    status: 'active',
    disk_format: 'aki',
    container_format: 'aki',
    bytes: 8192,
    openstackClient: true,
  },
  {
    name: 'cirros-0.6.2-x86_64-ramdisk',
    owner: 'admin',
    visibility: 'public',
    status: 'active',
    disk_format: 'ari',
    container_format: 'ari',
    bytes: 8192,
    openstackClient: true,
  },
  {
    name: 'cirros-0.6.2-x86_64-uec',
    owner: 'admin',
    visibility: 'public',
    status: 'active',
    disk_format: 'ami',
    container_format: 'ami',
    bytes: 16384,
    refs: { kernel_id: 'cirros-0.6.2-x86_64-kernel', ramdisk_id: 'cirros-0.6.2-x86_64-ramdisk' },
    openstackClient: true,
  },
  {
    name: 'cirros-0.6.2-x86_64-disk',
    owner: 'admin',
    visibility: 'public',
    status: 'active',
    disk_format: 'qcow2',
    container_format: 'bare',
    bytes: 16384,
    virtualSize: 117440512,
    min_disk: 1,
    openstackClient: true,
  },
  {
    name: 'ubuntu-22.04-server-cloudimg-amd64',
    owner: 'admin',
    visibility: 'public',
    status: 'active',
    disk_format: 'qcow2',
    container_format: 'bare',
    bytes: 32768,
    virtualSize: 2361393152,
    min_disk: 3,
    min_ram: 512,
    tags: ['lts', 'ubuntu'],
    properties: {
      os_distro: 'ubuntu',
      os_version: '22.04',
      architecture: 'x86_64',
      hw_disk_bus: 'virtio',
      hw_qemu_guest_agent: 'yes',
      description: 'Ubuntu Server 22.04 LTS (Jammy Jellyfish) cloud image',
    },
    openstackClient: true,
  },
  {
    name: 'centos-7-x86_64-eol',
    owner: 'admin',
    visibility: 'public',
    status: 'deactivated',
    disk_format: 'qcow2',
    container_format: 'bare',
    bytes: 16384,
    virtualSize: 8589934592,
    min_disk: 8,
    properties: {
      os_distro: 'centos',
      os_version: '7',
      description: 'End of life: deactivated, kept for existing instances.',
    },
  },
  {
    name: 'rescue-tools',
    owner: 'admin',
    visibility: 'public',
    status: 'active',
    os_hidden: true,
    disk_format: 'raw',
    container_format: 'bare',
    bytes: 8192,
    properties: { description: 'Hidden from default image lists (os_hidden).' },
  },
  {
    name: 'admin-maintenance-tools',
    owner: 'admin',
    visibility: 'private',
    status: 'active',
    disk_format: 'raw',
    container_format: 'bare',
    bytes: 8192,
  },
  {
    name: 'debian-12-golden',
    owner: 'demo',
    visibility: 'private',
    status: 'active',
    protected: true,
    disk_format: 'qcow2',
    container_format: 'bare',
    bytes: 16384,
    virtualSize: 2147483648,
    min_disk: 2,
    tags: ['golden'],
    properties: { os_distro: 'debian', os_version: '12', architecture: 'x86_64' },
  },
  {
    name: 'demo-app-image',
    owner: 'demo',
    visibility: 'private',
    status: 'active',
    disk_format: 'qcow2',
    container_format: 'bare',
    bytes: 24576,
    virtualSize: 1073741824,
    min_disk: 1,
    min_ram: 256,
    properties: { hw_vif_model: 'virtio', sw_webserver_nginx_version: '1.22' },
  },
  {
    name: 'demo-web-snapshot',
    owner: 'demo',
    visibility: 'private',
    status: 'active',
    disk_format: 'qcow2',
    container_format: 'bare',
    bytes: 20480,
    virtualSize: 1073741824,
    min_disk: 1,
    properties: {
      image_type: 'snapshot',
      image_location: 'snapshot',
      image_state: 'available',
      owner_project_name: 'demo',
      owner_user_name: 'demo',
      boot_roles: 'member,reader',
      hw_machine_type: 'pc',
    },
    refs: { base_image_ref: 'cirros-0.6.2-x86_64-disk' },
    userRefs: ['user_id'],
  },
  {
    name: 'demo-upload-pending',
    owner: 'demo',
    visibility: 'shared',
    status: 'queued',
    disk_format: 'qcow2',
    container_format: 'bare',
  },
  {
    name: 'alt-shared-toolbox',
    owner: 'alt_demo',
    visibility: 'shared',
    status: 'active',
    disk_format: 'qcow2',
    container_format: 'bare',
    bytes: 16384,
    virtualSize: 1073741824,
    sharedWith: [['demo', 'accepted']],
    properties: { description: 'Shared by alt_demo with demo (accepted).' },
  },
  {
    name: 'alt-shared-offer',
    owner: 'alt_demo',
    visibility: 'shared',
    status: 'active',
    disk_format: 'raw',
    container_format: 'bare',
    bytes: 8192,
    sharedWith: [['demo', 'pending']],
    properties: { description: 'Shared by alt_demo with demo, not yet accepted.' },
  },
  {
    name: 'alt-community-alpine',
    owner: 'alt_demo',
    visibility: 'community',
    status: 'active',
    disk_format: 'qcow2',
    container_format: 'bare',
    bytes: 12288,
    virtualSize: 536870912,
    properties: { os_distro: 'alpine', os_version: '3.18' },
  },
  {
    name: 'alt-private-image',
    owner: 'alt_demo',
    visibility: 'private',
    status: 'active',
    disk_format: 'qcow2',
    container_format: 'bare',
    bytes: 12288,
    virtualSize: 1073741824,
  },
];

/** The seeded image's bytes: qcow2 images get a real qcow2 header, others filler. */
const seedData = (seed: ImageSeed): Buffer | undefined => {
  if (seed.bytes === undefined) return undefined;
  const data = qcow2Payload(seed.virtualSize ?? seed.bytes, seed.bytes, seed.name);
  if (seed.disk_format !== 'qcow2') data.fill(0, 0, 512);
  return data;
};

export const seedGlance = (ctx: CloudContext): void => {
  const { store } = ctx;
  if (!store.getMeta(METADEFS_KEY)) {
    seedMetadefs(ctx);
    store.setMeta(METADEFS_KEY, ctx.now().toISOString());
  }
  if (store.getMeta(SEEDED_KEY)) return;
  // A fresh store: files left by an earlier store in the same directory belong to nobody.
  rmSync(imagesDir(ctx), { recursive: true, force: true });

  const projectId = (name: string): string =>
    store.collection(projects).findOne('name', name)?.id ?? name;
  const demoUser = store.collection(users).findOne('name', 'demo')?.id ?? '';
  const ids = new Map(SEED_IMAGES.map((seed) => [seed.name, uuid()]));
  const start = ctx.now().getTime() - SEED_IMAGES.length * 3_600_000;

  for (const [index, seed] of SEED_IMAGES.entries()) {
    const id = ids.get(seed.name) ?? uuid();
    const at = new Date(start + index * 3_600_000).toISOString();
    const data = seedData(seed);
    const written = data ? writeBuffer(imageFile(ctx, id), data) : undefined;
    const properties: Record<string, string> = { ...seed.properties };
    for (const [key, name] of Object.entries(seed.refs ?? {}))
      properties[key] = ids.get(name) ?? '';
    for (const key of seed.userRefs ?? []) properties[key] = demoUser;
    if (seed.name === 'demo-web-snapshot') properties['instance_uuid'] = uuid();
    if (seed.openstackClient && data) {
      properties['owner_specified.openstack.md5'] = written?.checksum ?? '';
      properties['owner_specified.openstack.sha256'] = createHash('sha256')
        .update(data)
        .digest('hex');
      properties['owner_specified.openstack.object'] = `images/${seed.name}`;
    }
    const image: ImageDoc = {
      id,
      name: seed.name,
      status: seed.status,
      visibility: seed.visibility,
      protected: seed.protected ?? false,
      os_hidden: seed.os_hidden ?? false,
      owner: projectId(seed.owner),
      disk_format: seed.disk_format,
      container_format: seed.container_format,
      min_disk: seed.min_disk ?? 0,
      min_ram: seed.min_ram ?? 0,
      size: written?.size ?? null,
      virtual_size: written
        ? inspectVirtualSize(seed.disk_format, written.head, written.size)
        : null,
      checksum: written?.checksum ?? null,
      os_hash_algo: written ? HASH_ALGO : null,
      os_hash_value: written?.hash ?? null,
      properties,
      tags: seed.tags ?? [],
      location: written ? { store: STORE_ID, size: written.size } : null,
      staged: null,
      created_at: at,
      updated_at: at,
      deleted: false,
      deleted_at: null,
    };
    store.collection(images).insert(image);
    for (const [project, status] of seed.sharedWith ?? []) {
      const memberId = projectId(project);
      store.collection(members).insert({
        id: memberKey(id, memberId),
        image_id: id,
        member_id: memberId,
        status,
        created_at: at,
        updated_at: at,
      });
    }
  }
  store.setMeta(SEEDED_KEY, ctx.now().toISOString());
};

/** The benchmark scale seed: `count` more images (no data) across the demo projects. */
export const scaleImages = (ctx: CloudContext, count: number): void => {
  const { store } = ctx;
  const owners = ['demo', 'alt_demo', 'admin'].map(
    (name) => store.collection(projects).findOne('name', name)?.id ?? name,
  );
  const visibilities: Visibility[] = ['private', 'public', 'shared', 'private'];
  const formats = ['qcow2', 'raw', 'iso', 'vmdk'];
  // Numbered after the scale images made before (core/knobs.ts remembers how many in the
  // store's meta until the seeder returns), not after every image: scale-image-000001 … N stay
  // the same names however many images users made, so a benchmark can look for a known one.
  const base = Number(store.getMeta('scale:images') ?? '0');
  const col = store.collection(images);
  // Each one a second older than the next, the newest a second ago: a stable order by date.
  const start = ctx.now().getTime() - count * 1000;
  for (let i = 0; i < count; i++) {
    const n = base + i + 1;
    const at = new Date(start + i * 1000).toISOString();
    const size = (((n * 7919) % 4096) + 1) * 1024 * 1024;
    col.insert({
      id: uuid(),
      name: `scale-image-${String(n).padStart(6, '0')}`,
      status: 'active',
      visibility: visibilities[n % visibilities.length] ?? 'private',
      protected: false,
      os_hidden: false,
      owner: owners[n % owners.length] ?? null,
      disk_format: formats[n % formats.length] ?? 'raw',
      container_format: 'bare',
      min_disk: 0,
      min_ram: 0,
      size,
      virtual_size: null,
      checksum: null,
      os_hash_algo: null,
      os_hash_value: null,
      properties: {},
      tags: n % 10 === 0 ? ['scale'] : [],
      location: null,
      staged: null,
      created_at: at,
      updated_at: at,
      deleted: false,
      deleted_at: null,
    });
  }
};
