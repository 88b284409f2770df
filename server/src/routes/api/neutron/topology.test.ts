import { describe, expect, it } from 'vitest';
import type { Topology } from '@skydeck/contract';
import { createNeutronClient } from '@skydeck/openstack-client';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo } = useTestApp(['demo']);

const STREAM = 'route-test-stream';

describe('/api/neutron/topology/', () => {
  it("builds the project's model, then sends only the changes since the page's version", async () => {
    const first = await t.as(demo, { url: `/api/neutron/topology/?stream=${STREAM}` });
    expect(first.statusCode).toBe(200);
    const full = first.json() as Topology;
    expect(full.full).toBe(true);
    const priv = full.networks.find((n) => n.name === 'private');
    expect(priv?.subnets.length).toBeGreaterThan(0);
    expect(priv?.allow_delete_subnet).toBe(true);
    expect(full.networks.find((n) => n.name === 'public')?.external).toBe(true);
    // Every port joins a drawn device to a drawn network.
    const devices = new Set([...full.routers, ...full.servers].map((d) => d.id));
    const networks = new Set(full.networks.map((n) => n.id));
    expect(full.ports.every((p) => devices.has(p.device_id) && networks.has(p.network_id))).toBe(
      true,
    );

    // Nothing changed: the same version, no entity, under 1 KB.
    const idle = await t.as(demo, {
      url: `/api/neutron/topology/?stream=${STREAM}&since=${full.version}`,
    });
    const same = idle.json() as Topology;
    expect(same).toMatchObject({ full: false, version: full.version, networks: [], ports: [] });
    expect(idle.rawPayload.length).toBeLessThanOrEqual(1024);

    // A new network shows up alone; removing it is an id in `removed`.
    const neutron = createNeutronClient({
      endpoint: `${t.cloud.url}/network`,
      token: await t.tokenOf(demo),
    });
    const net = await neutron.networks.create({ name: 'topo-added' });
    const added = (
      await t.as(demo, { url: `/api/neutron/topology/?stream=${STREAM}&since=${full.version}` })
    ).json() as Topology;
    expect(added.full).toBe(false);
    expect(added.version).not.toBe(full.version);
    expect(added.networks.map((n) => n.name)).toEqual(['topo-added']);
    expect(added.servers).toEqual([]);
    await neutron.networks.delete(net.id);
    const gone = (
      await t.as(demo, { url: `/api/neutron/topology/?stream=${STREAM}&since=${added.version}` })
    ).json() as Topology;
    expect(gone.removed.networks).toEqual([net.id]);
    expect(gone.networks).toEqual([]);
  });

  it('answers the whole model to a version it does not know, and without a stream', async () => {
    const stale = (
      await t.as(demo, { url: '/api/neutron/topology/?stream=another-page&since=abc-1' })
    ).json() as Topology;
    expect(stale.full).toBe(true);
    const plain = (await t.as(demo, { url: '/api/neutron/topology/' })).json() as Topology;
    expect(plain.full).toBe(true);
    expect(plain.networks.length).toBe(stale.networks.length);
    expect(plain.removed).toEqual({ networks: [], routers: [], servers: [], ports: [] });
    expect(plain.version).not.toBe(stale.version);
  });

  it('refuses a malformed stream or version with a 400', async () => {
    for (const query of ['stream=short', 'stream=has%20space!!', 'since=%3Cx%3E']) {
      const res = await t.as(demo, { url: `/api/neutron/topology/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });
});
