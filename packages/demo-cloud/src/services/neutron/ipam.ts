/** IPv4/IPv6 arithmetic for subnets, allocation pools and fixed IPs (values as BigInt). */

export type IpVersion = 4 | 6;

export interface Ip {
  readonly version: IpVersion;
  readonly value: bigint;
}

export interface Cidr {
  readonly version: IpVersion;
  /** The address as written (host bits may be set). */
  readonly ip: bigint;
  readonly prefixlen: number;
  /** First and last address of the network. */
  readonly first: bigint;
  readonly last: bigint;
}

export interface IpRange {
  readonly first: bigint;
  readonly last: bigint;
}

const bits = (version: IpVersion): number => (version === 4 ? 32 : 128);

const parseV4 = (text: string): bigint | undefined => {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return undefined;
    const n = Number(part);
    if (n > 255) return undefined;
    value = (value << 8n) | BigInt(n);
  }
  return value;
};

const parseV6 = (text: string): bigint | undefined => {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  let head = text;
  let tailV4: bigint | undefined;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    tailV4 = parseV4(text.slice(lastColon + 1));
    if (tailV4 === undefined) return undefined;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const groups = (s: string): string[] | undefined => {
    if (s === '') return [];
    const g = s.split(':');
    return g.every((x) => /^[0-9a-fA-F]{1,4}$/.test(x)) ? g : undefined;
  };
  const left = groups(halves[0] ?? '');
  const right = halves.length === 2 ? groups(halves[1] ?? '') : [];
  if (!left || !right) return undefined;
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...left, ...Array<string>(missing).fill('0'), ...right];
  let value = 0n;
  for (const g of all) value = (value << 16n) | BigInt(parseInt(g, 16));
  if (tailV4 !== undefined) value = (value & ~0xffffffffn) | tailV4;
  return value;
};

/** An address in either family; undefined when it is not one. */
export const parseIp = (text: string): Ip | undefined => {
  if (text.includes(':')) {
    const value = parseV6(text);
    return value === undefined ? undefined : { version: 6, value };
  }
  const value = parseV4(text);
  return value === undefined ? undefined : { version: 4, value };
};

/** IPv4 dotted quad; IPv6 in the compact form (longest run of two or more zero groups as `::`). */
export const formatIp = (version: IpVersion, value: bigint): string => {
  if (version === 4) {
    return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 0xffn)).join('.');
  }
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((value >> BigInt(i * 16)) & 0xffffn));
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestLen < 2) return hex.join(':');
  const left = hex.slice(0, bestStart).join(':');
  const right = hex.slice(bestStart + bestLen).join(':');
  return `${left}::${right}`;
};

/** The canonical text of an address (IPv6 compacted), or the input when it is not an address. */
export const canonicalIp = (text: string): string => {
  const ip = parseIp(text);
  return ip ? formatIp(ip.version, ip.value) : text;
};

export const parseCidr = (text: string): Cidr | undefined => {
  const slash = text.indexOf('/');
  const addr = slash < 0 ? text : text.slice(0, slash);
  const ip = parseIp(addr);
  if (!ip) return undefined;
  const width = bits(ip.version);
  let prefixlen = width;
  if (slash >= 0) {
    const p = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(p)) return undefined;
    prefixlen = Number(p);
    if (prefixlen > width) return undefined;
  }
  const hostBits = BigInt(width - prefixlen);
  const mask = ((1n << BigInt(width)) - 1n) ^ ((1n << hostBits) - 1n);
  const first = ip.value & mask;
  return {
    version: ip.version,
    ip: ip.value,
    prefixlen,
    first,
    last: first + (1n << hostBits) - 1n,
  };
};

export const cidrText = (cidr: Cidr): string =>
  `${formatIp(cidr.version, cidr.first)}/${cidr.prefixlen}`;

export const cidrOf = (version: IpVersion, first: bigint, prefixlen: number): Cidr => {
  const hostBits = BigInt(bits(version) - prefixlen);
  return { version, ip: first, prefixlen, first, last: first + (1n << hostBits) - 1n };
};

export const inCidr = (cidr: Cidr, ip: Ip): boolean =>
  ip.version === cidr.version && ip.value >= cidr.first && ip.value <= cidr.last;

export const overlaps = (a: IpRange, b: IpRange): boolean => a.first <= b.last && b.first <= a.last;

export const rangeText = (version: IpVersion, r: IpRange): string =>
  `${formatIp(version, r.first)}-${formatIp(version, r.last)}`;

/** The first and last address neutron lets pools use (no network/broadcast for IPv4 up to /30). */
export const usableRange = (cidr: Cidr): IpRange => {
  if (cidr.first === cidr.last) return { first: cidr.first, last: cidr.last };
  if (cidr.version === 4) {
    return cidr.prefixlen <= 30
      ? { first: cidr.first + 1n, last: cidr.last - 1n }
      : { first: cidr.first, last: cidr.last };
  }
  return { first: cidr.first + 1n, last: cidr.last };
};

/** Neutron's generated pools: the usable range without the gateway. */
export const generatePools = (cidr: Cidr, gateway: bigint | null): IpRange[] => {
  const usable = usableRange(cidr);
  if (gateway === null || gateway < usable.first || gateway > usable.last) return [usable];
  const pools: IpRange[] = [];
  if (gateway > usable.first) pools.push({ first: usable.first, last: gateway - 1n });
  if (gateway < usable.last) pools.push({ first: gateway + 1n, last: usable.last });
  return pools;
};

/** The default gateway: the first host for IPv4, the subnet-router anycast address for IPv6. */
export const defaultGateway = (cidr: Cidr): bigint =>
  cidr.version === 4 ? cidr.first + 1n : cidr.first;

export const rangeSize = (r: IpRange): bigint => r.last - r.first + 1n;

/** The union of ranges: sorted, overlapping and adjacent ones merged. */
export const mergeRanges = (ranges: readonly IpRange[]): IpRange[] => {
  const sorted = [...ranges].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  const out: IpRange[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.first <= last.last + 1n) {
      if (r.last > last.last) out[out.length - 1] = { first: last.first, last: r.last };
    } else out.push({ first: r.first, last: r.last });
  }
  return out;
};

/** The addresses of `ranges` outside `removed`. */
export const subtractRanges = (
  ranges: readonly IpRange[],
  removed: readonly IpRange[],
): IpRange[] => {
  let out = mergeRanges(ranges);
  for (const cut of mergeRanges(removed)) {
    out = out.flatMap((r) => {
      if (!overlaps(r, cut)) return [r];
      const parts: IpRange[] = [];
      if (r.first < cut.first) parts.push({ first: r.first, last: cut.first - 1n });
      if (r.last > cut.last) parts.push({ first: cut.last + 1n, last: r.last });
      return parts;
    });
  }
  return out;
};

/** The fewest CIDRs covering each range exactly (netaddr's iprange_to_cidrs), in order. */
export const rangesToCidrs = (version: IpVersion, ranges: readonly IpRange[]): Cidr[] => {
  const width = bits(version);
  const out: Cidr[] = [];
  for (const r of ranges) {
    let start = r.first;
    while (start <= r.last) {
      let prefixlen = width;
      // Grow the block while it stays aligned on `start` and inside the range.
      while (prefixlen > 0) {
        const size = 1n << BigInt(width - prefixlen + 1);
        if (start % size !== 0n || start + size - 1n > r.last) break;
        prefixlen--;
      }
      const cidr = cidrOf(version, start, prefixlen);
      out.push(cidr);
      start = cidr.last + 1n;
    }
  }
  return out;
};
