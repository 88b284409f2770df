import { expect } from 'vitest';
import type { Bootstrap, PolicyBatchBody } from '@skydeck/contract';
import { computeCatalog, testSession } from './shell';
import { TEST_SETTINGS } from './panelTestKit';
import { renderPage, setEnvironmentSource } from '../entry-server';
import type { PageEnvironment } from '../api/environment';

/*
 * A server render in a test (entry-server.tsx): the request's environment as the server's page
 * renderer installs it, every policy check allowed, the given calls answered.
 */

const SESSION = testSession();
const CATALOG = computeCatalog();
const BOOTSTRAP = {
  session: SESSION,
  settings: TEST_SETTINGS,
  catalog: CATALOG,
  projects: { items: [] },
} as unknown as Bootstrap;

/** A key pair as the list route answers it. */
export const kp = (name: string) => ({
  name,
  type: 'ssh',
  fingerprint: `fp:${name}`,
  public_key: 'k',
});

export interface Answer {
  status: number;
  body?: unknown;
}

/** The server's side of a render: the app's calls answered here, each one recorded. */
function environment(
  answers: Record<string, () => Answer>,
  cookie = 'csrftoken=tok',
): {
  env: PageEnvironment;
  calls: string[];
} {
  const calls: string[] = [];
  const env: PageEnvironment = {
    cookie: () => cookie,
    webRoot: () => '/',
    takeBootstrap: () => BOOTSTRAP,
    fetch: (async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(input, 'http://x').pathname;
      calls.push(`${method} ${path}`);
      if (method === 'GET' && path.endsWith('/extensions/')) return Response.json([]);
      if (method === 'POST' && path === '/api/policy/batch/') {
        const { checks } = JSON.parse(String(init?.body)) as PolicyBatchBody;
        expect(new Headers(init?.headers).get('X-CSRFToken')).toBe('tok');
        return Response.json({ allowed: checks.map(() => true) });
      }
      const answer = answers[`${method} ${path}`]?.() ?? { status: 404, body: { message: 'no' } };
      return Response.json(answer.body ?? null, { status: answer.status });
    }) as typeof fetch,
  };
  return { env, calls };
}

/** renderPage(href) with the environment above installed, as the server's page renderer does. */
export async function renderOnServer(
  href: string,
  answers: Record<string, () => Answer>,
  cookie?: string,
) {
  const { env, calls } = environment(answers, cookie);
  setEnvironmentSource(() => env);
  try {
    return { page: await renderPage(href), calls };
  } finally {
    setEnvironmentSource(() => undefined);
  }
}
