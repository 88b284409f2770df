import { describe, expect, it } from 'vitest';
import type { NetworkList, Port } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, admin, demo } = useTestApp(['admin', 'demo']);

type Net = NetworkList['items'][number];

const privateNetwork = async (): Promise<Net & { subnet: Net['subnets'][number] }> => {
  const list = (
    await t.as(demo, { url: '/api/neutron/networks/?mine=true' })
  ).json() as NetworkList;
  const net = list.items.find((n) => n.name === 'private');
  const subnet = net?.subnets[0];
  if (!net || !subnet) throw new Error('the seed has a private network with a subnet');
  return { ...net, subnet };
};

describe('/api/neutron/ports/', () => {
  it('creates a port with a fixed IP, an address pair and a vnic type, edits and deletes it', async () => {
    const net = await privateNetwork();
    const subnet = net.subnet;
    const created = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/ports/',
      payload: {
        network_id: net.id,
        name: 'p1',
        admin_state_up: true,
        fixed_ips: [{ subnet_id: subnet.id, ip_address: '' }],
        allowed_address_pairs: [{ ip_address: '10.99.0.0/24' }],
        vnic_type: 'normal',
      },
    });
    expect(created.statusCode).toBe(201);
    const port = created.json() as Port;
    expect(port.name).toBe('p1');
    expect(port.fixed_ips[0]?.subnet_id).toBe(subnet.id);
    expect(port.allowed_address_pairs[0]?.ip_address).toBe('10.99.0.0/24');
    expect(port.vnic_type).toBe('normal');

    const edited = await t.as(demo, {
      method: 'PATCH',
      url: `/api/neutron/ports/${port.id}/`,
      payload: { name: 'p1-renamed', admin_state_up: false, allowed_address_pairs: [] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'p1-renamed',
      admin_state_up: false,
      allowed_address_pairs: [],
    });

    const gone = await t.as(demo, { method: 'DELETE', url: `/api/neutron/ports/${port.id}/` });
    expect(gone.statusCode).toBe(204);
    const again = await t.as(demo, { url: `/api/neutron/ports/${port.id}/` });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a bad fixed IP, pair address or MAC with a 400 naming the field', async () => {
    const net = await privateNetwork();
    const bad = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/ports/',
      payload: {
        network_id: net.id,
        fixed_ips: [{ ip_address: '10.0.0.999' }],
        allowed_address_pairs: [{ ip_address: '10.0.0.1/24' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Enter an IP address such as 10.0.0.5.');
    expect(bad.json().message).toContain('CIDR');
    const mac = await t.as(admin, {
      method: 'POST',
      url: '/api/neutron/ports/',
      payload: { network_id: net.id, mac_address: 'fa-16-3e-00-00-01' },
    });
    expect(mac.statusCode).toBe(400);
    const vnic = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/ports/',
      payload: { network_id: net.id, vnic_type: 'bogus' },
    });
    expect(vnic.statusCode).toBe(400);
  });

  it('lets an admin choose the MAC address', async () => {
    const net = await privateNetwork();
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/neutron/ports/',
      payload: { network_id: net.id, project_id: net.project_id, mac_address: 'fa:16:3e:12:34:56' },
    });
    expect(res.statusCode).toBe(201);
    const port = res.json() as Port;
    expect(port.mac_address).toBe('fa:16:3e:12:34:56');
    await t.as(admin, { method: 'DELETE', url: `/api/neutron/ports/${port.id}/` });
  });
});
