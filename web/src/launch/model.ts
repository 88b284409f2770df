import type {
  Flavor,
  Image,
  LaunchBody,
  LaunchSourceType,
  Network,
  NovaLimits,
  Port,
  Volume,
  VolumeSnapshot,
} from '@skydeck/contract';
import {
  DEFAULT_LAUNCH_INSTANCE_DEFAULTS,
  GIB,
  type LaunchInstanceDefaultsShape,
} from '@skydeck/contract/launchConstants';
import { t } from '../i18n/i18n';
import { msg } from '../i18n/msg';

/**
 * The Launch Instance wizard's model (spec 3 §3 "New instance spec") and the pure rules the
 * browser applies while the user chooses: which sources and flavors can be picked, the volume
 * size default, the quota charts' numbers. The server checks the same rules again per step.
 */
export interface LaunchModel {
  name: string;
  description: string;
  availability_zone: string;
  instance_count: number | '';
  source_type: LaunchSourceType;
  source_id: string | undefined;
  vol_create: boolean;
  vol_size: number | '';
  /** The user typed a size: the defaults no longer raise it (spec 1 §5). */
  vol_size_touched: boolean;
  vol_delete_on_instance_delete: boolean;
  flavor_id: string | undefined;
  networks: string[];
  ports: string[];
  security_groups: string[];
  key_name: string | undefined;
  admin_pass: string;
  config_drive: boolean;
  user_data: string;
  disk_config: 'AUTO' | 'MANUAL';
  server_group: string | undefined;
  scheduler_hints: Record<string, string>;
  metadata: Record<string, string>;
}

/** What the wizard can be opened with (spec 3 §2: an image, a volume or a snapshot id). */
export interface LaunchPreset {
  source_type: LaunchSourceType;
  source_id: string;
}

/** Spec 3 §4: a new volume is the default only for image sources, and only with Cinder. */
export const volumeDefault = (
  type: LaunchSourceType,
  hasVolumeService: boolean,
  defaults: LaunchInstanceDefaultsShape,
): boolean =>
  hasVolumeService && (type === 'image' || type === 'snapshot') && defaults.create_volume;

/** The source types the settings leave on, in the wizard's order. */
export function sourceTypes(
  defaults: LaunchInstanceDefaultsShape,
  hasVolumeService: boolean,
): LaunchSourceType[] {
  const types: LaunchSourceType[] = [];
  if (!defaults.disable_image) types.push('image');
  if (!defaults.disable_instance_snapshot) types.push('snapshot');
  if (hasVolumeService && !defaults.disable_volume) types.push('volume');
  if (hasVolumeService && !defaults.disable_volume_snapshot) types.push('volume_snapshot');
  return types;
}

/** A fresh model (spec 3 §4: re-initialised each time the wizard opens). */
export function initialModel(
  defaults: LaunchInstanceDefaultsShape = DEFAULT_LAUNCH_INSTANCE_DEFAULTS,
  hasVolumeService = true,
  preset?: LaunchPreset,
): LaunchModel {
  const sourceType = preset?.source_type ?? sourceTypes(defaults, hasVolumeService)[0] ?? 'image';
  return {
    name: '',
    description: '',
    availability_zone:
      defaults.default_availability_zone === 'Any' ? '' : defaults.default_availability_zone,
    instance_count: 1,
    source_type: sourceType,
    source_id: preset?.source_id,
    vol_create: volumeDefault(sourceType, hasVolumeService, defaults),
    vol_size: 1,
    vol_size_touched: false,
    vol_delete_on_instance_delete: false,
    flavor_id: undefined,
    networks: [],
    ports: [],
    security_groups: [],
    key_name: undefined,
    admin_pass: '',
    config_drive: defaults.config_drive,
    user_data: '',
    disk_config: 'AUTO',
    server_group: undefined,
    scheduler_hints: {},
    metadata: {},
  };
}

/** The wire form (contract LaunchBody); security groups by id or name as the caller gives. */
export function toBody(model: LaunchModel): LaunchBody {
  const fromImage = model.source_type === 'image' || model.source_type === 'snapshot';
  const newVolume = model.source_type === 'volume_snapshot' || (fromImage && model.vol_create);
  return {
    name: model.name,
    ...(model.description && { description: model.description }),
    ...(model.availability_zone && { availability_zone: model.availability_zone }),
    // An empty count goes as 0 so the server names the rule it breaks.
    instance_count: model.instance_count === '' ? 0 : model.instance_count,
    source_type: model.source_type,
    ...(model.source_id && { source_id: model.source_id }),
    ...(fromImage && { vol_create: model.vol_create }),
    ...(newVolume && model.vol_size !== '' && { vol_size: model.vol_size }),
    ...(model.source_type !== 'image' || model.vol_create
      ? { vol_delete_on_instance_delete: model.vol_delete_on_instance_delete }
      : {}),
    ...(model.flavor_id && { flavor_id: model.flavor_id }),
    networks: model.networks.map((id) => ({ id })),
    ports: model.ports,
    security_groups: model.security_groups,
    ...(model.key_name && { key_name: model.key_name }),
    ...(model.admin_pass && { admin_pass: model.admin_pass }),
    config_drive: model.config_drive,
    ...(model.user_data && { user_data: model.user_data }),
    disk_config: model.disk_config,
    ...(model.server_group && { server_group: model.server_group }),
    scheduler_hints: model.scheduler_hints,
    metadata: model.metadata,
  };
}

/** A boot source of any kind as the Source step lists it. */
export interface SourceItem {
  id: string;
  name: string;
  /** GB, rounded up (images are sized in bytes). */
  size_gb: number;
  min_disk: number;
  min_ram: number;
  created: string;
  /** Images only: shown in a column. */
  format?: string;
  visibility?: string;
}

/** Spec 3 §9: images of a non-bootable container format are not offered. */
const NON_BOOTABLE = ['aki', 'ari'];

/** Glance keeps instance snapshots with the other images: image_type says which is which. */
const isSnapshot = (image: Image): boolean => image.properties['image_type'] === 'snapshot';

const fromImage = (image: Image): SourceItem => ({
  id: image.id,
  name: image.name ?? image.id,
  size_gb: Math.ceil((image.size ?? 0) / GIB),
  min_disk: image.min_disk,
  min_ram: image.min_ram,
  created: image.created_at,
  format: (image.disk_format ?? '').toUpperCase(),
  visibility: image.visibility,
});

/** The images (or instance snapshots) the Source step offers. */
export function imageSources(images: readonly Image[], snapshots: boolean): SourceItem[] {
  return images
    .filter((i) => i.status === 'active')
    .filter((i) => !NON_BOOTABLE.includes((i.container_format ?? '').toLowerCase()))
    .filter((i) => isSnapshot(i) === snapshots)
    .map(fromImage);
}

const num = (v: string | undefined): number => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

export function volumeSources(volumes: readonly Volume[]): SourceItem[] {
  return volumes
    .filter((v) => v.status === 'available' && v.bootable)
    .map((v) => ({
      id: v.id,
      name: v.name || v.id,
      size_gb: v.size,
      min_disk: num(v.volume_image_metadata?.['min_disk']),
      min_ram: num(v.volume_image_metadata?.['min_ram']),
      created: v.created_at,
    }));
}

export function volumeSnapshotSources(snapshots: readonly VolumeSnapshot[]): SourceItem[] {
  return snapshots
    .filter((s) => s.status === 'available')
    .map((s) => ({
      id: s.id,
      name: s.name || s.id,
      size_gb: s.size,
      min_disk: 0,
      min_ram: 0,
      created: s.created_at,
    }));
}

/** Spec 1 §5 / spec 3 §5: the smallest volume the source fits in, at least 1 GB. */
export const minimumVolumeSize = (source: SourceItem | undefined): number =>
  Math.max(1, source?.size_gb ?? 0, source?.min_disk ?? 0);

/**
 * The volume size to show: the larger of the source's minimum and the flavor's root disk, or
 * what the user typed when that is larger (spec 1 §5 "unless the user typed a larger value").
 */
export function defaultVolumeSize(
  model: Pick<LaunchModel, 'vol_size' | 'vol_size_touched'>,
  source: SourceItem | undefined,
  flavor: Pick<Flavor, 'disk'> | undefined,
): number {
  const floor = Math.max(minimumVolumeSize(source), flavor?.disk ?? 0);
  if (model.vol_size_touched && model.vol_size !== '' && model.vol_size > floor) {
    return model.vol_size;
  }
  return floor;
}

/** The project's compute quota as the charts and the flavor rules use it; -1 is unlimited. */
export interface ComputeQuota {
  instances: { used: number; max: number };
  cores: { used: number; max: number };
  ram: { used: number; max: number };
}

export function computeQuota(limits: NovaLimits | undefined): ComputeQuota | undefined {
  if (!limits) return undefined;
  const v = (key: string): number => limits[key] ?? -1;
  return {
    instances: { used: v('totalInstancesUsed'), max: v('maxTotalInstances') },
    cores: { used: v('totalCoresUsed'), max: v('maxTotalCores') },
    ram: { used: v('totalRAMUsed'), max: v('maxTotalRAMSize') },
  };
}

/** Spec 3 §9: round((used + added) / max × 100); over 100 is over the limit. */
export const quotaPercent = (used: number, added: number, max: number): number =>
  max < 0 ? 0 : max === 0 ? (used + added > 0 ? 101 : 0) : Math.round(((used + added) / max) * 100);

export const SOURCE_KIND_LABELS: Record<LaunchSourceType, string> = {
  image: msg('image'),
  snapshot: msg('instance snapshot'),
  volume: msg('volume'),
  volume_snapshot: msg('volume snapshot'),
};

const VCPU_QUOTA = msg(
  'Not enough VCPUs left in your quota: {{needed}} needed, {{left}} available.',
);
const RAM_QUOTA = msg(
  'Not enough RAM left in your quota: {{needed}} MB needed, {{left}} MB available.',
);
const DISK_TOO_SMALL = msg(
  'The selected {{kind}} needs a root disk of at least {{min}} GB; this flavor has {{disk}} GB.',
);
const RAM_TOO_SMALL = msg(
  'The selected {{kind}} needs at least {{min}} MB of RAM; this flavor has {{ram}} MB.',
);

/**
 * Why a flavor cannot be chosen (spec 3 §4: enabled only when it raises no quota errors and no
 * source-size errors), translated; empty when it can. The server's flavor rule says the same.
 */
export function flavorReasons(
  flavor: Pick<Flavor, 'vcpus' | 'ram' | 'disk'>,
  model: Pick<LaunchModel, 'instance_count' | 'source_type' | 'vol_create'>,
  source: SourceItem | undefined,
  quota: ComputeQuota | undefined,
): string[] {
  const reasons: string[] = [];
  const count = Math.max(1, model.instance_count === '' ? 1 : model.instance_count);
  if (quota && quota.cores.max >= 0) {
    const left = Math.max(0, quota.cores.max - quota.cores.used);
    if (flavor.vcpus * count > left) {
      reasons.push(t(VCPU_QUOTA, { needed: flavor.vcpus * count, left }));
    }
  }
  if (quota && quota.ram.max >= 0) {
    const left = Math.max(0, quota.ram.max - quota.ram.used);
    if (flavor.ram * count > left) reasons.push(t(RAM_QUOTA, { needed: flavor.ram * count, left }));
  }
  if (source) {
    const kind = t(SOURCE_KIND_LABELS[model.source_type]);
    const volumeBacked =
      model.source_type === 'volume' || model.source_type === 'volume_snapshot' || model.vol_create;
    if (!volumeBacked && flavor.disk > 0 && source.min_disk > flavor.disk) {
      reasons.push(t(DISK_TOO_SMALL, { kind, min: source.min_disk, disk: flavor.disk }));
    }
    if (source.min_ram > flavor.ram) {
      reasons.push(t(RAM_TOO_SMALL, { kind, min: source.min_ram, ram: flavor.ram }));
    }
  }
  return reasons;
}

/** Spec 3 §9: networks are offered only with subnets. */
export const launchableNetworks = (networks: readonly Network[]): Network[] =>
  networks.filter((n) => n.subnets.length > 0 || n.subnet_ids.length > 0);

/** Spec 3 §9: ports only if unowned, admin state up, and not a trunk's. */
export const launchablePorts = (ports: readonly Port[]): Port[] =>
  ports.filter((p) => !p.device_owner && !p.device_id && p.admin_state_up && !p.trunk_id);
