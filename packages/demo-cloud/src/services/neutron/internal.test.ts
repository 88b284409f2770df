import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnobs } from '../../core/knobs';
import type { CloudContext } from '../../core/service';
import { openStore } from '../../store/store';
import { keystoneService } from '../keystone/index';
import { projects } from '../keystone/model';
import { neutronService } from './index';
import {
  addDeviceSecurityGroup,
  allocatePort,
  associateFloatingIp,
  defaultSecurityGroup,
  findNetworkByName,
  floatingIpsOfDevice,
  networksForProject,
  portsOfDevice,
  releaseDevicePorts,
  removeDeviceSecurityGroup,
  securityGroupsOfDevice,
  setDevicePortsStatus,
} from './internal';
import { NeutronFault } from './http';
import { floatingIps, ports, trunks } from './model';

/** A cloud context without HTTP, as Nova holds it. */
const makeContext = (dataDir: string): CloudContext => {
  const store = openStore({ dataDir });
  const services = [keystoneService, neutronService];
  const ctx: CloudContext = {
    store,
    options: {
      dataDir,
      reset: false,
      enforceNewDefaults: true,
      logger: false,
      tokenLifetimeSeconds: 3600,
      lifecycleScale: 0.01,
      imageSizeCap: 1024 ** 4,
    },
    services,
    resolveToken: () => undefined,
    baseUrl: () => 'http://localhost',
    now: () => new Date(),
    knobs: createKnobs(services, {}),
  };
  for (const service of services) store.migrate(service.name, service.migrations);
  store.transaction(() => {
    for (const service of services) service.seed(ctx);
  });
  return ctx;
};

describe('neutron internal API', () => {
  let dir: string;
  let ctx: CloudContext;
  let demo: string;
  let alt: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'neutron-internal-'));
    ctx = makeContext(dir);
    const project = (name: string): string =>
      ctx.store.collection(projects).findOne('name', name)?.id ?? '';
    demo = project('demo');
    alt = project('alt_demo');
  });
  afterAll(() => {
    ctx.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const fault = (fn: () => unknown): NeutronFault => {
    try {
      fn();
    } catch (error) {
      if (error instanceof NeutronFault) return error;
      throw error;
    }
    throw new Error('no fault');
  };

  it('creates a port for a server, DOWN until the server runs, then ACTIVE', () => {
    const net = findNetworkByName(ctx, 'private', demo);
    expect(net).toMatchObject({ name: 'private', project_id: demo, subnet_count: 2 });
    const port = allocatePort(ctx, {
      projectId: demo,
      networkId: net?.id ?? '',
      deviceId: 'server-1',
      deviceOwner: 'compute:nova',
      hostId: 'devstack',
      securityGroupNames: ['default', 'web'],
    });
    expect(port).toMatchObject({
      network_name: 'private',
      device_id: 'server-1',
      device_owner: 'compute:nova',
      status: 'DOWN',
      binding_host_id: 'devstack',
      created_by_nova: true,
      mtu: 1450,
    });
    expect(port.fixed_ips.map((f) => f.ip_version)).toEqual([4, 6]);
    expect(port.security_groups).toHaveLength(2);
    setDevicePortsStatus(ctx, 'server-1', 'ACTIVE');
    expect(portsOfDevice(ctx, 'server-1').map((p) => p.status)).toEqual(['ACTIVE']);
    expect(securityGroupsOfDevice(ctx, 'server-1').map((g) => g.name)).toEqual(['default', 'web']);
    removeDeviceSecurityGroup(ctx, 'server-1', 'web');
    expect(securityGroupsOfDevice(ctx, 'server-1').map((g) => g.name)).toEqual(['default']);
    addDeviceSecurityGroup(ctx, 'server-1', 'web');
    expect(securityGroupsOfDevice(ctx, 'server-1')).toHaveLength(2);

    const address = associateFloatingIp(ctx, { projectId: demo, portId: port.id });
    expect(address).toMatch(/^172\.24\.4\.\d+$/);
    expect(floatingIpsOfDevice(ctx, 'server-1')).toEqual([
      expect.objectContaining({ port_id: port.id, floating_ip_address: address }),
    ]);
    expect(portsOfDevice(ctx, 'server-1')[0]?.floating_ips).toHaveLength(1);

    releaseDevicePorts(ctx, 'server-1', { deletePortsCreatedByNova: true });
    expect(portsOfDevice(ctx, 'server-1')).toEqual([]);
    expect(ctx.store.collection(ports).get(port.id)).toBeUndefined();
    const fip = ctx.store
      .collection(floatingIps)
      .all()
      .find((f) => f.floating_ip_address === address);
    expect(fip).toMatchObject({ port_id: null, status: 'DOWN' });
  });

  it('claims a pre-created trunk parent port, binds its subports and keeps it on release', () => {
    const trunk = ctx.store.collection(trunks).all()[0];
    if (!trunk) throw new Error('seeded trunk missing');
    const claimed = allocatePort(ctx, {
      projectId: demo,
      portId: trunk.port_id,
      deviceId: 'server-2',
      deviceOwner: 'compute:nova',
      hostId: 'devstack',
    });
    expect(claimed).toMatchObject({
      id: trunk.port_id,
      trunk_id: trunk.id,
      created_by_nova: false,
    });
    const sub = ctx.store.collection(ports).get(trunk.sub_ports[0]?.port_id ?? '');
    expect(sub).toMatchObject({ device_owner: 'trunk:subport', device_id: trunk.id });
    setDevicePortsStatus(ctx, 'server-2', 'ACTIVE');
    expect(ctx.store.collection(trunks).get(trunk.id)?.status).toBe('ACTIVE');
    expect(ctx.store.collection(ports).get(sub?.id ?? '')?.status).toBe('ACTIVE');
    const busy = fault(() =>
      allocatePort(ctx, {
        projectId: demo,
        portId: trunk.port_id,
        deviceId: 'server-3',
        deviceOwner: 'compute:nova',
      }),
    );
    expect(busy).toMatchObject({ status: 409, type: 'PortInUse' });

    releaseDevicePorts(ctx, 'server-2', { deletePortsCreatedByNova: true });
    expect(ctx.store.collection(ports).get(trunk.port_id)).toMatchObject({
      device_id: '',
      status: 'DOWN',
      binding: expect.objectContaining({ host_id: '', vif_type: 'unbound' }),
    });
    expect(ctx.store.collection(trunks).get(trunk.id)?.status).toBe('DOWN');
  });

  it('picks the default network, keeps projects apart, and creates default groups on demand', () => {
    const port = allocatePort(ctx, {
      projectId: demo,
      deviceId: 'server-4',
      deviceOwner: 'compute:nova',
    });
    expect(port.network_name).toBe('private');
    expect(
      networksForProject(ctx, alt)
        .map((n) => n.name)
        .sort(),
    ).toEqual(['alt-private', 'shared-net']);
    const foreign = fault(() =>
      allocatePort(ctx, {
        projectId: alt,
        networkId: findNetworkByName(ctx, 'private', demo)?.id ?? '',
        deviceId: 'server-5',
        deviceOwner: 'compute:nova',
      }),
    );
    expect(foreign).toMatchObject({ status: 404, type: 'NetworkNotFound' });
    const unknownGroup = fault(() =>
      allocatePort(ctx, {
        projectId: alt,
        networkId: findNetworkByName(ctx, 'alt-private', alt)?.id ?? '',
        deviceId: 'server-6',
        deviceOwner: 'compute:nova',
        securityGroupNames: ['web'],
      }),
    );
    expect(unknownGroup).toMatchObject({ status: 404, type: 'SecurityGroupNotFound' });
    const ambiguous = fault(() =>
      allocatePort(ctx, { projectId: alt, deviceId: 'server-7', deviceOwner: 'compute:nova' }),
    );
    expect(ambiguous).toMatchObject({ status: 409, type: 'NetworkAmbiguous' });
    const group = defaultSecurityGroup(ctx, alt);
    expect(group.name).toBe('default');
    expect(group.rules).toHaveLength(4);
    expect(defaultSecurityGroup(ctx, alt).id).toBe(group.id);
    releaseDevicePorts(ctx, 'server-4', { deletePortsCreatedByNova: false });
    expect(ctx.store.collection(ports).get(port.id)).toMatchObject({
      device_id: '',
      device_owner: '',
    });
  });
});
