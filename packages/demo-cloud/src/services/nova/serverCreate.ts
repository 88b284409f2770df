import type { FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import {
  atLeast,
  checkBoolean,
  checkInteger,
  checkName,
  invalidInput,
  isObject,
  pyRepr,
} from './http';
import type { Json } from './http';

/** The validated body of POST /servers (nova's JSON schema for the request's microversion). */
export interface CreateSpec {
  readonly name: string;
  readonly imageRef: string;
  readonly flavorRef: string;
  readonly minCount: number;
  readonly maxCount: number;
  readonly returnReservationId: boolean;
  /** Undefined before 2.37 when absent (nova then picks the project's network). */
  readonly networks: 'auto' | 'none' | RequestedNetwork[] | undefined;
  readonly securityGroups: string[];
  readonly keyName: string | null;
  readonly userData: string | null;
  readonly metadata: Record<string, string>;
  readonly availabilityZone: string | null;
  readonly blockDevices: RequestedBlockDevice[];
  readonly configDrive: boolean;
  readonly description: string | null;
  readonly tags: string[];
  readonly adminPass: string | null;
  readonly accessIPv4: string;
  readonly accessIPv6: string;
  readonly diskConfig: 'AUTO' | 'MANUAL';
  readonly hostname: string | null;
  readonly group: string | null;
  readonly trustedCertificates: string[] | null;
  readonly host: string | null;
}

export interface RequestedNetwork {
  readonly uuid?: string;
  readonly port?: string;
  readonly fixedIp?: string;
  readonly tag?: string;
}

export interface RequestedBlockDevice {
  readonly sourceType: 'image' | 'volume' | 'snapshot' | 'blank';
  readonly destinationType: 'local' | 'volume';
  readonly uuid: string | null;
  readonly bootIndex: number | null;
  readonly volumeSize: number | null;
  readonly deleteOnTermination: boolean;
  readonly deviceName: string | null;
  readonly tag: string | null;
}

const UUID = /^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/;

const unexpected = (path: string, value: Json, allowed: readonly string[]): void => {
  const extra = Object.keys(value).filter((k) => !allowed.includes(k));
  if (extra.length > 0) {
    throw invalidInput(
      path,
      value,
      `Additional properties are not allowed (${extra.map(pyRepr).join(', ')} ${extra.length === 1 ? 'was' : 'were'} unexpected)`,
    );
  }
};

const checkString = (value: unknown, path: string, max = 255, min = 0): string => {
  if (typeof value !== 'string')
    throw invalidInput(path, value, `${pyRepr(value)} is not of type 'string'`);
  if (value.length < min) throw invalidInput(path, value, `${pyRepr(value)} is too short`);
  if (value.length > max) throw invalidInput(path, value, `${pyRepr(value)} is too long`);
  return value;
};

const checkUuid = (value: unknown, path: string): string => {
  const text = checkString(value, path);
  if (!UUID.test(text)) throw invalidInput(path, value, `${pyRepr(value)} is not a 'uuid'`);
  return text;
};

/** Nova's metadata rules (server metadata, image metadata of createImage). */
export const checkMetadata = (value: unknown, path: string): Record<string, string> => {
  if (!isObject(value)) throw invalidInput(path, value, `${pyRepr(value)} is not of type 'object'`);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key.length < 1 || key.length > 255) {
      throw invalidInput(
        path,
        value,
        `Additional properties are not allowed (${pyRepr(key)} was unexpected)`,
      );
    }
    if (typeof v !== 'string')
      throw invalidInput(`${path}/${key}`, v, `${pyRepr(v)} is not of type 'string'`);
    if (v.length > 255) throw invalidInput(`${path}/${key}`, v, `${pyRepr(v)} is too long`);
    out[key] = v;
  }
  return out;
};

/** Server tags (2.26): at most 60 characters, no `/` or `,`; at most 50 of them. */
export const checkTag = (value: unknown, path: string): string => {
  const tag = checkString(value, path, 60, 1);
  if (/[/,]/.test(tag))
    throw invalidInput(path, value, `${pyRepr(value)} does not match '^[^,/]*$'`);
  return tag;
};

export const MAX_TAGS = 50;

export const checkDescription = (value: unknown, path: string): string | null => {
  if (value === null) return null;
  if (typeof value !== 'string')
    throw invalidInput(path, value, `${pyRepr(value)} is not of type 'string', 'null'`);
  if (value.length > 255) throw invalidInput(path, value, `${pyRepr(value)} is too long`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) {
    throw invalidInput(
      path,
      value,
      `${pyRepr(value)} does not match the printable characters pattern`,
    );
  }
  return value;
};

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const parseNetworks = (request: FastifyRequest, value: unknown): CreateSpec['networks'] => {
  const path = 'server/networks';
  if (value === 'auto' || value === 'none') {
    if (!atLeast(request, '2.37'))
      throw invalidInput(path, value, `${pyRepr(value)} is not of type 'array'`);
    return value;
  }
  if (!Array.isArray(value)) {
    throw invalidInput(
      path,
      value,
      atLeast(request, '2.37')
        ? `${pyRepr(value)} is not valid under any of the given schemas`
        : `${pyRepr(value)} is not of type 'array'`,
    );
  }
  return value.map((entry: unknown, i): RequestedNetwork => {
    const p = `${path}/${i}`;
    if (!isObject(entry)) throw invalidInput(p, entry, `${pyRepr(entry)} is not of type 'object'`);
    unexpected(p, entry, [
      'uuid',
      'port',
      'fixed_ip',
      ...(atLeast(request, '2.32') ? ['tag'] : []),
    ]);
    const net: { uuid?: string; port?: string; fixedIp?: string; tag?: string } = {};
    if (entry['uuid'] !== undefined) net.uuid = checkUuid(entry['uuid'], `${p}/uuid`);
    if (entry['port'] !== undefined && entry['port'] !== null)
      net.port = checkUuid(entry['port'], `${p}/port`);
    if (entry['fixed_ip'] !== undefined)
      net.fixedIp = checkString(entry['fixed_ip'], `${p}/fixed_ip`);
    if (entry['tag'] !== undefined) net.tag = checkString(entry['tag'], `${p}/tag`, 60, 1);
    if (!net.uuid && !net.port) {
      throw badRequest('Bad networks format: network uuid is not in proper format ()');
    }
    return net;
  });
};

const parseBlockDevices = (request: FastifyRequest, value: unknown): RequestedBlockDevice[] => {
  const path = 'server/block_device_mapping_v2';
  if (!Array.isArray(value))
    throw invalidInput(path, value, `${pyRepr(value)} is not of type 'array'`);
  const allowed = [
    'source_type',
    'destination_type',
    'uuid',
    'boot_index',
    'volume_size',
    'delete_on_termination',
    'device_name',
    'device_type',
    'disk_bus',
    'guest_format',
    'no_device',
    'volume_id',
    'snapshot_id',
    'image_id',
    'connection_info',
    ...(atLeast(request, '2.32') ? ['tag'] : []),
    ...(atLeast(request, '2.67') ? ['volume_type'] : []),
  ];
  return value.map((entry: unknown, i): RequestedBlockDevice => {
    const p = `${path}/${i}`;
    if (!isObject(entry)) throw invalidInput(p, entry, `${pyRepr(entry)} is not of type 'object'`);
    unexpected(p, entry, allowed);
    const sources = ['volume', 'image', 'snapshot', 'blank'];
    const source = entry['source_type'];
    if (typeof source !== 'string' || !sources.includes(source)) {
      throw invalidInput(
        `${p}/source_type`,
        source,
        `${pyRepr(source)} is not one of ${pyRepr(sources)}`,
      );
    }
    const destinations = ['local', 'volume'];
    const destination =
      entry['destination_type'] ?? (source === 'image' || source === 'blank' ? 'local' : 'volume');
    if (typeof destination !== 'string' || !destinations.includes(destination)) {
      throw invalidInput(
        `${p}/destination_type`,
        destination,
        `${pyRepr(destination)} is not one of ${pyRepr(destinations)}`,
      );
    }
    const rawId = entry['uuid'] ?? entry['volume_id'] ?? entry['snapshot_id'] ?? entry['image_id'];
    const id = rawId === undefined || rawId === null ? null : checkString(rawId, `${p}/uuid`);
    const bootIndexRaw = entry['boot_index'];
    const bootIndex =
      bootIndexRaw === undefined || bootIndexRaw === null || bootIndexRaw === 'none'
        ? null
        : checkInteger(bootIndexRaw, `${p}/boot_index`, { min: -1 });
    const size = entry['volume_size'];
    const volumeSize =
      size === undefined || size === null
        ? null
        : checkInteger(size, `${p}/volume_size`, { min: 1 });
    if (source !== 'blank' && id === null) {
      throw badRequest('Block Device Mapping is Invalid: Missing device UUID.');
    }
    if (source === 'image' && destination === 'volume' && volumeSize === null) {
      throw badRequest(
        "Block Device Mapping is Invalid: Images with destination_type 'volume' need to have a non-zero size specified",
      );
    }
    return {
      sourceType: source as RequestedBlockDevice['sourceType'],
      destinationType: destination as RequestedBlockDevice['destinationType'],
      uuid: id,
      bootIndex: bootIndex !== null && bootIndex < 0 ? null : bootIndex,
      volumeSize,
      deleteOnTermination:
        entry['delete_on_termination'] === undefined
          ? false
          : checkBoolean(entry['delete_on_termination'], `${p}/delete_on_termination`),
      deviceName:
        entry['device_name'] === undefined || entry['device_name'] === null
          ? null
          : checkString(entry['device_name'], `${p}/device_name`),
      tag: entry['tag'] === undefined ? null : checkString(entry['tag'], `${p}/tag`, 60, 1),
    };
  });
};

/** Validates POST /servers as nova's schema of the request's microversion does. */
export const parseServerCreate = (request: FastifyRequest): CreateSpec => {
  const body = request.body;
  if (!isObject(body)) {
    throw new Fault(
      400,
      body === undefined
        ? "'server' is a required property"
        : `${pyRepr(body)} is not of type 'object'`,
    );
  }
  const hintKeys = ['os:scheduler_hints', 'OS-SCH-HNT:scheduler_hints'];
  const extra = Object.keys(body).filter((k) => k !== 'server' && !hintKeys.includes(k));
  if (extra.length > 0) {
    throw badRequest(
      `Additional properties are not allowed (${extra.map(pyRepr).join(', ')} ${extra.length === 1 ? 'was' : 'were'} unexpected)`,
    );
  }
  const server = body['server'];
  if (server === undefined) throw badRequest("'server' is a required property");
  if (!isObject(server))
    throw invalidInput('server', server, `${pyRepr(server)} is not of type 'object'`);

  const allowed = [
    'name',
    'imageRef',
    'flavorRef',
    'adminPass',
    'metadata',
    'networks',
    'accessIPv4',
    'accessIPv6',
    'OS-DCF:diskConfig',
    'availability_zone',
    'block_device_mapping',
    'block_device_mapping_v2',
    'config_drive',
    'key_name',
    'min_count',
    'max_count',
    'return_reservation_id',
    'security_groups',
    'user_data',
    ...(atLeast(request, '2.57') ? [] : ['personality']),
    ...(atLeast(request, '2.19') ? ['description'] : []),
    ...(atLeast(request, '2.52') ? ['tags'] : []),
    ...(atLeast(request, '2.63') ? ['trusted_image_certificates'] : []),
    ...(atLeast(request, '2.74') ? ['host', 'hypervisor_hostname'] : []),
    ...(atLeast(request, '2.90') ? ['hostname'] : []),
  ];
  const required = ['name', 'flavorRef', ...(atLeast(request, '2.37') ? ['networks'] : [])];
  for (const key of required) {
    if (server[key] === undefined)
      throw invalidInput('server', server, `'${key}' is a required property`);
  }
  unexpected('server', server, allowed);

  const name = checkName(server['name'], 'server/name');
  const flavorRaw = server['flavorRef'];
  if (typeof flavorRaw !== 'string' && typeof flavorRaw !== 'number') {
    throw invalidInput(
      'server/flavorRef',
      flavorRaw,
      `${pyRepr(flavorRaw)} is not of type 'string', 'integer'`,
    );
  }
  const flavorRef = String(flavorRaw);
  if (flavorRef.length < 1)
    throw invalidInput('server/flavorRef', flavorRaw, `${pyRepr(flavorRaw)} is too short`);
  // An image ref may be a URL ending in the id, as old clients send it.
  const imageRaw = server['imageRef'] ?? '';
  const imageRef = checkString(imageRaw, 'server/imageRef').split('/').pop() ?? '';

  const minCount =
    server['min_count'] === undefined
      ? 1
      : checkInteger(server['min_count'], 'server/min_count', { min: 1 });
  const maxCount =
    server['max_count'] === undefined
      ? minCount
      : checkInteger(server['max_count'], 'server/max_count', { min: 1 });
  if (minCount > maxCount) throw badRequest('min_count must be <= max_count');

  const securityGroups =
    server['security_groups'] === undefined
      ? []
      : (() => {
          const raw = server['security_groups'];
          if (!Array.isArray(raw))
            throw invalidInput(
              'server/security_groups',
              raw,
              `${pyRepr(raw)} is not of type 'array'`,
            );
          return raw.map((g: unknown, i) => {
            if (!isObject(g))
              throw invalidInput(
                `server/security_groups/${i}`,
                g,
                `${pyRepr(g)} is not of type 'object'`,
              );
            unexpected(`server/security_groups/${i}`, g, ['name']);
            return checkString(g['name'], `server/security_groups/${i}/name`, 255, 1);
          });
        })();

  const userDataRaw = server['user_data'];
  let userData: string | null = null;
  if (userDataRaw !== undefined && userDataRaw !== null) {
    const text = checkString(userDataRaw, 'server/user_data', 65535);
    if (!BASE64.test(text.replace(/\s/g, ''))) {
      throw invalidInput(
        'server/user_data',
        userDataRaw,
        `${pyRepr(userDataRaw)} is not a 'base64'`,
      );
    }
    userData = text;
  }

  const blockDevices = [
    ...(server['block_device_mapping_v2'] === undefined
      ? []
      : parseBlockDevices(request, server['block_device_mapping_v2'])),
  ];

  const tags: string[] = [];
  if (server['tags'] !== undefined) {
    const raw = server['tags'];
    if (!Array.isArray(raw))
      throw invalidInput('server/tags', raw, `${pyRepr(raw)} is not of type 'array'`);
    if (raw.length > MAX_TAGS) throw invalidInput('server/tags', raw, `${pyRepr(raw)} is too long`);
    raw.forEach((t: unknown, i) => tags.push(checkTag(t, `server/tags/${i}`)));
  }

  const diskConfig = server['OS-DCF:diskConfig'] ?? 'MANUAL';
  if (diskConfig !== 'AUTO' && diskConfig !== 'MANUAL') {
    throw invalidInput(
      'server/OS-DCF:diskConfig',
      diskConfig,
      `${pyRepr(diskConfig)} is not one of ['AUTO', 'MANUAL']`,
    );
  }

  const hints = (body['os:scheduler_hints'] ?? body['OS-SCH-HNT:scheduler_hints']) as unknown;
  let group: string | null = null;
  if (hints !== undefined) {
    if (!isObject(hints))
      throw invalidInput('os:scheduler_hints', hints, `${pyRepr(hints)} is not of type 'object'`);
    if (hints['group'] !== undefined) group = checkUuid(hints['group'], 'os:scheduler_hints/group');
  }

  const certs = server['trusted_image_certificates'];
  return {
    name,
    imageRef,
    flavorRef,
    minCount,
    maxCount,
    returnReservationId:
      server['return_reservation_id'] === undefined
        ? false
        : checkBoolean(server['return_reservation_id'], 'server/return_reservation_id'),
    networks:
      server['networks'] === undefined ? undefined : parseNetworks(request, server['networks']),
    securityGroups,
    keyName:
      server['key_name'] === undefined || server['key_name'] === null
        ? null
        : checkString(server['key_name'], 'server/key_name', 255, 1),
    userData,
    metadata:
      server['metadata'] === undefined ? {} : checkMetadata(server['metadata'], 'server/metadata'),
    availabilityZone:
      server['availability_zone'] === undefined || server['availability_zone'] === null
        ? null
        : checkString(server['availability_zone'], 'server/availability_zone', 255, 1),
    blockDevices,
    configDrive:
      server['config_drive'] === undefined || server['config_drive'] === ''
        ? false
        : checkBoolean(server['config_drive'], 'server/config_drive'),
    description:
      server['description'] === undefined
        ? null
        : checkDescription(server['description'], 'server/description'),
    tags,
    adminPass:
      server['adminPass'] === undefined
        ? null
        : checkString(server['adminPass'], 'server/adminPass'),
    accessIPv4:
      server['accessIPv4'] === undefined
        ? ''
        : checkString(server['accessIPv4'], 'server/accessIPv4'),
    accessIPv6:
      server['accessIPv6'] === undefined
        ? ''
        : checkString(server['accessIPv6'], 'server/accessIPv6'),
    diskConfig,
    hostname:
      server['hostname'] === undefined
        ? null
        : checkString(server['hostname'], 'server/hostname', 63, 1),
    group,
    trustedCertificates: Array.isArray(certs)
      ? certs.map((c: unknown, i) => checkString(c, `server/trusted_image_certificates/${i}`))
      : null,
    host: server['host'] === undefined ? null : checkString(server['host'], 'server/host', 255, 1),
  };
};

/** Nova's hostname from a display name: lower case, letters, digits and dashes, at most 63. */
export const sanitizeHostname = (name: string): string => {
  const host = name
    .toLowerCase()
    .replace(/[ _]/g, '-')
    .replace(/[^\w.-]+/g, '')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 63)
    .replace(/[.-]+$/g, '');
  return host || 'server';
};
