import { beforeEach, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from './http/errors';
import { clearMicroversionCache } from './nova/versions';
import { createOpenStackClient } from './openStackClient';
import { fakeFetch, jsonResponse, novaVersion } from './testing/fakeFetch';
import type { CatalogEntry } from './keystone/types';

const catalog: CatalogEntry[] = [
  {
    id: 'c',
    type: 'compute',
    name: 'nova',
    endpoints: [
      { id: '1', interface: 'public', region_id: 'RegionOne', url: 'http://one/compute/v2.1' },
      {
        id: '2',
        interface: 'internal',
        region_id: 'RegionOne',
        url: 'http://one-int/compute/v2.1',
      },
      { id: '3', interface: 'public', region_id: 'RegionTwo', url: 'http://two/compute/v2.1' },
    ],
  },
  {
    id: 'o',
    type: 'object-store',
    name: 'swift',
    endpoints: [
      {
        id: '4',
        interface: 'public',
        region_id: 'RegionOne',
        url: 'http://one/swift/v1/AUTH_%(tenant_id)s',
      },
    ],
  },
];

beforeEach(() => {
  clearMicroversionCache();
});

describe('createOpenStackClient', () => {
  it('builds nova lazily from the region and interface', async () => {
    const fake = fakeFetch((call) =>
      call.path.endsWith('/v2.1')
        ? jsonResponse(200, novaVersion('2.93'))
        : jsonResponse(200, { extensions: [] }),
    );
    const client = createOpenStackClient({
      authUrl: 'http://one/identity/v3',
      token: 't',
      catalog,
      region: 'RegionTwo',
      fetch: fake.fetch,
    });
    expect(fake.calls).toHaveLength(0);
    await client.nova.extensions.list();
    expect(fake.last().url).toBe('http://two/compute/v2.1/extensions');
    expect(client.nova).toBe(client.nova);

    const internal = createOpenStackClient({
      authUrl: 'http://one/identity/v3',
      token: 't',
      catalog,
      region: 'RegionOne',
      interface: 'internal',
      fetch: fake.fetch,
    });
    expect(internal.nova.endpoint).toBe('http://one-int/compute/v2.1');
  });

  it('gives endpoints with the project filled in and reports missing services', () => {
    const client = createOpenStackClient({
      authUrl: 'http://one/identity/v3',
      token: 't',
      catalog,
      region: 'RegionTwo',
      projectId: 'p1',
    });
    expect(client.hasService('compute')).toBe(true);
    expect(client.hasService('object-store')).toBe(false);
    expect(() => client.endpointFor('object-store')).toThrow(ServiceUnavailableError);

    const one = createOpenStackClient({
      authUrl: 'http://one/identity/v3',
      token: 't',
      catalog,
      region: 'RegionOne',
      projectId: 'p1',
    });
    expect(one.endpointFor('object-store')).toBe('http://one/swift/v1/AUTH_p1');
  });

  it('throws ServiceUnavailableError naming compute when nova is missing', () => {
    const client = createOpenStackClient({
      authUrl: 'http://one/identity/v3',
      token: 't',
      catalog: [],
      region: 'RegionOne',
    });
    expect(() => client.nova).toThrow(ServiceUnavailableError);
    try {
      void client.nova;
    } catch (error) {
      expect(error).toMatchObject({ serviceType: 'compute', region: 'RegionOne' });
    }
  });

  it('builds glance and cinder lazily, finding cinder under its volumev3 name', () => {
    const withStorage: CatalogEntry[] = [
      ...catalog,
      {
        id: 'i',
        type: 'image',
        name: 'glance',
        endpoints: [
          { id: '5', interface: 'public', region_id: 'RegionOne', url: 'http://one/image' },
        ],
      },
      {
        id: 'v',
        type: 'volumev3',
        name: 'cinderv3',
        endpoints: [
          {
            id: '6',
            interface: 'public',
            region_id: 'RegionOne',
            url: 'http://one/volume/v3/$(project_id)s',
          },
        ],
      },
    ];
    const client = createOpenStackClient({
      authUrl: 'http://one/identity/v3',
      token: 't',
      catalog: withStorage,
      region: 'RegionOne',
      projectId: 'p1',
    });
    expect(client.glance.endpoint).toBe('http://one/image/v2');
    expect(client.glance).toBe(client.glance);
    expect(client.cinder.endpoint).toBe('http://one/volume/v3/p1');
    const two = createOpenStackClient({
      authUrl: 'http://one/identity/v3',
      token: 't',
      catalog: withStorage,
      region: 'RegionTwo',
    });
    expect(() => two.glance).toThrow(ServiceUnavailableError);
    expect(() => two.cinder).toThrow(ServiceUnavailableError);
  });

  it('points keystone at the auth URL', async () => {
    const fake = fakeFetch(() => jsonResponse(200, { version: { id: 'v3.14', status: 'stable' } }));
    const client = createOpenStackClient({
      authUrl: 'http://one/identity/v3',
      token: 't',
      catalog,
      region: 'RegionOne',
      fetch: fake.fetch,
    });
    await client.keystone.version();
    expect(fake.last().url).toBe('http://one/identity/v3');
  });
});
