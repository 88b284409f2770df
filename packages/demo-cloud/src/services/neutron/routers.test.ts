import { beforeAll, describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { idOf, list, neutronAs, neutronError } from './testSupport';
import type { Body } from './testSupport';

describe('neutron routers', () => {
  const cloud = useTestCloud();
  const call = neutronAs(cloud);
  let publicNet = '';
  let publicSubnet = '';
  let dbSubnet = '';
  let dbNet = '';

  beforeAll(async () => {
    const nets = await call('demo', 'GET', '/networks');
    publicNet = idOf(nets.body, 'networks', 'public');
    dbNet = idOf(nets.body, 'networks', 'db-net');
    const subnets = await call('admin', 'GET', '/subnets');
    publicSubnet = idOf(subnets.body, 'subnets', 'public-subnet');
    dbSubnet = idOf(subnets.body, 'subnets', 'db-subnet');
  });

  const router = (body: Body): Body => body['router'] as Body;

  it('lists the seeded router with its gateway on the external network', async () => {
    const routers = await call('demo', 'GET', '/routers');
    const r1 = list(routers.body, 'routers').find((r) => r['name'] === 'router1');
    expect(r1).toMatchObject({
      status: 'ACTIVE',
      admin_state_up: true,
      routes: [],
      external_gateway_info: {
        network_id: publicNet,
        enable_snat: true,
        external_fixed_ips: [
          { subnet_id: publicSubnet, ip_address: expect.stringMatching(/^172\.24\.4\.\d+$/) },
        ],
      },
    });
    expect(r1).not.toHaveProperty('ha');
    expect(r1).not.toHaveProperty('distributed');
    const admin = await call('admin', 'GET', `/routers/${String(r1?.['id'])}`);
    expect(router(admin.body)).toMatchObject({ ha: false, distributed: false });
    expect((await call('alt', 'GET', `/routers/${String(r1?.['id'])}`)).body).toEqual(
      neutronError('RouterNotFound', `Router ${String(r1?.['id'])} could not be found`),
    );
  });

  it('creates a router, adds and removes interfaces by subnet and by port', async () => {
    const created = await call('demo', 'POST', '/routers', {
      router: { name: 'edge', external_gateway_info: { network_id: publicNet } },
    });
    expect(created.status).toBe(201);
    const id = String(router(created.body)['id']);
    const gwIps = (router(created.body)['external_gateway_info'] as Body)[
      'external_fixed_ips'
    ] as Body[];
    expect(gwIps).toHaveLength(1);

    const added = await call('demo', 'PUT', `/routers/${id}/add_router_interface`, {
      subnet_id: dbSubnet,
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      id,
      network_id: dbNet,
      subnet_id: dbSubnet,
      subnet_ids: [dbSubnet],
      tenant_id: expect.any(String),
    });
    const portId = String(added.body['port_id']);
    const iface = await call('demo', 'GET', `/ports/${portId}`);
    expect(iface.body['port']).toMatchObject({
      device_id: id,
      device_owner: 'network:router_interface',
      fixed_ips: [{ subnet_id: dbSubnet, ip_address: '10.1.0.1' }],
    });
    const again = await call('demo', 'PUT', `/routers/${id}/add_router_interface`, {
      subnet_id: dbSubnet,
    });
    expect(again.body).toEqual(
      neutronError(
        'BadRequest',
        `Bad router request: Router already has a port on subnet ${dbSubnet}.`,
      ),
    );
    const both = await call('demo', 'PUT', `/routers/${id}/add_router_interface`, {
      subnet_id: dbSubnet,
      port_id: portId,
    });
    expect(both.body).toEqual(
      neutronError('BadRequest', 'Bad router request: Cannot specify both subnet-id and port-id.'),
    );
    const busy = await call('demo', 'DELETE', `/routers/${id}`);
    expect(busy.status).toBe(409);
    const busyError = busy.body['NeutronError'] as Body;
    expect(busyError['type']).toBe('RouterInUse');
    expect(String(busyError['message'])).toMatch(
      new RegExp(`^Router ${id} has ports still attached: ([0-9a-f-]{36}, )*[0-9a-f-]{36}$`),
    );
    expect(String(busyError['message'])).toContain(portId);

    const removed = await call('demo', 'PUT', `/routers/${id}/remove_router_interface`, {
      subnet_id: dbSubnet,
    });
    expect(removed.body).toMatchObject({ id, port_id: portId, subnet_id: dbSubnet });
    expect((await call('demo', 'GET', `/ports/${portId}`)).status).toBe(404);
    const notThere = await call('demo', 'PUT', `/routers/${id}/remove_router_interface`, {
      subnet_id: dbSubnet,
    });
    expect(notThere.body).toEqual(
      neutronError(
        'RouterInterfaceNotFoundForSubnet',
        `Router ${id} has no interface on subnet ${dbSubnet}`,
      ),
    );

    const free = await call('demo', 'POST', '/ports', {
      port: { network_id: dbNet, name: 'for-router' },
    });
    const freeId = String((free.body['port'] as Body)['id']);
    const byPort = await call('demo', 'PUT', `/routers/${id}/add_router_interface`, {
      port_id: freeId,
    });
    expect(byPort.body).toMatchObject({ port_id: freeId, subnet_id: dbSubnet });
    const claimed = await call('demo', 'GET', `/ports/${freeId}`);
    expect(claimed.body['port']).toMatchObject({
      device_owner: 'network:router_interface',
      device_id: id,
    });
    await call('demo', 'PUT', `/routers/${id}/remove_router_interface`, { port_id: freeId });
    expect((await call('demo', 'DELETE', `/routers/${id}`)).status).toBe(204);
  });

  it('validates gateways and extra routes, and admin-only attributes', async () => {
    const notExternal = await call('demo', 'POST', '/routers', {
      router: { name: 'x', external_gateway_info: { network_id: dbNet } },
    });
    expect(notExternal.body).toEqual(
      neutronError(
        'BadRequest',
        `Bad router request: Network ${dbNet} is not an external network.`,
      ),
    );
    const snat = await call('demo', 'POST', '/routers', {
      router: { name: 'x', external_gateway_info: { network_id: publicNet, enable_snat: false } },
    });
    expect(snat.status).toBe(403);
    expect(snat.body).toEqual(
      neutronError(
        'PolicyNotAuthorized',
        '(rule:create_router and (rule:create_router:external_gateway_info and (rule:create_router:external_gateway_info:network_id and rule:create_router:external_gateway_info:enable_snat))) is disallowed by policy',
      ),
    );
    const ha = await call('demo', 'POST', '/routers', { router: { name: 'x', ha: true } });
    expect(ha.body).toEqual(
      neutronError(
        'PolicyNotAuthorized',
        '(rule:create_router and rule:create_router:ha) is disallowed by policy',
      ),
    );
    const routers = await call('demo', 'GET', '/routers');
    const r1 = idOf(routers.body, 'routers', 'router1');
    const badRoute = await call('demo', 'PUT', `/routers/${r1}`, {
      router: { routes: [{ destination: '192.168.50.0/24', nexthop: '10.99.0.5' }] },
    });
    expect(badRoute.status).toBe(400);
    expect((badRoute.body['NeutronError'] as Body)['type']).toBe('InvalidRoutes');
    const route = await call('demo', 'PUT', `/routers/${r1}`, {
      router: { routes: [{ destination: '192.168.50.0/24', nexthop: '10.0.0.10' }] },
    });
    expect(router(route.body)['routes']).toEqual([
      { destination: '192.168.50.0/24', nexthop: '10.0.0.10' },
    ]);
    const cleared = await call('demo', 'PUT', `/routers/${r1}/remove_extraroutes`, {
      router: { routes: [{ destination: '192.168.50.0/24', nexthop: '10.0.0.10' }] },
    });
    expect(router(cleared.body)['routes']).toEqual([]);
    const reader = await call('reader', 'PUT', `/routers/${r1}/add_router_interface`, {
      subnet_id: dbSubnet,
    });
    // Checked against the whole router: its gateway, ha, flavor and distributed attributes.
    const gatewayRules = ['network_id', 'enable_snat', 'external_fixed_ips']
      .map((key) => `rule:add_router_interface:external_gateway_info:${key}`)
      .join(' and ');
    expect(reader.body).toEqual(
      neutronError(
        'PolicyNotAuthorized',
        `((((rule:add_router_interface and (rule:add_router_interface:external_gateway_info and (${gatewayRules}))) and rule:add_router_interface:ha) and rule:add_router_interface:flavor_id) and rule:add_router_interface:distributed) is disallowed by policy`,
      ),
    );
  });
});
