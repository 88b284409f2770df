import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body } from './testSupport';

describe('cinder zones, services, pools, extensions and catalog', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);

  it('is in the catalog as volumev3 and block-storage', async () => {
    const { body } = await cloud().login('demo', 'demo');
    const projectId = body.token.project?.id ?? '';
    const entries = (body.token.catalog ?? []).filter((c) =>
      ['volumev3', 'block-storage'].includes(c.type),
    );
    expect(entries.map((e) => [e.type, e.name]).sort()).toEqual([
      ['block-storage', 'cinder'],
      ['volumev3', 'cinderv3'],
    ]);
    for (const entry of entries) {
      expect(entry.endpoints.map((e) => e.interface).sort()).toEqual([
        'admin',
        'internal',
        'public',
      ]);
      expect(entry.endpoints[0]?.url).toBe(`${cloud().url}/volume/v3/${projectId}`);
      expect(entry.endpoints[0]?.region_id).toBe('RegionOne');
    }
  });

  it('lists the availability zone and the extensions to anyone', async () => {
    const reader = await cinder.session('reader', 'demo');
    const zones = await cinder.call(reader, 'GET', '/os-availability-zone');
    expect(zones.body).toEqual({
      availabilityZoneInfo: [{ zoneName: 'nova', zoneState: { available: true } }],
    });
    const ext = await cinder.call<{ extensions: Body[] }>(reader, 'GET', '/extensions');
    expect(ext.body.extensions).toHaveLength(32);
    expect(ext.body.extensions).toContainEqual({
      name: 'VolumeTypeAccess',
      alias: 'os-volume-type-access',
      description: 'Volume type access support.',
      updated: '2014-06-26T00:00:00Z',
      links: [],
    });
    const one = await cinder.call(reader, 'GET', '/extensions/qos-specs');
    expect(one.body).toMatchObject({ extension: { name: 'Qos_specs_manage' } });
  });

  it('lists services and pools to admins', async () => {
    const admin = await cinder.session('admin', 'admin');
    const r = await cinder.call<{ services: Body[] }>(admin, 'GET', '/os-services', {
      version: '3.49',
    });
    expect(r.body.services.map((s) => [s['binary'], s['host']])).toEqual([
      ['cinder-scheduler', 'demo-controller'],
      ['cinder-volume', 'demo-controller@lvmdriver-1'],
      ['cinder-backup', 'demo-controller'],
    ]);
    expect(r.body.services[1]).toMatchObject({
      zone: 'nova',
      status: 'enabled',
      state: 'up',
      backend_state: 'up',
      cluster: null,
      disabled_reason: null,
      replication_status: 'disabled',
      frozen: false,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/),
    });
    const filtered = await cinder.call<{ services: Body[] }>(
      admin,
      'GET',
      '/os-services?binary=cinder-backup',
    );
    expect(filtered.body.services).toHaveLength(1);
    const member = await cinder.session('demo', 'demo');
    expect((await cinder.call(member, 'GET', '/os-services')).status).toBe(403);
    const pools = await cinder.call<{ pools: Body[] }>(
      admin,
      'GET',
      '/scheduler-stats/get_pools?detail=True',
    );
    expect(pools.body.pools[0]).toMatchObject({
      name: 'demo-controller@lvmdriver-1#lvmdriver-1',
      capabilities: expect.objectContaining({
        volume_backend_name: 'lvmdriver-1',
        storage_protocol: 'iSCSI',
        total_capacity_gb: 1000,
      }),
    });
    expect((await cinder.call(member, 'GET', '/scheduler-stats/get_pools')).status).toBe(403);
  });

  it('answers unknown paths and missing tokens the way cinder’s stack does', async () => {
    const s = await cinder.session('demo', 'demo');
    const webob404 = {
      message: 'The resource could not be found.<br /><br />\n\n\n',
      code: '404 Not Found',
      title: 'Not Found',
    };
    const unknown = await cinder.call(s, 'GET', '/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(webob404);
    // Only hex project ids route (cinder's project_id_regex).
    const notHex = await cloud().request('GET', '/volume/v3/xyz/volumes', { token: s.token });
    expect(notHex.body).toEqual(webob404);
    const noToken = await cloud().request('GET', `/volume/v3/${s.projectId}/volumes`);
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('www-authenticate')).toBe(`Keystone uri="${cloud().url}/identity"`);
    // keystonemiddleware runs before routing.
    expect((await cloud().request('GET', `/volume/v3/${s.projectId}/nothing`)).status).toBe(401);
    const otherService = await cinder.call(s, 'GET', '/volumes', {
      headers: { 'OpenStack-API-Version': 'compute 2.1' },
    });
    expect(otherService.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'The server could not comply with the request since it is either malformed or otherwise incorrect.',
      },
    });
    const root = await cloud().request('GET', '/volume/');
    expect(root.headers.get('x-openstack-request-id')).toMatch(/^req-[0-9a-f-]{36}$/);
    expect(root.headers.get('openstack-api-version')).toBe('volume 3.0');
  });
});
