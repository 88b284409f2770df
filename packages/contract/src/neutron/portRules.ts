import { parseCidr, parseIp } from './subnetRules';

/** The vNIC types of spec 3 §3 (Neutron's `binding:vnic_type`). */
export const VNIC_TYPES = [
  'normal',
  'direct',
  'direct-physical',
  'macvtap',
  'baremetal',
  'virtio-forwarder',
] as const;
export type VnicType = (typeof VNIC_TYPES)[number];

/** Six colon-separated octets (Neutron refuses dashes and bare hex). */
export const isMac = (text: string): boolean =>
  /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/.test(text.trim());

/** An allowed address pair's address: one IP, or a CIDR whose host bits are clear. */
export const isPairAddress = (text: string): boolean => {
  if (text.includes('/')) {
    const cidr = parseCidr(text);
    return cidr !== undefined && !cidr.hostBitsSet;
  }
  return parseIp(text) !== undefined;
};

export const PORT_ISSUE_MESSAGES = {
  fixed_ip: 'Enter an IP address such as 10.0.0.5.',
  fixed_ip_empty: 'Give each fixed IP a subnet, an IP address or both.',
  pair_address: 'Enter an IP address or a CIDR such as 10.0.0.0/24.',
  pair_mac: 'Enter a MAC address such as fa:16:3e:00:00:01.',
  mac: 'Enter a MAC address such as fa:16:3e:00:00:01.',
} as const;
export type PortIssueCode = keyof typeof PORT_ISSUE_MESSAGES;

/** One problem of a port request, with the list index it is about (fixed IPs, pairs). */
export interface PortIssue {
  code: PortIssueCode;
  index?: number;
}

export interface PortAddressing {
  mac_address?: string;
  fixed_ips?: ReadonlyArray<{ subnet_id?: string; ip_address?: string }>;
  allowed_address_pairs?: ReadonlyArray<{ ip_address: string; mac_address?: string }>;
}

/**
 * The address rules a port request must meet, checked the same in the form (field messages)
 * and on the server (one 400) so Neutron's terser refusals are never what the user reads.
 */
export const checkPort = (p: PortAddressing): PortIssue[] => {
  const issues: PortIssue[] = [];
  if (p.mac_address !== undefined && !isMac(p.mac_address)) issues.push({ code: 'mac' });
  (p.fixed_ips ?? []).forEach((ip, index) => {
    const address = ip.ip_address?.trim() ?? '';
    if (address === '' && !ip.subnet_id) issues.push({ code: 'fixed_ip_empty', index });
    else if (address !== '' && !parseIp(address)) issues.push({ code: 'fixed_ip', index });
  });
  (p.allowed_address_pairs ?? []).forEach((pair, index) => {
    if (!isPairAddress(pair.ip_address)) issues.push({ code: 'pair_address', index });
    if (pair.mac_address !== undefined && pair.mac_address !== '' && !isMac(pair.mac_address)) {
      issues.push({ code: 'pair_mac', index });
    }
  });
  return issues;
};
