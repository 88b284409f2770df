import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, type UserSession } from '@skydeck/contract';
import { authenticatePassword } from '@skydeck/openstack-client';
import { startDemoCloud, type RunningDemoCloud } from '@skydeck/demo-cloud';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig } from '../config/loadConfig';
import type { AppConfig } from '../config/schema';
import { PRESESSION_COOKIE } from '../plugins/csrf';
import { SESSION_COOKIE } from '../plugins/session';

export type TestUser = 'admin' | 'demo' | 'reader';

/** A signed-in browser: pass `headers` to inject() to act as it. */
export interface TestSession {
  sessionId: string;
  csrf: string;
  /** cookie, X-CSRFToken and X-Requested-With, as the web app sends them. */
  headers: Record<string, string>;
  user: UserSession;
}

export interface TestApp {
  app: FastifyInstance;
  cloud: RunningDemoCloud;
  config: AppConfig;
  /** Signs in through POST /auth/login/ like the login page does. */
  login(user: TestUser | { username: string; password: string }): Promise<TestSession>;
  /** The Keystone token behind a session (tests only: it must never reach a browser). */
  tokenOf(session: TestSession): Promise<string>;
  /**
   * Calls the demo cloud's Keystone as admin (path under the identity URL, e.g. `/users`), to set
   * up what the seed does not have; throws on a failure. Answers the parsed JSON.
   */
  keystoneAsAdmin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** inject() with the session's headers merged in. */
  as(session: TestSession, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const cookieValue = (response: LightMyRequestResponse, name: string): string | undefined =>
  (response.cookies as Array<{ name: string; value: string }>).find((c) => c.name === name)?.value;

/** A browser before sign-in: its cookies, CSRF token, and the headers to post with them. */
export interface AnonymousBrowser {
  csrf: string;
  cookie: string;
  /** cookie and X-CSRFToken. */
  headers: Record<string, string>;
}

/**
 * What a browser holds after opening the login page: the pre-session id and the CSRF token
 * bound to it (plugins/csrf.ts), from GET {webroot}auth/options/.
 */
export const anonymousBrowser = async (
  app: FastifyInstance,
  webroot = '/',
): Promise<AnonymousBrowser> => {
  const options = await app.inject({ method: 'GET', url: `${webroot}auth/options/` });
  const csrf = cookieValue(options, CSRF_COOKIE);
  const presession = cookieValue(options, PRESESSION_COOKIE);
  if (!csrf || !presession) {
    throw new Error('GET /auth/options/ did not set the csrftoken and presessionid cookies');
  }
  const cookie = `${PRESESSION_COOKIE}=${presession}; ${CSRF_COOKIE}=${csrf}`;
  return { csrf, cookie, headers: { cookie, 'x-csrftoken': csrf } };
};

/**
 * A demo cloud on an ephemeral port (fresh data in a temp dir) and the app built against it.
 * One per test file: start it in beforeAll, close() it in afterAll.
 */
export const buildTestApp = async (
  overrides: Partial<AppConfig> = {},
  options: BuildAppOptions = {},
): Promise<TestApp> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'skydeck-server-test-'));
  const cloud = await startDemoCloud({ dataDir, port: 0, reset: true });
  const base = loadConfig({ env: { SKYDECK_LOG_LEVEL: 'silent' } });
  const config: AppConfig = {
    ...base,
    cloud: {
      authUrl: cloud.authUrl,
      regions: ['RegionOne', 'RegionTwo'],
      interface: 'public',
      source: 'test demo cloud',
    },
    ...overrides,
  };
  const app = await buildApp(config, { logger: false, ...options });

  const login = async (
    user: TestUser | { username: string; password: string },
  ): Promise<TestSession> => {
    const creds = typeof user === 'string' ? { username: user, password: user } : user;
    const browser = await anonymousBrowser(app, config.webroot);
    const response = await app.inject({
      method: 'POST',
      url: `${config.webroot}auth/login/`,
      headers: browser.headers,
      payload: creds,
    });
    if (response.statusCode !== 200) {
      throw new Error(`login as ${creds.username} failed: ${response.statusCode} ${response.body}`);
    }
    const sessionId = cookieValue(response, SESSION_COOKIE);
    const csrf = cookieValue(response, CSRF_COOKIE);
    if (!sessionId || !csrf) throw new Error('login did not set the session and csrf cookies');
    return {
      sessionId,
      csrf,
      headers: {
        cookie: `${SESSION_COOKIE}=${sessionId}; ${CSRF_COOKIE}=${csrf}`,
        'x-csrftoken': csrf,
        'x-requested-with': 'XMLHttpRequest',
      },
      user: response.json<UserSession>(),
    };
  };

  const keystoneAsAdmin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const { token } = await authenticatePassword({
      authUrl: cloud.authUrl,
      username: 'admin',
      password: 'admin',
      scope: { project: { name: 'admin' } },
    });
    const res = await fetch(`${cloud.authUrl}${path}`, {
      method,
      headers: { 'x-auth-token': token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };

  return {
    app,
    cloud,
    config,
    login,
    keystoneAsAdmin,
    tokenOf: async (session) => {
      const data = await app.sessionStore.get(session.sessionId);
      if (!data) throw new Error('no such session');
      return data.token;
    },
    as: (session, injectOptions) =>
      app.inject({
        ...injectOptions,
        headers: { ...session.headers, ...(injectOptions.headers ?? {}) },
      }),
    close: async () => {
      await app.close();
      await cloud.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
