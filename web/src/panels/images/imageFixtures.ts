import type { Image } from '@skydeck/contract';

/** Test data for the image panel's tests: an active public qcow2 image; `over` changes any of it. */
export function imageFixture(over: Partial<Image> = {}): Image {
  return {
    id: 'i1',
    name: 'cirros',
    status: 'active',
    visibility: 'public',
    protected: false,
    owner: 'p1',
    disk_format: 'qcow2',
    container_format: 'bare',
    size: 1024,
    virtual_size: null,
    min_disk: 0,
    min_ram: 0,
    checksum: null,
    created_at: '',
    updated_at: '',
    tags: [],
    properties: {},
    ...over,
  };
}
