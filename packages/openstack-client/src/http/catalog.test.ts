import { describe, expect, it } from 'vitest';
import {
  findEndpoint,
  regionsOf,
  requireEndpoint,
  substituteProject,
  withVersion,
} from './catalog';
import { ServiceUnavailableError } from './errors';
import type { CatalogEntry } from '../keystone/types';

const catalog: CatalogEntry[] = [
  {
    id: 's-compute',
    type: 'compute',
    name: 'nova',
    endpoints: [
      {
        id: 'c1',
        interface: 'public',
        region_id: 'RegionOne',
        region: 'RegionOne',
        url: 'http://one/compute/v2.1',
      },
      {
        id: 'c2',
        interface: 'internal',
        region_id: 'RegionOne',
        region: 'RegionOne',
        url: 'http://one-int/compute/v2.1',
      },
      {
        id: 'c3',
        interface: 'public',
        region_id: 'RegionTwo',
        region: 'RegionTwo',
        url: 'http://two/compute/v2.1/',
      },
    ],
  },
  {
    id: 's-volume',
    type: 'volumev3',
    name: 'cinderv3',
    endpoints: [
      // An old Keystone: `region` only.
      {
        id: 'v1',
        interface: 'public',
        region: 'RegionOne',
        url: 'http://one/volume/v3/%(tenant_id)s',
      },
    ],
  },
  {
    id: 's-swift',
    type: 'object-store',
    name: 'swift',
    endpoints: [
      {
        id: 'o1',
        interface: 'public',
        region_id: 'RegionOne',
        url: 'http://one/object-store/v1/AUTH_$(project_id)s',
      },
    ],
  },
  {
    id: 's-identity',
    type: 'identity',
    name: 'keystone',
    endpoints: [
      { id: 'i1', interface: 'public', region_id: 'RegionOne', url: 'http://one/identity' },
      { id: 'i2', interface: 'admin', region_id: 'RegionOne', url: 'http://one/identity-admin' },
    ],
  },
  {
    id: 's-network',
    type: 'network',
    name: 'neutron',
    endpoints: [
      { id: 'n1', interface: 'internal', region_id: 'RegionOne', url: 'http://one-int:9696' },
    ],
  },
];

describe('findEndpoint', () => {
  it('picks the region by region_id and the public interface by default', () => {
    expect(findEndpoint(catalog, { type: 'compute', region: 'RegionOne' })?.url).toBe(
      'http://one/compute/v2.1',
    );
    expect(findEndpoint(catalog, { type: 'compute', region: 'RegionTwo' })).toMatchObject({
      url: 'http://two/compute/v2.1',
      interface: 'public',
      region: 'RegionTwo',
      serviceName: 'nova',
    });
  });

  it('matches the legacy region field', () => {
    expect(
      findEndpoint(catalog, { type: 'volumev3', region: 'RegionOne', projectId: 'p1' })?.url,
    ).toBe('http://one/volume/v3/p1');
  });

  it('is exact about the interface unless given preferences', () => {
    expect(findEndpoint(catalog, { type: 'network', region: 'RegionOne' })).toBeUndefined();
    expect(
      findEndpoint(catalog, { type: 'network', region: 'RegionOne', interface: 'internal' })?.url,
    ).toBe('http://one-int:9696');
    expect(
      findEndpoint(catalog, {
        type: 'network',
        region: 'RegionOne',
        interface: ['public', 'internal'],
      })?.interface,
    ).toBe('internal');
    expect(
      findEndpoint(catalog, {
        type: 'compute',
        region: 'RegionOne',
        interface: ['internal', 'public'],
      })?.url,
    ).toBe('http://one-int/compute/v2.1');
  });

  it('does not cross regions', () => {
    expect(findEndpoint(catalog, { type: 'volumev3', region: 'RegionTwo' })).toBeUndefined();
    expect(findEndpoint(catalog, { type: 'compute', region: 'Nowhere' })).toBeUndefined();
  });

  it('takes the first region when none is asked for', () => {
    expect(findEndpoint(catalog, { type: 'compute' })?.region).toBe('RegionOne');
  });

  it('resolves service-type aliases', () => {
    expect(
      findEndpoint(catalog, { type: 'block-storage', region: 'RegionOne', projectId: 'p1' })
        ?.serviceType,
    ).toBe('volumev3');
  });

  it('filters by service name', () => {
    expect(findEndpoint(catalog, { type: 'compute', name: 'nova_legacy' })).toBeUndefined();
  });

  it('substitutes project placeholders, and refuses to guess one', () => {
    expect(
      findEndpoint(catalog, { type: 'object-store', region: 'RegionOne', projectId: 'abc' })?.url,
    ).toBe('http://one/object-store/v1/AUTH_abc');
    expect(() => findEndpoint(catalog, { type: 'object-store', region: 'RegionOne' })).toThrow(
      /needs a project id/,
    );
    expect(substituteProject('http://x/%(project_id)s/$(tenant_id)s', 'p')).toBe('http://x/p/p');
  });

  it('appends a version only to unversioned URLs', () => {
    expect(findEndpoint(catalog, { type: 'identity', version: 'v3' })?.url).toBe(
      'http://one/identity/v3',
    );
    expect(findEndpoint(catalog, { type: 'compute', version: 'v2.1' })?.url).toBe(
      'http://one/compute/v2.1',
    );
    expect(withVersion('http://h:5000/', 'v3')).toBe('http://h:5000/v3');
    expect(withVersion('http://h:5000/v3/', 'v3')).toBe('http://h:5000/v3');
    expect(withVersion('http://v2host:8774', 'v2.1')).toBe('http://v2host:8774/v2.1');
    expect(withVersion('http://h/volume/v3/p1', 'v3')).toBe('http://h/volume/v3/p1');
  });
});

describe('requireEndpoint', () => {
  it('throws ServiceUnavailableError with the service type', () => {
    const error = (() => {
      try {
        return requireEndpoint(catalog, { type: 'orchestration', region: 'RegionOne' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ serviceType: 'orchestration', region: 'RegionOne' });
  });
});

describe('regionsOf', () => {
  it('lists regions offering a type', () => {
    expect(regionsOf(catalog, 'compute')).toEqual(['RegionOne', 'RegionTwo']);
    expect(regionsOf(catalog, 'block-storage')).toEqual(['RegionOne']);
  });
});
