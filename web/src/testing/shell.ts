import type { ServiceCatalog, UserSession } from '@skydeck/contract';

/** A signed-in demo user's session in a region (and the regions the cloud has). */
export function testSession(
  region = 'RegionOne',
  regions: readonly string[] = [region],
): UserSession {
  return {
    id: 'u1',
    username: 'demo',
    project_id: 'p1',
    project_name: 'demo',
    services_region: region,
    available_services_regions: [...regions],
  } as UserSession;
}

/** A catalog with compute alone, in one region. */
export function computeCatalog(region = 'RegionOne'): ServiceCatalog {
  return [
    {
      id: '1',
      type: 'compute',
      name: 'nova',
      endpoints: [{ id: 'e', interface: 'public', region, region_id: region, url: 'x' }],
    },
  ];
}

/** Neutron's catalog entry, in one region. */
export function networkService(region = 'RegionOne'): ServiceCatalog[number] {
  return {
    id: '2',
    type: 'network',
    name: 'neutron',
    endpoints: [{ id: 'n', interface: 'public', region, region_id: region, url: 'x' }],
  };
}
