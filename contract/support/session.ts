import { inject } from 'vitest';
import { authenticatePassword, createOpenStackClient } from '@skydeck/openstack-client';
import type { OpenStackClient, TokenBody } from '@skydeck/openstack-client';
import { USERS } from './targets';
import type { ContractTarget, UserKey } from './targets';

/** This worker's target: VITEST_POOL_ID (1-based) is unique among the workers running at once. */
export function target(): ContractTarget {
  const targets = inject('contractTargets');
  const worker = Number(process.env['VITEST_POOL_ID'] ?? '1');
  const chosen =
    targets[(Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % targets.length];
  if (!chosen) throw new Error('The contract suite has no target');
  return chosen;
}

export interface Session {
  user: UserKey;
  token: string;
  body: TokenBody;
  projectId: string;
  /** The server's own client stack, bound to this token and the target region. */
  client: OpenStackClient;
}

const sessions = new Map<string, Promise<Session>>();

/** A project-scoped session for a seeded user, cached per test file. */
export function session(user: UserKey, project: string = USERS[user].project): Promise<Session> {
  const key = `${user}@${project}`;
  let pending = sessions.get(key);
  if (!pending) {
    pending = login(user, project);
    sessions.set(key, pending);
  }
  return pending;
}

async function login(user: UserKey, project: string): Promise<Session> {
  const { authUrl, region } = target();
  const { token, body } = await authenticatePassword({
    authUrl,
    username: user,
    password: USERS[user].password,
    scope: { project: { name: project, domainId: 'default' } },
  });
  const projectId = body.project?.id ?? '';
  const client = createOpenStackClient({
    authUrl,
    token,
    catalog: body.catalog ?? [],
    region,
    projectId,
  });
  return { user, token, body, projectId, client };
}

/** A name no earlier run left behind, so the suite can run again against a lab that keeps state. */
export function uniqueName(prefix: string): string {
  return `contract-${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
