import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { AppShell } from '../pages/AppShell';
import { LoginPage } from '../pages/LoginPage';

// This server runs with SKYDECK_MULTIDOMAIN=true (env.ts variantSettings): the login page has a
// Domain field, and the user name is looked up in the domain it names.

interface DomainUser {
  domain: string;
  project: string;
  username: string;
  password: string;
}

/**
 * A domain with one project and one user holding the member role on it (no default project:
 * the server picks the project the user may use), all removed after the test.
 */
async function domainWithUser(cloud: Cloud): Promise<DomainUser> {
  const ks = cloud.admin.keystone;
  const domain = await ks.createDomain({ name: uniqueName('e2e-dom') });
  cloud.cleanup(async () => {
    for (const u of await ks.listUsers({ domain_id: domain.id })) await ks.deleteUser(u.id);
    for (const p of await ks.listProjects({ domain_id: domain.id })) await ks.deleteProject(p.id);
    // Keystone deletes only a disabled domain.
    await ks.updateDomain(domain.id, { enabled: false });
    await ks.deleteDomain(domain.id);
  });
  const project = await ks.createProject({ name: uniqueName('e2e-dom-p'), domain_id: domain.id });
  const password = uniqueName('pw');
  const user = await ks.createUser({
    name: uniqueName('e2e-dom-u'),
    domain_id: domain.id,
    password,
    enabled: true,
  });
  await cloud.grant(user.id, 'member', project.name);
  return { domain: domain.name, project: project.name, username: user.name, password };
}

/** Who the server says is signed in (the page's own session cookie). */
async function userSession(page: Page): Promise<Record<string, unknown>> {
  const answer = await page.request.get('api/keystone/user-session/', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

test.describe('multi-domain sign-in', () => {
  test('a user of a new domain signs in with that domain; the wrong domain is refused', async ({
    page,
    cloud,
  }) => {
    const who = await domainWithUser(cloud);
    const login = new LoginPage(page);
    await login.goto();
    // The field starts at the default domain, where this user name does not exist.
    await expect(login.domain).toHaveValue('Default');
    await login.submit(who.username, who.password);
    await expect(login.error).toHaveText(/Invalid credentials\./);
    await expect(page).toHaveURL(/\/login$/);

    await login.domain.fill(who.domain);
    await page.screenshot({ path: 'test-results/login-domain.png', animations: 'disabled' });
    await login.signIn.click();
    const shell = new AppShell(page);
    await expect(shell.userMenu).toHaveAccessibleName(`User menu: ${who.username}`);
    // Scoped to the only project the user holds a role on, which lives in the new domain.
    await expect(shell.projectSwitcher).toHaveAccessibleName(`Project: ${who.project}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).not.toBe('/login');
    const session = await userSession(page);
    expect(session).toMatchObject({
      username: who.username,
      user_domain_name: who.domain,
      project_name: who.project,
      is_superuser: false,
    });
    // The user menu's openrc signs the CLI in to the same domain and project.
    const download = page.waitForEvent('download');
    await shell.userMenu.click();
    await page.getByRole('menuitem', { name: 'Download OpenStack RC File' }).click();
    const rc = await readFile(await (await download).path(), 'utf8');
    expect(rc).toContain(`export OS_USER_DOMAIN_NAME='${who.domain}'`);
    expect(rc).toContain(`export OS_PROJECT_NAME='${who.project}'`);
    // Whether or not the download closed the menu, Escape leaves it closed for the sign-out.
    await page.keyboard.press('Escape');

    await shell.signOut();
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.heading).toBeVisible();
  });

  test('a Default-domain user signs in with the Domain field left as it is', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.domain).toHaveValue('Default');
    await loginAs(page, 'demo');
    expect(await userSession(page)).toMatchObject({
      username: 'demo',
      user_domain_name: 'Default',
    });
  });
});
