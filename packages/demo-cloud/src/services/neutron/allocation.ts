import { randomBytes } from 'node:crypto';
import type { Store } from '../../store/store';
import { invalidInput, neutronError } from './http';
import { formatIp, parseCidr, parseIp } from './ipam';
import { ipAllocations, ports, subnets } from './model';
import type { FixedIp, PortDoc, SubnetDoc } from './model';

/** Owners of router ports: they get the subnet's gateway address, never a SLAAC one. */
export const ROUTER_INTERFACE_OWNERS = [
  'network:router_interface',
  'network:ha_router_replicated_interface',
  'network:router_interface_distributed',
];

const allocationId = (subnetId: string, ip: string): string => `${subnetId}|${ip}`;

export const isAutoAddressSubnet = (s: SubnetDoc): boolean =>
  s.ip_version === 6 &&
  (s.ipv6_address_mode === 'slaac' || s.ipv6_address_mode === 'dhcpv6-stateless');

/** A random MAC on devstack's base_mac fa:16:3e:00:00:00, unique on the network. */
export const generateMac = (store: Store, networkId: string): string => {
  const taken = new Set(
    store
      .collection(ports)
      .where('network_id', networkId)
      .map((p) => p.mac_address),
  );
  for (;;) {
    const tail = [...randomBytes(3)].map((b) => b.toString(16).padStart(2, '0'));
    const mac = ['fa', '16', '3e', ...tail].join(':');
    if (!taken.has(mac)) return mac;
  }
};

/** The modified EUI-64 address of a MAC in a /64 (what SLAAC hosts configure). */
export const eui64Address = (cidr: string, mac: string): string => {
  const net = parseCidr(cidr);
  if (!net) throw new Error(`bad cidr ${cidr}`);
  const bytes = mac.split(/[:-]/).map((h) => parseInt(h, 16));
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0, b5 = 0] = bytes;
  const iid = [b0 ^ 0x02, b1, b2, 0xff, 0xfe, b3, b4, b5].reduce(
    (acc, b) => (acc << 8n) | BigInt(b),
    0n,
  );
  return formatIp(6, net.first | iid);
};

export const ipInUse = (store: Store, subnetId: string, ip: string): boolean =>
  store.collection(ipAllocations).get(allocationId(subnetId, ip)) !== undefined;

export const recordAllocation = (
  store: Store,
  subnet: SubnetDoc,
  portId: string,
  ip: string,
): void => {
  store.collection(ipAllocations).insert({
    id: allocationId(subnet.id, ip),
    subnet_id: subnet.id,
    network_id: subnet.network_id,
    port_id: portId,
    ip_address: ip,
  });
};

export const releasePortAllocations = (store: Store, portId: string): void => {
  store.collection(ipAllocations).deleteWhere('port_id', portId);
};

/** The lowest free address of the subnet's allocation pools, or undefined when they are full. */
export const nextFreeIp = (store: Store, subnet: SubnetDoc): string | undefined => {
  const used = new Set(
    store
      .collection(ipAllocations)
      .where('subnet_id', subnet.id)
      .map((a) => parseIp(a.ip_address)?.value),
  );
  for (const pool of subnet.allocation_pools) {
    const start = parseIp(pool.start)?.value;
    const end = parseIp(pool.end)?.value;
    if (start === undefined || end === undefined) continue;
    for (let v = start; v <= end; v++) {
      if (!used.has(v)) return formatIp(subnet.ip_version, v);
    }
  }
  return undefined;
};

export const exhausted = (networkId: string): Error =>
  neutronError(
    409,
    'IpAddressGenerationFailure',
    `No more IP addresses available on network ${networkId}.`,
  );

/** Checks a requested address against the subnet (neutron's check_subnet_ip) and its current use. */
export const checkRequestedIp = (
  store: Store,
  subnet: SubnetDoc,
  ip: string,
  deviceOwner: string,
): string => {
  const cidr = parseCidr(subnet.cidr);
  const addr = parseIp(ip);
  const canonical = addr ? formatIp(addr.version, addr.value) : ip;
  const inside =
    cidr !== undefined &&
    addr !== undefined &&
    addr.version === cidr.version &&
    addr.value >= cidr.first &&
    addr.value <= cidr.last &&
    (cidr.version === 6
      ? ROUTER_INTERFACE_OWNERS.includes(deviceOwner) ||
        deviceOwner === 'network:router_gateway' ||
        deviceOwner === '' ||
        addr.value !== cidr.first
      : addr.value !== cidr.first && addr.value !== cidr.last);
  if (!inside) {
    throw neutronError(
      400,
      'InvalidIpForSubnet',
      `IP address ${ip} is not a valid IP for the specified subnet.`,
    );
  }
  if (ipInUse(store, subnet.id, canonical)) {
    throw neutronError(
      409,
      'IpAddressAlreadyAllocated',
      `IP address ${canonical} already allocated in subnet ${subnet.id}`,
    );
  }
  return canonical;
};

export interface FixedIpRequest {
  readonly subnet_id?: string;
  readonly ip_address?: string;
}

/**
 * neutron's IPAM for a port: explicit requests are honoured; otherwise one IPv4 address, one
 * stateful IPv6 address, and an EUI-64 address on every SLAAC subnet of the network.
 */
export const allocateFixedIps = (
  store: Store,
  port: Pick<PortDoc, 'id' | 'network_id' | 'mac_address' | 'device_owner'>,
  requested: readonly FixedIpRequest[] | undefined,
): FixedIp[] => {
  const netSubnets = store.collection(subnets).where('network_id', port.network_id);
  const isRouter = ROUTER_INTERFACE_OWNERS.includes(port.device_owner);
  const eligible = netSubnets.filter(
    (s) => s.service_types.length === 0 || s.service_types.includes(port.device_owner),
  );
  const result: FixedIp[] = [];
  const take = (subnet: SubnetDoc, ip: string): void => {
    recordAllocation(store, subnet, port.id, ip);
    result.push({ subnet_id: subnet.id, ip_address: ip });
  };
  const auto = (subnet: SubnetDoc): void => {
    if (isAutoAddressSubnet(subnet) && !isRouter) {
      const ip = eui64Address(subnet.cidr, port.mac_address);
      if (ipInUse(store, subnet.id, ip)) {
        throw neutronError(
          409,
          'IpAddressAlreadyAllocated',
          `IP address ${ip} already allocated in subnet ${subnet.id}`,
        );
      }
      take(subnet, ip);
      return;
    }
    const ip = nextFreeIp(store, subnet);
    if (ip === undefined) throw exhausted(port.network_id);
    take(subnet, ip);
  };

  if (requested === undefined) {
    if (netSubnets.length === 0) return result;
    const v4 = eligible.filter((s) => s.ip_version === 4);
    const v6Stateful = eligible.filter((s) => s.ip_version === 6 && !isAutoAddressSubnet(s));
    const v6Auto = eligible.filter((s) => isAutoAddressSubnet(s));
    if (v4.length > 0) {
      const subnet = v4.find((s) => nextFreeIp(store, s) !== undefined);
      if (!subnet) throw exhausted(port.network_id);
      auto(subnet);
    }
    if (v6Stateful.length > 0) {
      const subnet = v6Stateful.find((s) => nextFreeIp(store, s) !== undefined);
      if (!subnet) throw exhausted(port.network_id);
      auto(subnet);
    }
    if (!isRouter) for (const s of v6Auto) auto(s);
    if (result.length === 0 && eligible.length > 0) throw exhausted(port.network_id);
    return result;
  }

  if (requested.length > 0 && netSubnets.length === 0) {
    throw invalidInput('IP allocation requires subnets for network');
  }
  const bySubnet = new Map(netSubnets.map((s) => [s.id, s]));
  for (const req of requested) {
    let subnet: SubnetDoc | undefined;
    if (req.subnet_id !== undefined) {
      subnet = bySubnet.get(req.subnet_id);
      if (!subnet) {
        throw invalidInput(
          `Failed to create port on network ${port.network_id}, because fixed_ips included invalid subnet ${req.subnet_id}`,
        );
      }
    } else if (req.ip_address !== undefined) {
      const addr = parseIp(req.ip_address);
      subnet = netSubnets.find((s) => {
        const c = parseCidr(s.cidr);
        return (
          c && addr && addr.version === c.version && addr.value >= c.first && addr.value <= c.last
        );
      });
      if (!subnet) {
        throw neutronError(
          400,
          'InvalidIpForNetwork',
          `IP address ${req.ip_address} is not a valid IP for any of the subnets on the specified network.`,
        );
      }
    } else {
      throw invalidInput('IP allocation requires subnet_id or ip_address');
    }
    if (req.ip_address !== undefined) {
      if (isAutoAddressSubnet(subnet) && !isRouter) {
        throw invalidInput(
          `IPv6 address ${req.ip_address} cannot be directly assigned to a port on subnet ${subnet.id} with ${subnet.ipv6_address_mode ?? ''} address mode`,
        );
      }
      take(subnet, checkRequestedIp(store, subnet, req.ip_address, port.device_owner));
    } else {
      auto(subnet);
    }
  }
  if (!isRouter) {
    for (const s of netSubnets) {
      if (isAutoAddressSubnet(s) && !result.some((f) => f.subnet_id === s.id)) auto(s);
    }
  }
  return result;
};
