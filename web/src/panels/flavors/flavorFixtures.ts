import type { Flavor, Project } from '@skydeck/contract';

/** Test data for the flavor panel's tests. */
export function flavor(overrides: Partial<Flavor> & Pick<Flavor, 'id' | 'name'>): Flavor {
  return {
    vcpus: 1,
    ram: 512,
    disk: 1,
    swap: 0,
    rxtx_factor: 1,
    'OS-FLV-EXT-DATA:ephemeral': 0,
    'OS-FLV-DISABLED:disabled': false,
    'os-flavor-access:is_public': true,
    extras: {},
    ...overrides,
  };
}

export const PROJECTS: Project[] = [
  { id: 'p-admin', name: 'admin', domain_id: 'default', enabled: true },
  { id: 'p-demo', name: 'demo', domain_id: 'default', enabled: true },
  { id: 'p-alt', name: 'alt_demo', domain_id: 'default', enabled: true },
];
