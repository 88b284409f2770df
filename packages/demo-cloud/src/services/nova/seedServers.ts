import { uuid } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import { projects, users } from '../keystone/model';
import { deps } from './deps';
import {
  addServerGroupMember,
  aggregates,
  flavors,
  instanceActions,
  keypairKey,
  keypairs,
  quotas,
  serverGroups,
  servers,
} from './model';
import type { BlockDevice, ServerDoc } from './model';
import { NO_VALID_HOST, networkInfoOf } from './serverLifecycle';
import { newServerDoc, serverFlavorOf } from './servers';
import { POWER, VM } from './serverState';
import { encryptPassword, generatePassword } from './sshKeys';

const SEEDED_KEY = 'nova:servers-seeded';

/** Used as the servers' image when Glance (or its cirros image) is not there to ask. */
export const FALLBACK_IMAGE_ID = 'a1b2c3d4-0000-4c1e-8000-c1a2050f0001';
const CIRROS_NAMES = [
  'cirros-0.6.2-x86_64-disk',
  'cirros-0.6.3-x86_64-disk',
  'cirros-0.5.2-x86_64-disk',
  'cirros',
];

/** What the seed could not do because a service was missing; kept in the store's meta. */
export const SEED_NOTES_KEY = 'nova:servers-seed-notes';

const HOUR = 3_600_000;

interface SeedServer {
  readonly name: string;
  readonly project: string;
  readonly user: string;
  readonly flavor: string;
  readonly host: string | null;
  readonly vm: string;
  readonly power: number;
  readonly ageHours: number;
  readonly key?: string;
  readonly group?: string;
  readonly network?: string;
  readonly floating?: boolean;
  readonly metadata?: Record<string, string>;
  readonly tags?: string[];
  readonly description?: string;
  readonly bootVolume?: string;
  readonly dataVolume?: string;
  readonly fault?: boolean;
  readonly after?: string;
}

const SEED: readonly SeedServer[] = [
  {
    name: 'web-1',
    project: 'demo',
    user: 'demo',
    flavor: '1',
    host: 'demo-compute-1',
    vm: VM.ACTIVE,
    power: POWER.RUNNING,
    ageHours: 72,
    key: 'demo-key',
    group: 'web-ha',
    network: 'private',
    floating: true,
    metadata: { role: 'web', tier: 'frontend' },
    tags: ['web', 'production'],
    description: 'Front web server',
  },
  {
    name: 'web-2',
    project: 'demo',
    user: 'demo',
    flavor: '1',
    host: 'demo-compute-1',
    vm: VM.STOPPED,
    power: POWER.SHUTDOWN,
    ageHours: 70,
    key: 'demo-key',
    group: 'web-ha',
    network: 'private',
    metadata: { role: 'web' },
    tags: ['web'],
    after: 'stop',
  },
  {
    name: 'db-1',
    project: 'demo',
    user: 'demo',
    flavor: '2',
    host: 'demo-compute-2',
    vm: VM.ACTIVE,
    power: POWER.RUNNING,
    ageHours: 48,
    key: 'demo-key',
    group: 'db-spread',
    network: 'private',
    metadata: { role: 'database' },
    bootVolume: 'boot-vol',
    dataVolume: 'data-vol',
    description: 'Database, booted from a volume',
  },
  {
    name: 'broken',
    project: 'demo',
    user: 'demo',
    flavor: '1',
    host: null,
    vm: VM.ERROR,
    power: POWER.NOSTATE,
    ageHours: 24,
    fault: true,
  },
  {
    name: 'paused-1',
    project: 'demo',
    user: 'demo',
    flavor: '1',
    host: 'demo-compute-3',
    vm: VM.PAUSED,
    power: POWER.PAUSED,
    ageHours: 12,
    network: 'private',
    after: 'pause',
  },
  {
    name: 'alt-server',
    project: 'alt_demo',
    user: 'demo',
    flavor: '1',
    host: 'demo-compute-2',
    vm: VM.ACTIVE,
    power: POWER.RUNNING,
    ageHours: 30,
  },
  {
    name: 'admin-vm',
    project: 'admin',
    user: 'admin',
    flavor: '2',
    host: 'demo-compute-3',
    vm: VM.ACTIVE,
    power: POWER.RUNNING,
    ageHours: 96,
    metadata: { owner: 'operations' },
  },
];

const tolerate = <T>(fn: () => T): T | undefined => {
  try {
    return fn();
  } catch {
    return undefined;
  }
};

/**
 * Demo servers in several states (runs after every service's seed, so the cirros image, the
 * `private` network and the volumes seeded by Glance, Neutron and Cinder exist); servers get
 * what the present services offer and the rest is noted under SEED_NOTES_KEY.
 */
export const seedNovaServers = (ctx: CloudContext): void => {
  const { store } = ctx;
  if (store.getMeta(SEEDED_KEY)) return;
  const { glance, neutron, cinder } = deps(ctx);
  const notes: string[] = [];
  const projectId = (name: string): string =>
    store.collection(projects).findOne('name', name)?.id ?? '';
  const userId = (name: string): string => store.collection(users).findOne('name', name)?.id ?? '';
  const now = ctx.now().getTime();

  let imageId = FALLBACK_IMAGE_ID;
  if (glance?.findImageByName) {
    const found = CIRROS_NAMES.map((n) => tolerate(() => glance.findImageByName?.(ctx, n))).find(
      (i) => i,
    );
    if (found) imageId = found.id;
    else notes.push('glance: no cirros image found; servers use a fixed image id');
  } else {
    notes.push(
      glance
        ? 'glance: internal.ts has no findImageByName; servers use a fixed image id'
        : 'glance: absent; servers use a fixed image id',
    );
  }
  if (!neutron) notes.push('neutron: absent; servers have no ports or addresses');
  if (!cinder) notes.push('cinder: absent; db-1 boots from a local disk without a data volume');

  for (const spec of SEED) {
    const project = projectId(spec.project);
    const user = userId(spec.user);
    const flavor = store.collection(flavors).get(spec.flavor);
    if (!project || !user || !flavor) continue;
    const created = new Date(now - spec.ageHours * HOUR);
    const launched = spec.vm === VM.ERROR ? null : new Date(created.getTime() + 40_000);
    const lastChange = new Date(now - Math.min(spec.ageHours, 2) * HOUR);
    const keypair = spec.key
      ? store.collection(keypairs).get(keypairKey(user, spec.key))
      : undefined;
    const group = spec.group
      ? store
          .collection(serverGroups)
          .where('project_id', project)
          .find((g) => g.name === spec.group)
      : undefined;
    const id = uuid();
    const volumeBacked = Boolean(spec.bootVolume && cinder);
    const server: ServerDoc = newServerDoc(ctx, {
      id,
      name: spec.name,
      project_id: project,
      user_id: user,
      flavor: serverFlavorOf(flavor),
      image_id: volumeBacked ? '' : imageId,
      created_at: created.toISOString(),
      updated_at: lastChange.toISOString(),
      launched_at: launched?.toISOString() ?? null,
      booted_at: launched?.toISOString() ?? null,
      vm_state: spec.vm,
      task_state: null,
      power_state: spec.power,
      host: spec.host,
      availability_zone: spec.host ? 'nova' : null,
      key_name: keypair ? keypair.name : null,
      key_data: keypair ? keypair.public_key : null,
      metadata: spec.metadata ?? {},
      tags: spec.tags ?? [],
      description: spec.description ?? null,
      server_group_id: group?.id ?? null,
      password: keypair ? (encryptPassword(keypair.public_key, generatePassword()) ?? '') : '',
      fault: spec.fault
        ? {
            code: 500,
            message: NO_VALID_HOST,
            details: `Traceback (most recent call last):\n  File "/usr/lib/python3/dist-packages/nova/conductor/manager.py", in the demo cloud's scheduler\nnova.exception.NoValidHost: ${NO_VALID_HOST}\n`,
            created: new Date(created.getTime() + 2_000).toISOString(),
          }
        : null,
      security_groups: spec.fault ? [] : ['default'],
    });
    store.collection(servers).insert(server);
    if (group) addServerGroupMember(store, group.id, id);

    if (neutron && spec.host && spec.network !== undefined) {
      const networkId = neutron
        .networksForProject(ctx, project)
        .find((n) => n.name === spec.network)?.id;
      if (!networkId) notes.push(`neutron: no network ${spec.network} for ${spec.name}`);
      const port = networkId
        ? tolerate(() =>
            neutron.allocatePort(ctx, {
              projectId: project,
              networkId,
              deviceId: id,
              deviceOwner: 'compute:nova',
              hostId: spec.host ?? '',
              securityGroupNames: ['default'],
            }),
          )
        : undefined;
      if (networkId && !port) notes.push(`neutron: no port for ${spec.name}`);
      tolerate(() =>
        neutron.setDevicePortsStatus(
          ctx,
          id,
          spec.power === POWER.RUNNING || spec.power === POWER.PAUSED ? 'ACTIVE' : 'DOWN',
        ),
      );
      if (port && spec.floating) {
        // Neutron's internal API associates a floating IP by id, and offers no way to find a free one.
        notes.push('neutron: no free floating IP lookup in internal.ts; web-1 has no floating IP');
      }
    } else if (neutron && spec.host) {
      // Servers without a named network take the project's only (or first) one.
      const network = neutron.networksForProject(ctx, project)[0];
      if (network) {
        tolerate(() =>
          neutron.allocatePort(ctx, {
            projectId: project,
            networkId: network.id,
            deviceId: id,
            deviceOwner: 'compute:nova',
            hostId: spec.host ?? '',
          }),
        );
        tolerate(() => neutron.setDevicePortsStatus(ctx, id, 'ACTIVE'));
      }
    }

    const devices: BlockDevice[] = [];
    const device = (
      volumeId: string | null,
      index: number,
      boot: boolean,
      source: BlockDevice['source_type'],
      destination: BlockDevice['destination_type'],
    ): BlockDevice => ({
      uuid: uuid(),
      source_type: source,
      destination_type: destination,
      volume_id: volumeId,
      source_id: source === 'image' ? imageId : null,
      boot_index: boot ? 0 : null,
      device_name: `/dev/vd${String.fromCharCode(97 + index)}`,
      delete_on_termination: destination === 'local',
      volume_size: null,
      tag: null,
      attachment_id: null,
    });
    if (volumeBacked && cinder && spec.bootVolume) {
      const boot =
        cinder.findVolumeByName?.(ctx, spec.bootVolume, project) ??
        tolerate(() =>
          cinder.createBootVolume(ctx, {
            projectId: project,
            size: 1,
            imageId,
            name: spec.bootVolume ?? '',
          }),
        );
      if (boot) devices.push(device(boot.id, 0, true, 'volume', 'volume'));
    } else {
      devices.push(device(null, 0, true, 'image', 'local'));
    }
    if (cinder && spec.dataVolume) {
      const data =
        cinder.findVolumeByName?.(ctx, spec.dataVolume, project) ??
        tolerate(() =>
          cinder.createBootVolume(ctx, {
            projectId: project,
            size: 2,
            name: spec.dataVolume ?? '',
          }),
        );
      if (data) devices.push(device(data.id, devices.length, false, 'volume', 'volume'));
    }
    for (const b of devices) {
      if (!b.volume_id || !cinder) continue;
      const volumeId = b.volume_id;
      const result = tolerate(() =>
        cinder.attachVolume(ctx, volumeId, {
          serverId: id,
          device: b.device_name,
          hostName: spec.host ?? '',
        }),
      );
      if (result === undefined) notes.push(`cinder: could not attach ${volumeId} to ${spec.name}`);
      b.attachment_id = (result && (result.attachment_id ?? result.id)) || uuid();
    }
    store.collection(servers).update(id, (s) => ({
      ...s,
      block_devices: devices,
      addresses: neutron ? (tolerate(() => networkInfoOf(ctx, id)) ?? []) : [],
    }));

    const action = (
      name: string,
      at: Date,
      event: string,
      host: string | null,
      error = false,
    ): void => {
      const time = at.toISOString();
      store.collection(instanceActions).insert({
        id: uuid(),
        server_id: id,
        action: name,
        request_id: `req-${uuid()}`,
        user_id: user,
        project_id: project,
        start_time: time,
        updated_at: new Date(at.getTime() + 3_000).toISOString(),
        message: error ? 'Error' : null,
        events: [
          {
            event,
            start_time: time,
            finish_time: new Date(at.getTime() + 3_000).toISOString(),
            result: error ? 'Error' : 'Success',
            traceback: error ? (server.fault?.details ?? null) : null,
            host,
            details: error ? NO_VALID_HOST : null,
          },
        ],
      });
    };
    action(
      'create',
      created,
      spec.fault ? 'conductor_schedule_and_build_instances' : 'compute__do_build_and_run_instance',
      spec.host,
      spec.fault,
    );
    if (spec.after === 'stop') action('stop', lastChange, 'compute_stop_instance', spec.host);
    if (spec.after === 'pause') action('pause', lastChange, 'compute_pause_instance', spec.host);
  }

  // An aggregate for the admin panels: the third host has fast local storage.
  if (store.collection(aggregates).count() === 0) {
    store.collection(aggregates).insert({
      id: String(store.nextSequence('nova_aggregates')),
      uuid: uuid(),
      name: 'fast-storage',
      availability_zone: null,
      hosts: ['demo-compute-3'],
      metadata: { ssd: 'true' },
      created_at: new Date(now - 200 * HOUR).toISOString(),
      updated_at: null,
    });
  }
  store.setMeta(SEED_NOTES_KEY, JSON.stringify(notes));
  store.setMeta(SEEDED_KEY, new Date(now).toISOString());
};

/**
 * The benchmark scale seed (`scale: { servers: N }`): N more servers across the demo projects,
 * mostly ACTIVE, spread over the hosts, without ports (a port each would dominate the seed).
 * Their projects' instance, cores and RAM quotas become unlimited so the API stays usable.
 */
export const scaleServers = (ctx: CloudContext, count: number): void => {
  const { store } = ctx;
  const owners = (['demo', 'alt_demo', 'admin'] as const)
    .map((name) => ({
      project: store.collection(projects).findOne('name', name)?.id ?? '',
      user: store.collection(users).findOne('name', name === 'admin' ? 'admin' : 'demo')?.id ?? '',
    }))
    .filter((o) => o.project && o.user);
  const tiny = store.collection(flavors).get('1');
  const small = store.collection(flavors).get('2');
  if (owners.length === 0 || !tiny || !small) return;
  for (const owner of owners) {
    const key = owner.project;
    const existing = store.collection(quotas).get(key);
    store.collection(quotas).put({
      id: key,
      project_id: owner.project,
      user_id: null,
      limits: { ...existing?.limits, instances: -1, cores: -1, ram: -1 },
    });
  }
  const base = store.collection(servers).count();
  const start = ctx.now().getTime() - count * 60_000;
  const states = [
    [VM.ACTIVE, POWER.RUNNING],
    [VM.ACTIVE, POWER.RUNNING],
    [VM.ACTIVE, POWER.RUNNING],
    [VM.STOPPED, POWER.SHUTDOWN],
    [VM.ACTIVE, POWER.RUNNING],
    [VM.PAUSED, POWER.PAUSED],
  ] as const;
  for (let i = 0; i < count; i++) {
    const n = base + i + 1;
    // demo holds most of them, as a busy project would.
    const owner = owners[n % 5 < 3 ? 0 : ((n % 5) - 2) % owners.length] ?? owners[0];
    if (!owner) continue;
    const [vm, power] = states[n % states.length] ?? states[0];
    const at = new Date(start + i * 60_000).toISOString();
    const flavor = n % 4 === 0 ? small : tiny;
    store.collection(servers).insert(
      newServerDoc(ctx, {
        name: `scale-server-${String(n).padStart(6, '0')}`,
        project_id: owner.project,
        user_id: owner.user,
        flavor: serverFlavorOf(flavor),
        image_id: FALLBACK_IMAGE_ID,
        created_at: at,
        updated_at: at,
        launched_at: at,
        booted_at: at,
        vm_state: vm,
        task_state: null,
        power_state: power,
        host: `demo-compute-${(n % 3) + 1}`,
        availability_zone: 'nova',
        tags: n % 10 === 0 ? ['scale'] : [],
        block_devices: [
          {
            uuid: uuid(),
            source_type: 'image',
            destination_type: 'local',
            volume_id: null,
            source_id: FALLBACK_IMAGE_ID,
            boot_index: 0,
            device_name: '/dev/vda',
            delete_on_termination: true,
            volume_size: null,
            tag: null,
            attachment_id: null,
          },
        ],
      }),
    );
  }
};
