import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault, badRequest } from '../../core/faults';
import { uuid } from '../../core/ids';
import { MAX_LIMIT, parseLimit } from '../../core/paging';
import { authorize, isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { deps } from './deps';
import type { BootImage } from './deps';
import { canSeeFlavor, isAdminContext } from './flavors';
import { COMPUTE_HOSTS, zonesWithHosts } from './hosts';
import {
  atLeast,
  bodyObject,
  computeUrl,
  invalidInput,
  nextLink,
  parseBoolString,
  pyRepr,
  resourceLinks,
} from './http';
import type { Json } from './http';
import { actorOf, startAction } from './instanceActions';
import {
  addServerGroupMember,
  flavors,
  keypairKey,
  keypairs,
  serverGroups,
  servers,
} from './model';
import type { BlockDevice, FlavorDoc, ServerDoc, ServerFlavor } from './model';
import { checkServerQuota, effectiveQuotas, projectUsage } from './quotas';
import { checkDescription, parseServerCreate, sanitizeHostname } from './serverCreate';
import type { CreateSpec } from './serverCreate';
import { loadServer, saveServer } from './serverAccess';
import {
  DURATIONS,
  cancelServerSteps,
  finalizeDelete,
  withCurrentAddresses,
  scheduleServerStep,
} from './serverLifecycle';
import { KNOWN_STATUSES, POWER, VM, checkLock, statusOf } from './serverState';
import { generatePassword } from './sshKeys';
import { serverBrief, serverDetail, viewPolicyOf } from './serverViews';

export const serverFlavorOf = (f: FlavorDoc): ServerFlavor => ({
  id: f.id,
  name: f.name,
  vcpus: f.vcpus,
  ram: f.ram,
  disk: f.disk,
  ephemeral: f.ephemeral,
  swap: f.swap,
  extra_specs: { ...f.extra_specs },
});

/** All values of a repeatable query parameter. */
const queryValues = (query: unknown, name: string): string[] => {
  if (typeof query !== 'object' || query === null) return [];
  const value = (query as Record<string, unknown>)[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
};
const lastQuery = (query: unknown, name: string): string | undefined =>
  queryValues(query, name).pop();

/** Query parameters GET /servers knows (others are refused from 2.75, ignored before). */
const KNOWN_PARAMS = new Set([
  'user_id',
  'project_id',
  'tenant_id',
  'launch_index',
  'image_ref',
  'image',
  'kernel_id',
  'ramdisk_id',
  'hostname',
  'key_name',
  'power_state',
  'vm_state',
  'task_state',
  'host',
  'node',
  'flavor',
  'reservation_id',
  'launched_at',
  'terminated_at',
  'availability_zone',
  'name',
  'display_name',
  'description',
  'display_description',
  'locked_by',
  'uuid',
  'root_device_name',
  'config_drive',
  'access_ip_v4',
  'access_ip_v6',
  'auto_disk_config',
  'progress',
  'sort_key',
  'sort_dir',
  'all_tenants',
  'deleted',
  'status',
  'changes-since',
  'changes-before',
  'ip',
  'ip6',
  'created_at',
  'block_device_mapping',
  'services',
  'metadata',
  'system_metadata',
  'info_cache',
  'security_groups',
  'pci_devices',
  'limit',
  'marker',
  'tags',
  'tags-any',
  'not-tags',
  'not-tags-any',
  'locked',
  'soft_deleted',
  'updated_at',
  'cell_name',
  'default_ephemeral_device',
  'default_swap_device',
  'ephemeral_key_uuid',
  'ephemeral_gb',
  'memory_mb',
  'vcpus',
  'root_gb',
  'architecture',
  'vm_mode',
  'os_type',
  'shutdown_terminate',
  'disable_terminate',
  'key_data',
  'user_data',
  'access_ip_v4',
  'config_drive',
  'progress',
  'trusted_certs',
  'numa_topology',
  'pinned_availability_zone',
]);

/** Filters a project user may use; the others are silently dropped for them (admin only). */
const USER_FILTERS = (request: FastifyRequest): Set<string> =>
  new Set([
    'reservation_id',
    'name',
    'status',
    'image',
    'flavor',
    'ip',
    'changes-since',
    'all_tenants',
    'limit',
    'marker',
    'sort_key',
    'sort_dir',
    ...(atLeast(request, '2.5') ? ['ip6'] : []),
    ...(atLeast(request, '2.26') ? ['tags', 'tags-any', 'not-tags', 'not-tags-any'] : []),
    ...(atLeast(request, '2.66') ? ['changes-before'] : []),
    ...(atLeast(request, '2.73') ? ['locked'] : []),
    ...(atLeast(request, '2.83')
      ? [
          'availability_zone',
          'config_drive',
          'key_name',
          'created_at',
          'launched_at',
          'terminated_at',
          'power_state',
          'task_state',
          'vm_state',
          'progress',
          'user_id',
        ]
      : []),
  ]);

type SortValue = string | number | boolean | null;
const SORT_KEYS: Readonly<Record<string, (s: ServerDoc) => SortValue>> = {
  access_ip_v4: (s) => s.access_ipv4,
  access_ip_v6: (s) => s.access_ipv6,
  auto_disk_config: (s) => s.disk_config === 'AUTO',
  availability_zone: (s) => s.availability_zone,
  config_drive: (s) => s.config_drive,
  created_at: (s) => s.created_at,
  display_description: (s) => s.description,
  display_name: (s) => s.name,
  host: (s) => s.host,
  hostname: (s) => s.hostname,
  image_ref: (s) => s.image_id,
  instance_type_id: (s) => s.flavor.id,
  kernel_id: () => '',
  key_name: (s) => s.key_name,
  launch_index: (s) => s.launch_index,
  launched_at: (s) => s.launched_at,
  locked_by: (s) => s.locked_by,
  node: (s) => s.host,
  power_state: (s) => s.power_state,
  progress: (s) => s.progress,
  project_id: (s) => s.project_id,
  ramdisk_id: () => '',
  root_device_name: () => '/dev/vda',
  task_state: (s) => s.task_state,
  terminated_at: (s) => s.terminated_at,
  updated_at: (s) => s.updated_at,
  user_id: (s) => s.user_id,
  uuid: (s) => s.id,
  vm_mode: () => null,
  vm_state: (s) => s.vm_state,
};
const ADMIN_SORT_KEYS = new Set(['host', 'node']);

const compare = (a: SortValue, b: SortValue): number => {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
};

/** nova's utils.parse_isotime for changes-since and the like; naive times are UTC. */
const parseIsoTime = (raw: string, name: string): number => {
  const value = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`);
  if (Number.isNaN(value)) {
    throw badRequest(
      `Invalid input for query parameters ${name}. Value: ${raw}. '${raw}' is not a 'date-time'`,
    );
  }
  return value;
};

const regexOf = (pattern: string): RegExp => {
  try {
    return new RegExp(pattern);
  } catch {
    return new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  }
};

const isAllTenants = (value: string | undefined): boolean => {
  if (value === undefined) return false;
  if (value === '') return true;
  const parsed = parseBoolString(value);
  if (parsed === undefined)
    throw badRequest(`Invalid input for query parameters all_tenants. Value: ${value}.`);
  return parsed;
};

const listFilter = (
  request: FastifyRequest,
  projectId: string,
  detail: boolean,
): ((s: ServerDoc) => boolean) & {
  allProjects: boolean;
  projectFilter: string | undefined;
  /** Deleted servers never pass (the usual list): an index may skip them. */
  liveOnly: boolean;
} => {
  const q = request.query as Record<string, unknown>;
  const admin = isAdminContext(request);
  if (atLeast(request, '2.75')) {
    const unknown = Object.keys(q).filter((k) => !KNOWN_PARAMS.has(k));
    if (unknown.length > 0) {
      throw badRequest(
        `Additional properties are not allowed (${unknown.map(pyRepr).join(', ')} ${unknown.length === 1 ? 'was' : 'were'} unexpected)`,
      );
    }
  }
  const userFilters = USER_FILTERS(request);
  const param = (name: string): string | undefined =>
    admin || userFilters.has(name) ? lastQuery(q, name) : undefined;

  let allTenants = isAllTenants(lastQuery(q, 'all_tenants'));
  const tenant = admin ? (param('tenant_id') ?? param('project_id')) : undefined;
  if (tenant !== undefined && lastQuery(q, 'all_tenants') === undefined && tenant !== projectId)
    allTenants = true;
  if (allTenants) {
    authorize(
      request,
      'compute',
      `os_compute_api:servers:${detail ? 'detail' : 'index'}:get_all_tenants`,
      {
        project_id: projectId,
      },
    );
  }

  const checks: Array<(s: ServerDoc) => boolean> = [];
  const since = param('changes-since');
  const before = param('changes-before');
  const sinceTime = since === undefined ? undefined : parseIsoTime(since, 'changes-since');
  const beforeTime = before === undefined ? undefined : parseIsoTime(before, 'changes-before');
  if (sinceTime !== undefined && beforeTime !== undefined && sinceTime > beforeTime) {
    throw badRequest('The value of changes-since must be less than or equal to changes-before.');
  }
  if (sinceTime !== undefined) checks.push((s) => Date.parse(s.updated_at) >= sinceTime);
  if (beforeTime !== undefined) checks.push((s) => Date.parse(s.updated_at) <= beforeTime);
  // Deleted servers show only with changes-since/-before, or to an admin asking for them.
  const deletedRaw = admin ? param('deleted') : undefined;
  const deleted = deletedRaw === undefined ? undefined : (parseBoolString(deletedRaw) ?? false);
  const live =
    deleted === false ||
    (deleted === undefined && sinceTime === undefined && beforeTime === undefined);
  if (deleted !== undefined) checks.push((s) => s.deleted === deleted);
  else if (live) checks.push((s) => !s.deleted);

  const statuses = queryValues(q, 'status')
    .flatMap((v) => v.split(','))
    .filter((v) => v !== '');
  if (statuses.length > 0 && (admin || userFilters.has('status'))) {
    const wanted = statuses.map((v) => v.toUpperCase());
    if (!wanted.some((w) => KNOWN_STATUSES.has(w) || w === 'DELETED')) {
      if (atLeast(request, '2.38')) throw badRequest('Invalid status value');
      checks.push(() => false);
    } else {
      checks.push((s) => wanted.includes(statusOf(s)));
    }
  }
  const name = param('name') ?? (admin ? param('display_name') : undefined);
  if (name !== undefined) {
    const re = regexOf(name);
    checks.push((s) => re.test(s.name));
  }
  const image = param('image') ?? (admin ? param('image_ref') : undefined);
  if (image !== undefined) checks.push((s) => s.image_id === image.split('/').pop());
  const flavor = param('flavor');
  if (flavor !== undefined) checks.push((s) => s.flavor.id === flavor.split('/').pop());
  for (const [key, version] of [
    ['ip', 4],
    ['ip6', 6],
  ] as const) {
    const ip = param(key);
    if (ip === undefined) continue;
    const re = regexOf(ip);
    checks.push((s) => s.addresses.some((a) => a.version === version && re.test(a.addr)));
  }
  const locked = param('locked');
  if (locked !== undefined) {
    const value = parseBoolString(locked);
    if (value === undefined) {
      throw badRequest(
        `Unrecognized value '${locked}', acceptable values are: '1', 't', 'true', 'on', 'y', 'yes', '0', 'f', 'false', 'off', 'n', 'no'`,
      );
    }
    checks.push((s) => s.locked === value);
  }
  const tagList = (key: string): string[] | undefined => {
    const raw = param(key);
    return raw === undefined ? undefined : raw.split(',').filter((t) => t !== '');
  };
  const allTags = tagList('tags');
  if (allTags) checks.push((s) => allTags.every((t) => s.tags.includes(t)));
  const anyTags = tagList('tags-any');
  if (anyTags) checks.push((s) => anyTags.some((t) => s.tags.includes(t)));
  const notTags = tagList('not-tags');
  if (notTags) checks.push((s) => !notTags.every((t) => s.tags.includes(t)));
  const notAnyTags = tagList('not-tags-any');
  if (notAnyTags) checks.push((s) => !notAnyTags.some((t) => s.tags.includes(t)));
  const exact: Array<[string, (s: ServerDoc) => string | number | boolean | null]> = [
    ['reservation_id', (s) => s.reservation_id],
    ['user_id', (s) => s.user_id],
    ['availability_zone', (s) => s.availability_zone],
    ['key_name', (s) => s.key_name],
    ['vm_state', (s) => s.vm_state],
    ['task_state', (s) => s.task_state],
    ['power_state', (s) => s.power_state],
    ['host', (s) => s.host],
    ['node', (s) => s.host],
    ['hostname', (s) => s.hostname],
    ['uuid', (s) => s.id],
    ['launch_index', (s) => s.launch_index],
    ['progress', (s) => s.progress],
  ];
  for (const [key, get] of exact) {
    const value = param(key);
    if (value !== undefined) checks.push((s) => String(get(s)) === value);
  }
  const configDrive = param('config_drive');
  if (configDrive !== undefined)
    checks.push((s) => s.config_drive === (parseBoolString(configDrive) ?? false));
  const description = admin ? (param('description') ?? param('display_description')) : undefined;
  if (description !== undefined) checks.push((s) => s.description === description);

  const filter = ((s: ServerDoc) => checks.every((check) => check(s))) as ((
    s: ServerDoc,
  ) => boolean) & {
    allProjects: boolean;
    projectFilter: string | undefined;
    liveOnly: boolean;
  };
  filter.allProjects = allTenants;
  filter.projectFilter = tenant;
  filter.liveOnly = live;
  return filter;
};

type SortOrder = Array<[string, 'asc' | 'desc']>;

/** The request's order, checked as Nova checks it, always ending with the id. */
const sortOrderOf = (request: FastifyRequest): SortOrder => {
  const q = request.query as Record<string, unknown>;
  const admin = isAdminContext(request);
  const keys = queryValues(q, 'sort_key');
  const dirs = queryValues(q, 'sort_dir');
  for (const key of keys) {
    if (!SORT_KEYS[key]) {
      throw badRequest(
        `Invalid input for query parameters sort_key. Value: ${key}. ${pyRepr(key)} is not one of ${pyRepr(Object.keys(SORT_KEYS))}`,
      );
    }
    if (ADMIN_SORT_KEYS.has(key) && !admin) {
      throw new Fault(403, `Only administrators can sort servers by ${key}`);
    }
  }
  for (const dir of dirs) {
    if (dir !== 'asc' && dir !== 'desc') {
      throw badRequest(
        `Invalid input for query parameters sort_dir. Value: ${dir}. ${pyRepr(dir)} is not one of ['asc', 'desc']`,
      );
    }
  }
  const order: SortOrder = keys.length
    ? keys.map((k, i) => [k, (dirs[i] ?? dirs[0] ?? 'desc') as 'asc' | 'desc'])
    : [['created_at', 'desc']];
  // nova always ends the ordering with the id, so pages are stable.
  if (!order.some(([k]) => k === 'uuid')) order.push(['uuid', order[0]?.[1] ?? 'desc']);
  return order;
};

/**
 * The direction when `order` is created_at then id, both one way (Nova's default and its
 * reverse, which a page before a marker reads): the servers table has that index.
 */
const indexedDirection = (order: SortOrder): 'asc' | 'desc' | undefined => {
  const [first, second, ...rest] = order;
  if (!first || !second || rest.length > 0) return undefined;
  return first[0] === 'created_at' && second[0] === 'uuid' && first[1] === second[1]
    ? first[1]
    : undefined;
};

const sortServers = (order: SortOrder, list: ServerDoc[]): ServerDoc[] =>
  [...list].sort((a, b) => {
    for (const [key, dir] of order) {
      const get = SORT_KEYS[key];
      if (!get) continue;
      const c = compare(get(a), get(b));
      if (c !== 0) return dir === 'asc' ? c : -c;
    }
    return 0;
  });

const randomName = (length: number): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
};

/** Device names in order: vda, vdb ... as libvirt assigns them. */
export const deviceName = (index: number): string => `/dev/vd${String.fromCharCode(97 + index)}`;

export const nextDeviceName = (server: ServerDoc): string => {
  const used = new Set(server.block_devices.map((b) => b.device_name));
  for (let i = 0; i < 26; i++) if (!used.has(deviceName(i))) return deviceName(i);
  return deviceName(25);
};

/** A Neutron refusal in nova's words. */
const portFault = (
  error: unknown,
  network: { uuid?: string; port?: string } | undefined,
): Error => {
  if (!(error instanceof Fault)) return error as Error;
  if (error.status === 404 && network?.port)
    return badRequest(`Port ${network.port} could not be found.`);
  if (error.status === 404 && network?.uuid)
    return badRequest(`Network ${network.uuid} could not be found.`);
  if (error.status === 409 && network?.port)
    return new Fault(409, `Port ${network.port} is still in use.`);
  return new Fault(error.status >= 500 ? 500 : error.status, error.message);
};

interface PreparedBoot {
  readonly imageId: string;
  readonly image: BootImage | null;
  readonly volumeBacked: boolean;
}

const prepareBoot = (
  ctx: CloudContext,
  request: FastifyRequest,
  spec: CreateSpec,
  flavor: FlavorDoc,
  projectId: string,
): PreparedBoot => {
  const { glance, cinder } = deps(ctx);
  const boot = spec.blockDevices.find((b) => b.bootIndex === 0);
  const volumeBacked = boot?.destinationType === 'volume';
  const imageId = volumeBacked
    ? ''
    : spec.imageRef || (boot?.sourceType === 'image' ? (boot.uuid ?? '') : '');
  if (!volumeBacked && !imageId) {
    if (spec.blockDevices.length === 0) throw badRequest('Missing imageRef attribute');
    throw badRequest(
      'Block Device Mapping is Invalid: Boot sequence for the instance and image/block device mapping combination is not valid.',
    );
  }
  let image: BootImage | null = null;
  if (imageId && glance) {
    image = glance.findImageForBoot(ctx, imageId, projectId);
    if (!image) throw badRequest('Can not find requested image');
    if (image.status !== 'active') throw badRequest(`Image ${imageId} is not active.`);
    if (image.min_ram > flavor.ram)
      throw badRequest("Flavor's memory is too small for requested image.");
    const gib = 1024 ** 3;
    if (flavor.disk > 0 && (image.size ?? 0) > flavor.disk * gib) {
      throw badRequest(
        `Flavor's disk is too small for requested image. Flavor disk is ${flavor.disk * gib} bytes, image is ${image.size ?? 0} bytes.`,
      );
    }
    if (flavor.disk > 0 && image.min_disk > flavor.disk) {
      throw badRequest(
        `Flavor's disk is smaller than the minimum size specified in image metadata. Flavor disk is ${flavor.disk * gib} bytes, minimum size is ${image.min_disk * gib} bytes.`,
      );
    }
  }
  if (!volumeBacked && flavor.disk === 0) {
    if (
      !isAllowed(request, 'compute', 'os_compute_api:servers:create:zero_disk_flavor', {
        project_id: projectId,
      })
    ) {
      throw new Fault(403, 'Only volume-backed servers are allowed for flavors with zero disk.');
    }
  }
  for (const b of spec.blockDevices) {
    if (!b.uuid) continue;
    if (b.sourceType === 'volume' && cinder) {
      const volume = cinder.getVolume(ctx, b.uuid, projectId);
      if (!volume)
        throw badRequest(`Block Device Mapping is Invalid: failed to get volume ${b.uuid}.`);
      if (volume.status !== 'available') {
        throw badRequest(
          `Invalid volume: volume '${b.uuid}' status must be 'available'. Currently in '${volume.status}'`,
        );
      }
    } else if (b.sourceType === 'snapshot' && cinder?.getSnapshot) {
      const snapshot = cinder.getSnapshot(ctx, b.uuid, projectId);
      if (!snapshot)
        throw badRequest(`Block Device Mapping is Invalid: failed to get snapshot ${b.uuid}.`);
    } else if (b.sourceType === 'image' && glance && b.uuid !== imageId) {
      const bdmImage = glance.findImageForBoot(ctx, b.uuid, projectId);
      if (!bdmImage)
        throw badRequest(`Block Device Mapping is Invalid: failed to get image ${b.uuid}.`);
      if (
        b.destinationType === 'volume' &&
        b.volumeSize !== null &&
        bdmImage.min_disk > b.volumeSize
      ) {
        const gib = 1024 ** 3;
        throw badRequest(
          `Volume is smaller than the minimum size specified in image metadata. Volume size is ${b.volumeSize * gib} bytes, minimum size is ${bdmImage.min_disk * gib} bytes.`,
        );
      }
    }
  }
  return { imageId, image, volumeBacked };
};

/** The server's block devices, creating the volumes Nova makes for it (image/snapshot/blank → volume). */
const buildBlockDevices = (
  ctx: CloudContext,
  spec: CreateSpec,
  boot: PreparedBoot,
  serverId: string,
  projectId: string,
): BlockDevice[] => {
  const cinder = deps(ctx).cinder;
  const devices: BlockDevice[] = [];
  const requested = [...spec.blockDevices];
  if (!boot.volumeBacked && !requested.some((b) => b.bootIndex === 0)) {
    requested.unshift({
      sourceType: 'image',
      destinationType: 'local',
      uuid: boot.imageId,
      bootIndex: 0,
      volumeSize: null,
      deleteOnTermination: true,
      deviceName: null,
      tag: null,
    });
  }
  // The boot device first, as vda.
  requested.sort((a, b) => (a.bootIndex === 0 ? -1 : b.bootIndex === 0 ? 1 : 0));
  requested.forEach((b, index) => {
    let volumeId: string | null = null;
    if (b.destinationType === 'volume') {
      if (b.sourceType === 'volume') volumeId = b.uuid;
      else if (cinder) {
        const created = cinder.createBootVolume(ctx, {
          projectId,
          name: b.sourceType === 'blank' ? `${serverId}-blank-vol` : '',
          ...(b.volumeSize !== null ? { size: b.volumeSize } : {}),
          ...(b.sourceType === 'image' && b.uuid ? { imageId: b.uuid } : {}),
          ...(b.sourceType === 'snapshot' && b.uuid ? { snapshotId: b.uuid } : {}),
        });
        volumeId = created.id;
      }
    }
    devices.push({
      uuid: uuid(),
      source_type: b.sourceType,
      destination_type: b.destinationType,
      volume_id: volumeId,
      source_id: b.sourceType === 'volume' ? null : b.uuid,
      boot_index: b.bootIndex,
      device_name: b.deviceName ?? deviceName(index),
      delete_on_termination: b.destinationType === 'local' ? true : b.deleteOnTermination,
      volume_size: b.volumeSize,
      tag: b.tag,
      attachment_id: null,
    });
  });
  return devices;
};

type ServerSeed = Pick<ServerDoc, 'name' | 'project_id' | 'user_id' | 'flavor' | 'image_id'> &
  Partial<ServerDoc>;

/** A new server row in BUILD/scheduling, with nova's defaults for what `fields` leaves out. */
export const newServerDoc = (ctx: CloudContext, fields: ServerSeed): ServerDoc => {
  const now = ctx.now().toISOString();
  return {
    id: uuid(),
    created_at: now,
    updated_at: now,
    launched_at: null,
    terminated_at: null,
    deleted: false,
    deleted_at: null,
    vm_state: VM.BUILDING,
    task_state: 'scheduling',
    power_state: POWER.NOSTATE,
    old_flavor: null,
    prior_vm_state: null,
    key_name: null,
    key_data: null,
    metadata: {},
    tags: [],
    description: null,
    locked: false,
    locked_reason: null,
    locked_by: null,
    availability_zone: null,
    host: null,
    instance_name: `instance-${ctx.store.nextSequence('nova_instances').toString(16).padStart(8, '0')}`,
    reservation_id: `r-${randomName(8)}`,
    launch_index: 0,
    hostname: sanitizeHostname(fields.name),
    config_drive: false,
    user_data: null,
    access_ipv4: '',
    access_ipv6: '',
    disk_config: 'MANUAL',
    security_groups: ['default'],
    addresses: [],
    addresses_stale: false,
    fault: null,
    password: '',
    progress: 0,
    block_devices: [],
    server_group_id: null,
    trusted_image_certificates: null,
    booted_at: null,
    ...fields,
  };
};

export const serverRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(servers);

  const list = (request: FastifyRequest, detail: boolean): Json => {
    const projectId = callerOf(request).project?.id ?? '';
    authorize(request, 'compute', `os_compute_api:servers:${detail ? 'detail' : 'index'}`, {
      project_id: projectId,
    });
    const filter = listFilter(request, projectId, detail);
    const owner = filter.allProjects ? filter.projectFilter : projectId;
    const order = sortOrderOf(request);
    const q = request.query as Record<string, unknown>;
    const marker = lastQuery(q, 'marker');
    const direction = indexedDirection(order);
    const markerDoc = direction && marker !== undefined ? col.get(marker) : undefined;
    let page: ServerDoc[];
    let limit: number | undefined;
    if (direction) {
      // The index path: the page after the marker, read in order until it is full; the same
      // rows as the sort below, without reading the project's other servers.
      if (
        marker !== undefined &&
        (!markerDoc ||
          (owner !== undefined && markerDoc.project_id !== owner) ||
          !filter(markerDoc))
      ) {
        throw badRequest(`marker [${marker}] not found`);
      }
      limit = parseLimit(lastQuery(q, 'limit'));
      const size = limit ?? MAX_LIMIT;
      page = [];
      if (size > 0) {
        const rows = col.scan({
          where: {
            ...(owner !== undefined ? { project_id: owner } : {}),
            // Only a narrower range of the index: the filter still decides.
            ...(filter.liveOnly ? { deleted: 0 } : {}),
          },
          orderBy: ['created_at'],
          descending: direction === 'desc',
          after: markerDoc ? [markerDoc.created_at, markerDoc.id] : undefined,
        });
        for (const server of rows) {
          if (!filter(server)) continue;
          page.push(server);
          if (page.length >= size) break;
        }
      }
    } else {
      const scope = owner !== undefined ? col.where('project_id', owner) : col.all();
      const sorted = sortServers(order, scope.filter(filter));
      let start = 0;
      if (marker !== undefined) {
        const index = sorted.findIndex((s) => s.id === marker);
        if (index < 0) throw badRequest(`marker [${marker}] not found`);
        start = index + 1;
      }
      limit = parseLimit(lastQuery(q, 'limit'));
      page = sorted.slice(start, start + (limit ?? MAX_LIMIT));
    }
    // The page's rows with their ports' addresses as GET /servers/{id} shows them (only the
    // page: a few indexed lookups, not the project's every server).
    const items = detail ? page.map((s) => withCurrentAddresses(ctx, s)) : page;
    const policy = viewPolicyOf(request, projectId);
    const body: Json = {
      servers: items.map((s) =>
        detail ? serverDetail(ctx, request, s, policy) : serverBrief(ctx, request, s),
      ),
    };
    const last = page[page.length - 1];
    // nova offers a next link whenever the page is as long as the limit (or the max limit).
    if (last && page.length === (limit ?? MAX_LIMIT) && page.length > 0) {
      body['servers_links'] = nextLink(
        ctx,
        request,
        detail ? '/servers/detail' : '/servers',
        last.id,
      );
    }
    return body;
  };

  app.get('/servers', async (request) => list(request, false));
  app.get('/servers/detail', async (request) => list(request, true));

  app.get<{ Params: { id: string } }>('/servers/:id', async (request) => {
    const loaded = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', 'os_compute_api:servers:show', { project_id: loaded.project_id });
    const server = withCurrentAddresses(ctx, loaded);
    return {
      server: serverDetail(ctx, request, server, viewPolicyOf(request, server.project_id), {
        show: true,
      }),
    };
  });

  app.post('/servers', async (request, reply) => {
    const caller = callerOf(request);
    const projectId = caller.project?.id ?? '';
    const target = { project_id: projectId, user_id: caller.user.id };
    authorize(request, 'compute', 'os_compute_api:servers:create', target);
    const spec = parseServerCreate(request);
    if (Array.isArray(spec.networks) && spec.networks.length > 0) {
      authorize(request, 'compute', 'os_compute_api:servers:create:attach_network', target);
    }
    if (spec.blockDevices.some((b) => b.destinationType === 'volume')) {
      authorize(request, 'compute', 'os_compute_api:servers:create:attach_volume', target);
    }
    if (spec.trustedCertificates) {
      authorize(request, 'compute', 'os_compute_api:servers:create:trusted_certs', target);
    }
    if (spec.host)
      authorize(request, 'compute', 'compute:servers:create:requested_destination', target);
    if (spec.availabilityZone?.includes(':')) {
      authorize(request, 'compute', 'os_compute_api:servers:create:forced_host', target);
    }

    const flavor = store.collection(flavors).get(spec.flavorRef);
    // Nova's words for a flavor it cannot find (checked on the lab); "Invalid flavorRef
    // provided." is its answer to a malformed reference only.
    if (!flavor || flavor.disabled || !canSeeFlavor(request, flavor))
      throw badRequest(`Flavor ${spec.flavorRef} could not be found.`);
    const boot = prepareBoot(ctx, request, spec, flavor, projectId);

    let keyData: string | null = null;
    if (spec.keyName !== null) {
      const keypair = store.collection(keypairs).get(keypairKey(caller.user.id, spec.keyName));
      if (!keypair) throw badRequest('Invalid key_name provided.');
      keyData = keypair.public_key;
    }

    let zone = spec.availabilityZone;
    if (spec.host) {
      if (!COMPUTE_HOSTS.some((h) => h.name === spec.host))
        throw badRequest(`Compute host ${spec.host} could not be found.`);
      zone = `${zone ?? ''}:${spec.host}`;
    }
    if (zone !== null) {
      const [zoneName, host] = zone.split(':');
      const zones = zonesWithHosts(store);
      if (zoneName && !zones.has(zoneName))
        throw badRequest('The requested availability zone is not available');
      if (host && !COMPUTE_HOSTS.some((h) => h.name === host))
        throw badRequest(`Compute host ${host} could not be found.`);
    }

    const limits = effectiveQuotas(store, projectId, caller.user.id);
    if (limits.metadata_items >= 0 && Object.keys(spec.metadata).length > limits.metadata_items) {
      throw new Fault(
        403,
        `Quota exceeded for metadata_items: Requested ${Object.keys(spec.metadata).length}, but already used 0 of ${limits.metadata_items} metadata_items`,
      );
    }

    let group = null;
    if (spec.group !== null) {
      group = store.collection(serverGroups).get(spec.group);
      if (!group || (group.project_id !== projectId && !isAdminContext(request))) {
        throw badRequest(`Instance group ${spec.group} could not be found.`);
      }
    }

    // As many servers as the quota allows between min_count and max_count.
    const used = projectUsage(store, projectId);
    const headroom = (limit: number, inUse: number, per: number): number =>
      limit < 0 ? Infinity : per === 0 ? Infinity : Math.floor((limit - inUse) / per);
    const fits = Math.min(
      headroom(limits.instances, used.instances, 1),
      headroom(limits.cores, used.cores, flavor.vcpus),
      headroom(limits.ram, used.ram, flavor.ram),
    );
    const count = Math.max(spec.minCount, Math.min(spec.maxCount, fits));
    checkServerQuota(store, projectId, caller.user.id, {
      instances: count,
      cores: flavor.vcpus * count,
      ram: flavor.ram * count,
    });
    if (
      group &&
      limits.server_group_members >= 0 &&
      group.members.length + count > limits.server_group_members
    ) {
      throw new Fault(403, 'Quota exceeded, too many servers in group');
    }

    const reservationId = `r-${randomName(8)}`;
    const adminPass = spec.adminPass ?? generatePassword();
    const requestedGroups = spec.securityGroups.length > 0 ? spec.securityGroups : ['default'];
    const actor = actorOf(request);
    const { neutron } = deps(ctx);

    // `auto` (or no networks before 2.37) means the project's only network.
    let requestedNets: Array<{ uuid?: string; port?: string; fixedIp?: string }> = [];
    if (neutron && spec.networks !== 'none') {
      if (Array.isArray(spec.networks)) requestedNets = spec.networks;
      else {
        const available = neutron.networksForProject(ctx, projectId);
        if (available.length > 1) {
          throw new Fault(
            409,
            'More than one possible network found. Specify network ID(s) to select which one(s) to connect to.',
          );
        }
        requestedNets = available.map((n) => ({ uuid: n.id }));
      }
    }

    const created = store.transaction(() => {
      const out: ServerDoc[] = [];
      for (let index = 0; index < count; index++) {
        const id = uuid();
        const name = count > 1 ? `${spec.name}-${index + 1}` : spec.name;
        const baseHostname = spec.hostname ?? sanitizeHostname(spec.name);
        const doc = newServerDoc(ctx, {
          id,
          name,
          project_id: projectId,
          user_id: caller.user.id,
          flavor: serverFlavorOf(flavor),
          image_id: boot.imageId,
          key_name: spec.keyName,
          key_data: keyData,
          metadata: spec.metadata,
          tags: [...new Set(spec.tags)],
          description: spec.description,
          availability_zone: zone,
          reservation_id: reservationId,
          launch_index: index,
          hostname: count > 1 ? `${baseHostname}-${index + 1}` : baseHostname,
          config_drive: spec.configDrive,
          user_data: spec.userData,
          access_ipv4: spec.accessIPv4,
          access_ipv6: spec.accessIPv6,
          disk_config: spec.diskConfig,
          security_groups: spec.networks === 'none' ? [] : requestedGroups,
          server_group_id: group?.id ?? null,
          trusted_image_certificates: spec.trustedCertificates,
        });
        col.insert(doc);
        if (group) addServerGroupMember(store, group.id, id);
        startAction(store, ctx.now(), doc, actor, 'create', {
          name: 'conductor_schedule_and_build_instances',
          host: null,
        });
        if (neutron && spec.networks !== 'none') {
          const owner = `compute:${(zone ?? '').split(':')[0] || 'nova'}`;
          for (const net of requestedNets) {
            try {
              neutron.allocatePort(ctx, {
                projectId,
                deviceId: id,
                deviceOwner: owner,
                ...(net.uuid ? { networkId: net.uuid } : {}),
                ...(net.port ? { portId: net.port } : {}),
                ...(net.fixedIp ? { fixedIp: net.fixedIp } : {}),
                ...(net.port ? {} : { securityGroupNames: requestedGroups }),
              });
            } catch (error) {
              throw portFault(error, net);
            }
          }
        }
        const blockDevices = buildBlockDevices(ctx, spec, boot, id, projectId);
        out.push(col.update(id, (s) => ({ ...s, block_devices: blockDevices })) ?? doc);
        scheduleServerStep(ctx, id, DURATIONS.schedule, { step: 'schedule' });
      }
      return out;
    });

    const first = created[0];
    if (!first) throw new Fault(500, 'no server created');
    reply.code(202);
    if (spec.returnReservationId) return { reservation_id: reservationId };
    reply.header('Location', computeUrl(ctx, request, `/servers/${first.id}`));
    return {
      server: {
        id: first.id,
        links: resourceLinks(ctx, request, `/servers/${first.id}`),
        'OS-DCF:diskConfig': first.disk_config,
        security_groups: first.security_groups.map((name) => ({ name })),
        adminPass,
      },
    };
  });

  app.put<{ Params: { id: string } }>('/servers/:id', async (request) => {
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', 'os_compute_api:servers:update', {
      project_id: server.project_id,
    });
    const allowed = [
      'name',
      'accessIPv4',
      'accessIPv6',
      'OS-DCF:diskConfig',
      ...(atLeast(request, '2.19') ? ['description'] : []),
      ...(atLeast(request, '2.90') ? ['hostname'] : []),
    ];
    const spec = bodyObject(request.body, 'server', allowed, []);
    const change: Partial<ServerDoc> = {};
    if (spec['name'] !== undefined) {
      const name = spec['name'];
      if (typeof name !== 'string')
        throw invalidInput('server/name', name, `${pyRepr(name)} is not of type 'string'`);
      if (name.length > 255) throw invalidInput('server/name', name, `${pyRepr(name)} is too long`);
      change.name = name;
    }
    if (spec['description'] !== undefined)
      change.description = checkDescription(spec['description'], 'server/description');
    if (spec['accessIPv4'] !== undefined) change.access_ipv4 = String(spec['accessIPv4']);
    if (spec['accessIPv6'] !== undefined) change.access_ipv6 = String(spec['accessIPv6']);
    if (spec['OS-DCF:diskConfig'] !== undefined) {
      const value = spec['OS-DCF:diskConfig'];
      if (value !== 'AUTO' && value !== 'MANUAL') {
        throw invalidInput(
          'server/OS-DCF:diskConfig',
          value,
          `${pyRepr(value)} is not one of ['AUTO', 'MANUAL']`,
        );
      }
      change.disk_config = value;
    }
    if (spec['hostname'] !== undefined) {
      const hostname = spec['hostname'];
      if (
        typeof hostname !== 'string' ||
        !/^[a-zA-Z0-9]([a-zA-Z0-9.-]{0,61}[a-zA-Z0-9])?$/.test(hostname)
      ) {
        throw invalidInput(
          'server/hostname',
          hostname,
          `${pyRepr(hostname)} does not match the hostname pattern`,
        );
      }
      change.hostname = hostname;
    }
    const updated = saveServer(ctx, server.id, () => change) ?? server;
    const view = serverDetail(ctx, request, updated, viewPolicyOf(request, updated.project_id), {
      show: atLeast(request, '2.71'),
    });
    if (!atLeast(request, '2.75')) {
      // Before 2.75 the update answer left out the extended attributes GET shows.
      for (const key of Object.keys(view)) {
        if (
          /^(OS-EXT-|OS-SRV-USG|os-extended-volumes)/.test(key) ||
          ['config_drive', 'key_name', 'security_groups', 'host_status'].includes(key)
        ) {
          // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
          delete view[key];
        }
      }
      view['addresses'] = Object.fromEntries(
        Object.entries(view['addresses'] as Record<string, Json[]>).map(([net, list]) => [
          net,
          list.map((a) => ({ version: a['version'], addr: a['addr'] })),
        ]),
      );
    }
    return { server: view };
  });

  app.delete<{ Params: { id: string } }>('/servers/:id', async (request, reply) => {
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', 'os_compute_api:servers:delete', {
      project_id: server.project_id,
    });
    checkLock(server, isAdminContext(request));
    const actor = actorOf(request);
    startAction(store, ctx.now(), server, actor, 'delete', {
      name: 'compute_terminate_instance',
      host: server.host,
    });
    store.transaction(() => {
      cancelServerSteps(ctx, server.id);
      if (!server.host) {
        // Never placed on a host: nova deletes it locally, at once.
        finalizeDelete(ctx, server.id);
        return;
      }
      saveServer(ctx, server.id, () => ({ task_state: 'deleting' }));
      scheduleServerStep(ctx, server.id, DURATIONS.delete, { step: 'delete', action: 'delete' });
    });
    return reply.code(204).send();
  });
};
