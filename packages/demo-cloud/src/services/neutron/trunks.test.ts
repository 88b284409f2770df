import { beforeAll, describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { idOf, list, neutronAs, neutronError } from './testSupport';
import type { Body } from './testSupport';

describe('neutron trunks', () => {
  const cloud = useTestCloud();
  const call = neutronAs(cloud);
  let privateNet = '';
  let dbNet = '';

  beforeAll(async () => {
    const nets = await call('demo', 'GET', '/networks');
    privateNet = idOf(nets.body, 'networks', 'private');
    dbNet = idOf(nets.body, 'networks', 'db-net');
  });

  const newPort = async (network: string, name: string): Promise<string> => {
    const created = await call('demo', 'POST', '/ports', { port: { network_id: network, name } });
    return String((created.body['port'] as Body)['id']);
  };
  const trunk = (body: Body): Body => body['trunk'] as Body;

  it('lists the seeded trunk with its VLAN subport', async () => {
    const trunks = await call('demo', 'GET', '/trunks');
    const t1 = list(trunks.body, 'trunks').find((t) => t['name'] === 'trunk1');
    expect(t1).toMatchObject({
      admin_state_up: true,
      status: 'DOWN',
      sub_ports: [expect.objectContaining({ segmentation_type: 'vlan', segmentation_id: 101 })],
      revision_number: 0,
      tags: [],
    });
    expect(t1?.['tenant_id']).toBe(t1?.['project_id']);
    expect((await call('alt', 'GET', '/trunks')).body).toEqual({ trunks: [] });
    const subports = await call('demo', 'GET', `/trunks/${String(t1?.['id'])}/get_subports`);
    expect(subports.body).toEqual({ sub_ports: t1?.['sub_ports'] });
  });

  it('creates a trunk, adds and removes subports', async () => {
    const parent = await newPort(privateNet, 'tp');
    const sub1 = await newPort(dbNet, 'ts1');
    const sub2 = await newPort(dbNet, 'ts2');
    const created = await call('demo', 'POST', '/trunks', {
      trunk: {
        name: 't2',
        port_id: parent,
        sub_ports: [{ port_id: sub1, segmentation_type: 'vlan', segmentation_id: 200 }],
      },
    });
    expect(created.status).toBe(201);
    const id = String(trunk(created.body)['id']);
    expect(trunk(created.body)).toMatchObject({ status: 'DOWN', port_id: parent, name: 't2' });

    // inherit takes the subport network's segmentation, and VXLAN is no trunk segmentation type.
    const inherit = await call('demo', 'PUT', `/trunks/${id}/add_subports`, {
      sub_ports: [{ port_id: sub2, segmentation_type: 'inherit' }],
    });
    expect(inherit.body).toEqual(
      neutronError(
        'InvalidInput',
        "Invalid input for operation: Unknown segmentation_type 'vxlan'.",
      ),
    );
    const added = await call('demo', 'PUT', `/trunks/${id}/add_subports`, {
      sub_ports: [{ port_id: sub2, segmentation_type: 'vlan', segmentation_id: 201 }],
    });
    expect(added.status).toBe(200);
    expect(added.body['sub_ports']).toHaveLength(2);
    expect(added.body).toMatchObject({ id, port_id: parent });

    const parentPort = await call('demo', 'GET', `/ports/${parent}`);
    expect((parentPort.body['port'] as Body)['trunk_details']).toMatchObject({
      trunk_id: id,
      sub_ports: [
        expect.objectContaining({ port_id: sub1, segmentation_id: 200 }),
        expect.objectContaining({ port_id: sub2, segmentation_type: 'vlan' }),
      ],
    });

    const duplicate = await call('demo', 'PUT', `/trunks/${id}/add_subports`, {
      sub_ports: [
        { port_id: await newPort(dbNet, 'ts3'), segmentation_type: 'vlan', segmentation_id: 200 },
      ],
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual(
      neutronError(
        'DuplicateSubPort',
        `segmentation_type vlan and segmentation_id 200 already in use on trunk ${id}.`,
      ),
    );
    const range = await call('demo', 'PUT', `/trunks/${id}/add_subports`, {
      sub_ports: [
        { port_id: await newPort(dbNet, 'ts4'), segmentation_type: 'vlan', segmentation_id: 5000 },
      ],
    });
    expect(range.body).toEqual(
      neutronError(
        'InvalidInput',
        "Invalid input for operation: Segmentation ID '5000' is not in range.",
      ),
    );
    const used = await call('demo', 'PUT', `/trunks/${id}/add_subports`, {
      sub_ports: [{ port_id: sub1, segmentation_type: 'vlan', segmentation_id: 300 }],
    });
    expect(used.body).toEqual(
      neutronError('TrunkPortInUse', `Port ${sub1} is in use by another trunk.`),
    );

    const removed = await call('demo', 'PUT', `/trunks/${id}/remove_subports`, {
      sub_ports: [{ port_id: sub1 }],
    });
    expect((removed.body['sub_ports'] as Body[]).map((s) => s['port_id'])).toEqual([sub2]);
    const gone = await call('demo', 'PUT', `/trunks/${id}/remove_subports`, {
      sub_ports: [{ port_id: sub1 }],
    });
    expect(gone.body).toEqual(
      neutronError('SubPortNotFound', `SubPort ${sub1} on trunk ${id} could not be found.`),
    );
    const renamed = await call('demo', 'PUT', `/trunks/${id}`, { trunk: { name: 't2b' } });
    expect(trunk(renamed.body)['name']).toBe('t2b');
    expect((await call('demo', 'DELETE', `/trunks/${id}`)).status).toBe(204);
  });

  it('refuses a port already in a trunk as parent, and follows Zed’s trunk policy', async () => {
    const trunks = await call('demo', 'GET', '/trunks?name=trunk1');
    const t1 = list(trunks.body, 'trunks')[0] ?? {};
    const again = await call('demo', 'POST', '/trunks', { trunk: { port_id: t1['port_id'] } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(
      neutronError(
        'ParentPortInUse',
        `Port ${String(t1['port_id'])} is currently in use and is not eligible for use as a parent port.`,
      ),
    );
    const bad = await call('demo', 'POST', '/trunks', {
      trunk: { port_id: t1['port_id'], sub_ports: [{ port_id: 'nope' }] },
    });
    expect(bad.body).toEqual(
      neutronError(
        'HTTPBadRequest',
        "Invalid input for sub_ports. Reason: Invalid UUID for subport: 'nope'.",
      ),
    );
    const reader = await call('reader', 'POST', '/trunks', { trunk: { port_id: t1['port_id'] } });
    expect(reader.body).toEqual(
      neutronError('PolicyNotAuthorized', 'rule:create_trunk is disallowed by policy'),
    );
    // get_trunk has no admin clause in Zed: an admin of another project does not see demo's trunk.
    const admin = await call('admin', 'GET', '/trunks');
    expect(list(admin.body, 'trunks')).toEqual([]);
    const adminOnDemo = await call('adminOnDemo', 'GET', '/trunks');
    expect(list(adminOnDemo.body, 'trunks').map((t) => t['name'])).toContain('trunk1');
  });
});
