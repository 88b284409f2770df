import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { AppShell } from '../pages/AppShell';
import { LoginPage } from '../pages/LoginPage';
import { ResourcePanel } from '../pages/ResourcePanel';

const projects = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'identity/projects', title: 'Projects' });

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

  // The whole identity flow of issue 12, here because only this server has the Domain field.
  test('in a domain context, creates a project with two members and quotas, a user in it, and signs in as that user', async ({
    page,
    cloud,
  }) => {
    const ks = cloud.admin.keystone;
    const domain = await ks.createDomain({ name: uniqueName('e2e-ctx') });
    const other = await ks.createUser({
      name: uniqueName('e2e-ctx-b'),
      domain_id: domain.id,
      password: 'pass-ctx-b',
      enabled: true,
    });
    const second = await ks.createUser({
      name: uniqueName('e2e-ctx-c'),
      domain_id: domain.id,
      password: 'pass-ctx-c',
      enabled: true,
    });
    const userName = uniqueName('e2e-ctx-a');
    const projectName = uniqueName('e2e-ctx-p');
    cloud.cleanup(async () => {
      for (const u of await ks.listUsers({ domain_id: domain.id })) await ks.deleteUser(u.id);
      for (const p of await ks.listProjects({ domain_id: domain.id })) await ks.deleteProject(p.id);
      await ks.updateDomain(domain.id, { enabled: false });
      await ks.deleteDomain(domain.id);
    });

    await loginAs(page, 'admin', '/identity/domains');
    const domains = new ResourcePanel(page, { path: 'identity/domains', title: 'Domains' });
    await domains.waitLoaded();
    await domains.rowAction(domain.name, 'Set Domain Context');
    await domains
      .modal('Set Domain Context')
      .getByRole('button', { name: 'Set Domain Context' })
      .click();
    await domains.expectToast(`Domain context updated to Domain ${domain.name}.`);
    // The masthead says so on every page until it is cleared.
    const banner = page.getByRole('banner');
    await expect(banner.getByText(`Domain: ${domain.name}`)).toBeVisible();

    // The projects table lists that domain's projects only, and a new project goes in it.
    await page.goto('identity/projects');
    const panel = projects(page);
    await panel.waitLoaded();
    await expect(panel.row('admin')).toHaveCount(0);
    await expect(banner.getByText(`Domain: ${domain.name}`)).toBeVisible();
    await page.screenshot({ path: 'test-results/identity-domain-context.png' });
    await panel.action('Create Project').click();
    const wizard = page.getByRole('dialog', { name: 'Create Project' });
    await wizard.getByRole('textbox', { name: 'Name' }).fill(projectName);
    await wizard.getByRole('button', { name: 'Project Members' }).click();
    for (const member of [other.name, second.name]) {
      await wizard.getByRole('textbox', { name: 'Filter users by name' }).fill(member);
      await wizard.getByRole('button', { name: `Add ${member}`, exact: true }).click();
    }
    await wizard.getByRole('button', { name: 'Quotas', exact: true }).click();
    const instances = wizard.getByRole('textbox', { name: 'Instances' });
    await instances.fill('-2');
    await expect(wizard.getByText('Enter a whole number, -1 for unlimited.').nth(1)).toBeVisible();
    await instances.fill('7');
    await wizard.getByRole('textbox', { name: 'Networks' }).fill('3');
    await page.screenshot({ path: 'test-results/identity-project-quotas.png' });
    await wizard.getByRole('button', { name: 'Create Project', exact: true }).click();
    await expect(wizard).toBeHidden();

    const project = (await ks.listProjects({ name: projectName }))[0];
    expect(project?.domain_id).toBe(domain.id);
    const held = await ks.listRoleAssignments({
      'scope.project.id': project?.id ?? '',
      include_names: true,
    });
    expect(held.map((a) => a.user?.name).sort()).toEqual([other.name, second.name].sort());

    // The users table now lists that domain's users, and a new user goes in it.
    await page.goto('identity/users');
    const users = new ResourcePanel(page, { path: 'identity/users', title: 'Users' });
    await users.waitLoaded();
    await expect(users.row(other.name)).toBeVisible();
    await expect(users.row('admin')).toHaveCount(0);
    await users.action('Create User').click();
    const create = users.modal('Create User');
    await create.getByRole('textbox', { name: 'User Name' }).fill(userName);
    await create.getByRole('textbox', { name: 'Password', exact: true }).fill('pass-ctx-a');
    await create.getByRole('textbox', { name: 'Confirm Password' }).fill('pass-ctx-a');
    // The project list is the context's too: the new project is there to choose.
    await create.getByRole('combobox', { name: 'Primary Project' }).selectOption(projectName);
    await create.getByRole('button', { name: 'Create User', exact: true }).click();
    await expect(create).toBeHidden();
    await expect(users.row(userName)).toBeVisible();
    const me = (await ks.listUsers({ name: userName, domain_id: domain.id }))[0];
    expect(me?.default_project_id).toBe(project?.id);
    await page.goto('identity/projects');
    await panel.waitLoaded();

    // Modify Quotas reads the project's own limits back.
    await expect(panel.row(projectName)).toBeVisible();
    await panel.rowAction(projectName, 'Modify Quotas');
    const quotas = panel.modal(`Modify Quotas of ${projectName}`);
    await expect(quotas.getByRole('textbox', { name: 'Instances' })).toHaveValue('7');
    await expect(quotas.getByRole('textbox', { name: 'Networks' })).toHaveValue('3');
    await quotas.getByRole('button', { name: 'Cancel' }).click();

    await panel.action('Clear Domain Context').click();
    const clear = panel.modal('Clear Domain Context');
    await expect(clear.getByText(domain.name)).toBeVisible();
    await clear.getByRole('button', { name: 'Clear Domain Context' }).click();
    await panel.expectToast('Domain context cleared.');
    await expect(panel.row('admin')).toBeVisible();
    await expect(banner.getByText(`Domain: ${domain.name}`)).toBeHidden();

    // Sign in as the user made here, in its domain: it lands in the project made here.
    const shell = new AppShell(page);
    await shell.signOut();
    const login = new LoginPage(page);
    await expect(login.heading).toBeVisible();
    await login.domain.fill(domain.name);
    await login.submit(userName, 'pass-ctx-a');
    await expect(shell.userMenu).toHaveAccessibleName(`User menu: ${userName}`);
    await expect(shell.projectSwitcher).toHaveAccessibleName(`Project: ${projectName}`);
    expect(await userSession(page)).toMatchObject({
      username: userName,
      user_domain_name: domain.name,
      project_name: projectName,
    });
  });
});
