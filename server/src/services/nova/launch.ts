import {
  GIB,
  LAUNCH_STEPS,
  USER_DATA_MAX_BYTES,
  type LaunchBody,
  type LaunchErrors,
  type LaunchResult,
  type LaunchSourceType,
  type LaunchStep,
} from '@skydeck/contract';
import {
  compareMicroversions,
  OpenStackHttpError,
  type BlockDeviceMappingV2,
  type NovaServerCreate,
  type OpenStackClient,
  type RequestedNic,
} from '@skydeck/openstack-client';

/**
 * The Launch Instance wizard's server side (spec 3 §3, §5): per-step rules over the wizard's
 * model, and the Nova payload built from it. The rules are pure (`validateLaunch` over the
 * model and the facts read from the cloud), so each is unit-tested without a cloud; the facts
 * are read once per call, and only those the asked steps need.
 */

/** The boot source as the rules see it, whatever service it comes from. */
export interface SourceFacts {
  min_disk: number;
  min_ram: number;
  /** Bytes for an image; GB (already whole) for a volume or volume snapshot. */
  size_gb: number;
}

/** What is left of the project's compute quota; `null` is unlimited (Nova's -1). */
export interface QuotaLeft {
  instances: number | null;
  cores: number | null;
  ram: number | null;
}

export interface FlavorFacts {
  id: string;
  vcpus: number;
  ram: number;
  disk: number;
}

export interface LaunchFacts {
  /** The cloud has a network service (the Networks, Network Ports and Security Groups steps). */
  network: boolean;
  /** OPENSTACK_HYPERVISOR_FEATURES.requires_keypair. */
  requiresKeypair: boolean;
  quota?: QuotaLeft;
  /** `null`: the chosen source does not exist (or is not visible). */
  source?: SourceFacts | null;
  flavor?: FlavorFacts | null;
  /** The user's key pair names, when the key pair step is checked with a name. */
  keypairs?: readonly string[];
  /** The visible server group ids, when one is chosen. */
  serverGroups?: readonly string[];
}

/** What the messages call each kind of source (spec 3 §5: flavor errors name the source kind). */
export const SOURCE_KIND: Record<LaunchSourceType, string> = {
  image: 'image',
  snapshot: 'instance snapshot',
  volume: 'volume',
  volume_snapshot: 'volume snapshot',
};

/** A step's general errors go under this key (spec 1 §3). */
export const GENERAL = '__all__';

const MAX_META_LENGTH = 255;

/** Boots from a new volume: the source is copied to a volume Nova creates. */
export const bootsFromNewVolume = (body: LaunchBody): boolean =>
  body.source_type === 'volume_snapshot' ||
  ((body.source_type === 'image' || body.source_type === 'snapshot') && body.vol_create === true);

/** Boots from a volume at all (the flavor's root disk is then not used). */
const volumeBacked = (body: LaunchBody): boolean =>
  body.source_type === 'volume' || bootsFromNewVolume(body);

/** The smallest volume the source fits in (spec 3 §5, spec 1 §5): never below 1 GB. */
export const minimumVolumeSize = (source: SourceFacts): number =>
  Math.max(1, source.size_gb, source.min_disk);

const bytes = (text: string): number => new TextEncoder().encode(text).length;

type Rule = (body: LaunchBody, facts: LaunchFacts, add: (field: string, m: string) => void) => void;

const RULES: Record<LaunchStep, Rule> = {
  details(body, facts, add) {
    if (!body.name?.trim()) add('name', 'A name is required for your instance.');
    const count = body.instance_count ?? 1;
    if (count < 1) {
      add('instance_count', 'The instance count must be at least 1.');
    } else if (facts.quota?.instances !== null && facts.quota?.instances !== undefined) {
      const left = Math.max(0, facts.quota.instances);
      if (count > left) {
        add(
          'instance_count',
          `The instance count must not exceed your quota available of ${left} instances`,
        );
      }
    }
  },

  source(body, facts, add) {
    if (!body.source_type) {
      add('source_type', 'Choose a boot source type.');
      return;
    }
    if (!body.source_id) {
      add('source_id', 'Choose a source to boot from.');
      return;
    }
    if (facts.source === null) {
      add('source_id', `The selected ${SOURCE_KIND[body.source_type]} was not found.`);
      return;
    }
    if (body.source_type === 'volume' && (body.instance_count ?? 1) > 1) {
      add(
        GENERAL,
        'Volumes can only be attached to 1 active instance at a time. Set the instance count ' +
          'to 1 or choose another source.',
      );
    }
    if (bootsFromNewVolume(body)) {
      // A volume snapshot's new volume may be left to its own size; a copied image may not.
      if (body.vol_size === undefined) {
        if (body.source_type !== 'volume_snapshot') add('vol_size', 'A volume size is required.');
      } else if (facts.source) {
        const min = minimumVolumeSize(facts.source);
        if (body.vol_size < min) add('vol_size', `The volume size must be at least ${min} GB`);
      }
    }
  },

  flavor(body, facts, add) {
    if (!body.flavor_id) {
      add('flavor_id', 'Choose a flavor.');
      return;
    }
    const flavor = facts.flavor;
    if (flavor === null || flavor === undefined) {
      add('flavor_id', 'The selected flavor was not found.');
      return;
    }
    for (const message of flavorProblems(flavor, body, facts)) add('flavor_id', message);
  },

  networks() {
    // "At least one network unless ports are chosen" needs both steps: checked with the ports.
  },

  ports(body, facts, add) {
    if (!facts.network) return;
    if ((body.networks ?? []).length === 0 && (body.ports ?? []).length === 0) {
      add(GENERAL, 'At least one network is required unless you choose a port.');
    }
  },

  security_groups() {},

  keypair(body, facts, add) {
    const name = body.key_name;
    if (!name) {
      if (facts.requiresKeypair) add('key_name', 'A key pair is required.');
      return;
    }
    if (facts.keypairs && !facts.keypairs.includes(name)) {
      add('key_name', `The key pair ${name} was not found.`);
    }
  },

  configuration(body, _facts, add) {
    if (body.user_data !== undefined && bytes(body.user_data) > USER_DATA_MAX_BYTES) {
      add('user_data', 'The customization script must not be larger than 16 KiB.');
    }
  },

  server_groups(body, facts, add) {
    if (body.server_group && facts.serverGroups && !facts.serverGroups.includes(body.server_group))
      add('server_group', 'The selected server group was not found.');
  },

  scheduler_hints(body, _facts, add) {
    metadataProblems(body.scheduler_hints, 'scheduler_hints', add);
  },

  metadata(body, _facts, add) {
    metadataProblems(body.metadata, 'metadata', add);
  },
};

function metadataProblems(
  map: Record<string, string> | undefined,
  field: string,
  add: (field: string, m: string) => void,
): void {
  for (const [key, value] of Object.entries(map ?? {})) {
    if (!key.trim()) add(field, 'A key must not be empty.');
    else if (key.length > MAX_META_LENGTH)
      add(field, `The key ${key.slice(0, 32)}… is longer than 255 characters.`);
    else if (value.length > MAX_META_LENGTH)
      add(field, `The value of ${key} is longer than 255 characters.`);
  }
}

/**
 * Why a flavor cannot launch this model (spec 3 §4: a flavor is enabled only when it raises no
 * quota errors and no source-size errors); empty when it can. Shared by the flavor step's rule
 * and, through the same messages, by the wizard's disabled flavors.
 */
export function flavorProblems(
  flavor: FlavorFacts,
  body: LaunchBody,
  facts: Pick<LaunchFacts, 'quota' | 'source'>,
): string[] {
  const problems: string[] = [];
  const count = Math.max(1, body.instance_count ?? 1);
  const cores = facts.quota?.cores;
  if (cores !== null && cores !== undefined && flavor.vcpus * count > cores) {
    problems.push(
      `Not enough VCPUs left in your quota: ${flavor.vcpus * count} needed, ${Math.max(0, cores)} available.`,
    );
  }
  const ram = facts.quota?.ram;
  if (ram !== null && ram !== undefined && flavor.ram * count > ram) {
    problems.push(
      `Not enough RAM left in your quota: ${flavor.ram * count} MB needed, ${Math.max(0, ram)} MB available.`,
    );
  }
  const source = facts.source;
  if (source && body.source_type) {
    const kind = SOURCE_KIND[body.source_type];
    // The root disk is the flavor's only when booting from the image itself; a flavor disk of
    // 0 means "the image's size", which Nova sizes for itself.
    if (!volumeBacked(body) && flavor.disk > 0 && source.min_disk > flavor.disk) {
      problems.push(
        `The selected ${kind} needs a root disk of at least ${source.min_disk} GB; this flavor has ${flavor.disk} GB.`,
      );
    }
    if (source.min_ram > flavor.ram) {
      problems.push(
        `The selected ${kind} needs at least ${source.min_ram} MB of RAM; this flavor has ${flavor.ram} MB.`,
      );
    }
  }
  return problems;
}

/** Runs the rules of `steps` (in the wizard's order); an empty object when all pass. */
export function validateLaunch(
  body: LaunchBody,
  steps: readonly LaunchStep[],
  facts: LaunchFacts,
): LaunchErrors {
  const errors: LaunchErrors = {};
  for (const step of LAUNCH_STEPS) {
    if (!steps.includes(step)) continue;
    RULES[step](body, facts, (field, message) => {
      const of = (errors[step] ??= {});
      // One message per field is shown; the first found is the one to fix first.
      of[field] ??= message;
    });
  }
  return errors;
}

/** The steps from `from` to `to`, both included (a forward jump validates those in between). */
export function stepRange(to?: LaunchStep, from?: LaunchStep): LaunchStep[] {
  if (!to) return [...LAUNCH_STEPS];
  const end = LAUNCH_STEPS.indexOf(to);
  const start = from ? LAUNCH_STEPS.indexOf(from) : end;
  return LAUNCH_STEPS.slice(Math.min(start, end), end + 1);
}

/** The first message of the errors, in step order: a 400's `message`. */
export function firstError(errors: LaunchErrors): string | undefined {
  for (const step of LAUNCH_STEPS) {
    const first = Object.values(errors[step] ?? {})[0];
    if (first) return first;
  }
  return undefined;
}

/** Nova's -1 is unlimited. */
const left = (max: number, used: number): number | null => (max < 0 ? null : max - used);

const notFoundAsNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
  try {
    return await read();
  } catch (error) {
    if (error instanceof OpenStackHttpError && error.status === 404) return null;
    throw error;
  }
};

const num = (value: string | number | undefined | null): number => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** Reads the boot source, whatever service holds it. */
export async function readSource(
  openstack: OpenStackClient,
  type: LaunchSourceType,
  id: string,
): Promise<SourceFacts | null> {
  if (type === 'image' || type === 'snapshot') {
    const image = await notFoundAsNull(() => openstack.glance.images.get(id));
    if (!image) return null;
    return {
      min_disk: image.min_disk,
      min_ram: image.min_ram,
      size_gb: Math.ceil((image.size ?? 0) / GIB),
    };
  }
  if (type === 'volume') {
    const volume = await notFoundAsNull(() => openstack.cinder.volumes.get(id));
    if (!volume) return null;
    const meta = volume.volume_image_metadata ?? {};
    return { min_disk: num(meta['min_disk']), min_ram: num(meta['min_ram']), size_gb: volume.size };
  }
  const snapshot = await notFoundAsNull(() => openstack.cinder.snapshots.get(id));
  if (!snapshot) return null;
  return { min_disk: 0, min_ram: 0, size_gb: snapshot.size };
}

export interface LaunchDeps {
  requiresKeypair: boolean;
}

/** Reads what the rules of `steps` need, in parallel, and nothing else. */
export async function loadFacts(
  openstack: OpenStackClient,
  body: LaunchBody,
  steps: readonly LaunchStep[],
  deps: LaunchDeps,
): Promise<LaunchFacts> {
  const needs = (...s: LaunchStep[]): boolean => s.some((step) => steps.includes(step));
  const facts: LaunchFacts = {
    network: openstack.hasService('network'),
    requiresKeypair: deps.requiresKeypair,
  };
  const flavorId = body.flavor_id;
  await Promise.all([
    needs('details', 'flavor') &&
      openstack.nova.limits.get().then(({ absolute: a }) => {
        facts.quota = {
          instances: left(a.maxTotalInstances, a.totalInstancesUsed),
          cores: left(a.maxTotalCores, a.totalCoresUsed),
          ram: left(a.maxTotalRAMSize, a.totalRAMUsed),
        };
      }),
    needs('source', 'flavor') &&
      body.source_type &&
      body.source_id &&
      readSource(openstack, body.source_type, body.source_id).then((s) => (facts.source = s)),
    needs('flavor') &&
      flavorId &&
      notFoundAsNull(() => openstack.nova.flavors.get(flavorId)).then((f) => {
        facts.flavor = f && { id: f.id, vcpus: f.vcpus, ram: f.ram, disk: f.disk };
      }),
    needs('keypair') &&
      body.key_name &&
      openstack.nova.keypairs.list().then((kps) => (facts.keypairs = kps.map((k) => k.name))),
    needs('server_groups') &&
      body.server_group &&
      openstack.nova.serverGroups.list().then((gs) => (facts.serverGroups = gs.map((g) => g.id))),
  ]);
  return facts;
}

/** UTF-8 text to base64, as Nova wants user_data. */
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** Nova's `networks` for the model: ports first, then networks (the wizard's order). */
function nicsOf(
  body: LaunchBody,
  network: boolean,
  microversion: string,
): NovaServerCreate['networks'] {
  const nics: RequestedNic[] = [
    ...(body.ports ?? []).map((port) => ({ port })),
    ...(body.networks ?? []).map((n) =>
      n.v4_fixed_ip ? { uuid: n.id, fixed_ip: n.v4_fixed_ip } : { uuid: n.id },
    ),
  ];
  if (nics.length > 0) return nics;
  // From 2.37 Nova needs to be told: with a network service and nothing chosen, let Nova
  // allocate one (`auto`); without one there is nothing to attach (`none`). Before 2.37 an
  // absent list meant the same.
  if (compareMicroversions(microversion, '2.37') < 0) return undefined;
  return network ? 'auto' : 'none';
}

/** block_device_mapping_v2 for a volume-backed boot (spec 3 §3); undefined for an image boot. */
export function blockDevicesOf(body: LaunchBody): BlockDeviceMappingV2[] | undefined {
  const id = body.source_id;
  if (!id) return undefined;
  const deleteOnTermination = body.vol_delete_on_instance_delete ?? false;
  switch (body.source_type) {
    case 'volume':
      return [
        {
          source_type: 'volume',
          destination_type: 'volume',
          uuid: id,
          boot_index: 0,
          delete_on_termination: deleteOnTermination,
        },
      ];
    case 'volume_snapshot':
      return [
        {
          source_type: 'snapshot',
          destination_type: 'volume',
          uuid: id,
          boot_index: 0,
          ...(body.vol_size === undefined ? {} : { volume_size: body.vol_size }),
          delete_on_termination: deleteOnTermination,
        },
      ];
    case 'image':
    case 'snapshot':
      return body.vol_create
        ? [
            {
              source_type: 'image',
              destination_type: 'volume',
              uuid: id,
              boot_index: 0,
              volume_size: body.vol_size ?? 1,
              delete_on_termination: deleteOnTermination,
            },
          ]
        : undefined;
    default:
      return undefined;
  }
}

/**
 * Nova's `server` for a validated model (spec 3 §3): count → min/max_count, an image boot by
 * imageRef or a volume boot by block_device_mapping_v2, nics, security groups (Nova takes them
 * by name or id in `name`), user_data in base64, and the description only where Nova has it.
 */
export function buildServerCreate(
  body: LaunchBody,
  network: boolean,
  microversion: string,
): NovaServerCreate {
  const count = Math.max(1, body.instance_count ?? 1);
  const devices = blockDevicesOf(body);
  const server: NovaServerCreate = {
    name: (body.name ?? '').trim(),
    flavorRef: body.flavor_id ?? '',
    min_count: count,
    max_count: count,
  };
  if (devices) server.block_device_mapping_v2 = devices;
  else if (body.source_id) server.imageRef = body.source_id;
  if (body.description && compareMicroversions(microversion, '2.19') >= 0)
    server.description = body.description;
  if (body.availability_zone) server.availability_zone = body.availability_zone;
  if (body.key_name) server.key_name = body.key_name;
  if (body.admin_pass) server.adminPass = body.admin_pass;
  if (body.config_drive !== undefined) server.config_drive = body.config_drive;
  if (body.user_data) server.user_data = base64(body.user_data);
  if (body.metadata && Object.keys(body.metadata).length > 0) server.metadata = body.metadata;
  // Without a network service there are no security groups to apply (nova-network is gone).
  if (network && body.security_groups && body.security_groups.length > 0)
    server.security_groups = body.security_groups.map((name) => ({ name }));
  const networks = nicsOf(body, network, microversion);
  if (networks !== undefined) server.networks = networks;
  server['OS-DCF:diskConfig'] = body.disk_config ?? 'AUTO';
  return server;
}

/** The scheduler hints sent: the operator's free hints plus the chosen server group's. */
export function schedulerHintsOf(body: LaunchBody): Record<string, string> {
  return {
    ...(body.scheduler_hints ?? {}),
    ...(body.server_group ? { group: body.server_group } : {}),
  };
}

export type LaunchOutcome =
  | { kind: 'invalid'; errors: LaunchErrors; message: string }
  | { kind: 'valid' }
  | { kind: 'launched'; result: LaunchResult };

/**
 * Validates `steps` and, unless only validating, launches. A launch validates every step first,
 * so a model the wizard did not check (a script, a stale tab) is refused the same way.
 */
export async function launch(
  openstack: OpenStackClient,
  body: LaunchBody,
  options: LaunchDeps & { validateOnly?: readonly LaunchStep[] },
): Promise<LaunchOutcome> {
  const steps = options.validateOnly ?? LAUNCH_STEPS;
  const facts = await loadFacts(openstack, body, steps, options);
  const errors = validateLaunch(body, steps, facts);
  const message = firstError(errors);
  if (message) return { kind: 'invalid', errors, message };
  if (options.validateOnly) return { kind: 'valid' };
  const created = await openstack.nova.serverCreate.create({
    server: (microversion) => buildServerCreate(body, facts.network, microversion),
    schedulerHints: schedulerHintsOf(body),
  });
  return { kind: 'launched', result: { id: created.id, count: body.instance_count ?? 1 } };
}
