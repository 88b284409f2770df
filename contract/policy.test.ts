import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, type UserSession } from '@skydeck/contract';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config/loadConfig';
import { SESSION_COOKIE } from '../server/src/plugins/session';
import { anonymousBrowser } from '../server/src/testing/buildTestApp';
import { session, target } from './support/session';
import type { UserKey } from './support/targets';

// Skydeck's /api/policy/ answers the question before the page asks the cloud (issue 8 §4: a
// page never calls what policy forbids). For identity:get_project with a page's { project_id }
// target, its answer must be Keystone's own: the server, signed in to this target, is asked
// for every seeded user and project, and each answer is compared with GET /v3/projects/{id}.

const GET_PROJECT = ['identity', 'identity:get_project'] as const;
const LIST_PROJECTS = ['identity', 'identity:list_projects'] as const;

let app: FastifyInstance;

beforeAll(async () => {
  const { authUrl, region } = target();
  const base = loadConfig({ env: { SKYDECK_LOG_LEVEL: 'silent' } });
  app = await buildApp(
    {
      ...base,
      cloud: { authUrl, regions: [region], interface: 'public', source: 'contract target' },
    },
    { logger: false },
  );
});

afterAll(async () => {
  await app.close();
});

const cookieValue = (response: LightMyRequestResponse, name: string): string | undefined =>
  (response.cookies as Array<{ name: string; value: string }>).find((c) => c.name === name)?.value;

interface Browser {
  headers: Record<string, string>;
  /** The project Skydeck scoped the session to (the user's default, or the first it has). */
  project: string;
}

/** Signs in to Skydeck as the login page does; the headers a browser then sends. */
async function signIn(user: UserKey): Promise<Browser> {
  const browser = await anonymousBrowser(app);
  const login = await app.inject({
    method: 'POST',
    url: '/auth/login/',
    headers: browser.headers,
    payload: { username: user, password: user },
  });
  expect(login.statusCode).toBe(200);
  const sessionId = cookieValue(login, SESSION_COOKIE);
  const csrf = cookieValue(login, CSRF_COOKIE);
  return {
    headers: {
      cookie: `${SESSION_COOKIE}=${sessionId ?? ''}; ${CSRF_COOKIE}=${csrf ?? ''}`,
      'x-csrftoken': csrf ?? '',
      'x-requested-with': 'XMLHttpRequest',
    },
    project: login.json<UserSession>().project_name,
  };
}

async function skydeckAllows(
  { headers }: Browser,
  checks: { rules: (readonly [string, string])[]; target?: Record<string, string> }[],
): Promise<boolean[]> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/policy/batch/',
    headers,
    payload: { checks },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ allowed: boolean[] }>().allowed;
}

/** Keystone's answer to a token of the same scope: true on 200, false on 403. */
async function keystoneAllows(user: UserKey, scope: string, projectId: string): Promise<boolean> {
  try {
    await (await session(user, scope)).client.keystone.getProject(projectId);
    return true;
  } catch (error) {
    if (error instanceof OpenStackHttpError && error.status === 403) return false;
    throw error;
  }
}

describe('skydeck policy: identity targets', () => {
  it('identity:get_project for { project_id } answers as Keystone does, for every user', async () => {
    const admin = await session('admin');
    const projects = (await admin.client.keystone.listProjects()).filter((p) =>
      ['admin', 'demo', 'alt_demo'].includes(p.name),
    );
    expect(projects.map((p) => p.name).sort()).toEqual(['admin', 'alt_demo', 'demo']);
    for (const user of ['admin', 'demo', 'reader'] as const) {
      const browser = await signIn(user);
      const ours = await skydeckAllows(
        browser,
        projects.map((p) => ({ rules: [GET_PROJECT], target: { project_id: p.id } })),
      );
      const theirs = await Promise.all(
        projects.map((p) => keystoneAllows(user, browser.project, p.id)),
      );
      const named = (answers: boolean[]) =>
        Object.fromEntries(projects.map((p, i) => [p.name, answers[i]]));
      const who = { user, scope: browser.project };
      expect({ ...who, ...named(ours) }).toEqual({ ...who, ...named(theirs) });
    }
  });

  it('identity:list_projects answers as GET /v3/projects does', async () => {
    for (const user of ['admin', 'demo', 'reader'] as const) {
      const browser = await signIn(user);
      const [ours] = await skydeckAllows(browser, [{ rules: [LIST_PROJECTS] }]);
      let theirs = true;
      try {
        await (await session(user, browser.project)).client.keystone.listProjects();
      } catch (error) {
        if (!(error instanceof OpenStackHttpError && error.status === 403)) throw error;
        theirs = false;
      }
      expect({ user, allowed: ours }).toEqual({ user, allowed: theirs });
    }
  });
});
