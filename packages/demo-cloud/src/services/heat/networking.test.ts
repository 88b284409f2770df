import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import type { TestCloud } from '../../testing/testCloud';

import { settled, waitFor } from './testing';
import type { Json, StackBody } from './testing';

const cloudOf = useTestCloud({ lifecycleScale: 0.05 });

const statusOf = async (cloud: TestCloud, token: string, path: string): Promise<number> =>
  (await cloud.request('GET', path, { token })).status;

const waitSettled = (
  cloud: TestCloud,
  token: string,
  path: string,
): Promise<{ status: number; body: StackBody }> => waitFor(cloud, token, path, settled);

const TEMPLATE = {
  heat_template_version: '2018-08-31',
  resources: {
    net: { type: 'OS::Neutron::Net' },
    subnet: {
      type: 'OS::Neutron::Subnet',
      properties: { network: { get_resource: 'net' }, cidr: '10.77.0.0/24' },
    },
    router: {
      type: 'OS::Neutron::Router',
      properties: { external_gateway_info: { network: 'public' } },
    },
    iface: {
      type: 'OS::Neutron::RouterInterface',
      properties: { router: { get_resource: 'router' }, subnet: { get_resource: 'subnet' } },
    },
    port: {
      type: 'OS::Neutron::Port',
      properties: {
        network: { get_resource: 'net' },
        fixed_ips: [{ subnet: { get_resource: 'subnet' }, ip_address: '10.77.0.50' }],
      },
    },
    fip: {
      type: 'OS::Neutron::FloatingIP',
      properties: { floating_network: 'public', port_id: { get_resource: 'port' } },
      depends_on: 'iface',
    },
  },
  outputs: {
    fip: { value: { get_attr: ['fip', 'floating_ip_address'] } },
    port_ip: { value: { get_attr: ['port', 'fixed_ips', 0, 'ip_address'] } },
  },
};

describe('heat networking resources', () => {
  it('builds routers, interfaces, ports and floating IPs, and removes them', async () => {
    const cloud = cloudOf();
    const { token, body } = await cloud.login('demo', 'demo');
    const projectId = body.token.project?.id ?? '';
    const base = `/orchestration/v1/${projectId}`;
    const created = await cloud.request<{ stack: { id: string } }>('POST', `${base}/stacks`, {
      token,
      body: { stack_name: 'netstack', template: TEMPLATE },
    });
    expect(created.status).toBe(201);
    const path = `${base}/stacks/netstack/${created.body.stack.id}`;
    const done = await waitSettled(cloud, token, path);
    expect(done.body.stack['stack_status_reason']).toBe('Stack CREATE completed successfully');
    const outputs = new Map(
      (done.body.stack['outputs'] as Json[]).map((o) => [o['output_key'], o['output_value']]),
    );
    expect(outputs.get('port_ip')).toBe('10.77.0.50');
    expect(String(outputs.get('fip'))).toMatch(/^172\.24\.4\./);

    const resources = await cloud.request<{ resources: Json[] }>('GET', `${path}/resources`, {
      token,
    });
    const id = (name: string): string =>
      String(
        resources.body.resources.find((r) => r['resource_name'] === name)?.['physical_resource_id'],
      );
    const router = await cloud.request<{ router: Json }>(
      'GET',
      `/network/v2.0/routers/${id('router')}`,
      { token },
    );
    expect(router.body.router['external_gateway_info']).not.toBeNull();
    const fip = await cloud.request<{ floatingip: Json }>(
      'GET',
      `/network/v2.0/floatingips/${id('fip')}`,
      { token },
    );
    expect(fip.body.floatingip).toMatchObject({
      port_id: id('port'),
      fixed_ip_address: '10.77.0.50',
    });

    expect((await cloud.request('DELETE', path, { token })).status).toBe(204);
    const gone = await waitSettled(cloud, token, path);
    expect(gone.body.stack['stack_status']).toBe('DELETE_COMPLETE');
    expect(await statusOf(cloud, token, `/network/v2.0/routers/${id('router')}`)).toBe(404);
    expect(await statusOf(cloud, token, `/network/v2.0/floatingips/${id('fip')}`)).toBe(404);
    expect(await statusOf(cloud, token, `/network/v2.0/ports/${id('port')}`)).toBe(404);
    expect(await statusOf(cloud, token, `/network/v2.0/networks/${id('net')}`)).toBe(404);
  });

  it('keeps stacks across a restart', async () => {
    const cloud = cloudOf();
    const { token, body } = await cloud.login('demo', 'demo');
    const base = `/orchestration/v1/${body.token.project?.id ?? ''}`;
    const before = await cloud.request<{ stacks: Json[] }>('GET', `${base}/stacks`, { token });
    await cloud.restart();
    const again = await cloud.login('demo', 'demo');
    const after = await cloud.request<{ stacks: Json[] }>('GET', `${base}/stacks`, {
      token: again.token,
    });
    expect(after.body.stacks.map((s) => s['id'])).toEqual(before.body.stacks.map((s) => s['id']));
    expect(after.body.stacks.filter((s) => s['stack_name'] === 'demo-stack')).toHaveLength(1);
  });
});
