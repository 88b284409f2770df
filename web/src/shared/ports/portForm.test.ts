import { describe, expect, it } from 'vitest';
import type { Port } from '@skydeck/contract';
import {
  emptyPortForm,
  parseFixedIpLines,
  parsePairLines,
  portCreateBody,
  portFormErrors,
  portFormOf,
  portUpdateBody,
} from './portForm';

const t = (key: string, o?: Record<string, unknown>): string =>
  key.replace('{{line}}', String(o?.['line'] ?? ''));

const port: Port = {
  id: 'p1',
  name: 'web',
  description: '',
  network_id: 'n1',
  project_id: 'pr',
  status: 'DOWN',
  admin_state_up: true,
  mac_address: 'fa:16:3e:00:00:01',
  fixed_ips: [{ subnet_id: 's1', ip_address: '10.0.0.5' }],
  device_id: '',
  device_owner: '',
  security_groups: ['sg1'],
  port_security_enabled: true,
  vnic_type: 'normal',
  allowed_address_pairs: [{ ip_address: '10.0.0.0/24', mac_address: 'fa:16:3e:00:00:01' }],
  qos_policy_id: null,
};

describe('port form', () => {
  it('reads address pairs one a line, MAC optional', () => {
    expect(parsePairLines('10.0.0.7\n\n 10.1.0.0/16, fa:16:3e:00:00:02 ')).toEqual([
      { ip_address: '10.0.0.7' },
      { ip_address: '10.1.0.0/16', mac_address: 'fa:16:3e:00:00:02' },
    ]);
  });

  it('gives field messages for a bad IP, pair line, MAC and a subnet-less IP', () => {
    const v = {
      ...emptyPortForm(),
      ip_address: '10.0.0.300',
      mac_address: 'zz',
      address_pairs: '10.0.0.1\nnope',
    };
    const errors = portFormErrors(v, t, { creating: true, withMac: true });
    expect(errors.ip_address).toBe('Enter an IP address such as 10.0.0.5.');
    expect(errors.mac_address).toContain('MAC');
    expect(errors.address_pairs).toBe('Line 2: enter an IP address or a CIDR such as 10.0.0.0/24.');
    expect(errors.subnet_id).toBeDefined();
    expect(portFormErrors(emptyPortForm(['sg']), t, { creating: true, withMac: false })).toEqual(
      {},
    );
  });

  it('refuses security groups and pairs on a port without port security', () => {
    const v = { ...emptyPortForm(['sg']), port_security_enabled: false, address_pairs: '10.0.0.1' };
    const errors = portFormErrors(v, t, { creating: true, withMac: false });
    expect(errors.security_groups).toBeDefined();
    expect(errors.address_pairs).toBeDefined();
  });

  it('creates with a fixed IP only when one is given, QoS only when chosen', () => {
    const body = portCreateBody(
      'n1',
      { ...emptyPortForm(['sg']), name: ' a ', subnet_id: 's1', ip_address: '10.0.0.9' },
      { withMac: false },
    );
    expect(body).toMatchObject({
      network_id: 'n1',
      name: 'a',
      fixed_ips: [{ subnet_id: 's1', ip_address: '10.0.0.9' }],
      security_groups: ['sg'],
      vnic_type: 'normal',
      allowed_address_pairs: [],
    });
    expect(body).not.toHaveProperty('qos_policy_id');
    expect(body).not.toHaveProperty('mac_address');
    expect(portCreateBody('n1', emptyPortForm(), { withMac: false })).not.toHaveProperty(
      'fixed_ips',
    );
  });

  it('updates only what changed', () => {
    const v = portFormOf(port);
    expect(v.address_pairs).toBe('10.0.0.0/24');
    expect(portUpdateBody(port, v, { withMac: false })).toEqual({});
    expect(
      portUpdateBody(
        port,
        { ...v, name: 'web2', address_pairs: '10.0.0.0/24\n10.2.0.1' },
        { withMac: true },
      ),
    ).toEqual({
      name: 'web2',
      allowed_address_pairs: [{ ip_address: '10.0.0.0/24' }, { ip_address: '10.2.0.1' }],
    });
    expect(portUpdateBody(port, { ...v, qos_policy_id: 'q1' }, { withMac: false })).toEqual({
      qos_policy_id: 'q1',
    });
  });

  describe('fixed IPs on edit', () => {
    const subnets = [
      { id: 's1', name: 'private', cidr: '10.0.0.0/24', ip_version: 4 },
      { id: 's2', name: 'v6', cidr: 'fd00::/64', ip_version: 6 },
    ];

    it('reads addresses and subnet names or ids, one a line, and names a bad line', () => {
      expect(parseFixedIpLines('10.0.0.5\n\n v6 \ns1', subnets)).toEqual({
        ips: [{ ip_address: '10.0.0.5' }, { subnet_id: 's2' }, { subnet_id: 's1' }],
      });
      expect(parseFixedIpLines('10.0.0.5\nno-such-subnet', subnets).badLine).toBe(1);
      const v = { ...portFormOf(port), fixed_ips: '10.0.0.5\n10.0.0.999' };
      expect(portFormErrors(v, t, { creating: false, withMac: false, subnets }).fixed_ips).toBe(
        'Line 2: enter an IP address such as 10.0.0.5, or the name of one of the network’s subnets.',
      );
    });

    it('sends nothing when the addresses are unchanged', () => {
      expect(portFormOf(port).fixed_ips).toBe('10.0.0.5');
      expect(portUpdateBody(port, portFormOf(port), { withMac: false, subnets })).toEqual({});
    });

    it('sends the whole new list: kept addresses with their subnet, new ones as asked', () => {
      const v = { ...portFormOf(port), fixed_ips: '10.0.0.5\n10.0.0.9\nv6' };
      expect(portUpdateBody(port, v, { withMac: false, subnets }).fixed_ips).toEqual([
        { subnet_id: 's1', ip_address: '10.0.0.5' },
        { ip_address: '10.0.0.9' },
        { subnet_id: 's2' },
      ]);
      const none = { ...portFormOf(port), fixed_ips: '' };
      expect(portUpdateBody(port, none, { withMac: false, subnets }).fixed_ips).toEqual([]);
    });
  });
});
