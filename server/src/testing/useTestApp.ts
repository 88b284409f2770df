import { afterAll, beforeAll } from 'vitest';
import type { BuildAppOptions } from '../app';
import type { AppConfig } from '../config/schema';
import { buildTestApp, type TestApp, type TestSession, type TestUser } from './buildTestApp';

export interface UseTestAppOptions {
  /** Config overrides, as for buildTestApp. */
  config?: Partial<AppConfig>;
  app?: BuildAppOptions;
}

/** The app (`t`) and one signed-in session per user asked for, named after the user. */
export type TestContext<U extends TestUser> = { t: TestApp } & { [K in U]: TestSession };

/**
 * The setup every route test file shares: a beforeAll that builds the app against a fresh demo
 * cloud (buildTestApp) and signs `users` in, and an afterAll that closes it all. Call it once at
 * the top of a file: `const { t, admin, demo } = useTestApp(['admin', 'demo']);`.
 *
 * The returned objects are filled in by that beforeAll, so they are read inside tests and later
 * hooks only (never at module level). Hooks a file registers after this call run after it.
 */
export function useTestApp<U extends TestUser = never>(
  users: readonly U[] = [],
  options: UseTestAppOptions = {},
): TestContext<U> {
  // Stand-ins handed out now and completed in place, so a file can destructure them once
  // instead of declaring `let` variables and assigning them in its own beforeAll.
  const t = {} as TestApp;
  const sessions = Object.fromEntries(users.map((user) => [user, {} as TestSession])) as {
    [K in U]: TestSession;
  };
  let built: TestApp | undefined;

  beforeAll(async () => {
    built = await buildTestApp(options.config, options.app);
    Object.assign(t, built);
    const signedIn = await Promise.all(users.map((user) => t.login(user)));
    users.forEach((user, i) => Object.assign(sessions[user], signedIn[i]));
  });

  afterAll(async () => {
    // Nothing to close when the build itself failed; that failure is the one to report.
    await built?.close();
  });

  return { t, ...sessions };
}
