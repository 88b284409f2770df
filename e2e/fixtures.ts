import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import {
  authenticatePassword,
  createOpenStackClient,
  createServiceHttp,
  type AuthResult,
  type OpenStackClient,
  type ServiceHttp,
} from '@skydeck/openstack-client';
import { cloudAuthUrl } from './env';

export type DemoUser = 'admin' | 'demo' | 'reader';

export interface Credentials {
  username: string;
  password: string;
}

const credentialsOf = (user: DemoUser | Credentials): Credentials =>
  typeof user === 'string' ? { username: user, password: user } : user;

/** Signs in through the real login page, as a user would. */
export async function loginAs(page: Page, user: DemoUser | Credentials, next = ''): Promise<void> {
  const { username, password } = credentialsOf(user);
  await page.goto(`login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.getByRole('textbox', { name: 'User Name' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: `User menu: ${username}` })).toBeVisible();
}

/** A name no other test (or earlier run against a reused server) has used. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export interface HeldRequest {
  /** The first matching request, once the browser has sent it. */
  request: Promise<Request>;
  /** Lets every held request go on to the server. */
  release: () => void;
}

/**
 * Holds the page's requests to `url` (a glob) until released: to look at what the product and
 * the cloud show while a call is under way (an upload not yet sent, limits not yet loaded).
 */
export function holdRequests(page: Page, url: string): HeldRequest {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const request = new Promise<Request>((resolve) => {
    void page.route(url, async (route) => {
      resolve(route.request());
      await released;
      await route.continue();
    });
  });
  return { request, release };
}

export interface TempUser extends Credentials {
  id: string;
}

/**
 * The demo cloud, reached directly with @skydeck/openstack-client: to seed what a test needs
 * and to check what the product changed.
 */
export interface Cloud {
  /** admin, scoped to the admin project. */
  admin: OpenStackClient;
  /** A client acting as a demo user, scoped to its default project or the one named. */
  as: (user: DemoUser | Credentials, project?: string) => Promise<OpenStackClient>;
  /** Raw Keystone calls as admin, for writes the client does not offer (users, grants). */
  identity: ServiceHttp;
  projectId: (name: string) => Promise<string>;
  userId: (name: string) => Promise<string>;
  /**
   * A user of its own with one role on one project, removed after the test: for tests that
   * disable a user or take a role away, which must not disturb the shared demo users.
   */
  tempUser: (role: string, project: string) => Promise<TempUser>;
  /** Grants or revokes a role on a project (Keystone re-reads roles on every token use). */
  grant: (userId: string, role: string, project: string) => Promise<void>;
  revoke: (userId: string, role: string, project: string) => Promise<void>;
  setUserEnabled: (userId: string, enabled: boolean) => Promise<void>;
  /** Runs after the test, pass or fail (removes what the test created); errors are ignored. */
  cleanup: (task: () => Promise<unknown>) => void;
}

const clientOf = (auth: AuthResult): OpenStackClient =>
  createOpenStackClient({
    authUrl: cloudAuthUrl,
    token: auth.token,
    catalog: auth.body.catalog ?? [],
    region: 'RegionOne',
    projectId: auth.body.project?.id,
  });

async function signIn(user: Credentials, project?: string): Promise<AuthResult> {
  return authenticatePassword({
    authUrl: cloudAuthUrl,
    username: user.username,
    password: user.password,
    ...(project && { scope: { project: { name: project } } }),
  });
}

interface Fixtures {
  /** Fails the test on any CSP violation or uncaught page error (auto). */
  pageGuards: undefined;
  cloud: Cloud;
}

interface WorkerFixtures {
  adminAuth: AuthResult;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  pageGuards: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) {
          problems.push(`CSP: ${m.text()}`);
        }
      });
      // A script injected through data would most likely announce itself with a dialog.
      page.on('dialog', (dialog) => {
        problems.push(`dialog: ${dialog.type()} ${dialog.message()}`);
        void dialog.dismiss();
      });
      // Runs in the page; given as text so this file needs no DOM typings (the e2e workspace
      // compiles with the same libraries as the packages it imports).
      await page.addInitScript({
        content: `document.addEventListener('securitypolicyviolation', (e) => {
          console.error('Refused to load (CSP ' + e.violatedDirective + '): ' + e.blockedURI);
        });`,
      });
      // A page the server rendered is inert until the app has hydrated it (server spa.ts): a
      // test's next step waits for that as a user does, a fill included (which would otherwise
      // type into nothing).
      for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
        const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
        Object.assign(page, {
          [method]: async (...args: unknown[]) => {
            const answer = await original(...args);
            await page.locator('#root[inert]').waitFor({ state: 'detached' });
            return answer;
          },
        });
      }
      await use(undefined);
      expect(problems, problems.join('\n')).toEqual([]);
    },
    { auto: true },
  ],

  adminAuth: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(await signIn({ username: 'admin', password: 'admin' }, 'admin'));
    },
    { scope: 'worker' },
  ],

  cloud: async ({ adminAuth }, use) => {
    const admin = clientOf(adminAuth);
    const identity = createServiceHttp({
      service: 'identity',
      baseUrl: cloudAuthUrl,
      token: adminAuth.token,
    });
    const idOf = async (kind: 'projects' | 'users' | 'roles', name: string): Promise<string> => {
      const answer = await identity.json<Record<string, { id: string; name: string }[]>>({
        path: kind,
        query: { name },
      });
      const found = answer[kind]?.find((x) => x.name === name);
      if (!found) throw new Error(`No ${kind.slice(0, -1)} named ${name} in the demo cloud`);
      return found.id;
    };
    const assignment = async (
      method: 'PUT' | 'DELETE',
      userId: string,
      role: string,
      project: string,
    ): Promise<void> => {
      const [projectId, roleId] = await Promise.all([
        idOf('projects', project),
        idOf('roles', role),
      ]);
      await identity.raw({ method, path: `projects/${projectId}/users/${userId}/roles/${roleId}` });
    };
    const tasks: (() => Promise<unknown>)[] = [];

    const cloud: Cloud = {
      admin,
      as: async (user, project) => clientOf(await signIn(credentialsOf(user), project)),
      identity,
      projectId: (name) => idOf('projects', name),
      userId: (name) => idOf('users', name),
      grant: (userId, role, project) => assignment('PUT', userId, role, project),
      revoke: (userId, role, project) => assignment('DELETE', userId, role, project),
      cleanup: (task) => {
        tasks.push(task);
      },
      setUserEnabled: async (userId, enabled) => {
        await identity.json({
          method: 'PATCH',
          path: `users/${userId}`,
          json: { user: { enabled } },
        });
      },
      tempUser: async (role, project) => {
        const username = uniqueName('e2e-user');
        const password = randomUUID();
        const { user } = await identity.json<{ user: { id: string } }>({
          method: 'POST',
          path: 'users',
          json: {
            user: {
              name: username,
              password,
              domain_id: 'default',
              default_project_id: await idOf('projects', project),
              enabled: true,
            },
          },
        });
        tasks.push(() => identity.raw({ method: 'DELETE', path: `users/${user.id}` }));
        await assignment('PUT', user.id, role, project);
        return { id: user.id, username, password };
      },
    };
    await use(cloud);
    for (const task of tasks.reverse()) await task().catch(() => undefined);
  },
});

export { expect };
