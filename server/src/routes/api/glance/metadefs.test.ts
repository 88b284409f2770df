import { describe, expect, it } from 'vitest';
import type { MetadefNamespaceList, MetadefResourceTypeList } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo } = useTestApp(['demo']);

const namespaces = async (query: string): Promise<MetadefNamespaceList> => {
  const res = await t.as(demo, { url: `/api/glance/metadefs/namespaces/?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MetadefNamespaceList>();
};

describe('GET /api/glance/metadefs/namespaces/', () => {
  it('gives the image namespaces in full, property names prefixed for images', async () => {
    const { items } = await namespaces('resource_type=OS::Glance::Image');
    const names = items.map((ns) => ns.namespace);
    expect(names).toEqual(
      expect.arrayContaining(['OS::Compute::CPUPinning', 'OS::OperatingSystem']),
    );
    expect(names).not.toContain('OS::Compute::Quota');
    const pinning = items.find((ns) => ns.namespace === 'OS::Compute::CPUPinning');
    expect(pinning).toMatchObject({
      display_name: expect.any(String),
      description: expect.any(String),
    });
    expect(Object.keys(pinning?.properties ?? {})).toEqual(
      expect.arrayContaining(['hw_cpu_policy', 'hw_cpu_thread_policy']),
    );
    expect(pinning?.properties['hw_cpu_policy']).toMatchObject({
      title: expect.any(String),
      type: 'string',
      enum: expect.arrayContaining(['shared', 'dedicated']),
    });
    // Unprefixed namespaces keep their names.
    const os = items.find((ns) => ns.namespace === 'OS::OperatingSystem');
    expect(Object.keys(os?.properties ?? {})).toContain('os_distro');
  });

  it('uses the flavor prefix for flavors, and objects are prefixed too', async () => {
    const { items } = await namespaces('resource_type=OS::Nova::Flavor');
    const pinning = items.find((ns) => ns.namespace === 'OS::Compute::CPUPinning');
    expect(Object.keys(pinning?.properties ?? {})).toContain('hw:cpu_policy');
    const quota = items.find((ns) => ns.namespace === 'OS::Compute::Quota');
    expect(quota?.objects.length).toBeGreaterThan(0);
    expect(quota?.objects[0]).toMatchObject({
      name: expect.any(String),
      properties: expect.any(Object),
    });
  });

  it('narrows by properties_target', async () => {
    const volumeImage = await namespaces(
      'resource_type=OS::Cinder::Volume&properties_target=image',
    );
    const names = volumeImage.items.map((ns) => ns.namespace);
    expect(names).toEqual(
      expect.arrayContaining(['OS::Compute::VirtCPUTopology', 'OS::OperatingSystem']),
    );
    const topology = volumeImage.items.find(
      (ns) => ns.namespace === 'OS::Compute::VirtCPUTopology',
    );
    expect(Object.keys(topology?.properties ?? {})).toContain('hw_cpu_sockets');
    const serverMetadata = await namespaces(
      'resource_type=OS::Nova::Server&properties_target=metadata',
    );
    expect(serverMetadata.items.map((ns) => ns.namespace).sort()).toEqual([
      'OS::Software::DBMS',
      'OS::Software::WebServers',
    ]);
    // The Launch Instance wizard's Scheduler Hints step reads its own target.
    const hints = await namespaces(
      'resource_type=OS::Nova::Server&properties_target=scheduler_hints',
    );
    expect(hints.items.map((ns) => ns.namespace)).toEqual(['OS::Compute::SchedulerHints']);
    const affinity = hints.items[0]?.objects.find((o) => o.name === 'Host Affinity');
    expect(affinity?.properties['same_host']).toMatchObject({
      type: 'string',
      pattern: expect.any(String),
    });
    const none = await namespaces('resource_type=OS::Nova::Server&properties_target=nothing');
    expect(none.items).toEqual([]);
  });
});

describe('GET /api/glance/metadefs/resourcetypes/', () => {
  it('lists the resource types', async () => {
    const res = await t.as(demo, { url: '/api/glance/metadefs/resourcetypes/' });
    expect(res.statusCode).toBe(200);
    expect(res.json<MetadefResourceTypeList>().items.map((rt) => rt.name)).toEqual(
      expect.arrayContaining(['OS::Glance::Image', 'OS::Nova::Flavor', 'OS::Cinder::Volume']),
    );
  });
});
