import { describe, expect, it } from 'vitest';
import type { NetworkList, Port, QosPolicy, QosRule, Trunk, TrunkList } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';
import { trunkEditOf } from './trunks';

const { t, admin, demo } = useTestApp(['admin', 'demo']);

const newPort = async (name: string): Promise<Port> => {
  const nets = (
    await t.as(demo, { url: '/api/neutron/networks/?mine=true' })
  ).json() as NetworkList;
  const net = nets.items.find((n) => n.name === 'private');
  if (!net) throw new Error('the seed has a private network');
  const res = await t.as(demo, {
    method: 'POST',
    url: '/api/neutron/ports/',
    payload: { network_id: net.id, name },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Port;
};

describe('trunk edit pair', () => {
  it('changes fields, removes gone or re-segmented subports and adds new ones', () => {
    const side = { name: 'a', description: '', admin_state_up: true };
    const edit = trunkEditOf(
      {
        ...side,
        sub_ports: [
          { port_id: 'p1', segmentation_type: 'vlan', segmentation_id: 10 },
          { port_id: 'p2', segmentation_type: 'vlan', segmentation_id: 20 },
        ],
      },
      {
        ...side,
        name: 'b',
        sub_ports: [
          { port_id: 'p2', segmentation_type: 'vlan', segmentation_id: 21 },
          { port_id: 'p3', segmentation_type: 'inherit' },
        ],
      },
    );
    expect(edit.fields).toEqual({ name: 'b' });
    expect(edit.remove).toEqual(['p1', 'p2']);
    expect(edit.add).toEqual([
      { port_id: 'p2', segmentation_type: 'vlan', segmentation_id: 21 },
      { port_id: 'p3', segmentation_type: 'inherit' },
    ]);
  });
});

describe('/api/neutron/trunks/', () => {
  it('creates a trunk with subports, edits it as a pair, lists and deletes it', async () => {
    const parent = await newPort('trunk-parent');
    const [s1, s2, s3] = [await newPort('sub1'), await newPort('sub2'), await newPort('sub3')];
    const created = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/trunks/',
      payload: {
        name: 'tr1',
        port_id: parent.id,
        sub_ports: [
          { port_id: s1.id, segmentation_type: 'vlan', segmentation_id: 101 },
          { port_id: s2.id, segmentation_type: 'vlan', segmentation_id: 102 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const trunk = created.json() as Trunk;
    expect(trunk).toMatchObject({ name_or_id: 'tr1', subport_count: 2, admin_state: 'UP' });

    const side = (tr: Trunk) => ({
      name: tr.name,
      description: tr.description,
      admin_state_up: tr.admin_state_up,
      sub_ports: tr.sub_ports.map((s) => ({
        port_id: s.port_id,
        segmentation_type: 'vlan' as const,
        segmentation_id: s.segmentation_id,
      })),
    });
    const before = side(trunk);
    const after = {
      ...before,
      name: 'tr1-edited',
      sub_ports: [
        ...before.sub_ports.filter((s) => s.port_id !== s1.id),
        { port_id: s3.id, segmentation_type: 'vlan' as const, segmentation_id: 103 },
      ],
    };
    const edited = await t.as(demo, {
      method: 'PATCH',
      url: `/api/neutron/trunks/${trunk.id}/`,
      payload: [before, after],
    });
    expect(edited.statusCode).toBe(200);
    const now = edited.json() as Trunk;
    expect(now.name).toBe('tr1-edited');
    expect(now.sub_ports.map((s) => s.segmentation_id).sort()).toEqual([102, 103]);

    const list = (await t.as(demo, { url: '/api/neutron/trunks/' })).json() as TrunkList;
    expect(list.items.map((i) => i.id)).toContain(trunk.id);
    // Zed's get_trunk is the owning project's readers' only: an admin's every-project list
    // answers, without other projects' trunks.
    const all = await t.as(admin, { url: '/api/neutron/trunks/?all_projects=true' });
    expect(all.statusCode).toBe(200);

    const gone = await t.as(demo, { method: 'DELETE', url: `/api/neutron/trunks/${trunk.id}/` });
    expect(gone.statusCode).toBe(204);
  });

  it('refuses a VLAN id out of range and a malformed edit pair with 400', async () => {
    const parent = await newPort('trunk-parent2');
    const bad = await t.as(demo, {
      method: 'POST',
      url: '/api/neutron/trunks/',
      payload: {
        port_id: parent.id,
        sub_ports: [{ port_id: parent.id, segmentation_type: 'vlan', segmentation_id: 4095 }],
      },
    });
    expect(bad.statusCode).toBe(400);
    const pair = await t.as(demo, {
      method: 'PATCH',
      url: `/api/neutron/trunks/${parent.id}/`,
      payload: [{ name: 'x' }],
    });
    expect(pair.statusCode).toBe(400);
  });
});

describe('/api/neutron/qos_policies/', () => {
  it('creates a policy with a bandwidth and a DSCP rule, edits it and deletes a rule', async () => {
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/neutron/qos_policies/',
      payload: { name: 'gold', description: 'fast', shared: true },
    });
    expect(created.statusCode).toBe(201);
    const policy = created.json() as QosPolicy;
    const bw = await t.as(admin, {
      method: 'POST',
      url: `/api/neutron/qos_policies/${policy.id}/rules/`,
      payload: {
        type: 'bandwidth_limit',
        max_kbps: 1000,
        max_burst_kbps: 100,
        direction: 'egress',
      },
    });
    expect(bw.statusCode).toBe(201);
    expect(bw.json()).toMatchObject({ type: 'bandwidth_limit', max_kbps: 1000 });
    const dscp = await t.as(admin, {
      method: 'POST',
      url: `/api/neutron/qos_policies/${policy.id}/rules/`,
      payload: { type: 'dscp_marking', dscp_mark: 26 },
    });
    expect(dscp.statusCode).toBe(201);
    const shown = (
      await t.as(admin, { url: `/api/neutron/qos_policies/${policy.id}/` })
    ).json() as QosPolicy;
    expect(shown.rules.map((r) => r.type).sort()).toEqual(['bandwidth_limit', 'dscp_marking']);

    const edited = await t.as(admin, {
      method: 'PATCH',
      url: `/api/neutron/qos_policies/${policy.id}/`,
      payload: { name: 'silver' },
    });
    expect(edited.json()).toMatchObject({ name: 'silver', shared: true });

    const rule = dscp.json() as QosRule;
    const del = await t.as(admin, {
      method: 'DELETE',
      url: `/api/neutron/qos_policies/${policy.id}/rules/dscp_marking/${rule.id}/`,
    });
    expect(del.statusCode).toBe(204);
    const gone = await t.as(admin, {
      method: 'DELETE',
      url: `/api/neutron/qos_policies/${policy.id}/`,
    });
    expect(gone.statusCode).toBe(204);
  });

  it("refuses a rule missing its type's field, or with another type's, with 400", async () => {
    const policy = (
      await t.as(admin, {
        method: 'POST',
        url: '/api/neutron/qos_policies/',
        payload: { name: 'p-bad' },
      })
    ).json() as QosPolicy;
    const missing = await t.as(admin, {
      method: 'POST',
      url: `/api/neutron/qos_policies/${policy.id}/rules/`,
      payload: { type: 'minimum_bandwidth' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('min_kbps');
    const stray = await t.as(admin, {
      method: 'POST',
      url: `/api/neutron/qos_policies/${policy.id}/rules/`,
      payload: { type: 'dscp_marking', dscp_mark: 10, max_kbps: 5 },
    });
    expect(stray.statusCode).toBe(400);
    const any = await t.as(admin, {
      method: 'POST',
      url: `/api/neutron/qos_policies/${policy.id}/rules/`,
      payload: { type: 'bandwidth_limit', max_kbps: 5, direction: 'any' },
    });
    expect(any.statusCode).toBe(400);
    await t.as(admin, { method: 'DELETE', url: `/api/neutron/qos_policies/${policy.id}/` });
  });
});
