import type { SecurityGroupRule, SecurityGroupRuleCreateBody } from '@skydeck/contract';
import { parseCidr } from '@skydeck/contract/subnetRules';
import { msg, type Msg } from '../../i18n/msg';

// Add Rule: the templates an operator expects, the form's rules, and what Neutron is sent.

export type RuleKind = 'custom_tcp' | 'custom_udp' | 'custom_icmp' | 'other' | 'all';

export interface RuleTemplate {
  id: string;
  label: Msg;
  kind: RuleKind | 'fixed';
  /** fixed templates: the protocol and port range sent. */
  protocol?: string;
  from?: number;
  to?: number;
}

/** The rule choices, custom ones first, then whole protocols, then well-known services. */
export const RULE_TEMPLATES: readonly RuleTemplate[] = [
  { id: 'custom_tcp', label: msg('Custom TCP Rule'), kind: 'custom_tcp' },
  { id: 'custom_udp', label: msg('Custom UDP Rule'), kind: 'custom_udp' },
  { id: 'custom_icmp', label: msg('Custom ICMP Rule'), kind: 'custom_icmp' },
  { id: 'other', label: msg('Other Protocol'), kind: 'other' },
  { id: 'all_tcp', label: msg('All TCP'), kind: 'fixed', protocol: 'tcp', from: 1, to: 65535 },
  { id: 'all_udp', label: msg('All UDP'), kind: 'fixed', protocol: 'udp', from: 1, to: 65535 },
  { id: 'all_icmp', label: msg('All ICMP'), kind: 'fixed', protocol: 'icmp' },
  { id: 'all', label: msg('Any Protocol'), kind: 'all' },
  { id: 'dns', label: msg('DNS'), kind: 'fixed', protocol: 'tcp', from: 53, to: 53 },
  { id: 'http', label: msg('HTTP'), kind: 'fixed', protocol: 'tcp', from: 80, to: 80 },
  { id: 'https', label: msg('HTTPS'), kind: 'fixed', protocol: 'tcp', from: 443, to: 443 },
  { id: 'imap', label: msg('IMAP'), kind: 'fixed', protocol: 'tcp', from: 143, to: 143 },
  { id: 'imaps', label: msg('IMAPS'), kind: 'fixed', protocol: 'tcp', from: 993, to: 993 },
  { id: 'ldap', label: msg('LDAP'), kind: 'fixed', protocol: 'tcp', from: 389, to: 389 },
  { id: 'ms_sql', label: msg('MS SQL'), kind: 'fixed', protocol: 'tcp', from: 1433, to: 1433 },
  { id: 'mysql', label: msg('MySQL'), kind: 'fixed', protocol: 'tcp', from: 3306, to: 3306 },
  { id: 'pop3', label: msg('POP3'), kind: 'fixed', protocol: 'tcp', from: 110, to: 110 },
  { id: 'pop3s', label: msg('POP3S'), kind: 'fixed', protocol: 'tcp', from: 995, to: 995 },
  { id: 'rdp', label: msg('RDP'), kind: 'fixed', protocol: 'tcp', from: 3389, to: 3389 },
  { id: 'smtp', label: msg('SMTP'), kind: 'fixed', protocol: 'tcp', from: 25, to: 25 },
  { id: 'smtps', label: msg('SMTPS'), kind: 'fixed', protocol: 'tcp', from: 465, to: 465 },
  { id: 'ssh', label: msg('SSH'), kind: 'fixed', protocol: 'tcp', from: 22, to: 22 },
];

export interface RuleValues {
  template: string;
  description: string;
  direction: 'ingress' | 'egress';
  /** Custom TCP/UDP: one port or a range. */
  port_mode: 'port' | 'range';
  port: string;
  from_port: string;
  to_port: string;
  /** Custom ICMP: type and code, empty (or -1) for any. */
  icmp_type: string;
  icmp_code: string;
  /** Other protocol: its IP protocol number. */
  ip_protocol: string;
  remote: 'cidr' | 'sg';
  cidr: string;
  remote_group_id: string;
  /** With a remote group (a CIDR says its own family). */
  ethertype: 'IPv4' | 'IPv6';
}

export const RULE_DEFAULTS: RuleValues = {
  template: 'custom_tcp',
  description: '',
  direction: 'ingress',
  port_mode: 'port',
  port: '',
  from_port: '',
  to_port: '',
  icmp_type: '',
  icmp_code: '',
  ip_protocol: '',
  remote: 'cidr',
  cidr: '0.0.0.0/0',
  remote_group_id: '',
  ethertype: 'IPv4',
};

export const templateOf = (id: string): RuleTemplate =>
  RULE_TEMPLATES.find((x) => x.id === id) ?? (RULE_TEMPLATES[0] as RuleTemplate);

/** What each field's error says; the form translates them. */
export const RULE_MESSAGES = {
  required: msg('This field is required.'),
  port: msg('Enter a port number from 1 to 65535.'),
  range: msg('The "from" port must not be greater than the "to" port.'),
  icmpType: msg('Enter an ICMP type from -1 to 255.'),
  icmpCode: msg('Enter an ICMP code from -1 to 255.'),
  codeWithoutType: msg('An ICMP code needs an ICMP type.'),
  protocol: msg('Enter an IP protocol number from 0 to 255.'),
  cidr: msg('Enter a CIDR such as 192.168.0.0/24 or 2001:db8::/64.'),
} as const;

type RuleErrors = Partial<Record<keyof RuleValues, Msg>>;

const intIn = (text: string, min: number, max: number): number | undefined => {
  const s = text.trim();
  if (!/^-?\d+$/.test(s)) return undefined;
  const n = Number(s);
  return n >= min && n <= max ? n : undefined;
};

/** The form's field errors (untranslated), for what the user chose. */
export function ruleErrors(v: RuleValues): RuleErrors {
  const errors: RuleErrors = {};
  const kind = templateOf(v.template).kind;
  if (kind === 'custom_tcp' || kind === 'custom_udp') {
    if (v.port_mode === 'port') {
      if (v.port.trim() === '') errors.port = RULE_MESSAGES.required;
      else if (intIn(v.port, 1, 65535) === undefined) errors.port = RULE_MESSAGES.port;
    } else {
      const from = intIn(v.from_port, 1, 65535);
      const to = intIn(v.to_port, 1, 65535);
      if (v.from_port.trim() === '') errors.from_port = RULE_MESSAGES.required;
      else if (from === undefined) errors.from_port = RULE_MESSAGES.port;
      if (v.to_port.trim() === '') errors.to_port = RULE_MESSAGES.required;
      else if (to === undefined) errors.to_port = RULE_MESSAGES.port;
      if (from !== undefined && to !== undefined && from > to) errors.to_port = RULE_MESSAGES.range;
    }
  }
  if (kind === 'custom_icmp') {
    const type = v.icmp_type.trim() === '' ? -1 : intIn(v.icmp_type, -1, 255);
    const code = v.icmp_code.trim() === '' ? -1 : intIn(v.icmp_code, -1, 255);
    if (type === undefined) errors.icmp_type = RULE_MESSAGES.icmpType;
    if (code === undefined) errors.icmp_code = RULE_MESSAGES.icmpCode;
    else if (code !== -1 && type === -1) errors.icmp_code = RULE_MESSAGES.codeWithoutType;
  }
  if (kind === 'other') {
    if (v.ip_protocol.trim() === '') errors.ip_protocol = RULE_MESSAGES.required;
    else if (intIn(v.ip_protocol, 0, 255) === undefined)
      errors.ip_protocol = RULE_MESSAGES.protocol;
  }
  if (v.remote === 'cidr') {
    if (v.cidr.trim() === '') errors.cidr = RULE_MESSAGES.required;
    else if (!parseCidr(v.cidr)) errors.cidr = RULE_MESSAGES.cidr;
  } else if (v.remote_group_id === '') {
    errors.remote_group_id = RULE_MESSAGES.required;
  }
  return errors;
}

/** The rule's address family: a CIDR's own, else the chosen one. */
export const etherTypeOf = (v: RuleValues): 'IPv4' | 'IPv6' => {
  if (v.remote !== 'cidr') return v.ethertype;
  return parseCidr(v.cidr)?.version === 6 ? 'IPv6' : 'IPv4';
};

/** Neutron's rule for valid form values (see ruleErrors). */
export function ruleBody(v: RuleValues): SecurityGroupRuleCreateBody {
  const template = templateOf(v.template);
  const ethertype = etherTypeOf(v);
  const body: SecurityGroupRuleCreateBody = { direction: v.direction, ethertype };
  const icmp = ethertype === 'IPv6' ? 'ipv6-icmp' : 'icmp';
  switch (template.kind) {
    case 'custom_tcp':
    case 'custom_udp': {
      body.protocol = template.kind === 'custom_tcp' ? 'tcp' : 'udp';
      const from = Number(v.port_mode === 'port' ? v.port : v.from_port);
      body.port_range_min = from;
      body.port_range_max = v.port_mode === 'port' ? from : Number(v.to_port);
      break;
    }
    case 'custom_icmp': {
      body.protocol = icmp;
      const type = v.icmp_type.trim() === '' ? -1 : Number(v.icmp_type);
      const code = v.icmp_code.trim() === '' ? -1 : Number(v.icmp_code);
      // -1 is "any": Neutron wants the field left out rather than -1.
      if (type !== -1) body.port_range_min = type;
      if (type !== -1 && code !== -1) body.port_range_max = code;
      break;
    }
    case 'other':
      body.protocol = String(Number(v.ip_protocol));
      break;
    case 'all':
      break;
    case 'fixed':
      body.protocol = template.protocol === 'icmp' ? icmp : template.protocol;
      if (template.from !== undefined) body.port_range_min = template.from;
      if (template.to !== undefined) body.port_range_max = template.to;
      break;
  }
  if (v.remote === 'cidr') body.remote_ip_prefix = v.cidr.trim();
  else body.remote_group_id = v.remote_group_id;
  if (v.description.trim() !== '') body.description = v.description.trim();
  return body;
}

const ICMP = new Set(['icmp', 'ipv6-icmp', 'icmpv6', '1', '58']);

/** A rule's port range as the table shows it: "22", "1000 - 2000", "Any". */
export function portRangeText(
  rule: Pick<SecurityGroupRule, 'protocol' | 'port_range_min' | 'port_range_max'>,
  any: string,
): string {
  const { port_range_min: min, port_range_max: max } = rule;
  if (rule.protocol !== null && ICMP.has(rule.protocol)) {
    // ICMP carries the type in min and the code in max.
    if (min === null) return any;
    return max === null ? `type ${min}` : `type ${min}, code ${max}`;
  }
  if (min === null && max === null) return any;
  if (min === max || max === null) return String(min);
  return `${min} - ${max}`;
}

/** One line for a toast or a confirmation: "ingress IPv4 22/tcp from 0.0.0.0/0". */
export function describeRule(rule: SecurityGroupRule, groupName: (id: string) => string): string {
  const proto = rule.protocol ?? 'any';
  const ports = portRangeText(rule, '');
  const what = ports === '' ? proto : `${ports}/${proto}`;
  const remote =
    rule.remote_group_id !== null
      ? groupName(rule.remote_group_id)
      : (rule.remote_ip_prefix ?? (rule.ethertype === 'IPv6' ? '::/0' : '0.0.0.0/0'));
  const way = rule.direction === 'ingress' ? 'from' : 'to';
  return `${rule.direction} ${rule.ethertype} ${what} ${way} ${remote}`;
}
