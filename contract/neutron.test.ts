import { afterAll, describe, expect, it } from 'vitest';
import { MISSING_UUID, call } from './support/services';
import { session, uniqueName } from './support/session';
import type { Session } from './support/session';
import { expectKeys, expectShape, field } from './support/shape';

/** What this file created (as demo), deleted in reverse order at the end. */
const cleanup: string[] = [];

afterAll(async () => {
  const demo = await session('demo');
  for (const path of cleanup.reverse()) await call(demo, 'network', 'DELETE', path);
});

async function create(
  s: Session,
  kind: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const collection = `v2.0/${kind.replaceAll('_', '-')}s`;
  const answer = await call(s, 'network', 'POST', collection, { json: { [kind]: body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const item = field(answer.body, kind) as Record<string, unknown>;
  cleanup.push(`${collection}/${String(item['id'])}`);
  return item;
}

const COMMON = {
  id: 'string',
  name: 'string',
  tenant_id: 'string',
  project_id: 'string',
  created_at: 'string',
  updated_at: 'string',
  revision_number: 'integer',
  tags: ['string'],
} as const;

function expectNeutronError(body: unknown, type: string): void {
  expectKeys(body, ['NeutronError']);
  expectKeys(field(body, 'NeutronError'), ['type', 'message', 'detail']);
  expect(field(body, 'NeutronError', 'type')).toBe(type);
  expect(field(body, 'NeutronError', 'detail')).toBe('');
}

describe('neutron core resources', () => {
  let networkId = '';
  let subnetId = '';

  it('creates a network with the ML2 fields', async () => {
    const demo = await session('demo');
    const network = await create(demo, 'network', { name: uniqueName('net') });
    networkId = String(network['id']);
    expectShape(network, {
      ...COMMON,
      admin_state_up: 'boolean',
      status: 'string',
      shared: 'boolean',
      subnets: ['string'],
      mtu: 'integer',
      'router:external': 'boolean',
      port_security_enabled: 'boolean',
      availability_zone_hints: ['string'],
      availability_zones: ['string'],
      ipv4_address_scope: 'string|null',
      ipv6_address_scope: 'string|null',
      description: 'string',
    });
    expect(network['status']).toBe('ACTIVE');
    expect(network['shared']).toBe(false);
    expect(network['project_id']).toBe(demo.projectId);
  });

  it('creates a subnet with allocation pools and a gateway', async () => {
    const demo = await session('demo');
    const subnet = await create(demo, 'subnet', {
      name: uniqueName('subnet'),
      network_id: networkId,
      ip_version: 4,
      cidr: '10.231.7.0/24',
    });
    subnetId = String(subnet['id']);
    expectShape(subnet, {
      ...COMMON,
      network_id: 'string',
      ip_version: 'integer',
      cidr: 'string',
      gateway_ip: 'string|null',
      enable_dhcp: 'boolean',
      allocation_pools: [{ start: 'string', end: 'string' }],
      dns_nameservers: ['string'],
      host_routes: 'array',
      ipv6_ra_mode: 'null',
      ipv6_address_mode: 'null',
      subnetpool_id: 'string|null',
      description: 'string',
    });
    expect(subnet['gateway_ip']).toBe('10.231.7.1');
    expect(subnet['allocation_pools']).toEqual([{ start: '10.231.7.2', end: '10.231.7.254' }]);
  });

  it('creates a port with a fixed IP from the subnet', async () => {
    const demo = await session('demo');
    const port = await create(demo, 'port', { name: uniqueName('port'), network_id: networkId });
    expectShape(port, {
      ...COMMON,
      network_id: 'string',
      mac_address: 'string',
      admin_state_up: 'boolean',
      status: 'string',
      device_id: 'string',
      device_owner: 'string',
      fixed_ips: [{ subnet_id: 'string', ip_address: 'string' }],
      security_groups: ['string'],
      allowed_address_pairs: 'array',
      port_security_enabled: 'boolean',
      'binding:vnic_type': 'string',
      description: 'string',
    });
    expect(port['status']).toBe('DOWN');
    expect(field(port, 'fixed_ips', 0, 'subnet_id')).toBe(subnetId);
    expect(port['mac_address']).toMatch(/^fa:16:3e(:[0-9a-f]{2}){3}$/);
    expect((port['security_groups'] as string[]).length).toBe(1);
  });

  it('creates a router', async () => {
    const demo = await session('demo');
    const router = await create(demo, 'router', { name: uniqueName('router') });
    expectShape(router, {
      ...COMMON,
      admin_state_up: 'boolean',
      status: 'string',
      external_gateway_info: 'null',
      routes: 'array',
      description: 'string',
    });
    const attached = await call(
      demo,
      'network',
      'PUT',
      `v2.0/routers/${String(router['id'])}/add_router_interface`,
      { json: { subnet_id: subnetId } },
    );
    expect(attached.status).toBe(200);
    expectShape(attached.body, {
      id: 'string',
      subnet_id: 'string',
      subnet_ids: ['string'],
      port_id: 'string',
      network_id: 'string',
      tenant_id: 'string',
      project_id: 'absent',
    });
    const detached = await call(
      demo,
      'network',
      'PUT',
      `v2.0/routers/${String(router['id'])}/remove_router_interface`,
      { json: { subnet_id: subnetId } },
    );
    expect(detached.status).toBe(200);
  });

  it('answers an unknown network with a NeutronError 404', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'network', 'GET', `v2.0/networks/${MISSING_UUID}`);
    expect(answer.status).toBe(404);
    expectNeutronError(answer.body, 'NetworkNotFound');
    expect(field(answer.body, 'NeutronError', 'message')).toBe(
      `Network ${MISSING_UUID} could not be found.`,
    );
  });

  it('refuses an overlapping subnet with a NeutronError 400', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'network', 'POST', 'v2.0/subnets', {
      json: { subnet: { network_id: networkId, ip_version: 4, cidr: '10.231.7.0/25' } },
    });
    expect(answer.status).toBe(400);
    expectNeutronError(answer.body, 'InvalidInput');
  });
});

describe('neutron security groups and floating IPs', () => {
  it('a new security group has the two default egress rules', async () => {
    const demo = await session('demo');
    const group = await create(demo, 'security_group', { name: uniqueName('sg') });
    expectShape(group, {
      ...COMMON,
      description: 'string',
      stateful: 'boolean',
      security_group_rules: [
        {
          id: 'string',
          direction: 'string',
          ethertype: 'string',
          protocol: 'string|null',
          port_range_min: 'integer|null',
          port_range_max: 'integer|null',
          remote_ip_prefix: 'string|null',
          remote_group_id: 'string|null',
          security_group_id: 'string',
          tenant_id: 'string',
          project_id: 'string',
          revision_number: 'integer',
          created_at: 'string',
          updated_at: 'string',
          description: 'string|null',
        },
      ],
    });
    const rules = group['security_group_rules'] as Record<string, unknown>[];
    expect(rules.map((r) => `${String(r['direction'])}/${String(r['ethertype'])}`).sort()).toEqual([
      'egress/IPv4',
      'egress/IPv6',
    ]);

    const rule = await call(demo, 'network', 'POST', 'v2.0/security-group-rules', {
      json: {
        security_group_rule: {
          security_group_id: group['id'],
          direction: 'ingress',
          protocol: 'tcp',
          port_range_min: 22,
          port_range_max: 22,
          remote_ip_prefix: '0.0.0.0/0',
        },
      },
    });
    expect(rule.status).toBe(201);
    expect(field(rule.body, 'security_group_rule', 'ethertype')).toBe('IPv4');
    const duplicate = await call(demo, 'network', 'POST', 'v2.0/security-group-rules', {
      json: {
        security_group_rule: {
          security_group_id: group['id'],
          direction: 'ingress',
          protocol: 'tcp',
          port_range_min: 22,
          port_range_max: 22,
          remote_ip_prefix: '0.0.0.0/0',
        },
      },
    });
    expect(duplicate.status).toBe(409);
    expectNeutronError(duplicate.body, 'SecurityGroupRuleExists');
  });

  it("the project's default group allows ingress from itself and all egress", async () => {
    const demo = await session('demo');
    const answer = await call(
      demo,
      'network',
      'GET',
      `v2.0/security-groups?name=default&project_id=${demo.projectId}`,
    );
    expect(answer.status).toBe(200);
    const groups = field(answer.body, 'security_groups') as Record<string, unknown>[];
    expect(groups.length).toBe(1);
    const rules = groups[0]?.['security_group_rules'] as Record<string, unknown>[];
    const summary = rules
      .map(
        (r) =>
          `${String(r['direction'])}/${String(r['ethertype'])}/${r['remote_group_id'] === groups[0]?.['id'] ? 'self' : String(r['remote_group_id'])}`,
      )
      .sort();
    expect(summary).toEqual([
      'egress/IPv4/null',
      'egress/IPv6/null',
      'ingress/IPv4/self',
      'ingress/IPv6/self',
    ]);
  });

  it('allocates a floating IP on an external network, when there is one', async (context) => {
    const demo = await session('demo');
    const nets = await call(demo, 'network', 'GET', 'v2.0/networks?router:external=true');
    const external = (field(nets.body, 'networks') as { id: string }[])[0];
    if (!external) {
      context.skip();
      return;
    }
    const fip = await create(demo, 'floatingip', { floating_network_id: external.id });
    expectShape(fip, {
      id: 'string',
      floating_ip_address: 'string',
      floating_network_id: 'string',
      router_id: 'null',
      port_id: 'null',
      fixed_ip_address: 'null',
      status: 'string',
      tenant_id: 'string',
      project_id: 'string',
      description: 'string',
      tags: 'array',
      created_at: 'string',
      updated_at: 'string',
      revision_number: 'integer',
      port_details: 'null',
    });
    expect(fip['status']).toBe('DOWN');
  });
});
