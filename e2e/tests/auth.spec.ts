import type { Page } from '@playwright/test';
import { baseURL } from '../env';
import { expect, loginAs, test } from '../fixtures';
import { AppShell } from '../pages/AppShell';
import { LoginPage } from '../pages/LoginPage';
import { ResourcePanel } from '../pages/ResourcePanel';

const UNAUTHORIZED = 'Unauthorized. Redirecting to login';
const FORBIDDEN = 'Forbidden. Insufficient permissions of the requested operation';

const serverGroupsPanel = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/server_groups', title: 'Server Groups' });

test.describe('signing in', () => {
  test('the login page asks nothing that answers 401; a panel address signed out, little', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    await page.goto('login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(refused).toEqual([]);
    // A panel's address signed out: the bootstrap, and at most the list started beside it.
    await page.goto('project/key_pairs');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(refused.length).toBeLessThanOrEqual(2);
  });

  // Other panels join the sidebar as they are built; these are the skeleton's.
  for (const { user, admin } of [
    { user: 'admin', admin: true },
    { user: 'demo', admin: false },
    { user: 'reader', admin: false },
  ] as const) {
    test(`${user} sees the panels a${admin ? 'n admin' : ' non-admin'} may use`, async ({
      page,
    }) => {
      await loginAs(page, user);
      const shell = new AppShell(page);
      await expect(shell.navGroup('Project')).toBeVisible();
      await expect(shell.navLink('Key Pairs')).toBeVisible();
      await expect(shell.navLink('Server Groups')).toBeVisible();
      if (admin) {
        await expect(shell.navGroup('Admin')).toBeVisible();
        await expect(shell.navLink('Flavors')).toBeVisible();
      } else {
        await expect(shell.navGroup('Admin')).toHaveCount(0);
        await expect(shell.navLink('Flavors')).toHaveCount(0);
      }
      // The home page is the first panel the sidebar lists.
      const first = shell.sidebar.getByRole('link').first();
      const href = (await first.getAttribute('href')) ?? '';
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: await first.innerText() }),
      ).toBeVisible();
      await expect(shell.userMenu).toHaveAccessibleName(`User menu: ${user}`);
    });
  }

  test('a wrong password shows the server message and stays on the login page', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.submit('demo', 'not-the-password');
    await expect(login.error).toHaveText(/Invalid credentials\./);
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.heading).toBeVisible();
    // Still usable: the right password now gets in.
    await login.submit('demo', 'demo');
    await expect(new AppShell(page).userMenu).toBeVisible();
  });

  test('"next" brings the user to the page asked for', async ({ page }) => {
    await loginAs(page, 'demo', '/project/server_groups');
    await expect(page).toHaveURL(/\/project\/server_groups$/);
    await serverGroupsPanel(page).waitLoaded();
  });

  test('"next" never leaves the site', async ({ page }) => {
    await loginAs(page, 'demo', '//example.org/evil');
    await expect(new AppShell(page).userMenu).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);
  });

  test('a deep link without a session goes through the login page and back', async ({ page }) => {
    await page.goto('project/server_groups?q=web');
    await expect(page).toHaveURL(/\/login\?next=%2Fproject%2Fserver_groups%3Fq%3Dweb$/);
    const login = new LoginPage(page);
    await login.submit('demo', 'demo');
    await expect(page).toHaveURL(/\/project\/server_groups\?q=web$/);
    const panel = serverGroupsPanel(page);
    await panel.waitLoaded();
    await expect(panel.search).toHaveValue('web');
    await expect(panel.row('web-ha')).toBeVisible();
    await expect(panel.row('db-spread')).toHaveCount(0);
  });

  test('the site address itself leads to the login page, then into the app', async ({ page }) => {
    const response = await page.goto(baseURL);
    expect(response?.status()).toBe(200);
    const login = new LoginPage(page);
    await expect(login.heading).toBeVisible();
    await login.submit('demo', 'demo');
    await expect(new AppShell(page).userMenu).toBeVisible();
    expect(new URL(page.url()).pathname).not.toBe('/login');
  });

  test('signing out ends the session on the server too', async ({ page, request }) => {
    await loginAs(page, 'demo');
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'sessionid');
    expect(session, 'a session cookie').toBeDefined();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const oldCookie = `sessionid=${session?.value ?? ''}`;
    const asBefore = { headers: { cookie: oldCookie, 'x-requested-with': 'XMLHttpRequest' } };
    const before = await request.get('api/keystone/user-session/', asBefore);
    expect(before.status()).toBe(200);

    await new AppShell(page).signOut();
    await expect(page).toHaveURL(/\/login$/);
    await expect(new LoginPage(page).heading).toBeVisible();

    const after = await request.get('api/keystone/user-session/', asBefore);
    expect(after.status()).toBe(401);
    // And the app itself is signed out.
    await page.goto('project/key_pairs');
    await expect(page).toHaveURL(/\/login\?next=%2Fproject%2Fkey_pairs$/);
  });
});

test.describe('scope', () => {
  test('switching project changes the masthead and the data', async ({ page }) => {
    await loginAs(page, 'demo', '/project/server_groups');
    const shell = new AppShell(page);
    const panel = serverGroupsPanel(page);
    await panel.waitLoaded();
    await expect(shell.projectSwitcher).toHaveAccessibleName('Project: demo');
    await expect(panel.row('web-ha')).toBeVisible();

    await shell.switchProject('alt_demo');
    await panel.waitLoaded();
    await expect(panel.row('web-ha')).toHaveCount(0);
    await expect(panel.row('db-spread')).toHaveCount(0);

    // The session on the server follows: a reload stays in alt_demo.
    await page.reload();
    await panel.waitLoaded();
    await expect(shell.projectSwitcher).toHaveAccessibleName('Project: alt_demo');
    await expect(panel.row('web-ha')).toHaveCount(0);

    await shell.switchProject('demo');
    await expect(panel.row('web-ha')).toBeVisible();
  });

  test('switching region keeps the user signed in and lists from the new region', async ({
    page,
  }) => {
    await loginAs(page, 'demo', '/project/server_groups');
    const shell = new AppShell(page);
    const panel = serverGroupsPanel(page);
    await panel.waitLoaded();
    await expect(shell.regionSwitcher).toHaveAccessibleName('Region: RegionOne');
    await shell.switchRegion('RegionTwo');
    await panel.waitLoaded();
    // RegionTwo offers compute only: the compute panels stay.
    await expect(shell.navLink('Key Pairs')).toBeVisible();
    await expect(shell.navLink('Server Groups')).toBeVisible();
    await page.reload();
    await expect(shell.regionSwitcher).toHaveAccessibleName('Region: RegionTwo');
    await shell.switchRegion('RegionOne');
    await expect(panel.row('web-ha')).toBeVisible();
  });

  test('switching to a region without the panel lands on a panel it has', async ({ page }) => {
    await loginAs(page, 'demo', '/project/images');
    const shell = new AppShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible();
    await shell.switchRegion('RegionTwo');
    // RegionTwo has no image service: the first panel it offers (the compute overview, first
    // in the manifest), not "Page not found".
    await expect(page).not.toHaveURL(/\/project\/images/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /Overview|Instances|Key Pairs|Server Groups/,
    );
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await shell.switchRegion('RegionOne');
  });

  test('an admin panel tells a member it is not for them', async ({ page }) => {
    await loginAs(page, 'demo', '/admin/flavors');
    await expect(
      page.getByRole('heading', { level: 1, name: 'You are not authorized to see this page' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await expect(new AppShell(page).navLink('Key Pairs')).toBeVisible();
  });
});

test.describe('errors', () => {
  test('a token the cloud stops accepting → "Unauthorized" toast and forced logout', async ({
    page,
    cloud,
  }) => {
    const user = await cloud.tempUser('member', 'demo');
    await loginAs(page, user, '/project/key_pairs');
    const shell = new AppShell(page);
    await new ResourcePanel(page, { path: 'project/key_pairs', title: 'Key Pairs' }).waitLoaded();

    // Disabling the user invalidates its tokens; the cloud checks them on every call.
    await cloud.setUserEnabled(user.id, false);
    await shell.open('Server Groups');

    await shell.expectToast(UNAUTHORIZED, 'error');
    await expect(page).toHaveURL(/\/login\?next=%2Fproject%2Fserver_groups$/);
    await expect(new LoginPage(page).heading).toBeVisible();
    // The server ended the session as well.
    const session = await page.request.get('api/keystone/user-session/', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(session.status()).toBe(401);
  });

  test('a permission the cloud refuses → "Forbidden" toast, still signed in', async ({
    page,
    cloud,
  }) => {
    const user = await cloud.tempUser('member', 'demo');
    await loginAs(page, user, '/project/server_groups');
    const panel = serverGroupsPanel(page);
    await panel.waitLoaded();
    await panel.action('Create Server Group').click();
    const modal = panel.modal('Create Server Group');
    await modal.getByRole('textbox', { name: 'Name' }).fill('never-created');
    await modal.getByRole('combobox', { name: 'Policy' }).selectOption('affinity');

    // Behind the session's back the user becomes a reader: the page still offers Create, but
    // Nova now refuses it (os-server-groups:create needs member).
    await cloud.grant(user.id, 'reader', 'demo');
    await cloud.revoke(user.id, 'member', 'demo');
    await modal.getByRole('button', { name: 'Create Server Group' }).click();

    await panel.expectToast(FORBIDDEN, 'error');
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/project\/server_groups$/);
    await expect(panel.shell.userMenu).toBeVisible();
    await expect(panel.row('never-created')).toHaveCount(0);
    // Still signed in: the next call works.
    await page.reload();
    await panel.waitLoaded();
    await expect(panel.row('web-ha')).toBeVisible();
  });

  for (const path of [
    'not_found',
    'ngdetails/OS::Nova::Keypair',
    'ngdetails/OS::Nova::Unknown/x',
    'project/no_such_panel',
  ]) {
    test(`/${path} shows the not-found page`, async ({ page }) => {
      await loginAs(page, 'demo');
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      if (path.startsWith('ngdetails')) await expect(page).toHaveURL(/\/not_found$/);
      // Inside the shell: the user can go on from there.
      await expect(new AppShell(page).navLink('Key Pairs')).toBeVisible();
    });
  }

  test('a details page of an item that does not exist goes to not_found', async ({ page }) => {
    await loginAs(page, 'demo');
    await page.goto('ngdetails/OS::Nova::Keypair/no-such-key');
    await expect(page).toHaveURL(/\/not_found$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the masthead fits; choosing a panel closes the sidebar', async ({ page }) => {
    await loginAs(page, 'demo', '/project/key_pairs');
    const shell = new AppShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Key Pairs' })).toBeVisible();
    await page.screenshot({ path: '/tmp/e2e-shots/phone-masthead.png' });
    // Nothing sticks out of the masthead: the switchers and the user menu are all in sight.
    const overflow = await page
      .locator('.pf-v6-c-masthead')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const control of [shell.projectSwitcher, shell.regionSwitcher, shell.userMenu]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    await page.getByRole('button', { name: 'Global navigation' }).click();
    await expect(shell.sidebar).toBeInViewport();
    await page.screenshot({ path: '/tmp/e2e-shots/phone-sidebar-open.png' });
    await shell.open('Images');
    await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible();
    await expect(shell.sidebar).not.toBeInViewport();
    await page.screenshot({ path: '/tmp/e2e-shots/phone-after-navigation.png' });
  });
});

test('the HTML page carries the security headers', async ({ request }) => {
  for (const path of ['login', 'project/key_pairs']) {
    const answer = await request.get(path);
    expect(answer.status()).toBe(200);
    const headers = answer.headers();
    expect(headers['content-type']).toMatch(/^text\/html/);
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();
  }
});
