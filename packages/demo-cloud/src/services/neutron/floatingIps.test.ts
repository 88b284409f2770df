import { beforeAll, describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { idOf, list, neutronAs, neutronError } from './testSupport';
import type { Body } from './testSupport';

describe('neutron floating IPs', () => {
  const cloud = useTestCloud();
  const call = neutronAs(cloud);
  let publicNet = '';
  let privateNet = '';
  let dbNet = '';
  let routerId = '';

  beforeAll(async () => {
    const nets = await call('demo', 'GET', '/networks');
    publicNet = idOf(nets.body, 'networks', 'public');
    privateNet = idOf(nets.body, 'networks', 'private');
    dbNet = idOf(nets.body, 'networks', 'db-net');
    routerId = idOf((await call('demo', 'GET', '/routers')).body, 'routers', 'router1');
  });

  const fip = (body: Body): Body => body['floatingip'] as Body;

  it('lists the seeded spare address and the pools', async () => {
    const fips = await call('demo', 'GET', '/floatingips');
    const spare = list(fips.body, 'floatingips').find((f) => f['description'] === 'Spare address');
    expect(spare).toMatchObject({
      floating_network_id: publicNet,
      port_id: null,
      fixed_ip_address: null,
      router_id: null,
      status: 'DOWN',
      port_details: null,
      description: 'Spare address',
    });
    expect(spare?.['floating_ip_address']).toMatch(/^172\.24\.4\.\d+$/);
    const pools = await call('demo', 'GET', '/floatingip_pools');
    expect(list(pools.body, 'floatingip_pools')).toEqual([
      expect.objectContaining({
        network_id: publicNet,
        cidr: '172.24.4.0/24',
        subnet_name: 'public-subnet',
      }),
    ]);
    expect((await call('alt', 'GET', '/floatingips')).body).toEqual({ floatingips: [] });
  });

  it('allocates, associates with a port, dissociates and releases', async () => {
    const created = await call('demo', 'POST', '/floatingips', {
      floatingip: { floating_network_id: publicNet },
    });
    expect(created.status).toBe(201);
    const id = String(fip(created.body)['id']);
    const port = await call('demo', 'POST', '/ports', {
      port: { network_id: privateNet, name: 'web' },
    });
    const portBody = port.body['port'] as Body;
    const v4 = (portBody['fixed_ips'] as Body[])[0]?.['ip_address'];

    const associated = await call('demo', 'PUT', `/floatingips/${id}`, {
      floatingip: { port_id: portBody['id'] },
    });
    expect(associated.status).toBe(200);
    expect(fip(associated.body)).toMatchObject({
      port_id: portBody['id'],
      fixed_ip_address: v4,
      router_id: routerId,
      status: 'ACTIVE',
      revision_number: 1,
      port_details: {
        name: 'web',
        network_id: privateNet,
        mac_address: portBody['mac_address'],
        admin_state_up: true,
        status: 'DOWN',
        device_id: '',
        device_owner: '',
      },
    });
    const byPort = await call('demo', 'GET', `/floatingips?port_id=${String(portBody['id'])}`);
    expect(list(byPort.body, 'floatingips').map((f) => f['id'])).toEqual([id]);

    const second = await call('demo', 'POST', '/floatingips', {
      floatingip: { floating_network_id: publicNet, port_id: portBody['id'] },
    });
    expect(second.status).toBe(409);
    expect((second.body['NeutronError'] as Body)['type']).toBe('FloatingIPPortAlreadyAssociated');

    const dissociated = await call('demo', 'PUT', `/floatingips/${id}`, {
      floatingip: { port_id: null },
    });
    expect(fip(dissociated.body)).toMatchObject({
      port_id: null,
      fixed_ip_address: null,
      router_id: null,
      status: 'DOWN',
      port_details: null,
    });
    expect((await call('demo', 'DELETE', `/floatingips/${id}`)).status).toBe(204);
    expect((await call('demo', 'GET', `/floatingips/${id}`)).body).toEqual(
      neutronError('FloatingIPNotFound', `Floating IP ${id} could not be found`),
    );
  });

  it('needs a router between the port’s subnet and the external network', async () => {
    const created = await call('demo', 'POST', '/floatingips', {
      floatingip: { floating_network_id: publicNet },
    });
    const id = String(fip(created.body)['id']);
    const port = await call('demo', 'POST', '/ports', { port: { network_id: dbNet } });
    const portBody = port.body['port'] as Body;
    const subnet = (portBody['fixed_ips'] as Body[])[0]?.['subnet_id'];
    const unreachable = await call('demo', 'PUT', `/floatingips/${id}`, {
      floatingip: { port_id: portBody['id'] },
    });
    expect(unreachable.status).toBe(404);
    expect(unreachable.body).toEqual(
      neutronError(
        'ExternalGatewayForFloatingIPNotFound',
        `External network ${publicNet} is not reachable from subnet ${String(subnet)}.  Therefore, cannot associate Port ${String(portBody['id'])} with a Floating IP.`,
      ),
    );
    const notExternal = await call('demo', 'POST', '/floatingips', {
      floatingip: { floating_network_id: dbNet },
    });
    expect(notExternal.body).toEqual(
      neutronError(
        'BadRequest',
        `Bad floatingip request: Network ${dbNet} is not a valid external network.`,
      ),
    );
    const pickAddress = await call('demo', 'POST', '/floatingips', {
      floatingip: { floating_network_id: publicNet, floating_ip_address: '172.24.4.200' },
    });
    expect(pickAddress.body).toEqual(
      neutronError(
        'PolicyNotAuthorized',
        '(rule:create_floatingip and rule:create_floatingip:floating_ip_address) is disallowed by policy',
      ),
    );
    const asAdmin = await call('admin', 'POST', '/floatingips', {
      floatingip: { floating_network_id: publicNet, floating_ip_address: '172.24.4.200' },
    });
    expect(fip(asAdmin.body)['floating_ip_address']).toBe('172.24.4.200');
    const reader = await call('reader', 'POST', '/floatingips', {
      floatingip: { floating_network_id: publicNet },
    });
    expect(reader.status).toBe(403);
  });
});
