import { expect } from 'vitest';
import type { Bootstrap, PolicyBatchBody, ServiceCatalog } from '@skydeck/contract';
import { computeCatalog, testSession } from './shell';
import { TEST_SETTINGS } from './panelTestKit';
import { renderPage, setEnvironmentSource } from '../entry-server';
import type { PageEnvironment } from '../api/environment';

/*
 * A server render in a test (entry-server.tsx): the request's environment as the server's page
 * renderer installs it, every policy check allowed, the given calls answered.
 */

const SESSION = testSession();

const bootstrap = (catalog: ServiceCatalog): Bootstrap =>
  ({
    session: SESSION,
    settings: TEST_SETTINGS,
    catalog,
    projects: { items: [] },
  }) as unknown as Bootstrap;

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

/** What the request brings besides its calls' answers. */
export interface RenderOptions {
  cookie?: string;
  /** The session's catalog: compute alone unless given. */
  catalog?: ServiceCatalog;
}

/**
 * The server's side of a render: the app's calls answered here, each one recorded. An extension
 * list not in `answers` is empty.
 */
function environment(
  answers: Record<string, () => Answer>,
  { cookie = 'csrftoken=tok', catalog = computeCatalog() }: RenderOptions,
): {
  env: PageEnvironment;
  calls: string[];
} {
  const calls: string[] = [];
  const env: PageEnvironment = {
    cookie: () => cookie,
    webRoot: () => '/',
    takeBootstrap: () => bootstrap(catalog),
    fetch: (async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(input, 'http://x').pathname;
      calls.push(`${method} ${path}`);
      if (method === 'POST' && path === '/api/policy/batch/') {
        const { checks } = JSON.parse(String(init?.body)) as PolicyBatchBody;
        expect(new Headers(init?.headers).get('X-CSRFToken')).toBe('tok');
        return Response.json({ allowed: checks.map(() => true) });
      }
      const answer =
        answers[`${method} ${path}`]?.() ??
        (method === 'GET' && path.endsWith('/extensions/')
          ? { status: 200, body: { items: [] } }
          : { status: 404, body: { message: 'no' } });
      return Response.json(answer.body ?? null, { status: answer.status });
    }) as typeof fetch,
  };
  return { env, calls };
}

/** renderPage(href) with the environment above installed, as the server's page renderer does. */
export async function renderOnServer(
  href: string,
  answers: Record<string, () => Answer>,
  options: RenderOptions = {},
) {
  const { env, calls } = environment(answers, options);
  setEnvironmentSource(() => env);
  try {
    return { page: await renderPage(href), calls };
  } finally {
    setEnvironmentSource(() => undefined);
  }
}
