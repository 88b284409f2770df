import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';

interface Association {
  name: string;
  prefix?: string;
  properties_target?: string;
  created_at: string;
}

interface Namespace {
  namespace: string;
  display_name?: string;
  visibility: string;
  protected: boolean;
  owner: string;
  resource_type_associations?: Association[];
  properties?: Record<string, Record<string, unknown>>;
  objects?: Array<{ name: string; properties: Record<string, unknown>; required?: string[] }>;
  self: string;
  schema: string;
  created_at: string;
}

interface NamespaceList {
  namespaces: Namespace[];
  first: string;
  next?: string;
  schema: string;
}

describe('glance metadata definitions', () => {
  const cloud = useTestCloud();
  const demo = (): Promise<string> => cloud().token('demo', 'demo');
  const list = async (query: string): Promise<NamespaceList> => {
    const response = await cloud().request<NamespaceList>(
      'GET',
      `/image/v2/metadefs/namespaces${query}`,
      { token: await demo() },
    );
    expect(response.status).toBe(200);
    return response.body;
  };

  it('ships the standard namespaces, paged 25 at a time by default', async () => {
    const all = await list('?limit=100');
    const names = all.namespaces.map((n) => n.namespace);
    expect(names.length).toBeGreaterThanOrEqual(15);
    expect(names).toEqual(
      expect.arrayContaining([
        'OS::Compute::Hypervisor',
        'OS::Compute::CPUPinning',
        'OS::Compute::Watchdog',
        'OS::Compute::Libvirt',
        'OS::Compute::LibvirtImage',
        'OS::Compute::Quota',
        'OS::Compute::RandomNumberGenerator',
        'OS::Compute::VirtCPUTopology',
        'OS::Compute::GuestShutdownBehavior',
        'OS::Compute::InstanceData',
        'OS::Glance:CommonImageProperties',
        'OS::OperatingSystem',
        'OS::Software::DBMS',
      ]),
    );
    const pinning = all.namespaces.find((n) => n.namespace === 'OS::Compute::CPUPinning');
    expect(pinning).toMatchObject({
      display_name: 'CPU Pinning',
      visibility: 'public',
      protected: true,
      owner: 'admin',
      self: '/v2/metadefs/namespaces/OS::Compute::CPUPinning',
      schema: '/v2/schemas/metadefs/namespace',
    });
    expect(pinning).not.toHaveProperty('properties');
    expect(
      pinning?.resource_type_associations?.map((a) => [a.name, a.prefix, a.properties_target]),
    ).toEqual([
      ['OS::Glance::Image', 'hw_', undefined],
      ['OS::Cinder::Volume', 'hw_', 'image'],
      ['OS::Nova::Flavor', 'hw:', undefined],
    ]);
    expect(all.schema).toBe('/v2/schemas/metadefs/namespaces');

    const sorted = await list('?sort_key=namespace&sort_dir=asc&limit=5');
    expect(sorted.namespaces.map((n) => n.namespace)).toEqual([...names].sort().slice(0, 5));
    expect(sorted.first).toBe('/v2/metadefs/namespaces?sort_key=namespace&sort_dir=asc&limit=5');
    const last = sorted.namespaces[4]?.namespace ?? '';
    expect(sorted.next).toBe(
      `/v2/metadefs/namespaces?sort_key=namespace&sort_dir=asc&limit=5&marker=${encodeURIComponent(last)}`,
    );
    const second = await list(`?sort_key=namespace&sort_dir=asc&limit=5&marker=${last}`);
    expect(second.namespaces.map((n) => n.namespace)).toEqual([...names].sort().slice(5, 10));
    expect((await list('')).namespaces).toHaveLength(Math.min(25, names.length));
  });

  it('filters by resource types and visibility', async () => {
    const flavor = (await list('?resource_types=OS::Nova::Flavor&limit=100')).namespaces;
    expect(flavor.map((n) => n.namespace).sort()).toEqual([
      'OS::Compute::CPUPinning',
      'OS::Compute::GuestMemoryBacking',
      'OS::Compute::Libvirt',
      'OS::Compute::Quota',
      'OS::Compute::RandomNumberGenerator',
      'OS::Compute::Trust',
      'OS::Compute::VirtCPUTopology',
      'OS::Compute::Watchdog',
    ]);
    const aggregate = (await list('?resource_types=OS::Nova::Aggregate')).namespaces;
    expect(aggregate.map((n) => n.namespace).sort()).toEqual([
      'OS::Compute::AggregateIoOpsFilter',
      'OS::Compute::AggregateNumInstancesFilter',
    ]);
    // The dashboard narrows by properties_target itself: the associations say which apply.
    const volume = (await list('?resource_types=OS::Cinder::Volume&limit=100')).namespaces;
    expect(volume.length).toBeGreaterThan(0);
    for (const ns of volume) {
      const association = ns.resource_type_associations?.find(
        (a) => a.name === 'OS::Cinder::Volume',
      );
      expect(association?.properties_target).toBe('image');
    }
    // A server's namespaces describe either its metadata or its scheduler hints.
    const server = (await list('?resource_types=OS::Nova::Server&limit=100')).namespaces;
    const targets = (target: string): string[] =>
      server
        .filter((n) =>
          n.resource_type_associations?.some(
            (a) => a.name === 'OS::Nova::Server' && a.properties_target === target,
          ),
        )
        .map((n) => n.namespace)
        .sort();
    expect(targets('metadata')).toEqual(['OS::Software::DBMS', 'OS::Software::WebServers']);
    expect(targets('scheduler_hints')).toEqual(['OS::Compute::SchedulerHints']);
    expect(server).toHaveLength(3);
    const several = (await list('?resource_types=OS::Nova::Aggregate,OS::Trove::Instance'))
      .namespaces;
    expect(several.map((n) => n.namespace)).toContain('OS::Software::DBMS');
    expect((await list('?visibility=private')).namespaces).toEqual([]);
    const bad = await cloud().request<{ message: string }>(
      'GET',
      '/image/v2/metadefs/namespaces?visibility=shared',
      { token: await demo() },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Invalid visibility value: shared');
  });

  it('shows a namespace, prefixing property names for a resource type', async () => {
    const token = await demo();
    const plain = await cloud().request<Namespace>(
      'GET',
      '/image/v2/metadefs/namespaces/OS::Compute::CPUPinning',
      { token },
    );
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.body.properties ?? {})).toEqual(['cpu_policy', 'cpu_thread_policy']);
    expect(plain.body.properties?.['cpu_policy']).toMatchObject({
      title: 'CPU Pinning policy',
      type: 'string',
      enum: ['shared', 'dedicated'],
    });
    const flavor = await cloud().request<Namespace>(
      'GET',
      '/image/v2/metadefs/namespaces/OS::Compute::CPUPinning?resource_type=OS::Nova::Flavor',
      { token },
    );
    expect(Object.keys(flavor.body.properties ?? {})).toEqual([
      'hw:cpu_policy',
      'hw:cpu_thread_policy',
    ]);
    const image = await cloud().request<Namespace>(
      'GET',
      '/image/v2/metadefs/namespaces/OS::Compute::CPUPinning?resource_type=OS::Glance::Image',
      { token },
    );
    expect(Object.keys(image.body.properties ?? {})).toEqual([
      'hw_cpu_policy',
      'hw_cpu_thread_policy',
    ]);

    const quota = await cloud().request<Namespace>(
      'GET',
      '/image/v2/metadefs/namespaces/OS::Compute::Quota',
      { token },
    );
    expect(quota.body.objects?.map((o) => o.name)).toEqual([
      'CPU Limits',
      'Disk QoS',
      'Virtual Interface QoS',
    ]);
    expect(Object.keys(quota.body.objects?.[0]?.properties ?? {})).toContain('quota:cpu_shares');

    const missing = await cloud().request('GET', '/image/v2/metadefs/namespaces/OS::Nope', {
      token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      message: 'Metadata definition namespace=OS::Nope was not found.<br /><br />\n\n\n',
      code: '404 Not Found',
      title: 'Not Found',
    });
  });

  it('serves objects, properties, tags and resource types', async () => {
    const token = await demo();
    const base = '/image/v2/metadefs/namespaces/OS::Software::DBMS';
    const objects = await cloud().request<{
      objects: Array<{ name: string; self: string }>;
      schema: string;
    }>('GET', `${base}/objects`, { token });
    expect(objects.body.schema).toBe('v2/schemas/metadefs/objects');
    expect(objects.body.objects.map((o) => o.name)).toContain('MySQL');
    const mysql = await cloud().request<{ name: string; properties: Record<string, unknown> }>(
      'GET',
      `${base}/objects/MySQL`,
      { token },
    );
    expect(mysql.body.properties['sw_database_mysql_listen_port']).toMatchObject({
      type: 'integer',
      default: 3606,
    });
    const noObject = await cloud().request<{ message: string }>('GET', `${base}/objects/Oracle9`, {
      token,
    });
    expect(noObject.status).toBe(404);
    expect(noObject.body.message).toContain(
      'The metadata definition object with name=Oracle9 was not found in namespace=OS::Software::DBMS.',
    );

    const watchdog = '/image/v2/metadefs/namespaces/OS::Compute::Watchdog';
    const props = await cloud().request<{ properties: Record<string, unknown> }>(
      'GET',
      `${watchdog}/properties`,
      { token },
    );
    expect(Object.keys(props.body.properties)).toEqual(['hw_watchdog_action']);
    const one = await cloud().request<Record<string, unknown>>(
      'GET',
      `${watchdog}/properties/hw_watchdog_action`,
      { token },
    );
    expect(one.body).toMatchObject({ name: 'hw_watchdog_action', type: 'string' });
    const prefixed = await cloud().request<Record<string, unknown>>(
      'GET',
      '/image/v2/metadefs/namespaces/OS::Compute::VirtCPUTopology/properties/hw:cpu_sockets?resource_type=OS::Nova::Flavor',
      { token },
    );
    expect(prefixed.body).toMatchObject({ name: 'cpu_sockets', type: 'integer' });
    expect((await cloud().request('GET', `${watchdog}/properties/nothing`, { token })).status).toBe(
      404,
    );
    expect((await cloud().request('GET', `${watchdog}/tags`, { token })).body).toEqual({
      tags: [],
    });

    const associations = await cloud().request<{ resource_type_associations: Association[] }>(
      'GET',
      `${watchdog}/resource_types`,
      { token },
    );
    expect(associations.body.resource_type_associations.map((a) => a.name)).toEqual([
      'OS::Glance::Image',
      'OS::Cinder::Volume',
      'OS::Nova::Flavor',
    ]);
    const types = await cloud().request<{
      resource_types: Array<{ name: string; created_at: string }>;
    }>('GET', '/image/v2/metadefs/resource_types', { token });
    expect(types.body.resource_types.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'OS::Glance::Image',
        'OS::Cinder::Volume',
        'OS::Nova::Flavor',
        'OS::Nova::Aggregate',
        'OS::Nova::Server',
        'OS::Trove::Instance',
      ]),
    );
  });

  it('lets only admins create and delete namespaces; protected ones stay', async () => {
    const admin = await cloud().token('admin', 'admin');
    const body = {
      namespace: 'Skydeck::Demo',
      display_name: 'Demo namespace',
      visibility: 'private',
      resource_type_associations: [{ name: 'OS::Glance::Image', prefix: 'demo_' }],
      properties: { color: { title: 'Color', type: 'string', enum: ['red', 'blue'] } },
    };
    const refused = await cloud().request<{ message: string }>(
      'POST',
      '/image/v2/metadefs/namespaces',
      {
        token: await demo(),
        body,
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(
      'You are not authorized to complete add_metadef_namespace action.',
    );
    const created = await cloud().request<Namespace>('POST', '/image/v2/metadefs/namespaces', {
      token: admin,
      body,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      namespace: 'Skydeck::Demo',
      visibility: 'private',
      protected: false,
    });
    const duplicate = await cloud().request('POST', '/image/v2/metadefs/namespaces', {
      token: admin,
      body,
    });
    expect(duplicate.status).toBe(409);
    // Private to the admin project: others do not see it.
    expect((await list('?limit=100')).namespaces.map((n) => n.namespace)).not.toContain(
      'Skydeck::Demo',
    );
    expect(
      (
        await cloud().request('GET', '/image/v2/metadefs/namespaces/Skydeck::Demo', {
          token: await demo(),
        })
      ).status,
    ).toBe(404);
    const shown = await cloud().request<Namespace>(
      'GET',
      '/image/v2/metadefs/namespaces/Skydeck::Demo?resource_type=OS::Glance::Image',
      { token: admin },
    );
    expect(Object.keys(shown.body.properties ?? {})).toEqual(['demo_color']);

    const protectedNs = await cloud().request<{ message: string }>(
      'DELETE',
      '/image/v2/metadefs/namespaces/OS::Compute::Watchdog',
      { token: admin },
    );
    expect(protectedNs.status).toBe(403);
    expect(protectedNs.body.message).toContain(
      'Metadata definition namespace OS::Compute::Watchdog is protected and cannot be deleted.',
    );
    const memberDelete = await cloud().request<{ message: string }>(
      'DELETE',
      '/image/v2/metadefs/namespaces/OS::Compute::AggregateNumInstancesFilter',
      { token: await demo() },
    );
    expect(memberDelete.status).toBe(403);
    expect(
      (
        await cloud().request('DELETE', '/image/v2/metadefs/namespaces/Skydeck::Demo', {
          token: admin,
        })
      ).status,
    ).toBe(204);
  });
});
