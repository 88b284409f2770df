import type { Aggregate } from '@skydeck/contract';

/** Test data for the aggregate panel's tests: one aggregate with a host, one without. */
export const FAST_STORAGE: Aggregate = {
  id: '1',
  name: 'fast-storage',
  availability_zone: null,
  hosts: ['demo-compute-3'],
  metadata: { ssd: 'true' },
  created_at: '2026-01-01T00:00:00.000000',
  updated_at: null,
};

export const EMPTY_AGGREGATE: Aggregate = {
  id: '2',
  name: 'empty',
  availability_zone: 'az-1',
  hosts: [],
  metadata: { availability_zone: 'az-1' },
  created_at: '2026-01-01T00:00:00.000000',
  updated_at: null,
};
