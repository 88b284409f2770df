// The address rules of a subnet (CIDR, gateway, allocation pools, DNS servers, host routes,
// IPv6 modes), checked the same way by the web's forms (field messages before anything is sent)
// and by the server (a clear 400 rather than Neutron's own wording). Pure code, no TypeBox: the
// web app imports this module at run time.

export type IpVersion = 4 | 6;

/** An address as a number, with its family. */
export interface Ip {
  version: IpVersion;
  value: bigint;
}

export interface Cidr {
  version: IpVersion;
  /** The network address (host bits zero). */
  network: bigint;
  prefix: number;
  /** What was given had host bits set (`10.0.0.1/24`). */
  hostBitsSet: boolean;
}

const BITS: Record<IpVersion, number> = { 4: 32, 6: 128 };

const parseIpv4 = (text: string): bigint | undefined => {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    // No leading zeros: `010` reads as octal to some tools and decimal to others.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const n = Number(part);
    if (n > 255) return undefined;
    value = (value << 8n) | BigInt(n);
  }
  return value;
};

const parseIpv6 = (text: string): bigint | undefined => {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  let head = text;
  let tail4: bigint | undefined;
  // An embedded IPv4 tail (`::ffff:10.0.0.1`) counts as two groups.
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    tail4 = parseIpv4(text.slice(lastColon + 1));
    if (tail4 === undefined) return undefined;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (part: string): string[] | undefined => {
    if (part === '') return [];
    const groups = part.split(':');
    return groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g)) ? groups : undefined;
  };
  const left = groupsOf(halves[0] ?? '');
  const right = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (left === undefined || right === undefined) return undefined;
  const count = left.length + right.length;
  if (halves.length === 2 ? count > 7 : count !== 8) return undefined;
  const groups = [...left, ...Array<string>(8 - count).fill('0'), ...right];
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(parseInt(g, 16));
  if (tail4 !== undefined) value = (value & ~0xffffffffn) | tail4;
  return value;
};

/** An IPv4 or IPv6 address, or undefined when the text is neither. */
export const parseIp = (text: string): Ip | undefined => {
  const trimmed = text.trim();
  if (trimmed.includes(':')) {
    const value = parseIpv6(trimmed);
    return value === undefined ? undefined : { version: 6, value };
  }
  const value = parseIpv4(trimmed);
  return value === undefined ? undefined : { version: 4, value };
};

/** `10.0.0.0/24` or `fd00::/64`; undefined when it is not one. */
export const parseCidr = (text: string): Cidr | undefined => {
  const [address, prefixText, extra] = text.trim().split('/');
  if (address === undefined || prefixText === undefined || extra !== undefined) return undefined;
  if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) return undefined;
  const ip = parseIp(address);
  if (!ip) return undefined;
  const prefix = Number(prefixText);
  const bits = BITS[ip.version];
  if (prefix > bits) return undefined;
  const hostMask = (1n << BigInt(bits - prefix)) - 1n;
  return {
    version: ip.version,
    network: ip.value & ~hostMask,
    prefix,
    hostBitsSet: (ip.value & hostMask) !== 0n,
  };
};

/** The last address of a CIDR (IPv4: the broadcast address). */
export const lastAddress = (cidr: Cidr): bigint =>
  cidr.network | ((1n << BigInt(BITS[cidr.version] - cidr.prefix)) - 1n);

export const cidrContains = (cidr: Cidr, ip: Ip): boolean =>
  ip.version === cidr.version && ip.value >= cidr.network && ip.value <= lastAddress(cidr);

/** The address as text (IPv6 in its full, uncompressed form). */
export const formatIp = (ip: Ip): string => {
  if (ip.version === 4) {
    return [24n, 16n, 8n, 0n].map((s) => String((ip.value >> s) & 255n)).join('.');
  }
  const groups: string[] = [];
  for (let s = 112n; s >= 0n; s -= 16n) groups.push(((ip.value >> s) & 0xffffn).toString(16));
  return groups.join(':');
};

/** Every problem found, by form field; `code` names the rule, `values` fill its message. */
export interface SubnetIssue {
  field:
    | 'cidr'
    | 'ip_version'
    | 'gateway_ip'
    | 'allocation_pools'
    | 'dns_nameservers'
    | 'host_routes'
    | 'ipv6_ra_mode'
    | 'ipv6_address_mode';
  code: SubnetIssueCode;
  values?: Record<string, string>;
}

export type SubnetIssueCode =
  | 'cidrInvalid'
  | 'cidrHostBits'
  | 'cidrVersion'
  | 'cidrTooSmall'
  | 'gatewayInvalid'
  | 'gatewayVersion'
  | 'gatewayOutside'
  | 'gatewayReserved'
  | 'gatewayInPool'
  | 'poolInvalid'
  | 'poolOutside'
  | 'poolOrder'
  | 'poolOverlap'
  | 'poolReserved'
  | 'dnsInvalid'
  | 'dnsDuplicate'
  | 'routeInvalid'
  | 'routeVersion'
  | 'ipv6ModeOnIpv4'
  | 'ipv6ModesDiffer';

/** English messages (the server's 400s); the web has its own translated texts per code. */
export const SUBNET_ISSUE_MESSAGES: Readonly<Record<SubnetIssueCode, string>> = {
  cidrInvalid: 'The network address {value} is not a valid CIDR.',
  cidrHostBits: 'The network address {value} has host bits set; use {suggestion}.',
  cidrVersion: 'The network address {value} is not an IPv{version} CIDR.',
  cidrTooSmall: 'The network address {value} is too small for a subnet.',
  gatewayInvalid: 'The gateway {value} is not a valid IP address.',
  gatewayVersion: 'The gateway {value} is not an IPv{version} address.',
  gatewayOutside: 'The gateway {value} is outside the network address {cidr}.',
  gatewayReserved: 'The gateway {value} is the network or broadcast address of {cidr}.',
  gatewayInPool: 'The gateway {value} is inside the allocation pool {pool}.',
  poolInvalid: 'The allocation pool {value} must be two IP addresses: start,end.',
  poolOutside: 'The allocation pool {value} is outside the network address {cidr}.',
  poolOrder: 'The allocation pool {value} starts after it ends.',
  poolOverlap: 'The allocation pools {value} and {other} overlap.',
  poolReserved: 'The allocation pool {value} includes the network or broadcast address.',
  dnsInvalid: 'The DNS name server {value} is not a valid IP address.',
  dnsDuplicate: 'The DNS name server {value} is listed twice.',
  routeInvalid: 'The host route {value} must be a destination CIDR and a next hop: cidr,ip.',
  routeVersion: 'The host route {value} is not of IP version {version}.',
  ipv6ModeOnIpv4: 'IPv6 address modes apply to IPv6 subnets only.',
  ipv6ModesDiffer: 'The IPv6 RA mode and address mode must be the same when both are set.',
};

export const subnetIssueMessage = (issue: SubnetIssue): string =>
  SUBNET_ISSUE_MESSAGES[issue.code].replace(
    /\{(\w+)\}/g,
    (whole, key: string) => issue.values?.[key] ?? whole,
  );

export interface SubnetAddressing {
  ip_version: IpVersion;
  /** Absent with a subnet pool (or on edit, where the CIDR cannot change). */
  cidr?: string;
  /** The subnet's CIDR when editing (the gateway and pools are checked against it). */
  existingCidr?: string;
  /** `null` or absent: no gateway (or Neutron's default). */
  gateway_ip?: string | null;
  allocation_pools?: ReadonlyArray<{ start: string; end: string }>;
  dns_nameservers?: readonly string[];
  host_routes?: ReadonlyArray<{ destination: string; nexthop: string }>;
  ipv6_ra_mode?: string | null;
  ipv6_address_mode?: string | null;
}

/** Every rule of a subnet's addressing; an empty list means it may be sent. */
export const checkSubnet = (s: SubnetAddressing): SubnetIssue[] => {
  const issues: SubnetIssue[] = [];
  const version = s.ip_version;
  const v = String(version);
  let cidr: Cidr | undefined;
  const cidrText = s.cidr ?? s.existingCidr;
  if (cidrText !== undefined) {
    const parsed = parseCidr(cidrText);
    const own = s.cidr !== undefined;
    if (!parsed) {
      if (own) issues.push({ field: 'cidr', code: 'cidrInvalid', values: { value: cidrText } });
    } else if (parsed.version !== version) {
      if (own) {
        issues.push({
          field: 'cidr',
          code: 'cidrVersion',
          values: { value: cidrText, version: v },
        });
      }
    } else {
      cidr = parsed;
      if (own && parsed.hostBitsSet) {
        const suggestion = `${formatIp({ version, value: parsed.network })}/${parsed.prefix}`;
        issues.push({
          field: 'cidr',
          code: 'cidrHostBits',
          values: { value: cidrText, suggestion },
        });
      }
      // A /32 (/128) holds no address beside the network's own: nothing to hand out.
      if (own && parsed.prefix >= BITS[version] - (version === 4 ? 1 : 0)) {
        issues.push({ field: 'cidr', code: 'cidrTooSmall', values: { value: cidrText } });
      }
    }
  }
  const cidrName = cidrText ?? '';
  const reserved = (value: bigint): boolean =>
    cidr !== undefined &&
    version === 4 &&
    cidr.prefix < 31 &&
    (value === cidr.network || value === lastAddress(cidr));

  const pools: Array<{ text: string; start: bigint; end: bigint }> = [];
  for (const pool of s.allocation_pools ?? []) {
    const text = `${pool.start},${pool.end}`;
    const start = parseIp(pool.start);
    const end = parseIp(pool.end);
    if (!start || !end || start.version !== version || end.version !== version) {
      issues.push({ field: 'allocation_pools', code: 'poolInvalid', values: { value: text } });
      continue;
    }
    if (start.value > end.value) {
      issues.push({ field: 'allocation_pools', code: 'poolOrder', values: { value: text } });
      continue;
    }
    if (cidr && (!cidrContains(cidr, start) || !cidrContains(cidr, end))) {
      issues.push({
        field: 'allocation_pools',
        code: 'poolOutside',
        values: { value: text, cidr: cidrName },
      });
      continue;
    }
    if (reserved(start.value) || reserved(end.value)) {
      issues.push({ field: 'allocation_pools', code: 'poolReserved', values: { value: text } });
      continue;
    }
    const other = pools.find((p) => start.value <= p.end && p.start <= end.value);
    if (other) {
      issues.push({
        field: 'allocation_pools',
        code: 'poolOverlap',
        values: { value: text, other: other.text },
      });
      continue;
    }
    pools.push({ text, start: start.value, end: end.value });
  }

  if (s.gateway_ip !== undefined && s.gateway_ip !== null && s.gateway_ip !== '') {
    const value = s.gateway_ip;
    const gateway = parseIp(value);
    if (!gateway) {
      issues.push({ field: 'gateway_ip', code: 'gatewayInvalid', values: { value } });
    } else if (gateway.version !== version) {
      issues.push({ field: 'gateway_ip', code: 'gatewayVersion', values: { value, version: v } });
    } else if (cidr && !cidrContains(cidr, gateway)) {
      issues.push({
        field: 'gateway_ip',
        code: 'gatewayOutside',
        values: { value, cidr: cidrName },
      });
    } else if (reserved(gateway.value)) {
      issues.push({
        field: 'gateway_ip',
        code: 'gatewayReserved',
        values: { value, cidr: cidrName },
      });
    } else {
      const pool = pools.find((p) => gateway.value >= p.start && gateway.value <= p.end);
      if (pool) {
        issues.push({
          field: 'gateway_ip',
          code: 'gatewayInPool',
          values: { value, pool: pool.text },
        });
      }
    }
  }

  const seen = new Set<string>();
  for (const server of s.dns_nameservers ?? []) {
    const ip = parseIp(server);
    if (!ip) {
      issues.push({ field: 'dns_nameservers', code: 'dnsInvalid', values: { value: server } });
      continue;
    }
    const key = `${ip.version}:${ip.value}`;
    if (seen.has(key)) {
      issues.push({ field: 'dns_nameservers', code: 'dnsDuplicate', values: { value: server } });
    }
    seen.add(key);
  }

  for (const route of s.host_routes ?? []) {
    const text = `${route.destination},${route.nexthop}`;
    const destination = parseCidr(route.destination);
    const nexthop = parseIp(route.nexthop);
    if (!destination || destination.hostBitsSet || !nexthop) {
      issues.push({ field: 'host_routes', code: 'routeInvalid', values: { value: text } });
    } else if (destination.version !== version || nexthop.version !== version) {
      issues.push({
        field: 'host_routes',
        code: 'routeVersion',
        values: { value: text, version: v },
      });
    }
  }

  const ra = s.ipv6_ra_mode ?? null;
  const addressMode = s.ipv6_address_mode ?? null;
  if (version === 4 && (ra !== null || addressMode !== null)) {
    issues.push({
      field: ra !== null ? 'ipv6_ra_mode' : 'ipv6_address_mode',
      code: 'ipv6ModeOnIpv4',
    });
  } else if (ra !== null && addressMode !== null && ra !== addressMode) {
    issues.push({ field: 'ipv6_address_mode', code: 'ipv6ModesDiffer' });
  }
  return issues;
};

/**
 * The text forms of the lists, one item a line (as operators type them): pools `start,end`,
 * DNS servers one address, host routes `destination,nexthop`. Blank lines are skipped; a line
 * that does not split is kept whole, so the check names it.
 */
export const parsePoolLines = (text: string): Array<{ start: string; end: string }> =>
  lines(text).map((line) => {
    const [start = '', end = ''] = line.split(',').map((p) => p.trim());
    return { start, end: line.includes(',') ? end : '' };
  });

export const parseDnsLines = (text: string): string[] => lines(text);

export const parseRouteLines = (text: string): Array<{ destination: string; nexthop: string }> =>
  lines(text).map((line) => {
    const [destination = '', nexthop = ''] = line.split(',').map((p) => p.trim());
    return { destination, nexthop };
  });

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
