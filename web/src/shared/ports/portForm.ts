import type {
  NetworkSubnetRef,
  Port,
  PortAddressPair,
  PortCreateBody,
  PortFixedIpRequest,
  PortUpdateBody,
} from '@skydeck/contract';
import { checkPort, type VnicType } from '@skydeck/contract/neutronRules';
import type { FieldErrors } from '../../ui/ModalForm/useForm';

export interface PortFormValues {
  name: string;
  description: string;
  admin_state_up: boolean;
  device_id: string;
  device_owner: string;
  /** Create only: the fixed IP's subnet ('' lets Neutron pick one of the network's). */
  subnet_id: string;
  /** Create only: the fixed IP's address ('' lets Neutron pick a free one). */
  ip_address: string;
  mac_address: string;
  port_security_enabled: boolean;
  security_groups: string[];
  vnic_type: VnicType;
  /** One pair a line: an IP or CIDR, then optionally a MAC. */
  address_pairs: string;
  /** '' is none. */
  qos_policy_id: string;
  /**
   * Edit only: the port's fixed IPs, one a line: an address (kept, or a new one of the
   * network's subnets), or a subnet's name or id (Neutron picks a free address there).
   */
  fixed_ips: string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `10.0.0.0/24 fa:16:3e:00:00:01` (or a comma between) per line; blank lines skipped. */
export const parsePairLines = (text: string): PortAddressPair[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [ip = '', mac] = line.split(/[\s,]+/);
      return mac === undefined ? { ip_address: ip } : { ip_address: ip, mac_address: mac };
    });

export const pairLinesOf = (pairs: readonly PortAddressPair[]): string =>
  pairs.map((p) => (p.mac_address ? `${p.ip_address} ${p.mac_address}` : p.ip_address)).join('\n');

const withoutOwnMac = (port: Port): PortAddressPair[] =>
  port.allowed_address_pairs.map((p) =>
    p.mac_address === port.mac_address ? { ip_address: p.ip_address } : p,
  );

export const emptyPortForm = (securityGroups: string[] = []): PortFormValues => ({
  name: '',
  description: '',
  admin_state_up: true,
  device_id: '',
  device_owner: '',
  subnet_id: '',
  ip_address: '',
  mac_address: '',
  port_security_enabled: true,
  security_groups: securityGroups,
  vnic_type: 'normal',
  address_pairs: '',
  qos_policy_id: '',
  fixed_ips: '',
});

export const portFormOf = (port: Port): PortFormValues => ({
  name: port.name,
  description: port.description,
  admin_state_up: port.admin_state_up,
  device_id: port.device_id,
  device_owner: port.device_owner,
  subnet_id: '',
  ip_address: '',
  mac_address: port.mac_address,
  port_security_enabled: port.port_security_enabled ?? true,
  security_groups: port.security_groups,
  vnic_type: (port.vnic_type as VnicType | undefined) ?? 'normal',
  // Neutron fills in the port's own MAC for a pair given without one: shown as given.
  address_pairs: pairLinesOf(withoutOwnMac(port)),
  qos_policy_id: port.qos_policy_id ?? '',
  fixed_ips: port.fixed_ips.map((ip) => ip.ip_address).join('\n'),
});

/** The fixed-IP lines of the edit form, as Neutron takes them; the index of a bad line. */
export function parseFixedIpLines(
  text: string,
  subnets: readonly NetworkSubnetRef[],
): { ips: PortFixedIpRequest[]; badLine?: number } {
  const ips: PortFixedIpRequest[] = [];
  const lines = text.split('\n').map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    const subnet = subnets.find((s) => s.id === line || (s.name !== '' && s.name === line));
    if (subnet) {
      ips.push({ subnet_id: subnet.id });
    } else if (checkPort({ fixed_ips: [{ ip_address: line }] }).length === 0) {
      ips.push({ ip_address: line });
    } else {
      return { ips, badLine: index };
    }
  }
  return { ips };
}

/** Field messages of the port form: the same rules the server enforces (portRules). */
export function portFormErrors(
  v: PortFormValues,
  t: Translate,
  opts: { creating: boolean; withMac: boolean; subnets?: readonly NetworkSubnetRef[] },
): FieldErrors<PortFormValues> {
  const errors: FieldErrors<PortFormValues> = {};
  if (!opts.creating) {
    const { badLine } = parseFixedIpLines(v.fixed_ips, opts.subnets ?? []);
    if (badLine !== undefined) {
      errors.fixed_ips = t(
        'Line {{line}}: enter an IP address such as 10.0.0.5, or the name of one of the network’s subnets.',
        { line: badLine + 1 },
      );
    }
  }
  const issues = checkPort({
    ...(opts.withMac && v.mac_address.trim() !== '' && { mac_address: v.mac_address.trim() }),
    ...(opts.creating &&
      v.ip_address.trim() !== '' && { fixed_ips: [{ ip_address: v.ip_address.trim() }] }),
    allowed_address_pairs: parsePairLines(v.address_pairs),
  });
  for (const issue of issues) {
    if (issue.code === 'mac') {
      errors.mac_address = t('Enter a MAC address such as fa:16:3e:00:00:01.');
    } else if (issue.code === 'fixed_ip') {
      errors.ip_address = t('Enter an IP address such as 10.0.0.5.');
    } else if (issue.code === 'pair_address' || issue.code === 'pair_mac') {
      errors.address_pairs ??=
        issue.code === 'pair_address'
          ? t('Line {{line}}: enter an IP address or a CIDR such as 10.0.0.0/24.', {
              line: (issue.index ?? 0) + 1,
            })
          : t('Line {{line}}: enter a MAC address such as fa:16:3e:00:00:01.', {
              line: (issue.index ?? 0) + 1,
            });
    }
  }
  if (v.ip_address.trim() !== '' && v.subnet_id === '' && opts.creating) {
    errors.subnet_id = t('Choose the subnet of the IP address.');
  }
  // Neutron refuses security groups or address pairs on a port without port security.
  if (!v.port_security_enabled && v.security_groups.length > 0) {
    errors.security_groups = t('A port without port security takes no security groups.');
  }
  if (!v.port_security_enabled && v.address_pairs.trim() !== '') {
    errors.address_pairs = t('A port without port security takes no allowed address pairs.');
  }
  return errors;
}

const fieldsOf = (v: PortFormValues, withMac: boolean): PortUpdateBody => {
  const body: PortUpdateBody = {
    name: v.name.trim(),
    description: v.description.trim(),
    admin_state_up: v.admin_state_up,
    device_id: v.device_id.trim(),
    device_owner: v.device_owner.trim(),
    port_security_enabled: v.port_security_enabled,
    security_groups: v.port_security_enabled ? v.security_groups : [],
    vnic_type: v.vnic_type,
    allowed_address_pairs: v.port_security_enabled ? parsePairLines(v.address_pairs) : [],
  };
  if (withMac && v.mac_address.trim() !== '') body.mac_address = v.mac_address.trim();
  return body;
};

/** POST body: what the form says; the QoS policy only when one is chosen. */
export function portCreateBody(
  networkId: string,
  v: PortFormValues,
  opts: { withMac: boolean; projectId?: string },
): PortCreateBody {
  const body: PortCreateBody = { network_id: networkId, ...fieldsOf(v, opts.withMac) };
  if (opts.projectId) body.project_id = opts.projectId;
  if (v.subnet_id !== '' || v.ip_address.trim() !== '') {
    body.fixed_ips = [
      {
        ...(v.subnet_id !== '' && { subnet_id: v.subnet_id }),
        ...(v.ip_address.trim() !== '' && { ip_address: v.ip_address.trim() }),
      },
    ];
  }
  if (v.qos_policy_id !== '') body.qos_policy_id = v.qos_policy_id;
  return body;
}

const samePairs = (a: readonly PortAddressPair[], b: readonly PortAddressPair[]): boolean =>
  pairLinesOf(a) === pairLinesOf(b);

/**
 * PATCH body: only what changed, so a member never sends a field policy keeps from them
 * (a MAC, a device owner) merely because the form showed it.
 */
export function portUpdateBody(
  port: Port,
  v: PortFormValues,
  opts: { withMac: boolean; subnets?: readonly NetworkSubnetRef[] },
): PortUpdateBody {
  const all = fieldsOf(v, opts.withMac);
  const body: PortUpdateBody = {};
  if (all.name !== port.name) body.name = all.name;
  if (all.description !== port.description) body.description = all.description;
  if (all.admin_state_up !== port.admin_state_up) body.admin_state_up = all.admin_state_up;
  if (all.device_id !== port.device_id) body.device_id = all.device_id;
  if (all.device_owner !== port.device_owner) body.device_owner = all.device_owner;
  if (all.mac_address !== undefined && all.mac_address !== port.mac_address) {
    body.mac_address = all.mac_address;
  }
  if (all.port_security_enabled !== (port.port_security_enabled ?? true)) {
    body.port_security_enabled = all.port_security_enabled;
  }
  const groups = all.security_groups ?? [];
  if ([...groups].sort().join() !== [...port.security_groups].sort().join()) {
    body.security_groups = groups;
  }
  if (all.vnic_type !== (port.vnic_type ?? 'normal')) body.vnic_type = all.vnic_type;
  const pairs = all.allowed_address_pairs ?? [];
  if (!samePairs(pairs, withoutOwnMac(port))) body.allowed_address_pairs = pairs;
  const qos = v.qos_policy_id === '' ? null : v.qos_policy_id;
  if (qos !== (port.qos_policy_id ?? null)) body.qos_policy_id = qos;
  // The whole list when it changed (Neutron replaces it): kept addresses keep their subnet.
  const { ips } = parseFixedIpLines(v.fixed_ips, opts.subnets ?? []);
  const asked = ips.map((ip) => ip.ip_address ?? `subnet:${ip.subnet_id ?? ''}`).sort();
  const had = port.fixed_ips.map((ip) => ip.ip_address).sort();
  if (asked.join() !== had.join()) {
    body.fixed_ips = ips.map((ip) => {
      const kept = port.fixed_ips.find((f) => f.ip_address === ip.ip_address);
      return kept ? { subnet_id: kept.subnet_id, ip_address: kept.ip_address } : ip;
    });
  }
  return body;
}
