import type { Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

const projects = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'identity/projects', title: 'Projects' });

test.describe('identity as admin', () => {
  test('creates a project with two members, one holding two roles, then deletes it', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('e2e-proj');
    cloud.cleanup(async () => {
      const found = (await cloud.admin.keystone.listProjects({ name }))[0];
      if (found) await cloud.admin.keystone.deleteProject(found.id);
    });
    await loginAs(page, 'admin', '/identity/projects');
    const panel = projects(page);
    await panel.waitLoaded();
    await page.screenshot({ path: 'test-results/identity-projects.png' });
    await panel.action('Create Project').click();
    const wizard = page.getByRole('dialog', { name: 'Create Project' });
    await wizard.getByRole('textbox', { name: 'Name' }).fill(name);
    await wizard.getByRole('button', { name: 'Project Members' }).click();
    await wizard.getByRole('textbox', { name: 'Filter users by name' }).fill('demo');
    await wizard.getByRole('button', { name: 'Add demo', exact: true }).click();
    await wizard.getByRole('textbox', { name: 'Filter users by name' }).fill('reader');
    await wizard.getByRole('button', { name: 'Add reader', exact: true }).click();
    await wizard.getByRole('checkbox', { name: 'reader role of demo' }).check();
    await wizard.getByRole('checkbox', { name: 'member role of reader' }).uncheck();
    await expect(wizard.getByText('No roles')).toBeVisible();
    await wizard.getByRole('checkbox', { name: 'reader role of reader' }).check();
    await page.screenshot({ path: 'test-results/identity-project-members.png' });
    // The Quotas step comes last: the defaults are kept.
    await wizard.getByRole('button', { name: 'Quotas', exact: true }).click();
    await wizard.getByRole('button', { name: 'Create Project', exact: true }).click();
    await expect(wizard).toBeHidden();
    await panel.expectToast(`Created new project "${name}".`);

    const project = (await cloud.admin.keystone.listProjects({ name }))[0];
    expect(project).toBeDefined();
    const assignments = await cloud.admin.keystone.listRoleAssignments({
      'scope.project.id': project?.id ?? '',
      include_names: true,
    });
    const held = assignments.map((a) => `${a.user?.name} ${a.role.name}`).sort();
    expect(held).toEqual(['demo member', 'demo reader', 'reader reader']);

    await panel.filter('Name', name);
    await expect(panel.row(name)).toBeVisible();
    await panel.rowAction(name, 'Delete Project');
    await panel.confirm('Confirm Delete Project', 'Delete Project');
    await expect(panel.row(name)).toHaveCount(0);
  });

  test('creates a user with a primary project and role, who then signs in', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('e2e-user');
    const projectName = uniqueName('e2e-home');
    const home = await cloud.admin.keystone.createProject({ name: projectName });
    cloud.cleanup(() => cloud.admin.keystone.deleteProject(home.id));
    cloud.cleanup(async () => {
      const found = (await cloud.admin.keystone.listUsers({ name }))[0];
      if (found) await cloud.admin.keystone.deleteUser(found.id);
    });
    await loginAs(page, 'admin', '/identity/users');
    const panel = new ResourcePanel(page, { path: 'identity/users', title: 'Users' });
    await panel.waitLoaded();
    await panel.action('Create User').click();
    const modal = panel.modal('Create User');
    await modal.getByRole('textbox', { name: 'User Name' }).fill(name);
    await modal.getByRole('textbox', { name: 'Email' }).fill(`${name}@example.com`);
    await modal.getByRole('textbox', { name: 'Password', exact: true }).fill('pass-one-1');
    await modal.getByRole('textbox', { name: 'Confirm Password' }).fill('pass-one-2');
    await modal.getByRole('textbox', { name: 'Confirm Password' }).blur();
    await expect(modal.getByText('Passwords do not match.')).toBeVisible();
    await modal.getByRole('textbox', { name: 'Confirm Password' }).fill('pass-one-1');
    await modal.getByRole('combobox', { name: 'Primary Project' }).selectOption(projectName);
    await page.screenshot({ path: 'test-results/identity-create-user.png' });
    await modal.getByRole('button', { name: 'Create User', exact: true }).click();
    await expect(modal).toBeHidden();
    await panel.expectToast(`User "${name}" was successfully created.`);
    await panel.filter('Name', name);
    await expect(panel.row(name)).toBeVisible();
    await expect(
      panel.row(name).getByRole('link', { name: `${name}@example.com` }),
    ).toHaveAttribute('href', `mailto:${name}@example.com`);
    await page.screenshot({ path: 'test-results/identity-users.png' });

    await page.context().clearCookies();
    await loginAs(page, { username: name, password: 'pass-one-1' });
    await expect(page.getByRole('button', { name: new RegExp(projectName) }).first()).toBeVisible();
  });

  test('creates a domain, refuses to delete it while enabled, disables and deletes it', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('e2e-dom');
    cloud.cleanup(async () => {
      const found = (await cloud.admin.keystone.listDomains({ name }))[0];
      if (!found) return;
      await cloud.admin.keystone.updateDomain(found.id, { enabled: false });
      await cloud.admin.keystone.deleteDomain(found.id);
    });
    await loginAs(page, 'admin', '/identity/domains');
    const panel = new ResourcePanel(page, { path: 'identity/domains', title: 'Domains' });
    await panel.waitLoaded();
    await panel.action('Create Domain').click();
    const modal = panel.modal('Create Domain');
    await modal.getByRole('textbox', { name: 'Name' }).fill(name);
    await modal.getByRole('button', { name: 'Create Domain', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(panel.row(name)).toBeVisible();
    await page.screenshot({ path: 'test-results/identity-domains.png' });
    await panel.batchAction([name], 'Delete Domains');
    await panel.expectToast(`You are not allowed to delete domains: ${name}`, 'warning');
    await panel.rowAction(name, 'Disable Domain');
    await panel.modal('Disable Domain').getByRole('button', { name: 'Disable Domain' }).click();
    await expect(panel.row(name).getByText('No', { exact: true })).toBeVisible();
    await panel.rowAction(name, 'Delete Domain');
    await panel.confirm('Confirm Delete Domain', 'Delete Domain');
    await expect(panel.row(name)).toHaveCount(0);
  });

  test('refuses a second role of the same name', async ({ page }) => {
    await loginAs(page, 'admin', '/identity/roles');
    const panel = new ResourcePanel(page, { path: 'identity/roles', title: 'Roles' });
    await panel.waitLoaded();
    await panel.action('Create Role').click();
    const modal = panel.modal('Create Role');
    await modal.getByRole('textbox', { name: 'Role Name' }).fill('Member');
    await modal.getByRole('textbox', { name: 'Role Name' }).blur();
    await expect(modal.getByText('Role already exists.')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Create Role', exact: true })).toBeDisabled();
    await page.screenshot({ path: 'test-results/identity-roles.png' });
  });
});

test.describe('identity: quotas', () => {
  test('Nova refuses a limit below what the project uses, and the modal says why', async ({
    page,
  }) => {
    // The demo project always runs its seeded instance web-1: zero instances is below that.
    await loginAs(page, 'admin', '/identity/projects');
    const panel = projects(page);
    await panel.waitLoaded();
    await panel.rowAction('demo', 'Modify Quotas');
    const quotas = panel.modal('Modify Quotas of demo');
    const instances = quotas.getByRole('textbox', { name: 'Instances' });
    await expect(instances).not.toHaveValue('');
    const before = await instances.inputValue();
    await instances.fill('0');
    await quotas.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      quotas.getByText(/Quota limit 0 for instances must be greater than or equal to already used/),
    ).toBeVisible();
    // Nothing changed: the modal stays open for another value, the limit is as it was.
    await quotas.getByRole('button', { name: 'Cancel' }).click();
    await panel.rowAction('demo', 'Modify Quotas');
    await expect(
      panel.modal('Modify Quotas of demo').getByRole('textbox', { name: 'Instances' }),
    ).toHaveValue(before);
  });
});

test.describe('identity: groups', () => {
  test('creates a group, adds and removes a member, and deletes it', async ({ page, cloud }) => {
    const name = uniqueName('e2e-group');
    cloud.cleanup(async () => {
      const found = (await cloud.admin.keystone.listGroups({ name }))[0];
      if (found) await cloud.admin.keystone.deleteGroup(found.id);
    });
    await loginAs(page, 'admin', '/identity/groups');
    const panel = new ResourcePanel(page, { path: 'identity/groups', title: 'Groups' });
    await panel.waitLoaded();
    await panel.action('Create Group').click();
    const modal = panel.modal('Create Group');
    await modal.getByRole('textbox', { name: 'Name' }).fill(name);
    await modal.getByRole('button', { name: 'Create Group', exact: true }).click();
    await expect(modal).toBeHidden();
    await panel.expectToast(`Group "${name}" was successfully created.`);

    await panel.rowAction(name, 'Manage Members');
    const members = panel.modal(`Manage Members of ${name}`);
    await members.getByRole('textbox', { name: 'Filter users by name' }).fill('demo');
    await members.getByRole('button', { name: 'Add demo', exact: true }).click();
    await page.screenshot({ path: 'test-results/identity-group-members.png' });
    await members.getByRole('button', { name: 'Save' }).click();
    await expect(members).toBeHidden();
    const group = (await cloud.admin.keystone.listGroups({ name }))[0];
    const inGroup = async (): Promise<string[]> =>
      (await cloud.admin.keystone.listGroupUsers(group?.id ?? '')).map((u) => u.name);
    expect(await inGroup()).toEqual(['demo']);

    await panel.rowAction(name, 'Manage Members');
    await members.getByRole('button', { name: 'Remove demo', exact: true }).click();
    await members.getByRole('button', { name: 'Save' }).click();
    await expect(members).toBeHidden();
    expect(await inGroup()).toEqual([]);

    await panel.rowAction(name, 'Delete Group');
    await panel.confirm('Confirm Delete Group', 'Delete Group');
    await expect(panel.row(name)).toHaveCount(0);
  });
});

test.describe('identity as a member', () => {
  test('shows no Identity admin panels, and the API refuses', async ({ page }) => {
    await loginAs(page, 'demo');
    await expect(page.getByRole('link', { name: 'Projects', exact: true })).toHaveCount(0);
    // Signed in with the page's cookies: the server passes Keystone's refusal on.
    const res = await page.request.get('api/keystone/projects/', { failOnStatusCode: false });
    expect(res.status()).toBe(403);
  });
});

test.describe('the signed-in user', () => {
  test('changes their own password and signs in with it', async ({ page, cloud }) => {
    const user = await cloud.tempUser('member', 'demo');
    await loginAs(page, user);
    const menu = page.getByRole('button', { name: `User menu: ${user.username}` });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const modal = page.getByRole('dialog', { name: 'Change Password' });
    await modal.getByRole('textbox', { name: 'Current password' }).fill('wrong-one');
    await modal.getByRole('textbox', { name: 'New password', exact: true }).fill('new-pass-9');
    await modal.getByRole('textbox', { name: 'Confirm new password' }).fill('new-pass-9');
    await modal.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(modal.getByText('The current password is incorrect.')).toBeVisible();
    await modal.getByRole('textbox', { name: 'Current password' }).fill(user.password);
    await modal.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(page.getByText('User password has been updated successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await loginAs(page, { username: user.username, password: 'new-pass-9' });
  });
});
