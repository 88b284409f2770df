import type { SessionData } from '../plugins/sessionStore';

/** A project member's session as login stores it (ids u1/p1 in domain default), for unit tests. */
export const sessionData = (overrides: Partial<SessionData> = {}): SessionData => {
  const now = Date.now();
  return {
    token: 't',
    expiresAt: now + 3_600_000,
    user: { id: 'u1', name: 'm', domainId: 'default', domainName: 'Default' },
    project: { id: 'p1', name: 'p', domainId: 'default', domainName: 'Default' },
    roles: ['member', 'reader'],
    catalog: [],
    region: 'RegionOne',
    regions: ['RegionOne'],
    createdAt: now,
    ...overrides,
  };
};
