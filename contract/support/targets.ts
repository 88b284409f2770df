/** Which cloud the contract suite runs against; both carry the same seeded users and flavors. */
export type TargetName = 'demo' | 'lab';

export interface ContractTarget {
  name: TargetName;
  /** Keystone v3 URL. */
  authUrl: string;
  region: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One target per worker (the demo target: a cloud each); the lab: one, shared. */
    contractTargets: ContractTarget[];
  }
}

/**
 * Workers for the demo target. Each has a demo cloud of its own, so files running side by side
 * never meet in one cloud's state (names, quotas, transfers); the suite mostly waits on
 * lifecycles, so more workers than cores still shortens it.
 */
export const DEMO_WORKERS = 4;

export const LAB_AUTH_URL = 'http://127.0.0.1:5000/v3';
export const REGION = 'RegionOne';

export function parseTargetName(value: string | undefined): TargetName {
  const name = (value ?? 'demo').trim().toLowerCase() || 'demo';
  if (name === 'demo' || name === 'lab') return name;
  throw new Error(`CONTRACT_TARGET must be "demo" or "lab", not "${value ?? ''}"`);
}

export type UserKey = 'admin' | 'demo' | 'reader';

/** Seeded on both targets (demo cloud seed, tools/openstack-lab/lab.py). */
export const USERS: Record<UserKey, { password: string; project: string; role: string }> = {
  admin: { password: 'admin', project: 'admin', role: 'admin' },
  demo: { password: 'demo', project: 'demo', role: 'member' },
  reader: { password: 'reader', project: 'demo', role: 'reader' },
};
