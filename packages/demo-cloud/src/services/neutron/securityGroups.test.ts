import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { list, names, neutronAs, neutronError } from './testSupport';
import type { Body } from './testSupport';

describe('neutron security groups', () => {
  const cloud = useTestCloud();
  const call = neutronAs(cloud);

  const group = (body: Body): Body => body['security_group'] as Body;
  const rule = (body: Body): Body => body['security_group_rule'] as Body;

  it('creates the project’s default group with its four rules the first time it is used', async () => {
    const admin = await cloud().token('admin', 'admin');
    const project = await cloud().request<{ project: { id: string } }>(
      'POST',
      '/identity/v3/projects',
      {
        token: admin,
        body: { project: { name: 'sg-lazy' } },
      },
    );
    const projectId = project.body.project.id;
    const demoUser = (await cloud().login('demo', 'demo')).body.token.user.id;
    const roles = await cloud().request<{ roles: Array<{ id: string; name: string }> }>(
      'GET',
      '/identity/v3/roles',
      { token: admin },
    );
    const member = roles.body.roles.find((r) => r.name === 'member')?.id ?? '';
    await cloud().request(
      'PUT',
      `/identity/v3/projects/${projectId}/users/${demoUser}/roles/${member}`,
      {
        token: admin,
      },
    );
    const token = await cloud().token('demo', 'sg-lazy');
    const first = await cloud().request<Body>('GET', '/network/v2.0/security-groups', { token });
    const groups = list(first.body, 'security_groups');
    expect(groups).toHaveLength(1);
    const def = groups[0] ?? {};
    expect(def).toMatchObject({
      name: 'default',
      description: 'Default security group',
      stateful: true,
      shared: false,
      tenant_id: projectId,
      project_id: projectId,
      revision_number: 1,
    });
    const rules = def['security_group_rules'] as Body[];
    expect(
      rules
        .map(
          (r) =>
            `${String(r['direction'])} ${String(r['ethertype'])} ${r['remote_group_id'] === def['id'] ? 'self' : String(r['remote_group_id'])}`,
        )
        .sort(),
    ).toEqual(['egress IPv4 null', 'egress IPv6 null', 'ingress IPv4 self', 'ingress IPv6 self']);
    expect(rules[0]).toMatchObject({
      protocol: null,
      port_range_min: null,
      port_range_max: null,
      remote_ip_prefix: null,
      normalized_cidr: null,
      description: null,
      tags: [],
      standard_attr_id: expect.any(Number),
    });
    const again = await cloud().request<Body>('GET', '/network/v2.0/security-groups', { token });
    expect(list(again.body, 'security_groups')).toHaveLength(1);
  });

  it('creates a group with egress rules and adds validated rules', async () => {
    const created = await call('demo', 'POST', '/security-groups', {
      security_group: { name: 'db', description: 'database access' },
    });
    expect(created.status).toBe(201);
    const sg = group(created.body);
    expect(
      (sg['security_group_rules'] as Body[])
        .map((r) => `${String(r['direction'])}/${String(r['ethertype'])}`)
        .sort(),
    ).toEqual(['egress/IPv4', 'egress/IPv6']);
    const id = String(sg['id']);
    const added = await call('demo', 'POST', '/security-group-rules', {
      security_group_rule: {
        security_group_id: id,
        direction: 'ingress',
        protocol: 'tcp',
        port_range_min: 5432,
        port_range_max: 5432,
        remote_ip_prefix: '10.0.0.0/26',
      },
    });
    expect(added.status).toBe(201);
    expect(rule(added.body)).toMatchObject({
      ethertype: 'IPv4',
      protocol: 'tcp',
      port_range_min: 5432,
      port_range_max: 5432,
      remote_ip_prefix: '10.0.0.0/26',
      normalized_cidr: '10.0.0.0/26',
      remote_group_id: null,
      remote_address_group_id: null,
      description: '',
      revision_number: 0,
    });
    expect(rule(added.body)).not.toHaveProperty('tags');
    const ruleId = String(rule(added.body)['id']);
    const duplicate = await call('demo', 'POST', '/security-group-rules', {
      security_group_rule: {
        security_group_id: id,
        direction: 'ingress',
        protocol: 'tcp',
        port_range_min: 5432,
        port_range_max: 5432,
        remote_ip_prefix: '10.0.0.0/26',
      },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual(
      neutronError(
        'SecurityGroupRuleExists',
        `Security group rule already exists. Rule id is ${ruleId}.`,
      ),
    );
    const shown = await call('demo', 'GET', `/security-groups/${id}`);
    expect((group(shown.body)['security_group_rules'] as Body[]).length).toBe(3);
    expect((await call('demo', 'DELETE', `/security-group-rules/${ruleId}`)).status).toBe(204);
    expect((await call('demo', 'GET', `/security-group-rules/${ruleId}`)).body).toEqual(
      neutronError('SecurityGroupRuleNotFound', `Security group rule ${ruleId} does not exist`),
    );
  });

  it('validates rules with neutron’s messages', async () => {
    const groups = await call('demo', 'GET', '/security-groups?name=web');
    const web = String(list(groups.body, 'security_groups')[0]?.['id']);
    const post = (r: Body) =>
      call('demo', 'POST', '/security-group-rules', {
        security_group_rule: { security_group_id: web, direction: 'ingress', ...r },
      });
    expect((await post({ protocol: 'tcp', port_range_min: 90, port_range_max: 80 })).body).toEqual(
      neutronError(
        'SecurityGroupInvalidPortRange',
        'For TCP/UDP protocols, port_range_min must be <= port_range_max',
      ),
    );
    expect((await post({ port_range_min: 22, port_range_max: 22 })).body).toEqual(
      neutronError(
        'SecurityGroupProtocolRequiredWithPorts',
        'Must also specify protocol if port range is given.',
      ),
    );
    expect((await post({ protocol: 'icmp', port_range_min: 300 })).body).toEqual(
      neutronError(
        'SecurityGroupInvalidIcmpValue',
        'Invalid value for ICMP type (port_range_min) 300. It must be 0 to 255.',
      ),
    );
    expect((await post({ protocol: 'gre', port_range_min: 1, port_range_max: 2 })).body).toEqual(
      neutronError(
        'SecurityGroupInvalidProtocolForPort',
        'Ports cannot be specified for protocol 47. Ports are only supported for DCCP, SCTP, TCP, UDP, UDPLITE.',
      ),
    );
    const protocol = await post({ protocol: 'foo' });
    expect((protocol.body['NeutronError'] as Body)['type']).toBe(
      'SecurityGroupRuleInvalidProtocol',
    );
    expect((await post({ remote_ip_prefix: '10.0.0.0/8', remote_group_id: web })).body).toEqual(
      neutronError(
        'SecurityGroupMultipleRemoteEntites',
        'Only one of remote_ip_prefix or remote_group_id or remote_address_group_id may be provided.',
      ),
    );
    expect((await post({ remote_ip_prefix: 'fd00::/64' })).body).toEqual(
      neutronError(
        'SecurityGroupRuleParameterConflict',
        'Conflicting value ethertype IPv4 for CIDR fd00::/64',
      ),
    );
    expect((await post({ direction: 'sideways' })).body).toEqual(
      neutronError(
        'HTTPBadRequest',
        'Invalid input for direction. Reason: sideways is not in valid_values.',
      ),
    );
    expect((await post({ ethertype: 'ipx' })).body).toEqual(
      neutronError(
        'SecurityGroupRuleInvalidEtherType',
        "Security group rule for ethertype 'ipx' not supported. Allowed values are ['IPv4', 'IPv6'].",
      ),
    );
    const everything = await post({ protocol: 'udp', port_range_min: 1, port_range_max: 65535 });
    expect(rule(everything.body)).toMatchObject({ port_range_min: null, port_range_max: null });
    const reader = await call('reader', 'POST', '/security-group-rules', {
      security_group_rule: { security_group_id: web, direction: 'ingress' },
    });
    expect(reader.body).toEqual(
      neutronError(
        'PolicyNotAuthorized',
        'rule:create_security_group_rule is disallowed by policy',
      ),
    );
  });

  it('protects the default group and groups in use, and isolates projects', async () => {
    const groups = await call('demo', 'GET', '/security-groups');
    expect(names(groups.body, 'security_groups')).toEqual(
      expect.arrayContaining(['default', 'web']),
    );
    const def = list(groups.body, 'security_groups').find((g) => g['name'] === 'default');
    const defId = String(def?.['id']);
    expect(
      (await call('demo', 'PUT', `/security-groups/${defId}`, { security_group: { name: 'x' } }))
        .body,
    ).toEqual(
      neutronError(
        'SecurityGroupCannotUpdateDefault',
        'Updating default security group not allowed.',
      ),
    );
    expect((await call('demo', 'DELETE', `/security-groups/${defId}`)).body).toEqual(
      neutronError(
        'SecurityGroupCannotRemoveDefault',
        'Insufficient rights for removing default security group.',
      ),
    );
    const named = await call('demo', 'POST', '/security-groups', {
      security_group: { name: 'Default' },
    });
    expect(named.body).toEqual(
      neutronError('SecurityGroupDefaultAlreadyExists', 'Default security group already exists.'),
    );
    const sg = await call('demo', 'POST', '/security-groups', { security_group: { name: 'busy' } });
    const sgId = String(group(sg.body)['id']);
    const nets = await call('demo', 'GET', '/networks?name=private');
    await call('demo', 'POST', '/ports', {
      port: { network_id: list(nets.body, 'networks')[0]?.['id'], security_groups: [sgId] },
    });
    expect((await call('demo', 'DELETE', `/security-groups/${sgId}`)).body).toEqual(
      neutronError('SecurityGroupInUse', `Security Group ${sgId} in use.`),
    );
    const alt = await call('alt', 'GET', '/security-groups');
    expect(names(alt.body, 'security_groups')).toEqual(['default']);
    expect((await call('alt', 'GET', `/security-groups/${sgId}`)).body).toEqual(
      neutronError('SecurityGroupNotFound', `Security group ${sgId} does not exist`),
    );
    const altRule = await call('alt', 'POST', '/security-group-rules', {
      security_group_rule: { security_group_id: sgId, direction: 'ingress' },
    });
    expect(altRule.status).toBe(404);
    // Zed's security group rules have no admin clause: an admin sees its own project's groups.
    const admin = await call('admin', 'GET', '/security-groups');
    expect(list(admin.body, 'security_groups').every((g) => g['name'] === 'default')).toBe(true);
  });
});
