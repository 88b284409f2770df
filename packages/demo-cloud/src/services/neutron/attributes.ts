import { badRequest, invalidInput, isObject, pyRepr, pyStr } from './http';
import type { Json } from './http';
import { canonicalIp, formatIp, parseCidr, parseIp } from './ipam';

/**
 * Neutron's resource attribute maps (neutron-lib API definitions): which attributes a POST or PUT
 * may carry, their defaults, converters and validators, and which are filters and sort keys.
 */

/** neutron-lib's ATTR_NOT_SPECIFIED: an optional attribute the request left out. */
export const NOT_SPECIFIED: unique symbol = Symbol('ATTR_NOT_SPECIFIED');

/** A validator answers a reason when the value is invalid (neutron-lib's validators). */
export type Validator = (value: unknown) => string | undefined;
/** A converter returns the converted value or throws neutron's InvalidInput. */
export type Converter = (value: unknown) => unknown;

export interface AttrSpec {
  readonly post?: boolean;
  readonly put?: boolean;
  /** Absent: required on POST. `NOT_SPECIFIED`: optional without a value. */
  readonly default?: unknown;
  readonly convert?: Converter;
  readonly validate?: Validator;
  /** false for write-only attributes (`prefixlen`, `subnet_id` of a floating IP). */
  readonly visible?: boolean;
  readonly filter?: boolean;
  readonly sort?: boolean;
  /** `enforce_policy`: setting it checks `<action>:<attr>`. */
  readonly policy?: boolean;
  /**
   * Sub-keys checked as `<action>:<attr>:<key>` (dict attributes, lists of dicts); for a dict, the
   * keys in the order of its validator's key spec when given.
   */
  readonly subPolicy?: boolean | readonly string[];
}

export type AttrMap = Readonly<Record<string, AttrSpec>>;

/** The standard attributes every neutron resource with a standard_attr row gains. */
export const STANDARD_ATTRS: AttrMap = {
  description: {
    post: true,
    put: true,
    default: '',
    validate: (v) => string(v, 255),
    filter: true,
  },
  created_at: { visible: true },
  updated_at: { visible: true },
  revision_number: { visible: true, filter: true },
};

export const TAG_ATTRS: AttrMap = {
  tags: { filter: true },
  'tags-any': { filter: true, visible: false },
  'not-tags': { filter: true, visible: false },
  'not-tags-any': { filter: true, visible: false },
};

export const PROJECT_ATTRS: AttrMap = {
  tenant_id: {
    post: true,
    validate: (v) => string(v, 255),
    filter: true,
    sort: true,
  },
  project_id: {
    post: true,
    validate: (v) => string(v, 255),
    filter: true,
    sort: true,
  },
};

// ---------------------------------------------------------------------------------------------
// Converters

const TRUE = ['1', 't', 'true', 'on', 'y', 'yes'];
const FALSE = ['0', 'f', 'false', 'off', 'n', 'no'];

/** oslo strutils.bool_from_string(strict=True). */
export const parseBool = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (TRUE.includes(v)) return true;
  if (FALSE.includes(v)) return false;
  return undefined;
};

export const toBoolean: Converter = (value) => {
  const b = parseBool(value);
  if (b === undefined) throw invalidInput(`'${pyStr(value)}' cannot be converted to boolean`);
  return b;
};

export const toBooleanIfNotNull: Converter = (value) => (value === null ? null : toBoolean(value));

/** Python's int(): integers, integral floats truncated, digit strings. */
export const pyInt = (value: unknown): number | undefined => {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) return Number(value);
  return undefined;
};

export const toInt: Converter = (value) => {
  const n = pyInt(value);
  if (n === undefined) throw invalidInput(`'${pyStr(value)}' is not an integer`);
  return n;
};

export const noneToEmptyList: Converter = (value) => (value === null ? [] : value);

export const toCanonicalIp: Converter = (value) =>
  typeof value === 'string' ? canonicalIp(value) : value;

/** allocation_pools: each pool's start and end in canonical form. */
export const poolsToCanonical: Converter = (value) =>
  Array.isArray(value)
    ? value.map((p: unknown) =>
        isObject(p)
          ? {
              ...p,
              ...(typeof p['start'] === 'string' ? { start: toCanonicalIp(p['start']) } : {}),
              ...(typeof p['end'] === 'string' ? { end: toCanonicalIp(p['end']) } : {}),
            }
          : p,
      )
    : value;

export const toCanonicalCidr: Converter = (value) => {
  if (value === NOT_SPECIFIED) return value;
  const cidr = typeof value === 'string' ? parseCidr(value) : undefined;
  if (!cidr) throw invalidInput(`${pyStr(value)} is not in a CIDR format`);
  const text = value as string;
  const addr = text.includes('/') ? text.slice(0, text.indexOf('/')) : text;
  return `${cidr.version === 6 ? canonicalIp(addr) : addr}/${cidr.prefixlen}`;
};

// ---------------------------------------------------------------------------------------------
// Validators (neutron-lib's wording)

export const string = (value: unknown, maxLen?: number): string | undefined => {
  if (typeof value !== 'string') return `'${pyStr(value)}' is not a valid string`;
  if (maxLen !== undefined && value.length > maxLen)
    return `'${value}' exceeds maximum length of ${maxLen}`;
  return undefined;
};

export const stringOrNone = (value: unknown, maxLen?: number): string | undefined =>
  value === null ? undefined : string(value, maxLen);

export const notEmptyString = (value: unknown, maxLen?: number): string | undefined => {
  const msg = string(value, maxLen);
  if (msg) return msg;
  if ((value as string).trim() === '')
    return `'${value as string}' Blank strings are not permitted`;
  return undefined;
};

export const values =
  (allowed: readonly unknown[]): Validator =>
  (value) =>
    allowed.includes(value) ? undefined : `${pyStr(value)} is not in valid_values`;

export const nonNegative: Validator = (value) => {
  const n = pyInt(value);
  if (n === undefined || typeof value === 'boolean') return `'${pyStr(value)}' is not an integer`;
  if (n < 0) return `'${pyStr(value)}' should be non-negative`;
  return undefined;
};

export const range =
  (min: number | null, max: number | null): Validator =>
  (value) => {
    const n = pyInt(value);
    if (n === undefined) return `'${pyStr(value)}' is not an integer`;
    if (min !== null && n < min) return `'${n}' is too small - must be at least '${min}'`;
    if (max !== null && n > max) return `'${n}' is too large - must be no larger than '${max}'`;
    return undefined;
  };

const UUID_LIKE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export const isUuidLike = (value: unknown): value is string =>
  typeof value === 'string' &&
  UUID_LIKE.test(value.replace(/^urn:uuid:/i, '').replace(/[{}]/g, ''));

export const uuid: Validator = (value) =>
  isUuidLike(value) ? undefined : `'${pyStr(value)}' is not a valid UUID`;

export const uuidOrNone: Validator = (value) => (value === null ? undefined : uuid(value));

const duplicates = (items: readonly unknown[]): unknown[] => {
  const seen = new Set<string>();
  const dups: unknown[] = [];
  for (const item of items) {
    const key = JSON.stringify(item);
    if (seen.has(key) && !dups.some((d) => JSON.stringify(d) === key)) dups.push(item);
    seen.add(key);
  }
  return dups;
};

export const uuidList: Validator = (value) => {
  if (!Array.isArray(value)) return `'${pyStr(value)}' is not a list`;
  const dups = duplicates(value);
  if (dups.length > 0) return `Duplicate items in the list: '${dups.map(pyStr).join(', ')}'`;
  for (const item of value) {
    const msg = uuid(item);
    if (msg) return msg;
  }
  return undefined;
};

export const ipAddress: Validator = (value) => {
  if (typeof value !== 'string' || /\s/.test(value))
    return `'${pyStr(value)}' is not a valid IP address`;
  const ip = parseIp(value);
  if (!ip) {
    // netaddr's ZEROFILL accepts leading zeros and recommends the plain form.
    const parts = value.split('.');
    if (parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p.replace(/^0+(?=\d)/, '')))) {
      const plain = parts.map((p) => String(Number(p))).join('.');
      if (parseIp(plain))
        return `'${value}' is not an accepted IP address, '${plain}' is recommended`;
    }
    return `'${value}' is not a valid IP address`;
  }
  return undefined;
};

export const ipAddressOrNone: Validator = (value) =>
  value === null ? undefined : ipAddress(value);

export const subnet: Validator = (value) => {
  if (typeof value !== 'string' || /\s/.test(value))
    return `'${pyStr(value)}' is not a valid IP subnet`;
  const cidr = parseCidr(value);
  if (!cidr) return `'${value}' is not a valid IP subnet`;
  const recommended = `${formatIp(cidr.version, cidr.first)}/${cidr.prefixlen}`;
  if (!value.includes('/') || (cidr.version === 4 && recommended !== value)) {
    return `'${value}' isn't a recognized IP subnet cidr, '${recommended}' is recommended`;
  }
  return undefined;
};

export const subnetOrNone: Validator = (value) =>
  value === null || value === NOT_SPECIFIED ? undefined : subnet(value);

export const subnetList: Validator = (value) => {
  if (!Array.isArray(value)) return `'${pyStr(value)}' is not a list`;
  const dups = duplicates(value);
  if (dups.length > 0) return `Duplicate items in the list: '${dups.map(pyStr).join(', ')}'`;
  for (const item of value) {
    const msg = subnet(item);
    if (msg) return msg;
  }
  return undefined;
};

export const routeCidr: Validator = (value) => {
  if (typeof value !== 'string' || /\s/.test(value)) return `'${pyStr(value)}' is not a valid CIDR`;
  const cidr = parseCidr(value);
  if (!cidr) return `'${value}' is not a valid CIDR`;
  if (!value.includes('/') || cidr.first !== cidr.ip) {
    const recommended = `${formatIp(cidr.version, cidr.first)}/${cidr.prefixlen}`;
    return `'${value}' is not a recognized CIDR, '${recommended}' is recommended`;
  }
  const loopback =
    cidr.version === 4 ? cidr.first >> 24n === 127n : cidr.first === 1n && cidr.prefixlen === 128;
  if (loopback) return `'${value}' is not a routable CIDR`;
  return undefined;
};

/** Python's repr of a set of strings (its order is the hash's; any order is neutron's). */
const pySet = (items: readonly string[]): string =>
  items.length === 0 ? 'set()' : `{${items.map((i) => pyRepr(i)).join(', ')}}`;

const verifyDictKeys = (
  expected: readonly string[],
  data: unknown,
  strict = true,
): string | undefined => {
  if (!isObject(data))
    return `Invalid input. '${pyStr(data)}' must be a dictionary with keys: ${pyStr(expected)}`;
  const provided = Object.keys(data);
  const missing = expected.filter((k) => !provided.includes(k));
  const extra = strict ? provided.filter((k) => !expected.includes(k)) : [];
  if (missing.length > 0 || extra.length > 0) {
    return `Validation of dictionary's keys failed. Expected keys: ${pySet(expected)} Provided keys: ${pySet(provided)}`;
  }
  return undefined;
};

export const ipPools: Validator = (value) => {
  if (!Array.isArray(value)) return `Invalid data format for IP pool: '${pyStr(value)}'`;
  for (const pool of value) {
    const msg = verifyDictKeys(['start', 'end'], pool);
    if (msg) return msg;
    const p = pool as Json;
    for (const k of ['start', 'end']) {
      const m = ipAddress(p[k]);
      if (m) return m;
    }
  }
  return undefined;
};

export const fixedIps: Validator = (value) => {
  if (!Array.isArray(value)) return `Invalid data format for fixed IP: '${pyStr(value)}'`;
  const ips: unknown[] = [];
  for (const fixed of value) {
    if (!isObject(fixed)) return `Invalid data format for fixed IP: '${pyStr(fixed)}'`;
    if ('ip_address' in fixed) {
      const address = fixed['ip_address'];
      const msg = ips.includes(address)
        ? `Duplicate IP address '${pyStr(address)}'`
        : ipAddress(address);
      if (msg) return msg;
      ips.push(address);
    }
    if ('subnet_id' in fixed) {
      const msg = uuid(fixed['subnet_id']);
      if (msg) return msg;
    }
  }
  return undefined;
};

export const nameservers: Validator = (value) => {
  if (!Array.isArray(value)) return `Invalid data format for nameserver: '${pyStr(value)}'`;
  const hosts: unknown[] = [];
  for (const host of value) {
    const msg = ipAddress(host);
    if (msg) return `'${pyStr(host)}' is not a valid nameserver. ${msg}`;
    if (hosts.includes(host)) return `Duplicate nameserver '${pyStr(host)}'`;
    hosts.push(host);
  }
  return undefined;
};

export const hostRoutes: Validator = (value) => {
  if (!Array.isArray(value)) return `Invalid data format for hostroute: '${pyStr(value)}'`;
  const seen: string[] = [];
  for (const route of value) {
    const msg = verifyDictKeys(['destination', 'nexthop'], route);
    if (msg) return msg;
    const r = route as Json;
    const m1 = routeCidr(r['destination']);
    if (m1) return m1;
    const m2 = ipAddress(r['nexthop']);
    if (m2) return m2;
    const key = `${String(r['destination'])}|${String(r['nexthop'])}`;
    if (seen.includes(key)) return `Duplicate hostroute '${pyStr(route)}'`;
    seen.push(key);
  }
  return undefined;
};

const MAC = /^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i;
const INVALID_MACS = ['00:00:00:00:00:00', 'ff:ff:ff:ff:ff:ff'];

export const macAddress: Validator = (value) => {
  const ok =
    typeof value === 'string' &&
    MAC.test(value) &&
    !INVALID_MACS.includes(value.toLowerCase().replaceAll('-', ':'));
  return ok ? undefined : `'${pyStr(value)}' is not a valid MAC address`;
};

export const dictOrNone: Validator = (value) =>
  value === null || isObject(value) ? undefined : `'${pyStr(value)}' is not a dictionary`;

export const availabilityZoneHints: Validator = (value) => {
  if (!Array.isArray(value)) return `'${pyStr(value)}' is not a list`;
  for (const item of value) {
    const msg = string(item, 255);
    if (msg) return msg;
  }
  return undefined;
};

// ---------------------------------------------------------------------------------------------
// Request bodies

export interface Caller {
  readonly projectId: string;
  readonly isAdmin: boolean;
}

/** populate_project_info: tenant_id and project_id mirror each other and must agree. */
const populateProject = (res: Json): void => {
  if ('tenant_id' in res && !('project_id' in res)) res['project_id'] = res['tenant_id'];
  else if ('project_id' in res && !('tenant_id' in res)) res['tenant_id'] = res['project_id'];
  if (res['project_id'] !== res['tenant_id']) {
    throw badRequest("'project_id' and 'tenant_id' do not match");
  }
};

export interface PreparedBody {
  /** The attributes after defaults, conversion and validation; NOT_SPECIFIED for optional unset ones. */
  readonly values: Json;
  /** The attribute names the request itself carried. */
  readonly given: readonly string[];
}

/**
 * Neutron's prepare_request_body for one resource: finds `{resource: {...}}`, rejects unknown and
 * read-only attributes, fills POST defaults, converts and validates in attribute-map order.
 */
export const prepareBody = (
  body: unknown,
  resource: string,
  attrs: AttrMap,
  options: { readonly create: boolean; readonly caller: Caller },
): PreparedBody => {
  if (body === undefined || body === null) throw badRequest('Resource body required');
  if (!isObject(body)) throw badRequest('Body contains invalid data');
  const inner = body[resource];
  if (inner === undefined || inner === null) {
    throw badRequest(`Unable to find '${resource}' in request body`);
  }
  if (!isObject(inner)) throw badRequest(`Object '${resource}' contains invalid data`);
  return prepareItem(inner, attrs, options);
};

export const prepareItem = (
  inner: Json,
  attrs: AttrMap,
  { create, caller }: { readonly create: boolean; readonly caller: Caller },
): PreparedBody => {
  const res: Json = { ...inner };
  const given = Object.keys(inner);
  if ('tenant_id' in attrs) {
    populateProject(res);
    if ('project_id' in res && res['project_id'] !== caller.projectId && !caller.isAdmin) {
      throw badRequest(
        "Specifying 'project_id' or 'tenant_id' other than the authenticated project in request requires admin or advsvc privileges",
      );
    }
    if (create && !('project_id' in res)) {
      res['project_id'] = caller.projectId;
      res['tenant_id'] = caller.projectId;
    }
  }
  const extra = Object.keys(res).filter((k) => !(k in attrs));
  if (extra.length > 0) throw badRequest(`Unrecognized attribute(s) '${extra.join(', ')}'`);
  if (create) {
    for (const [name, spec] of Object.entries(attrs)) {
      if (spec.post) {
        if (!(name in res)) {
          if (!('default' in spec)) {
            throw badRequest(`Failed to parse request. Required attribute '${name}' not specified`);
          }
          res[name] = spec.default;
        }
      } else if (name in res) {
        throw badRequest(`Attribute '${name}' not allowed in POST`);
      }
    }
  } else {
    for (const name of Object.keys(res)) {
      if (!attrs[name]?.put) throw badRequest(`Cannot update read-only attribute ${name}`);
    }
  }
  for (const [name, spec] of Object.entries(attrs)) {
    if (!(name in res) || res[name] === NOT_SPECIFIED) continue;
    if (spec.convert) res[name] = spec.convert(res[name]);
    if (spec.validate) {
      const reason = spec.validate(res[name]);
      if (reason) throw badRequest(`Invalid input for ${name}. Reason: ${reason}.`);
    }
  }
  return { values: res, given };
};

/** The value of an optional attribute, or undefined when the request left it unset. */
export const specified = <T>(value: unknown): T | undefined =>
  value === NOT_SPECIFIED || value === undefined ? undefined : (value as T);
