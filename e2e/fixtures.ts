import { test as base, expect, type Page } from '@playwright/test';

export type DemoUser = 'admin' | 'demo' | 'reader';

/** Signs in through the real login page, as a user would. */
export async function loginAs(page: Page, user: DemoUser, next = ''): Promise<void> {
  await page.goto(`login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.getByRole('textbox', { name: 'User Name' }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill(user);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

interface Fixtures {
  /** Fails the test on any CSP violation or uncaught page error (auto). */
  pageGuards: undefined;
}

export const test = base.extend<Fixtures>({
  pageGuards: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) {
          problems.push(`CSP: ${m.text()}`);
        }
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI}`);
        });
      });
      await use(undefined);
      expect(problems, problems.join('\n')).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
