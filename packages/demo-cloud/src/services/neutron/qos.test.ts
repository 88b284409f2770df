import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { list, neutronAs, neutronError } from './testSupport';
import type { Body } from './testSupport';

describe('neutron QoS', () => {
  const cloud = useTestCloud();
  const call = neutronAs(cloud);
  const policy = (body: Body): Body => body['policy'] as Body;

  it('shows demo its bw-limiter policy with the bandwidth rule', async () => {
    const policies = await call('demo', 'GET', '/qos/policies');
    const bw = list(policies.body, 'policies').find((p) => p['name'] === 'bw-limiter');
    expect(bw).toMatchObject({
      shared: false,
      is_default: false,
      rules: [
        {
          max_kbps: 10000,
          max_burst_kbps: 8000,
          direction: 'egress',
          id: expect.any(String),
          qos_policy_id: bw?.['id'],
          type: 'bandwidth_limit',
        },
      ],
      tags: [],
    });
    const rules = await call(
      'demo',
      'GET',
      `/qos/policies/${String(bw?.['id'])}/bandwidth_limit_rules`,
    );
    expect(list(rules.body, 'bandwidth_limit_rules')).toEqual([
      { max_kbps: 10000, max_burst_kbps: 8000, direction: 'egress', id: expect.any(String) },
    ]);
    expect((await call('alt', 'GET', '/qos/policies')).body).toEqual({ policies: [] });
  });

  it('lets only an admin manage policies and rules; refuses conflicting rules', async () => {
    const denied = await call('demo', 'POST', '/qos/policies', { policy: { name: 'x' } });
    expect(denied.body).toEqual(
      neutronError('PolicyNotAuthorized', 'rule:create_policy is disallowed by policy'),
    );
    const created = await call('admin', 'POST', '/qos/policies', {
      policy: { name: 'gold', shared: true },
    });
    expect(created.status).toBe(201);
    const id = String(policy(created.body)['id']);
    expect(policy(created.body)).toMatchObject({
      name: 'gold',
      shared: true,
      rules: [],
      revision_number: 0,
    });

    const bw = await call('admin', 'POST', `/qos/policies/${id}/bandwidth_limit_rules`, {
      bandwidth_limit_rule: { max_kbps: 5000 },
    });
    expect(bw.status).toBe(201);
    expect(bw.body['bandwidth_limit_rule']).toEqual({
      max_kbps: 5000,
      max_burst_kbps: 0,
      direction: 'egress',
      id: expect.any(String),
    });
    const clash = await call('admin', 'POST', `/qos/policies/${id}/bandwidth_limit_rules`, {
      bandwidth_limit_rule: { max_kbps: 1 },
    });
    expect(clash.body).toEqual(
      neutronError(
        'QoSRulesConflict',
        `Rule bandwidth_limit conflicts with rule ${String((bw.body['bandwidth_limit_rule'] as Body)['id'])} which already exists in QoS Policy ${id}.`,
      ),
    );
    const ingress = await call('admin', 'POST', `/qos/policies/${id}/bandwidth_limit_rules`, {
      bandwidth_limit_rule: { max_kbps: 1, direction: 'ingress' },
    });
    expect(ingress.status).toBe(201);
    const dscp = await call('admin', 'POST', `/qos/policies/${id}/dscp_marking_rules`, {
      dscp_marking_rule: { dscp_mark: 26 },
    });
    expect(dscp.body['dscp_marking_rule']).toEqual({ dscp_mark: 26, id: expect.any(String) });
    const badMark = await call('admin', 'POST', `/qos/policies/${id}/dscp_marking_rules`, {
      dscp_marking_rule: { dscp_mark: 3 },
    });
    expect(badMark.status).toBe(400);
    const minimum = await call('admin', 'POST', `/qos/policies/${id}/minimum_bandwidth_rules`, {
      minimum_bandwidth_rule: { min_kbps: 1000 },
    });
    const minId = String((minimum.body['minimum_bandwidth_rule'] as Body)['id']);
    const pps = await call('admin', 'POST', `/qos/policies/${id}/minimum_packet_rate_rules`, {
      minimum_packet_rate_rule: { min_kpps: 1000, direction: 'any' },
    });
    expect(pps.body['minimum_packet_rate_rule']).toMatchObject({
      min_kpps: 1000,
      direction: 'any',
    });

    const alias = await call('admin', 'PUT', `/qos/alias_minimum_bandwidth_rules/${minId}`, {
      alias_minimum_bandwidth_rule: { min_kbps: 2000 },
    });
    expect(alias.body['alias_minimum_bandwidth_rule']).toEqual({
      min_kbps: 2000,
      direction: 'egress',
      id: minId,
    });
    const shown = await call('admin', 'GET', `/qos/policies/${id}`);
    expect((policy(shown.body)['rules'] as Body[]).map((r) => r['type'])).toEqual([
      'bandwidth_limit',
      'bandwidth_limit',
      'dscp_marking',
      'minimum_bandwidth',
      'minimum_packet_rate',
    ]);
    expect(policy(shown.body)['revision_number']).toBe(6);

    // Zed's get_policy has no `shared` clause: a member does not see another project's shared policy.
    const member = await call('demo', 'GET', `/qos/policies/${id}`);
    expect(member.status).toBe(404);
    expect(member.body).toEqual(neutronError('HTTPNotFound', 'The resource could not be found.'));

    expect(
      (await call('admin', 'DELETE', `/qos/policies/${id}/minimum_bandwidth_rules/${minId}`))
        .status,
    ).toBe(204);
    expect(
      (await call('admin', 'GET', `/qos/policies/${id}/minimum_bandwidth_rules/${minId}`)).body,
    ).toEqual(
      neutronError('QosRuleNotFound', `QoS rule ${minId} for policy ${id} could not be found.`),
    );
  });

  it('refuses to delete a policy in use, and lists rule types to admins', async () => {
    const created = await call('admin', 'POST', '/qos/policies', { policy: { name: 'used' } });
    const id = String(policy(created.body)['id']);
    const net = await call('admin', 'POST', '/networks', {
      network: { name: 'qos-net', qos_policy_id: id },
    });
    expect((net.body['network'] as Body)['qos_policy_id']).toBe(id);
    const netId = String((net.body['network'] as Body)['id']);
    expect((await call('admin', 'DELETE', `/qos/policies/${id}`)).body).toEqual(
      neutronError('QosPolicyInUse', `QoS Policy ${id} is used by network ${netId}.`),
    );
    const types = await call('admin', 'GET', '/qos/rule-types');
    expect(list(types.body, 'rule_types').map((t) => t['type'])).toEqual([
      'bandwidth_limit',
      'dscp_marking',
      'minimum_bandwidth',
      'minimum_packet_rate',
      'packet_rate_limit',
    ]);
    const detail = await call('admin', 'GET', '/qos/rule-types/dscp_marking');
    expect(detail.body['rule_type']).toMatchObject({
      type: 'dscp_marking',
      drivers: [
        {
          name: 'openvswitch',
          supported_parameters: [expect.objectContaining({ parameter_name: 'dscp_mark' })],
        },
      ],
    });
    expect((await call('demo', 'GET', '/qos/rule-types')).body).toEqual({ rule_types: [] });
  });
});
