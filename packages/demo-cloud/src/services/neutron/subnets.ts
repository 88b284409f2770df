import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid as newId } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import {
  NOT_SPECIFIED,
  PROJECT_ATTRS,
  STANDARD_ATTRS,
  TAG_ATTRS,
  hostRoutes,
  ipAddressOrNone,
  ipPools,
  nameservers,
  noneToEmptyList,
  nonNegative,
  poolsToCanonical,
  prepareBody,
  specified,
  string,
  subnetOrNone,
  toBoolean,
  toCanonicalCidr,
  toCanonicalIp,
  toInt,
  values,
} from './attributes';
import type { AttrMap } from './attributes';
import { newStandardAttrs, standardView, tagRoutes, touched } from './common';
import { badRequestOf, invalidInput, neutronError, resourceNotFound } from './http';
import type { Json } from './http';
import {
  cidrOf,
  cidrText,
  defaultGateway,
  formatIp,
  generatePools,
  overlaps,
  parseCidr,
  parseIp,
  rangeText,
  usableRange,
} from './ipam';
import type { Cidr, IpRange } from './ipam';
import { listAnswer, requestedFields, selectFields } from './listing';
import { ipAllocations, networks, ports, subnetPools, subnets } from './model';
import type { AllocationPool, HostRoute, NetworkDoc, SubnetDoc, SubnetPoolDoc } from './model';
import { networkNotFound, reachableNetwork } from './networks';
import { neutronCaller, neutronPolicy } from './policy';
import type { NeutronCaller } from './policy';
import { checkQuota } from './quotas';

export const subnetNotFound = (id: string): Error =>
  neutronError(404, 'SubnetNotFound', `Subnet ${id} could not be found.`);

const IPV6_MODES = ['dhcpv6-stateful', 'dhcpv6-stateless', 'slaac'];

export const SUBNET_ATTRS: AttrMap = {
  id: { filter: true, sort: true },
  name: {
    post: true,
    put: true,
    default: '',
    validate: (v) => string(v, 255),
    filter: true,
    sort: true,
  },
  ip_version: { post: true, convert: toInt, validate: values([4, 6]), filter: true, sort: true },
  network_id: {
    post: true,
    filter: true,
    sort: true,
    validate: (v) =>
      typeof v === 'string' && v !== '' ? undefined : `'${String(v)}' is not a valid UUID`,
  },
  subnetpool_id: { post: true, default: NOT_SPECIFIED, filter: true, sort: true },
  prefixlen: {
    post: true,
    convert: toInt,
    validate: nonNegative,
    default: NOT_SPECIFIED,
    visible: false,
  },
  cidr: {
    post: true,
    default: NOT_SPECIFIED,
    convert: toCanonicalCidr,
    validate: subnetOrNone,
    filter: true,
    sort: true,
  },
  gateway_ip: {
    post: true,
    put: true,
    default: NOT_SPECIFIED,
    convert: toCanonicalIp,
    validate: ipAddressOrNone,
    filter: true,
    sort: true,
  },
  allocation_pools: {
    post: true,
    put: true,
    default: NOT_SPECIFIED,
    convert: poolsToCanonical,
    validate: ipPools,
  },
  dns_nameservers: {
    post: true,
    put: true,
    convert: noneToEmptyList,
    default: NOT_SPECIFIED,
    validate: nameservers,
  },
  host_routes: {
    post: true,
    put: true,
    convert: noneToEmptyList,
    default: NOT_SPECIFIED,
    validate: hostRoutes,
  },
  ...PROJECT_ATTRS,
  enable_dhcp: {
    post: true,
    put: true,
    default: true,
    convert: toBoolean,
    filter: true,
    sort: true,
  },
  ipv6_ra_mode: {
    post: true,
    default: NOT_SPECIFIED,
    validate: values(IPV6_MODES),
    filter: true,
    sort: true,
  },
  ipv6_address_mode: {
    post: true,
    default: NOT_SPECIFIED,
    validate: values(IPV6_MODES),
    filter: true,
    sort: true,
  },
  shared: { filter: true, visible: false },
  use_default_subnetpool: { post: true, default: false, convert: toBoolean, visible: false },
  service_types: { post: true, put: true, default: NOT_SPECIFIED },
  ...STANDARD_ATTRS,
  ...TAG_ATTRS,
};

export const subnetView = (s: SubnetDoc): Json => ({
  id: s.id,
  name: s.name,
  tenant_id: s.project_id,
  network_id: s.network_id,
  ip_version: s.ip_version,
  subnetpool_id: s.subnetpool_id,
  enable_dhcp: s.enable_dhcp,
  ipv6_ra_mode: s.ipv6_ra_mode,
  ipv6_address_mode: s.ipv6_address_mode,
  gateway_ip: s.gateway_ip,
  cidr: s.cidr,
  allocation_pools: s.allocation_pools,
  host_routes: s.host_routes,
  dns_nameservers: s.dns_nameservers,
  description: s.description,
  service_types: s.service_types,
  ...standardView(s),
  project_id: s.project_id,
});

/** Subnets other projects reach in the DB layer: those of shared networks. */
export const reachableSubnet = (
  caller: NeutronCaller,
  s: SubnetDoc,
  net: NetworkDoc | undefined,
): boolean => caller.isAdmin || s.project_id === caller.projectId || (net?.shared ?? false);

export const subnetTarget = (s: SubnetDoc, net: NetworkDoc | undefined): Json => ({
  tenant_id: s.project_id,
  project_id: s.project_id,
  network_id: s.network_id,
  shared: net?.shared ?? false,
  'network:tenant_id': net?.project_id ?? '',
});

const versionMismatch = (name: string, addr: string, version: number): Error =>
  invalidInput(`${name} '${addr}' does not match the ip_version '${version}'`);

const versionOf = (text: string): number | undefined =>
  (text.includes('/') ? parseCidr(text) : parseIp(text))?.version;

/** neutron's _validate_subnet for a create or update (`current` on update). */
const validateSubnet = (s: Json, cidr: Cidr, current?: SubnetDoc): void => {
  const version = s['ip_version'] as number;
  const dhcpWasEnabled = current?.enable_dhcp ?? false;
  if (s['enable_dhcp'] === true && !dhcpWasEnabled) {
    if ((version === 4 && cidr.prefixlen > 30) || (version === 6 && cidr.prefixlen > 126)) {
      throw invalidInput(
        'Subnet has a prefix length that is incompatible with DHCP service enabled',
      );
    }
    const multicast = version === 4 ? cidr.first >> 28n === 0xen : cidr.first >> 120n === 0xffn;
    if (multicast)
      throw invalidInput('Multicast IP subnet is not supported if enable_dhcp is True');
    const loopback = version === 4 ? cidr.first >> 24n === 127n : cidr.first === 1n;
    if (loopback) throw invalidInput('Loopback IP subnet is not supported if enable_dhcp is True');
    if (version === 4 && cidr.first === 0n) {
      throw invalidInput("First IP '0.0.0.0' of network is not supported if enable_dhcp is True.");
    }
  }
  const gateway = specified<string | null>(s['gateway_ip']);
  if (gateway) {
    if (versionOf(gateway) !== version) throw versionMismatch('gateway_ip', gateway, version);
    const gw = parseIp(gateway);
    if (
      gw &&
      version === 4 &&
      gw.value >= cidr.first &&
      gw.value <= cidr.last &&
      (gw.value === cidr.first || gw.value === cidr.last)
    ) {
      throw invalidInput('Gateway is not valid on subnet');
    }
  }
  const dns = specified<string[]>(s['dns_nameservers']);
  if (dns) {
    if (dns.length > 5) {
      throw neutronError(
        400,
        'DNSNameServersExhausted',
        `Unable to complete operation for ${current?.id ?? 'new subnet'}. The number of DNS nameservers exceeds the limit 5.`,
      );
    }
    for (const d of dns)
      if (versionOf(d) !== version) throw versionMismatch('dns_nameserver', d, version);
  }
  const routes = specified<HostRoute[]>(s['host_routes']);
  if (routes) {
    if (routes.length > 20) {
      throw neutronError(
        400,
        'HostRoutesExhausted',
        `Unable to complete operation for ${current?.id ?? 'new subnet'}. The number of host routes exceeds the limit 20.`,
      );
    }
    for (const r of routes) {
      if (versionOf(r.nexthop) !== version) throw versionMismatch('nexthop', r.nexthop, version);
      if (versionOf(r.destination) !== version) {
        throw versionMismatch('destination', r.destination, version);
      }
    }
  }
  if (current) {
    if (s['enable_dhcp'] === false && (current.ipv6_ra_mode || current.ipv6_address_mode)) {
      throw invalidInput('Cannot disable enable_dhcp with ipv6 attributes set');
    }
    return;
  }
  const ra = specified<string>(s['ipv6_ra_mode']);
  const addr = specified<string>(s['ipv6_address_mode']);
  if (version === 4) {
    if (ra) throw invalidInput('ipv6_ra_mode is not valid when ip_version is 4');
    if (addr) throw invalidInput('ipv6_address_mode is not valid when ip_version is 4');
    return;
  }
  if ((ra || addr) && !s['enable_dhcp']) {
    throw invalidInput(
      'ipv6_ra_mode or ipv6_address_mode cannot be set when enable_dhcp is set to False',
    );
  }
  if (ra && addr && ra !== addr) {
    throw invalidInput(
      `ipv6_ra_mode set to '${ra}' with ipv6_address_mode set to '${addr}' is not valid. If both attributes are set, they must be the same value`,
    );
  }
  const auto = (m: string | undefined): boolean => m === 'slaac' || m === 'dhcpv6-stateless';
  if ((auto(ra) || auto(addr)) && cidr.prefixlen !== 64) {
    throw invalidInput(
      `Invalid CIDR ${cidrText(cidr)} for IPv6 address mode. OpenStack uses the EUI-64 address format, which requires the prefix to be /64`,
    );
  }
};

const poolString = (p: AllocationPool): string => `{'start': '${p.start}', 'end': '${p.end}'}`;

/** Validates requested pools against the subnet (version, bounds, overlaps) as neutron does. */
const validatePools = (pools: readonly AllocationPool[], cidr: Cidr): IpRange[] => {
  const ranges: IpRange[] = [];
  for (const p of pools) {
    const start = parseIp(p.start);
    const end = parseIp(p.end);
    if (!start || !end || start.version !== end.version || start.value > end.value) {
      throw neutronError(
        400,
        'InvalidAllocationPool',
        `The allocation pool ${poolString(p)} is not valid.`,
      );
    }
    if (start.version !== cidr.version) {
      throw neutronError(
        400,
        'InvalidAllocationPool',
        `The allocation pool ${rangeText(start.version, { first: start.value, last: end.value })} is not valid.`,
      );
    }
    ranges.push({ first: start.value, last: end.value });
  }
  const bounds = usableRange(cidr);
  for (const r of ranges) {
    if (r.first < bounds.first || r.last > bounds.last) {
      throw neutronError(
        400,
        'OutOfBoundsAllocationPool',
        `The allocation pool ${rangeText(cidr.version, r)} spans beyond the subnet cidr ${cidrText(cidr)}.`,
      );
    }
  }
  for (let i = 0; i < ranges.length; i++) {
    for (let j = i + 1; j < ranges.length; j++) {
      const a = ranges[i];
      const b = ranges[j];
      if (a && b && overlaps(a, b)) {
        throw neutronError(
          409,
          'OverlappingAllocationPools',
          `Found overlapping allocation pools: ${rangeText(cidr.version, a)} ${rangeText(cidr.version, b)} for subnet ${cidrText(cidr)}.`,
        );
      }
    }
  }
  return ranges;
};

const checkGatewayOutOfPools = (
  gateway: string | null,
  ranges: readonly IpRange[],
  version: 4 | 6,
): void => {
  if (!gateway) return;
  const gw = parseIp(gateway)?.value;
  if (gw === undefined) return;
  for (const r of ranges) {
    if (gw >= r.first && gw <= r.last) {
      throw neutronError(
        409,
        'GatewayConflictWithAllocationPools',
        `Gateway ip ${gateway} conflicts with allocation pool ${rangeText(version, r)}.`,
      );
    }
  }
};

/** The first free block of /prefixlen inside the pool's prefixes (neutron's subnet allocator). */
export const allocateFromPool = (store: Store, pool: SubnetPoolDoc, prefixlen: number): Cidr => {
  const taken = store
    .collection(subnets)
    .where('subnetpool_id', pool.id)
    .map((s) => parseCidr(s.cidr))
    .filter((c): c is Cidr => c !== undefined);
  for (const prefixText of pool.prefixes) {
    const prefix = parseCidr(prefixText);
    if (!prefix || prefix.prefixlen > prefixlen) continue;
    const size = 1n << BigInt((pool.ip_version === 4 ? 32 : 128) - prefixlen);
    for (let first = prefix.first; first + size - 1n <= prefix.last; first += size) {
      const candidate = cidrOf(pool.ip_version, first, prefixlen);
      if (!taken.some((t) => overlaps(t, candidate))) return candidate;
    }
  }
  throw neutronError(
    500,
    'SubnetAllocationError',
    `Failed to allocate subnet: Insufficient prefix space to allocate subnet size /${prefixlen}.`,
  );
};

export interface SubnetSpec {
  readonly projectId: string;
  readonly network: NetworkDoc;
  readonly name: string;
  readonly ipVersion: 4 | 6;
  readonly cidr: Cidr;
  readonly gatewayIp?: string | null;
  readonly allocationPools?: AllocationPool[];
  readonly dnsNameservers?: string[];
  readonly hostRoutes?: HostRoute[];
  readonly enableDhcp?: boolean;
  readonly ipv6RaMode?: string | null;
  readonly ipv6AddressMode?: string | null;
  readonly subnetpoolId?: string | null;
  readonly description?: string;
  readonly serviceTypes?: string[];
}

/** Stores a subnet (gateway and pools computed when absent) and bumps its network's revision. */
export const insertSubnet = (ctx: CloudContext, spec: SubnetSpec): SubnetDoc => {
  const { store } = ctx;
  const gateway =
    spec.gatewayIp === undefined
      ? formatIp(spec.ipVersion, defaultGateway(spec.cidr))
      : spec.gatewayIp;
  const pools =
    spec.allocationPools ??
    generatePools(spec.cidr, gateway === null ? null : (parseIp(gateway)?.value ?? null)).map(
      (r) => ({
        start: formatIp(spec.ipVersion, r.first),
        end: formatIp(spec.ipVersion, r.last),
      }),
    );
  const doc: SubnetDoc = {
    id: newId(),
    name: spec.name,
    project_id: spec.projectId,
    network_id: spec.network.id,
    ip_version: spec.ipVersion,
    cidr: cidrText(spec.cidr),
    gateway_ip: gateway,
    allocation_pools: pools,
    dns_nameservers: spec.dnsNameservers ?? [],
    host_routes: spec.hostRoutes ?? [],
    enable_dhcp: spec.enableDhcp ?? true,
    ipv6_ra_mode: spec.ipv6RaMode ?? null,
    ipv6_address_mode: spec.ipv6AddressMode ?? null,
    subnetpool_id: spec.subnetpoolId ?? null,
    service_types: spec.serviceTypes ?? [],
    ...newStandardAttrs(ctx, spec.description ?? ''),
  };
  store.collection(subnets).insert(doc);
  const net = store.collection(networks).get(spec.network.id);
  if (net) store.collection(networks).put(touched(ctx, net));
  return doc;
};

export const subnetRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const col = store.collection(subnets);
  const nets = store.collection(networks);

  const find = (request: FastifyRequest, id: string): SubnetDoc => {
    const s = col.get(id);
    if (!s || !reachableSubnet(neutronCaller(request), s, nets.get(s.network_id)))
      throw subnetNotFound(id);
    return s;
  };

  app.get('/subnets', async (request) => {
    const caller = neutronCaller(request);
    const netById = new Map(nets.all().map((n) => [n.id, n]));
    const candidates = caller.isAdmin
      ? col.all()
      : col.all().filter((s) => reachableSubnet(caller, s, netById.get(s.network_id)));
    const items = candidates
      .filter((s) =>
        policy.check(request, 'get_subnet', subnetTarget(s, netById.get(s.network_id))),
      )
      .map(subnetView);
    return listAnswer(ctx, request, {
      collection: 'subnets',
      attrs: SUBNET_ATTRS,
      items,
      findMarker: (id) => items.find((i) => i['id'] === id),
      markerNotFound: subnetNotFound,
      special: {
        shared: (item, vals) => {
          const shared = netById.get(item['network_id'] as string)?.shared ?? false;
          return vals.some((v) => toBoolean(v) === shared);
        },
      },
    });
  });

  app.get<{ Params: { id: string } }>('/subnets/:id', async (request) => {
    const s = find(request, request.params.id);
    if (!policy.check(request, 'get_subnet', subnetTarget(s, nets.get(s.network_id)))) {
      throw resourceNotFound();
    }
    return { subnet: selectFields(subnetView(s), requestedFields(request)) };
  });

  app.post('/subnets', async (request, reply) => {
    const caller = neutronCaller(request);
    const { values: body } = prepareBody(request.body, 'subnet', SUBNET_ATTRS, {
      create: true,
      caller,
    });
    const netId = body['network_id'] as string;
    const net = nets.get(netId);
    if (!net || !reachableNetwork(caller, net)) throw networkNotFound(netId);
    if (!caller.isAdmin && !net.shared && net.project_id !== body['project_id']) {
      throw neutronError(
        403,
        'HTTPForbidden',
        `Tenant ${String(body['project_id'])} not allowed to create subnet on this network`,
      );
    }
    policy.enforce(
      request,
      'create_subnet',
      { ...body, 'network:tenant_id': net.project_id, shared: net.shared },
      { attrs: SUBNET_ATTRS },
    );
    const projectId = body['project_id'] as string;
    const version = body['ip_version'] as 4 | 6;
    const subnet = store.transaction(() => {
      const poolId = specified<string | null>(body['subnetpool_id']) ?? null;
      let pool: SubnetPoolDoc | undefined;
      if (body['use_default_subnetpool'] === true) {
        if (poolId) {
          throw badRequestOf(
            'subnets',
            'subnetpool_id and use_default_subnetpool cannot both be specified',
          );
        }
        pool = store
          .collection(subnetPools)
          .all()
          .find((p) => p.is_default && p.ip_version === version);
        if (!pool) {
          throw badRequestOf('subnets', `No default subnetpool found for IPv${version}`);
        }
      } else if (poolId) {
        pool = store.collection(subnetPools).get(poolId);
        if (!pool || !(caller.isAdmin || pool.project_id === caller.projectId || pool.shared)) {
          throw neutronError(
            404,
            'SubnetPoolNotFound',
            `Subnet pool ${poolId} could not be found.`,
          );
        }
      }
      const cidrText0 = specified<string | null>(body['cidr']) ?? null;
      if (!pool && cidrText0 === null) {
        throw badRequestOf('subnets', 'a subnetpool must be specified in the absence of a cidr');
      }
      let cidr: Cidr;
      if (pool) {
        if (cidrText0 === null && specified(body['allocation_pools']) !== undefined) {
          throw badRequestOf(
            'subnets',
            'allocation_pools allowed only for specific subnet requests.',
          );
        }
        if (pool.ip_version !== version) {
          throw badRequestOf(
            'subnets',
            `Cannot allocate IPv${version} subnet from IPv${pool.ip_version} subnet pool`,
          );
        }
        const chosen = pool.id;
        const others = col.where('network_id', net.id);
        if (others.some((s) => s.ip_version === version && s.subnetpool_id !== chosen)) {
          throw neutronError(
            400,
            'NetworkSubnetPoolAffinityError',
            'Subnets hosted on the same network must be allocated from the same subnet pool.',
          );
        }
        if (cidrText0 !== null) {
          const requested = parseCidr(cidrText0);
          if (!requested) throw invalidInput(`${cidrText0} is not in a CIDR format`);
          const inside = pool.prefixes.some((p) => {
            const c = parseCidr(p);
            return c && requested.first >= c.first && requested.last <= c.last;
          });
          const taken = col.where('subnetpool_id', pool.id).some((s) => {
            const c = parseCidr(s.cidr);
            return c && overlaps(c, requested);
          });
          if (!inside || taken) {
            throw neutronError(
              500,
              'SubnetAllocationError',
              'Failed to allocate subnet: Cannot allocate requested subnet from the available set of prefixes.',
            );
          }
          cidr = requested;
        } else {
          const prefixlen = specified<number>(body['prefixlen']) ?? pool.default_prefixlen;
          if (prefixlen < pool.min_prefixlen) {
            throw neutronError(
              400,
              'MinPrefixSubnetAllocationError',
              `Unable to allocate subnet with prefix length ${prefixlen}, minimum allowed prefix is ${pool.min_prefixlen}.`,
            );
          }
          if (prefixlen > pool.max_prefixlen) {
            throw neutronError(
              400,
              'MaxPrefixSubnetAllocationError',
              `Unable to allocate subnet with prefix length ${prefixlen}, maximum allowed prefix is ${pool.max_prefixlen}.`,
            );
          }
          cidr = allocateFromPool(store, pool, prefixlen);
        }
      } else {
        const parsed = parseCidr(cidrText0 ?? '');
        if (!parsed) throw invalidInput(`${String(cidrText0)} is not in a CIDR format`);
        cidr = parsed;
      }
      if (cidr.version !== version) throw versionMismatch('cidr', cidrText(cidr), version);
      if (cidr.prefixlen === 0) throw invalidInput('0 is not allowed as CIDR prefix length');
      validateSubnet(body, cidr);
      for (const other of col.where('network_id', net.id)) {
        const c = parseCidr(other.cidr);
        if (c && overlaps(c, cidr)) {
          throw invalidInput(
            `Requested subnet with cidr: ${cidrText(cidr)} for network: ${net.id} overlaps with another subnet`,
          );
        }
      }
      let gateway = specified<string | null>(body['gateway_ip']);
      if (gateway === undefined) gateway = formatIp(version, defaultGateway(cidr));
      const requestedPools = specified<AllocationPool[]>(body['allocation_pools']);
      let pools: AllocationPool[] | undefined;
      if (requestedPools) {
        const ranges = validatePools(requestedPools, cidr);
        checkGatewayOutOfPools(gateway, ranges, version);
        pools = ranges.map((r) => ({
          start: formatIp(version, r.first),
          end: formatIp(version, r.last),
        }));
      }
      checkQuota(store, projectId, { subnet: 1 });
      return insertSubnet(ctx, {
        projectId,
        network: net,
        name: body['name'] as string,
        ipVersion: version,
        cidr,
        gatewayIp: gateway,
        ...(pools ? { allocationPools: pools } : {}),
        dnsNameservers: specified<string[]>(body['dns_nameservers']) ?? [],
        hostRoutes: specified<HostRoute[]>(body['host_routes']) ?? [],
        enableDhcp: body['enable_dhcp'] as boolean,
        ipv6RaMode: specified<string>(body['ipv6_ra_mode']) ?? null,
        ipv6AddressMode: specified<string>(body['ipv6_address_mode']) ?? null,
        subnetpoolId: pool?.id ?? null,
        description: body['description'] as string,
        serviceTypes: specified<string[]>(body['service_types']) ?? [],
      });
    });
    return reply.code(201).send({ subnet: subnetView(subnet) });
  });

  app.put<{ Params: { id: string } }>('/subnets/:id', async (request) => {
    const caller = neutronCaller(request);
    const current = find(request, request.params.id);
    const net = nets.get(current.network_id);
    const { values: body, given } = prepareBody(request.body, 'subnet', SUBNET_ATTRS, {
      create: false,
      caller,
    });
    policy.enforceOrHide(
      request,
      'update_subnet',
      'get_subnet',
      { ...subnetTarget(current, net), ...body },
      { attrs: SUBNET_ATTRS, updated: given },
    );
    const cidr = parseCidr(current.cidr);
    if (!cidr) throw subnetNotFound(current.id);
    validateSubnet({ ...body, ip_version: current.ip_version }, cidr, current);
    const gateway =
      'gateway_ip' in body ? (body['gateway_ip'] as string | null) : current.gateway_ip;
    if ('gateway_ip' in body && gateway !== current.gateway_ip && current.gateway_ip) {
      const routerPort = store.collection(ipAllocations).get(`${current.id}|${current.gateway_ip}`);
      if (routerPort) {
        throw neutronError(
          409,
          'GatewayIpInUse',
          `Current gateway ip ${current.gateway_ip} already in use by port ${routerPort.port_id}. Unable to update.`,
        );
      }
    }
    let pools = current.allocation_pools;
    if ('allocation_pools' in body) {
      const requested = body['allocation_pools'] as AllocationPool[];
      const ranges = validatePools(requested, cidr);
      pools = ranges.map((r) => ({
        start: formatIp(current.ip_version, r.first),
        end: formatIp(current.ip_version, r.last),
      }));
    }
    const poolRanges = pools.map((p) => ({
      first: parseIp(p.start)?.value ?? 0n,
      last: parseIp(p.end)?.value ?? 0n,
    }));
    if ('gateway_ip' in body || 'allocation_pools' in body) {
      checkGatewayOutOfPools(gateway, poolRanges, current.ip_version);
    }
    const updated = touched(ctx, {
      ...current,
      ...('name' in body ? { name: body['name'] as string } : {}),
      ...('description' in body ? { description: body['description'] as string } : {}),
      ...('enable_dhcp' in body ? { enable_dhcp: body['enable_dhcp'] as boolean } : {}),
      ...('dns_nameservers' in body
        ? { dns_nameservers: body['dns_nameservers'] as string[] }
        : {}),
      ...('host_routes' in body ? { host_routes: body['host_routes'] as HostRoute[] } : {}),
      ...('service_types' in body ? { service_types: body['service_types'] as string[] } : {}),
      gateway_ip: gateway,
      allocation_pools: pools,
    });
    col.put(updated);
    return { subnet: subnetView(updated) };
  });

  app.delete<{ Params: { id: string } }>('/subnets/:id', async (request, reply) => {
    const s = find(request, request.params.id);
    const net = nets.get(s.network_id);
    policy.enforceOrHide(request, 'delete_subnet', 'get_subnet', subnetTarget(s, net));
    deleteSubnetDoc(ctx, s);
    return reply.code(204).send();
  });

  tagRoutes(app, ctx, policy, {
    collection: 'subnets',
    resource: 'subnet',
    col,
    reachable: (request, doc) =>
      reachableSubnet(neutronCaller(request), doc, nets.get(doc.network_id)),
    target: (doc) => subnetTarget(doc, nets.get(doc.network_id)),
  });
};

/** Deletes a subnet; SubnetInUse while a port other than a DHCP port holds one of its addresses. */
export const deleteSubnetDoc = (ctx: CloudContext, s: SubnetDoc): void => {
  const { store } = ctx;
  const allocations = store.collection(ipAllocations).where('subnet_id', s.id);
  const portCol = store.collection(ports);
  const blocking = allocations.filter(
    (a) => portCol.get(a.port_id)?.device_owner !== 'network:dhcp',
  );
  if (blocking.length > 0) {
    throw neutronError(
      409,
      'SubnetInUse',
      `Unable to complete operation on subnet ${s.id}: One or more ports have an IP allocation from this subnet.`,
    );
  }
  store.transaction(() => {
    for (const a of allocations) {
      const port = portCol.get(a.port_id);
      if (port) {
        portCol.put(
          touched(ctx, { ...port, fixed_ips: port.fixed_ips.filter((f) => f.subnet_id !== s.id) }),
        );
      }
    }
    store.collection(ipAllocations).deleteWhere('subnet_id', s.id);
    store.collection(subnets).delete(s.id);
    const net = store.collection(networks).get(s.network_id);
    if (net) store.collection(networks).put(touched(ctx, net));
  });
};
