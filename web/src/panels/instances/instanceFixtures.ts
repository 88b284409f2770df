import type { Flavor, Instance } from '@skydeck/contract';

/** Test data for the instance panel's tests: an active, unlocked server; `over` changes any of it. */
export function instanceFixture(over: Partial<Instance> = {}): Instance {
  return {
    id: 'i-1',
    name: 'web-1',
    status: 'ACTIVE',
    task_state: null,
    power_state: 1,
    vm_state: 'active',
    progress: null,
    locked: false,
    image: { id: 'img-1', name: 'cirros' },
    flavor: { id: '1', name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 },
    addresses: [],
    key_name: null,
    availability_zone: 'nova',
    created: null,
    updated: null,
    project_id: 'p-1',
    user_id: 'u-1',
    metadata: {},
    description: null,
    ...over,
  };
}

/** A public one-VCPU flavor of `ram` MB (what Resize offers and the instance tests compare). */
export function flavorFixture(id: string, name: string, ram: number, disabled = false): Flavor {
  return {
    id,
    name,
    vcpus: 1,
    ram,
    disk: 1,
    swap: 0,
    rxtx_factor: 1,
    'OS-FLV-EXT-DATA:ephemeral': 0,
    'OS-FLV-DISABLED:disabled': disabled,
    'os-flavor-access:is_public': true,
  };
}
