/**
 * The traffic of bench:load and bench:soak: what a signed-in member's panels ask for, as
 * autocannon request lists. Each pass through a list takes the next session in turn (autocannon
 * clears a connection's context at the end of its list), so every session is used, not one.
 */
import { generateKeyPairSync } from 'node:crypto';
import type autocannon from 'autocannon';
import type { Cookies } from './common';

export interface Ids {
  flavor: string;
  image: string;
}

interface Context {
  session?: Cookies;
  n?: number;
}

/** A flavor and an image every member can see, for the details requests. */
export async function pickIds(base: string, session: Cookies): Promise<Ids> {
  const get = async <T>(path: string): Promise<T> => {
    const r = await fetch(`${base}${path}`, {
      headers: { Cookie: session.cookie, 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (!r.ok) throw new Error(`GET ${path}: ${r.status}`);
    return (await r.json()) as T;
  };
  const flavors = await get<{ items: { id: string }[] }>('api/nova/flavors/');
  const images = await get<{ items: { id: string }[] }>('api/glance/images/');
  const flavor = flavors.items[0]?.id;
  const image = images.items[0]?.id;
  if (!flavor || !image) throw new Error('the demo cloud has no flavor or no image');
  return { flavor, image };
}

/** The checks a key pairs page sends in one batch (sidebar, panel gate and table actions). */
const POLICY_BATCH = JSON.stringify({
  checks: [
    { rules: [['compute', 'os_compute_api:os-keypairs:index']] },
    { rules: [['compute', 'os_compute_api:os-keypairs:create']] },
    { rules: [['compute', 'os_compute_api:os-keypairs:delete']] },
    { rules: [['image', 'get_images']] },
    { rules: [['volume', 'volume:get_all']] },
    { rules: [['identity', 'identity:list_projects']] },
  ],
});

export const headersOf = (session: Cookies, json = false): Record<string, string> => ({
  Cookie: session.cookie,
  'X-CSRFToken': session.csrf,
  'X-Requested-With': 'XMLHttpRequest',
  ...(json && { 'Content-Type': 'application/json' }),
});

/** One request of a session's cycle. */
export interface Step {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** Reads only: the list routes, two details, the bootstrap and the policy batch. */
export const mixedSteps = (ids: Ids): Step[] => [
  ...[
    '/api/nova/keypairs/',
    '/api/nova/flavors/',
    `/api/nova/flavors/${ids.flavor}/`,
    '/api/glance/images/',
    `/api/glance/images/${ids.image}/`,
    '/api/nova/servergroups/',
    '/api/cinder/volumes/',
    '/api/bootstrap/',
  ].map((path): Step => ({ method: 'GET', path })),
  { method: 'POST', path: '/api/policy/batch/', body: POLICY_BATCH },
];

/** mixedSteps as an autocannon request list, each pass through it as the next session. */
export function mixedRequests(sessions: Cookies[], ids: Ids): autocannon.Request[] {
  let next = 0;
  return mixedSteps(ids).map((step, i): autocannon.Request => ({
    method: step.method,
    path: step.path,
    ...(step.body !== undefined && { body: step.body }),
    setupRequest: (request, raw) => {
      const context = raw as Context;
      if (i === 0 || !context.session) {
        context.session = sessions[next % sessions.length];
        next += 1;
      }
      return {
        ...request,
        headers: headersOf(context.session as Cookies, step.body !== undefined),
      };
    },
  }));
}

/** An OpenSSH Ed25519 public key line, so creating a key pair costs the cloud no key generation. */
function publicKeyLine(): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const x = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  const part = (data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, data]);
  };
  const blob = Buffer.concat([part(Buffer.from('ssh-ed25519')), part(x)]);
  return `ssh-ed25519 ${blob.toString('base64')} bench@skydeck`;
}

/**
 * Reads and writes: the reads above, then a key pair created, read and deleted, so the soak
 * also runs the CSRF check and the paths that change state (nothing accumulates in the cloud).
 */
export function soakRequests(sessions: Cookies[], ids: Ids): autocannon.Request[] {
  const key = publicKeyLine();
  let made = 0;
  const session = (raw: object): Cookies => (raw as Context).session as Cookies;
  const name = (raw: object): string => `soak-${(raw as Context).n ?? 0}`;
  return [
    ...mixedRequests(sessions, ids),
    {
      method: 'POST',
      path: '/api/nova/keypairs/',
      setupRequest: (request, raw) => {
        (raw as Context).n = made;
        made += 1;
        return {
          ...request,
          headers: headersOf(session(raw), true),
          body: JSON.stringify({ name: name(raw), public_key: key }),
        };
      },
    },
    {
      method: 'GET',
      path: '/api/nova/keypairs/',
      setupRequest: (request, raw) => ({
        ...request,
        path: `/api/nova/keypairs/${name(raw)}/`,
        headers: headersOf(session(raw)),
      }),
    },
    {
      method: 'DELETE',
      path: '/api/nova/keypairs/',
      setupRequest: (request, raw) => ({
        ...request,
        path: `/api/nova/keypairs/${name(raw)}/`,
        headers: headersOf(session(raw)),
      }),
    },
  ];
}
