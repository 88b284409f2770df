/** What the Chromium benchmarks share: the browser, a signed-in context, medians. */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { login } from './common';

/** Debian's Chromium (CHROMIUM_PATH overrides), headless, as the e2e tests run it. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

/**
 * A browser context signed in as `user` through the server's own login (its cookies, no login
 * page), with `initScript` run in every page before the app's scripts: the in-page probes.
 */
export async function signedInContext(
  browser: Browser,
  base: string,
  user: string,
  initScript?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const session = await login(base, user);
  await context.addCookies(
    session.cookie.split('; ').map((c) => {
      const [name, value] = c.split('=');
      return { name: name ?? '', value: value ?? '', url: base };
    }),
  );
  if (initScript) await context.addInitScript({ content: initScript });
  return context;
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
