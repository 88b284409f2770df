import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../../testing/testCloud';
import { base, createStack, eventTrail, session, outputMap, settled, waitFor } from '../testing';
import type { Json } from '../testing';

// heat's own resource types, and those mapped onto Swift, Nova and Neutron that are new here.

const cloudOf = useTestCloud({ lifecycleScale: 0.05 });

describe('heat resource types', () => {
  it('reads OS::Heat::Value by its type, and refuses a value of the wrong type', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const { stack } = await createStack(cloud, token, projectId, {
      stack_name: 'values',
      template: {
        heat_template_version: '2018-08-31',
        resources: {
          n: { type: 'OS::Heat::Value', properties: { value: '42', type: 'number' } },
          l: {
            type: 'OS::Heat::Value',
            properties: { value: 'a,b', type: 'comma_delimited_list' },
          },
          m: { type: 'OS::Heat::Value', properties: { value: { k: [1] } } },
        },
        outputs: {
          n: { value: { get_attr: ['n', 'value'] } },
          l: { value: { get_attr: ['l', 'value'] } },
          m: { value: { get_attr: ['m', 'value', 'k', 0] } },
          show: { value: { get_attr: ['m', 'show'] } },
          all: { value: { get_attr: ['n'] } },
        },
      },
    });
    expect(outputMap(stack)).toEqual({
      n: 42,
      l: ['a', 'b'],
      m: 1,
      show: null,
      all: { value: 42 },
    });
    const bad = await cloud.request<Json>('POST', `${base(projectId)}/stacks`, {
      token,
      body: {
        stack_name: 'badvalue',
        template: {
          heat_template_version: '2018-08-31',
          resources: {
            v: { type: 'OS::Heat::Value', properties: { value: 'abc', type: 'number' } },
          },
        },
      },
    });
    expect((bad.body['error'] as Json)['message']).toBe(
      "Property error: : resources.v.properties.value: : could not convert string to float: 'abc'",
    );
  });

  it('waits for a wait condition handle to be signalled', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const created = await cloud.request<{ stack: { id: string } }>(
      'POST',
      `${base(projectId)}/stacks`,
      {
        token,
        body: {
          stack_name: 'waiter',
          template: {
            heat_template_version: '2018-08-31',
            resources: {
              handle: { type: 'OS::Heat::WaitConditionHandle' },
              wait: {
                type: 'OS::Heat::WaitCondition',
                properties: { handle: { get_resource: 'handle' }, timeout: 600 },
              },
            },
            outputs: {
              data: { value: { get_attr: ['wait', 'data'] } },
              curl: { value: { get_attr: ['handle', 'curl_cli'] } },
            },
          },
        },
      },
    );
    const path = `${base(projectId)}/stacks/waiter/${created.body.stack.id}`;
    const waiting = await waitFor(cloud, token, `${path}/resources/wait`, (_s, b) =>
      JSON.stringify(b).includes('CREATE_IN_PROGRESS'),
    );
    expect(waiting.status).toBe(200);
    const stillWaiting = await cloud.request<{ stack: Json }>('GET', path, { token });
    expect(stillWaiting.body.stack['stack_status']).toBe('CREATE_IN_PROGRESS');
    const signal = await cloud.request('POST', `${path}/resources/handle/signal`, {
      token,
      body: { status: 'SUCCESS', reason: 'ready', data: 'booted', id: '1' },
    });
    expect(signal.status).toBe(200);
    const done = await waitFor(cloud, token, path, settled);
    expect(done.body.stack.stack_status).toBe('CREATE_COMPLETE');
    const out = outputMap(done.body.stack);
    expect(out['data']).toEqual({ '1': 'booted' });
    expect(String(out['curl'])).toContain(`${path}/resources/handle/signal`);
  });

  it('replaces a test resource asked to, and keeps a random string until it must change', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const template = (value: string, replace: boolean): Json => ({
      heat_template_version: '2018-08-31',
      resources: {
        t: { type: 'OS::Heat::TestResource', properties: { value, update_replace: replace } },
        r: { type: 'OS::Heat::RandomString', properties: { length: 8 } },
      },
    });
    const { path } = await createStack(cloud, token, projectId, {
      stack_name: 'replace',
      template: template('a', false),
    });
    const created = (await eventTrail(cloud, token, path)).length;
    await cloud.request('PUT', path, { token, body: { template: template('b', false) } });
    await waitFor(cloud, token, path, settled);
    await cloud.request('PUT', path, { token, body: { template: template('c', true) } });
    await waitFor(cloud, token, path, settled);
    const trail = (await eventTrail(cloud, token, path, true)).slice(created);
    expect(trail.filter((e) => e.startsWith('t:'))).toEqual([
      't:UPDATE_IN_PROGRESS|state changed',
      't:UPDATE_COMPLETE|state changed',
      't:UPDATE_IN_PROGRESS|state changed',
      't:UPDATE_COMPLETE|The Resource t requires replacement.',
      't:CREATE_IN_PROGRESS|state changed',
      't:CREATE_COMPLETE|state changed',
      't:DELETE_IN_PROGRESS|state changed',
      't:DELETE_COMPLETE|state changed',
    ]);
    expect(trail.some((e) => e.startsWith('r:'))).toBe(false);
  });

  it('maps Swift containers, Nova server groups and Neutron security group rules', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const { path, stack } = await createStack(cloud, token, projectId, {
      stack_name: 'mapped',
      template: {
        heat_template_version: '2018-08-31',
        resources: {
          sg: { type: 'OS::Neutron::SecurityGroup', properties: { name: 'heat-sg' } },
          rule: {
            type: 'OS::Neutron::SecurityGroupRule',
            properties: {
              security_group: { get_resource: 'sg' },
              port_range_min: 22,
              port_range_max: 22,
            },
          },
          group: {
            type: 'OS::Nova::ServerGroup',
            properties: { name: 'heat-group', policies: ['affinity'] },
          },
          box: {
            type: 'OS::Swift::Container',
            properties: { name: 'heat-box', 'X-Container-Read': '.r:*' },
          },
        },
        outputs: {
          url: { value: { get_attr: ['box', 'WebsiteURL'] } },
          objects: { value: { get_attr: ['box', 'ObjectCount'] } },
          group: { value: { get_resource: 'group' } },
          rule: { value: { get_resource: 'rule' } },
        },
      },
    });
    expect(stack.stack_status).toBe('CREATE_COMPLETE');
    const out = outputMap(stack);
    expect(String(out['url'])).toMatch(new RegExp(`/object-store/v1/AUTH_${projectId}/heat-box$`));
    expect(out['objects']).toBe(0);
    const container = await fetch(`${cloud.url}/object-store/v1/AUTH_${projectId}/heat-box`, {
      method: 'HEAD',
      headers: { 'X-Auth-Token': token },
    });
    expect(container.status).toBe(204);
    expect(container.headers.get('x-container-read')).toBe('.r:*');
    const group = await cloud.request<{ server_group: Json }>(
      'GET',
      `/compute/v2.1/os-server-groups/${String(out['group'])}`,
      { token },
    );
    expect(group.body.server_group).toMatchObject({ name: 'heat-group', policies: ['affinity'] });
    const rule = await cloud.request<{ security_group_rule: Json }>(
      'GET',
      `/network/v2.0/security-group-rules/${String(out['rule'])}`,
      { token },
    );
    expect(rule.body.security_group_rule).toMatchObject({
      direction: 'ingress',
      protocol: 'tcp',
      port_range_min: 22,
      port_range_max: 22,
    });
    await cloud.request('DELETE', path, { token });
    await waitFor(cloud, token, path, (_s, b) => b.stack.stack_status === 'DELETE_COMPLETE');
    const gone = await fetch(`${cloud.url}/object-store/v1/AUTH_${projectId}/heat-box`, {
      method: 'HEAD',
      headers: { 'X-Auth-Token': token },
    });
    expect(gone.status).toBe(404);
    const noGroup = await cloud.request(
      'GET',
      `/compute/v2.1/os-server-groups/${String(out['group'])}`,
      {
        token,
      },
    );
    expect(noGroup.status).toBe(404);
  });
});
