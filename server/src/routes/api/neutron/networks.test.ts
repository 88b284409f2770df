import { describe, expect, it } from 'vitest';
import type { Network, NetworkList, Port, SecurityGroup, Subnet } from '@skydeck/contract';
import { createNeutronClient } from '@skydeck/openstack-client';
import { useTestApp } from '../../../testing/useTestApp';

const { t, admin, demo } = useTestApp(['admin', 'demo']);

describe('/api/neutron/networks/', () => {
  it("lists the project's own, shared and external networks with their subnets (mine)", async () => {
    const res = await t.as(demo, { url: '/api/neutron/networks/?mine=true' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as NetworkList;
    const names = list.items.map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(['private', 'db-net', 'public', 'shared-net']));
    const priv = list.items.find((n) => n.name === 'private');
    expect(priv?.subnets.map((s) => s.cidr).length).toBe(priv?.subnet_ids.length);
    expect(priv?.subnets.length).toBeGreaterThan(0);
    // Found by the external read even where policy hides router:external from a member.
    expect(list.items.find((n) => n.name === 'public')?.external).toBe(true);
    // Provider fields are an admin's: a member's answer leaves them out.
    expect(priv).not.toHaveProperty('provider_network_type');
    expect(priv).not.toHaveProperty('router:external');
  });

  it("an admin's mine list is its project's view, not every project's", async () => {
    const mine = (await t.as(admin, { url: '/api/neutron/networks/?mine=true' })).json();
    const all = (await t.as(admin, { url: '/api/neutron/networks/' })).json();
    expect((mine as NetworkList).items.map((n) => n.name)).not.toContain('private');
    expect((all as NetworkList).items.map((n) => n.name)).toContain('private');
    const pub = (all as NetworkList).items.find((n) => n.name === 'public');
    expect(pub?.provider_network_type).toBe('flat');
  });

  it('pages by marker both ways in name order', async () => {
    const first = (
      await t.as(admin, { url: '/api/neutron/networks/?limit=2&sort_key=name&sort_dir=asc' })
    ).json() as NetworkList;
    expect(first.items).toHaveLength(2);
    expect(first.has_more_data).toBe(true);
    const next = (
      await t.as(admin, {
        url: `/api/neutron/networks/?limit=2&sort_key=name&sort_dir=asc&marker=${first.next_marker}`,
      })
    ).json() as NetworkList;
    expect(next.has_prev_data).toBe(true);
    const back = (
      await t.as(admin, {
        url: `/api/neutron/networks/?limit=2&sort_key=name&sort_dir=asc&prev_marker=${next.prev_marker}`,
      })
    ).json() as NetworkList;
    expect(back.items.map((n) => n.id)).toEqual(first.items.map((n) => n.id));
    const all = [...first.items, ...next.items].map((n) => n.name);
    expect(all).toEqual([...all].sort());
  });

  it('pages through equal names both ways without skipping or repeating', async () => {
    for (let i = 0; i < 3; i++) {
      await t.as(demo, { method: 'POST', url: '/api/neutron/networks/', payload: { name: 'tie' } });
    }
    const url = (extra: string): string =>
      `/api/neutron/networks/?name=tie&limit=1&sort_key=name&sort_dir=asc${extra}`;
    const forward: string[] = [];
    let page = (await t.as(admin, { url: url('') })).json() as NetworkList;
    forward.push(...page.items.map((n) => n.id));
    while (page.has_more_data && page.next_marker) {
      page = (await t.as(admin, { url: url(`&marker=${page.next_marker}`) })).json() as NetworkList;
      forward.push(...page.items.map((n) => n.id));
    }
    expect(new Set(forward).size).toBe(3);
    const backward: string[] = [...page.items.map((n) => n.id)];
    while (page.has_prev_data && page.prev_marker) {
      page = (
        await t.as(admin, { url: url(`&prev_marker=${page.prev_marker}`) })
      ).json() as NetworkList;
      backward.unshift(...page.items.map((n) => n.id));
    }
    expect(backward).toEqual(forward);
  });

  it('filters by Neutron attributes', async () => {
    const res = await t.as(admin, { url: '/api/neutron/networks/?external=true' });
    const items = (res.json() as NetworkList).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((n) => n.external)).toBe(true);
  });

  it('refuses both markers and unknown sort keys with 400', async () => {
    const both = await t.as(admin, { url: '/api/neutron/networks/?marker=a&prev_marker=b' });
    expect(both.statusCode).toBe(400);
    const sort = await t.as(admin, { url: '/api/neutron/networks/?sort_key=mtu' });
    expect(sort.statusCode).toBe(400);
  });

  it('creates, shows, edits and deletes a network with a subnet; in-use delete is a clear 409', async () => {
    const created = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/networks/',
      payload: { name: 'route-test-net', admin_state_up: true },
    });
    expect(created.statusCode).toBe(201);
    const net = created.json() as Network;
    expect(net).toMatchObject({ name: 'route-test-net', shared: false, external: false });

    const subnetRes = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/subnets/',
      payload: {
        network_id: net.id,
        name: 'route-test-sub',
        ip_version: 4,
        cidr: '10.77.0.0/24',
        gateway_ip: '10.77.0.1',
        allocation_pools: [{ start: '10.77.0.10', end: '10.77.0.99' }],
        dns_nameservers: ['8.8.8.8'],
        host_routes: [{ destination: '192.168.0.0/16', nexthop: '10.77.0.254' }],
      },
    });
    expect(subnetRes.statusCode).toBe(201);
    const subnet = subnetRes.json() as Subnet;
    expect(subnet).toMatchObject({
      cidr: '10.77.0.0/24',
      gateway_ip: '10.77.0.1',
      allocation_pools: [{ start: '10.77.0.10', end: '10.77.0.99' }],
      dns_nameservers: ['8.8.8.8'],
    });

    const shown = (await t.as(demo, { url: `/api/neutron/networks/${net.id}/` })).json() as Network;
    expect(shown.subnets).toEqual([
      { id: subnet.id, name: 'route-test-sub', cidr: '10.77.0.0/24', ip_version: 4 },
    ]);

    const edited = await t.as(demo, {
      method: 'PATCH',
      url: `/api/neutron/networks/${net.id}/`,
      payload: { name: 'route-test-renamed', admin_state_up: false },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'route-test-renamed', admin_state_up: false });

    const subEdit = await t.as(demo, {
      method: 'PATCH',
      url: `/api/neutron/subnets/${subnet.id}/`,
      payload: { gateway_ip: '10.77.0.50' },
    });
    expect(subEdit.statusCode).toBe(400);
    expect(subEdit.json().message).toMatch(
      /inside the allocation pool 10\.77\.0\.10,10\.77\.0\.99/,
    );

    const subList = (
      await t.as(demo, { url: `/api/neutron/subnets/?network_id=${net.id}` })
    ).json() as { items: Subnet[] };
    expect(subList.items.map((s) => s.id)).toEqual([subnet.id]);

    const ports = (
      await t.as(demo, { url: `/api/neutron/ports/?network_id=${net.id}` })
    ).json() as { items: Port[] };
    expect(ports.items.every((p) => p.network_id === net.id)).toBe(true);

    // A port of the user's own (not DHCP's) keeps the network in use.
    const neutron = createNeutronClient({
      endpoint: `${t.cloud.url}/network`,
      token: await t.tokenOf(demo),
    });
    const port = await neutron.ports.create({ network_id: net.id, name: 'blocker' });
    const blocked = await t.as(demo, { method: 'DELETE', url: `/api/neutron/networks/${net.id}/` });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/still has ports in use/);
    await neutron.ports.delete(port.id);

    expect(
      (await t.as(demo, { method: 'DELETE', url: `/api/neutron/subnets/${subnet.id}/` }))
        .statusCode,
    ).toBe(204);
    const del = await t.as(demo, { method: 'DELETE', url: `/api/neutron/networks/${net.id}/` });
    expect(del.statusCode).toBe(204);
    const gone = await t.as(demo, { url: `/api/neutron/networks/${net.id}/` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/could not be found/);
  });

  it('applies a QoS policy on create, changes it and takes it off on edit', async () => {
    // Policies are an admin's to create (Neutron's default policy); a shared one is anyone's.
    const policy = (
      await t.as(admin, {
        method: 'POST',
        url: '/api/neutron/qos_policies/',
        payload: { name: 'route-test-qos', shared: true },
      })
    ).json() as { id: string };
    const created = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/networks/',
      payload: { name: 'route-test-qos-net', qos_policy_id: policy.id },
    });
    expect(created.statusCode).toBe(201);
    const net = created.json() as Network;
    expect(net.qos_policy_id).toBe(policy.id);
    const neutron = createNeutronClient({
      endpoint: `${t.cloud.url}/network`,
      token: await t.tokenOf(demo),
    });
    expect((await neutron.networks.get(net.id)).qos_policy_id).toBe(policy.id);

    const off = await t.as(demo, {
      method: 'PATCH',
      url: `/api/neutron/networks/${net.id}/`,
      payload: { qos_policy_id: null },
    });
    expect(off.statusCode).toBe(200);
    expect((off.json() as Network).qos_policy_id).toBeNull();
    expect((await neutron.networks.get(net.id)).qos_policy_id).toBeNull();

    for (const bad of [42, '', 'x'.repeat(65)]) {
      const refused = await t.as(demo, {
        method: 'PATCH',
        url: `/api/neutron/networks/${net.id}/`,
        payload: { qos_policy_id: bad },
      });
      expect(refused.statusCode, String(bad)).toBe(400);
    }
    // A policy that does not exist: Neutron's refusal, passed on as a 4xx.
    const missing = await t.as(demo, {
      method: 'PATCH',
      url: `/api/neutron/networks/${net.id}/`,
      payload: { qos_policy_id: '00000000-0000-0000-0000-000000000000' },
    });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.statusCode).toBeLessThan(500);

    await t.as(demo, { method: 'DELETE', url: `/api/neutron/networks/${net.id}/` });
    await t.as(admin, { method: 'DELETE', url: `/api/neutron/qos_policies/${policy.id}/` });
  });

  it('refuses a bad subnet with every problem named, before Neutron sees it', async () => {
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/subnets/',
      payload: {
        network_id: 'x',
        ip_version: 4,
        cidr: '10.0.0.1/24',
        gateway_ip: '10.1.0.1',
        allocation_pools: [{ start: '10.0.0.200', end: '10.0.0.100' }],
        dns_nameservers: ['not-an-ip'],
      },
    });
    expect(res.statusCode).toBe(400);
    const { message } = res.json() as { message: string };
    expect(message).toMatch(/host bits set; use 10\.0\.0\.0\/24/);
    expect(message).toMatch(/starts after it ends/);
    expect(message).toMatch(/outside the network address/);
    expect(message).toMatch(/not-an-ip is not a valid IP address/);
    const none = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/subnets/',
      payload: { network_id: 'x', ip_version: 4 },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/CIDR\) or a subnet pool/);
  });
});

describe('/api/neutron/subnetpools/', () => {
  it('lists pools with numeric prefix lengths, and a subnet takes its address from one', async () => {
    const pools = (await t.as(demo, { url: '/api/neutron/subnetpools/' })).json() as {
      items: Array<{
        id: string;
        ip_version: number;
        min_prefixlen: number;
        default_prefixlen: number;
      }>;
    };
    const pool = pools.items.find((p) => p.ip_version === 4);
    expect(pool).toBeDefined();
    expect(typeof pool?.default_prefixlen).toBe('number');
    const net = (
      await t.as(demo, {
        method: 'POST',
        url: '/api/neutron/networks/',
        payload: { name: 'pooled' },
      })
    ).json() as Network;
    const made = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/subnets/',
      payload: { network_id: net.id, ip_version: 4, subnetpool_id: pool?.id },
    });
    expect(made.statusCode).toBe(201);
    const subnet = made.json() as Subnet;
    expect(subnet.subnetpool_id).toBe(pool?.id);
    expect(subnet.cidr.endsWith(`/${pool?.default_prefixlen}`)).toBe(true);
    await t.as(demo, { method: 'DELETE', url: `/api/neutron/subnets/${subnet.id}/` });
    await t.as(demo, { method: 'DELETE', url: `/api/neutron/networks/${net.id}/` });
  });
});

describe('/api/neutron/securitygroups/', () => {
  it("lists the project's own groups with their rules, and shows one", async () => {
    const list = (await t.as(admin, { url: '/api/neutron/securitygroups/' })).json() as {
      items: SecurityGroup[];
    };
    const projects = new Set(list.items.map((g) => g.project_id));
    expect(projects.size).toBe(1);
    const group = list.items.find((g) => g.name === 'default');
    expect(group?.rules.length).toBeGreaterThan(0);
    const shown = await t.as(admin, { url: `/api/neutron/securitygroups/${group?.id}/` });
    expect(shown.json()).toEqual(group);
    const all = (
      await t.as(admin, { url: '/api/neutron/securitygroups/?all_projects=true' })
    ).json() as { items: SecurityGroup[] };
    expect(all.items.map((g) => g.id)).toEqual(expect.arrayContaining(list.items.map((g) => g.id)));
  });
});
