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
