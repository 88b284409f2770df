import { describe, expect, it } from 'vitest';
import type { SecurityGroupRule } from '@skydeck/contract';
import {
  RULE_DEFAULTS,
  RULE_MESSAGES,
  describeRule,
  portRangeText,
  ruleBody,
  ruleErrors,
  type RuleValues,
} from './ruleForm';

const v = (over: Partial<RuleValues>): RuleValues => ({ ...RULE_DEFAULTS, ...over });

describe('ruleErrors', () => {
  it('needs a port in range for a custom TCP rule', () => {
    expect(ruleErrors(v({ port: '' })).port).toBe(RULE_MESSAGES.required);
    expect(ruleErrors(v({ port: '0' })).port).toBe(RULE_MESSAGES.port);
    expect(ruleErrors(v({ port: '65536' })).port).toBe(RULE_MESSAGES.port);
    expect(ruleErrors(v({ port: '22' }))).toEqual({});
  });

  it('needs from ≤ to for a range', () => {
    const e = ruleErrors(v({ port_mode: 'range', from_port: '2000', to_port: '1000' }));
    expect(e.to_port).toBe(RULE_MESSAGES.range);
    expect(ruleErrors(v({ port_mode: 'range', from_port: '1000', to_port: '2000' }))).toEqual({});
  });

  it('takes ICMP type and code from -1 to 255, a code only with a type', () => {
    expect(ruleErrors(v({ template: 'custom_icmp' }))).toEqual({});
    expect(ruleErrors(v({ template: 'custom_icmp', icmp_type: '256' })).icmp_type).toBe(
      RULE_MESSAGES.icmpType,
    );
    expect(ruleErrors(v({ template: 'custom_icmp', icmp_code: '0' })).icmp_code).toBe(
      RULE_MESSAGES.codeWithoutType,
    );
  });

  it('checks the remote CIDR or group, and an other protocol number', () => {
    expect(ruleErrors(v({ template: 'ssh', cidr: '10.0.0/8' })).cidr).toBe(RULE_MESSAGES.cidr);
    expect(ruleErrors(v({ template: 'ssh', remote: 'sg' })).remote_group_id).toBe(
      RULE_MESSAGES.required,
    );
    expect(ruleErrors(v({ template: 'other', ip_protocol: '300' })).ip_protocol).toBe(
      RULE_MESSAGES.protocol,
    );
  });
});

describe('ruleBody', () => {
  it('sends SSH as tcp 22 ingress from the CIDR', () => {
    expect(ruleBody(v({ template: 'ssh' }))).toEqual({
      direction: 'ingress',
      ethertype: 'IPv4',
      protocol: 'tcp',
      port_range_min: 22,
      port_range_max: 22,
      remote_ip_prefix: '0.0.0.0/0',
    });
  });

  it('takes the family from an IPv6 CIDR, and ICMP becomes ipv6-icmp there', () => {
    const body = ruleBody(v({ template: 'all_icmp', cidr: '::/0' }));
    expect(body).toMatchObject({ ethertype: 'IPv6', protocol: 'ipv6-icmp' });
    expect(body).not.toHaveProperty('port_range_min');
  });

  it('leaves "any" ICMP type and code out, and sends a range, a group and a protocol number', () => {
    expect(ruleBody(v({ template: 'custom_icmp', icmp_type: '8' }))).toMatchObject({
      protocol: 'icmp',
      port_range_min: 8,
    });
    expect(
      ruleBody(
        v({ template: 'custom_udp', port_mode: 'range', from_port: '5000', to_port: '5100' }),
      ),
    ).toMatchObject({ protocol: 'udp', port_range_min: 5000, port_range_max: 5100 });
    const grouped = ruleBody(
      v({
        template: 'all',
        remote: 'sg',
        remote_group_id: 'g1',
        ethertype: 'IPv6',
        direction: 'egress',
      }),
    );
    expect(grouped).toEqual({ direction: 'egress', ethertype: 'IPv6', remote_group_id: 'g1' });
    expect(ruleBody(v({ template: 'other', ip_protocol: '47' })).protocol).toBe('47');
  });
});

describe('portRangeText and describeRule', () => {
  const rule: SecurityGroupRule = {
    id: 'r',
    direction: 'ingress',
    ethertype: 'IPv4',
    protocol: 'tcp',
    port_range_min: 1000,
    port_range_max: 2000,
    remote_ip_prefix: null,
    remote_group_id: 'g',
    description: '',
  };
  it('words ports, ICMP and any', () => {
    expect(portRangeText(rule, 'Any')).toBe('1000 - 2000');
    expect(portRangeText({ ...rule, port_range_max: 1000 }, 'Any')).toBe('1000');
    expect(
      portRangeText({ ...rule, protocol: 'icmp', port_range_min: 8, port_range_max: 0 }, 'Any'),
    ).toBe('type 8, code 0');
    expect(portRangeText({ ...rule, port_range_min: null, port_range_max: null }, 'Any')).toBe(
      'Any',
    );
  });
  it('names the remote group', () => {
    expect(describeRule(rule, () => 'default')).toBe('ingress IPv4 1000 - 2000/tcp from default');
  });
});
