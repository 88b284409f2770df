import { describe, expect, it } from 'vitest';
import type {
  FloatingIp,
  FloatingIpPoolList,
  FloatingIpTargetList,
  NetworkList,
  Router,
  RouterInterface,
  RouterInterfaceList,
  RouterList,
  Subnet,
} from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, admin, demo } = useTestApp(['admin', 'demo']);

const publicNet = async (): Promise<string> => {
  const list = (
    await t.as(demo, { url: '/api/neutron/networks/?mine=true' })
  ).json() as NetworkList;
  const pub = list.items.find((n) => n.name === 'public');
  if (!pub) throw new Error('no public network');
  return pub.id;
};

const newSubnet = async (cidr: string): Promise<Subnet> => {
  const net = (
    await t.as(demo, { method: 'POST', url: '/api/neutron/networks/', payload: { name: 'rt-net' } })
  ).json() as { id: string };
  const res = await t.as(demo, {
    method: 'POST',
    url: '/api/neutron/subnets/',
    payload: { network_id: net.id, ip_version: 4, cidr, name: 'rt-sub' },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Subnet;
};

describe('/api/neutron/routers/', () => {
  it("lists the project's routers with the gateway network named", async () => {
    const res = await t.as(demo, { url: '/api/neutron/routers/' });
    expect(res.statusCode).toBe(200);
    const r1 = (res.json() as RouterList).items.find((r) => r.name === 'router1');
    expect(r1?.external_gateway?.network_name).toBe('public');
    expect(r1?.external_gateway?.external_fixed_ips.length).toBeGreaterThan(0);
    // HA and distributed are an admin's to see.
    expect(r1).not.toHaveProperty('ha');
    const all = (await t.as(admin, { url: '/api/neutron/routers/?all_projects=true' })).json();
    const seen = (all as RouterList).items.find((r) => r.name === 'router1');
    expect(typeof seen?.ha).toBe('boolean');
  });

  it('creates a router with a gateway, adds interfaces (gateway IP and a given IP), routes', async () => {
    const ext = await publicNet();
    const created = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/routers/',
      payload: { name: 'r-test', external_network_id: ext, admin_state_up: true },
    });
    expect(created.statusCode).toBe(201);
    const router = created.json() as Router;
    expect(router.external_gateway?.network_id).toBe(ext);

    const a = await newSubnet('192.168.50.0/24');
    const b = await newSubnet('192.168.51.0/24');
    const one = await t.as(demo, {
      method: 'POST',
      url: `/api/neutron/routers/${router.id}/interfaces/`,
      payload: { subnet_id: a.id },
    });
    expect(one.statusCode).toBe(201);
    expect((one.json() as RouterInterface).fixed_ips[0]?.ip_address).toBe('192.168.50.1');
    const two = await t.as(demo, {
      method: 'POST',
      url: `/api/neutron/routers/${router.id}/interfaces/`,
      payload: { subnet_id: b.id, ip_address: '192.168.51.7' },
    });
    expect(two.statusCode).toBe(201);
    const iface = two.json() as RouterInterface;
    expect(iface.fixed_ips[0]).toMatchObject({
      ip_address: '192.168.51.7',
      cidr: '192.168.51.0/24',
    });
    const list = (
      await t.as(demo, { url: `/api/neutron/routers/${router.id}/interfaces/` })
    ).json() as RouterInterfaceList;
    expect(list.items.map((i) => i.fixed_ips[0]?.subnet_name)).toEqual(['rt-sub', 'rt-sub']);

    // An address outside the subnet is Neutron's 400, and leaves no port behind.
    const bad = await t.as(demo, {
      method: 'POST',
      url: `/api/neutron/routers/${router.id}/interfaces/`,
      payload: { subnet_id: b.id, ip_address: '10.9.9.9' },
    });
    expect(bad.statusCode).toBe(400);

    const routed = await t.as(demo, {
      method: 'PATCH',
      url: `/api/neutron/routers/${router.id}/routes/`,
      payload: { add: [{ destination: '172.16.0.0/24', nexthop: '192.168.50.20' }] },
    });
    expect(routed.statusCode).toBe(200);
    expect((routed.json() as Router).routes).toEqual([
      { destination: '172.16.0.0/24', nexthop: '192.168.50.20' },
    ]);
    const unrouted = await t.as(demo, {
      method: 'PATCH',
      url: `/api/neutron/routers/${router.id}/routes/`,
      payload: { remove: [{ destination: '172.16.0.0/24', nexthop: '192.168.50.20' }] },
    });
    expect((unrouted.json() as Router).routes).toEqual([]);

    // A router with interfaces cannot go; without them it can.
    const refused = await t.as(demo, {
      method: 'DELETE',
      url: `/api/neutron/routers/${router.id}/`,
    });
    expect(refused.statusCode).toBe(409);
    for (const i of [iface.port_id, (one.json() as RouterInterface).port_id]) {
      const res = await t.as(demo, {
        method: 'DELETE',
        url: `/api/neutron/routers/${router.id}/interfaces/${i}/`,
      });
      expect(res.statusCode).toBe(204);
    }
    const cleared = await t.as(demo, {
      method: 'DELETE',
      url: `/api/neutron/routers/${router.id}/gateway/`,
    });
    expect((cleared.json() as Router).external_gateway).toBeNull();
    const set = await t.as(demo, {
      method: 'PUT',
      url: `/api/neutron/routers/${router.id}/gateway/`,
      payload: { network_id: ext },
    });
    expect((set.json() as Router).external_gateway?.network_name).toBe('public');
    const gone = await t.as(demo, { method: 'DELETE', url: `/api/neutron/routers/${router.id}/` });
    expect(gone.statusCode).toBe(204);
  });

  it("refuses a member's SNAT choice (an admin-only field) and bad input with 4xx", async () => {
    const ext = await publicNet();
    const snat = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/routers/',
      payload: { name: 'r-snat', external_network_id: ext, enable_snat: false },
    });
    expect(snat.statusCode).toBe(403);
    const extra = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/routers/',
      payload: { name: 'x', admin_state_up: 'maybe' },
    });
    expect(extra.statusCode).toBe(400);
    const missing = await t.as(demo, { url: '/api/neutron/routers/no-such-router/' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('/api/network/floatingip/', () => {
  it('allocates from a pool, associates to an instance port, disassociates, releases', async () => {
    const pools = (await t.as(demo, { url: '/api/network/floatingippools/' })).json();
    const pool = (pools as FloatingIpPoolList).items.find((p) => p.name === 'public');
    expect(pool).toBeDefined();
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/network/floatingip/',
      payload: { pool_id: pool?.id, description: 'test fip' },
    });
    expect(res.statusCode).toBe(201);
    const fip = res.json() as FloatingIp;
    expect(fip).toMatchObject({ pool_name: 'public', port_id: null, description: 'test fip' });

    const targets = (
      await t.as(demo, { url: `/api/network/floatingip/targets/?pool_id=${pool?.id}` })
    ).json() as FloatingIpTargetList;
    const target = targets.items[0];
    expect(target).toBeDefined();
    expect(target?.label).toMatch(/: \d+\.\d+\.\d+\.\d+$/);
    const assoc = await t.as(demo, {
      method: 'PATCH',
      url: '/api/network/floatingip/',
      payload: {
        address_id: fip.id,
        port_id: target?.port_id,
        fixed_ip_address: target?.ip_address,
      },
    });
    expect(assoc.statusCode).toBe(200);
    expect((assoc.json() as FloatingIp).fixed_ip_address).toBe(target?.ip_address);
    const dis = await t.as(demo, {
      method: 'PATCH',
      url: '/api/network/floatingip/',
      payload: { address_id: fip.id },
    });
    expect((dis.json() as FloatingIp).port_id).toBeNull();
    const rel = await t.as(demo, { method: 'DELETE', url: `/api/network/floatingip/${fip.id}/` });
    expect(rel.statusCode).toBe(204);
  });
});

describe('/api/neutron/securitygroups/ writes', () => {
  it('creates, edits, adds a rule, refuses its duplicate with 409, deletes', async () => {
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/securitygroups/',
      payload: { name: 'sg-route-test', description: 'x' },
    });
    expect(res.statusCode).toBe(201);
    const group = res.json() as { id: string; rules: unknown[] };
    expect(group.rules.length).toBeGreaterThan(0);
    const edited = await t.as(demo, {
      method: 'PATCH',
      url: `/api/neutron/securitygroups/${group.id}/`,
      payload: { description: 'edited' },
    });
    expect((edited.json() as { description: string }).description).toBe('edited');
    const ssh = {
      direction: 'ingress',
      ethertype: 'IPv4',
      protocol: 'tcp',
      port_range_min: 22,
      port_range_max: 22,
      remote_ip_prefix: '0.0.0.0/0',
    };
    const url = `/api/neutron/securitygroups/${group.id}/rules/`;
    const rule = await t.as(demo, { method: 'POST', url, payload: ssh });
    expect(rule.statusCode).toBe(201);
    const again = await t.as(demo, { method: 'POST', url, payload: ssh });
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toMatch(/already exists/);
    const badPort = await t.as(demo, {
      method: 'POST',
      url,
      payload: { ...ssh, port_range_min: 70000 },
    });
    expect(badPort.statusCode).toBe(400);
    const ruleId = (rule.json() as { id: string }).id;
    // A rule named under another group's path is not deleted.
    const wrong = await t.as(demo, {
      method: 'DELETE',
      url: `/api/neutron/securitygroups/not-this-group/rules/${ruleId}/`,
    });
    expect(wrong.statusCode).toBe(404);
    const gone = await t.as(demo, { method: 'DELETE', url: `${url}${ruleId}/` });
    expect(gone.statusCode).toBe(204);
    const deleted = await t.as(demo, {
      method: 'DELETE',
      url: `/api/neutron/securitygroups/${group.id}/`,
    });
    expect(deleted.statusCode).toBe(204);
  });
});
