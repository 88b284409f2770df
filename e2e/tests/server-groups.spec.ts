import type { Page } from '@playwright/test';
import { OpenStackHttpError, type OpenStackClient } from '@skydeck/openstack-client';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { ResourcePanel, expectFieldError } from '../pages/ResourcePanel';

const serverGroups = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/server_groups', title: 'Server Groups' });

const POLICIES = [
  { label: 'Affinity', value: 'affinity' },
  { label: 'Anti Affinity', value: 'anti-affinity' },
  { label: 'Soft Affinity', value: 'soft-affinity' },
  { label: 'Soft Anti Affinity', value: 'soft-anti-affinity' },
] as const;

async function groupNamed(
  demo: OpenStackClient,
  name: string,
): Promise<{ id: string; policy: string } | undefined> {
  return (await demo.nova.serverGroups.list()).find((g) => g.name === name);
}

/** Deletes the demo project's groups of that name after the test, if any are left. */
function removeLater(cloud: Cloud, name: string): void {
  cloud.cleanup(async () => {
    const demo = await cloud.as('demo');
    for (const group of await demo.nova.serverGroups.list()) {
      if (group.name === name) await demo.nova.serverGroups.delete(group.id);
    }
  });
}

test.describe('server groups as demo', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'demo', '/project/server_groups');
    await serverGroups(page).waitLoaded();
  });

  test('lists the seeded groups with the spec columns', async ({ page, cloud }) => {
    const panel = serverGroups(page);
    expect(await panel.columnTitles()).toEqual(['Name', 'ID', 'Policy']);
    const demo = await cloud.as('demo');
    for (const [name, policy] of [
      ['web-ha', 'affinity'],
      ['db-spread', 'anti-affinity'],
    ] as const) {
      const group = await groupNamed(demo, name);
      await expect(panel.row(name)).toBeVisible();
      expect(await panel.cell(name, 'ID')).toBe(group?.id);
      expect(await panel.cell(name, 'Policy')).toBe(policy);
    }
    await expect(panel.columnHeader('Name')).toHaveAttribute('aria-sort', 'ascending');
  });

  test('offers every policy the cloud supports, soft ones included', async ({ page }) => {
    const panel = serverGroups(page);
    await panel.action('Create Server Group').click();
    const modal = panel.modal('Create Server Group');
    const policy = modal.getByRole('combobox', { name: 'Policy' });
    await expect(policy.getByRole('option')).toHaveText([
      'Select a policy',
      ...POLICIES.map((p) => p.label),
    ]);
  });

  for (const { label, value } of POLICIES) {
    test(`creates a group with the ${value} policy`, async ({ page, cloud }) => {
      const panel = serverGroups(page);
      const name = uniqueName(`sg-${value}`);
      removeLater(cloud, name);
      await panel.action('Create Server Group').click();
      const modal = panel.modal('Create Server Group');
      await modal.getByRole('textbox', { name: 'Name' }).fill(name);
      await modal.getByRole('combobox', { name: 'Policy' }).selectOption({ label });
      await modal.getByRole('button', { name: 'Create Server Group' }).click();

      await panel.expectToast(`Server Group ${name} was successfully created`);
      await expect(modal).toBeHidden();
      await expect(panel.row(name)).toBeVisible();
      const group = await groupNamed(await cloud.as('demo'), name);
      expect(group?.policy).toBe(value);
      expect(await panel.cell(name, 'Policy')).toBe(value);
      expect(await panel.cell(name, 'ID')).toBe(group?.id);
    });
  }

  test('requires a name and a policy', async ({ page }) => {
    const panel = serverGroups(page);
    await panel.action('Create Server Group').click();
    const modal = panel.modal('Create Server Group');
    const name = modal.getByRole('textbox', { name: 'Name' });
    const policy = modal.getByRole('combobox', { name: 'Policy' });
    const submit = modal.getByRole('button', { name: 'Create Server Group' });
    await expect(submit).toBeDisabled();
    await name.focus();
    await name.blur();
    await expectFieldError(name, 'This field is required.');
    await policy.focus();
    await policy.blur();
    await expectFieldError(policy, 'This field is required.');
    await name.fill('   ');
    await expect(submit).toBeDisabled();
    await name.fill('named');
    await expect(submit).toBeDisabled();
    await policy.selectOption('affinity');
    await expect(submit).toBeEnabled();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
  });

  test('shows details with the policy and an empty members table', async ({ page, cloud }) => {
    const name = uniqueName('sg-details');
    removeLater(cloud, name);
    const demo = await cloud.as('demo');
    const group = await demo.nova.serverGroups.create({ name, policy: 'anti-affinity' });
    const panel = serverGroups(page);
    await page.reload();
    await panel.waitLoaded();
    await panel.nameLink(name).click();
    await expect(page).toHaveURL(new RegExp(`/ngdetails/OS::Nova::ServerGroup/${group.id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    await expect(overview.getByText('anti-affinity', { exact: true })).toBeVisible();
    await expect(overview.getByText(group.id, { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'Members' }).click();
    await expect(page).toHaveURL(/[?&]tab=members/);
    const members = page.getByRole('grid', { name: 'Members' });
    await expect(members.getByRole('columnheader')).toHaveText(['Instance Name', 'Instance ID']);
    await expect(members.getByText('No items to display.', { exact: true })).toBeVisible();
    await expect(page.getByText('Displaying 0 items', { exact: true })).toBeVisible();

    // The old item address leads to the same page (spec 2 §2).
    await page.goto(`project/server_groups/${group.id}`);
    await expect(page).toHaveURL(new RegExp(`/ngdetails/OS::Nova::ServerGroup/${group.id}`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('lists the members of a group', async ({ page, cloud }) => {
    const demo = await cloud.as('demo');
    const group = await groupNamed(demo, 'web-ha');
    const ids = (await demo.nova.serverGroups.get(group?.id ?? '')).members;
    const names = new Map((await demo.nova.servers.names()).map((s) => [s.id, s.name]));
    await page.goto(`ngdetails/OS::Nova::ServerGroup/${group?.id ?? ''}?tab=members`);
    const members = page.getByRole('grid', { name: 'Members' });
    await expect(
      page.getByText(`Displaying ${ids.length} item${ids.length === 1 ? '' : 's'}`, {
        exact: true,
      }),
    ).toBeVisible();
    for (const id of ids) {
      const row = members
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell', { name: id, exact: true }) });
      // The instance's name (spec 2 §2), linking to its page.
      const name = names.get(id) ?? '';
      expect(name).not.toBe('');
      await expect(row.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        `/project/instances/${id}/`,
      );
    }
  });

  test('deletes a group from its row', async ({ page, cloud }) => {
    const name = uniqueName('sg-del');
    removeLater(cloud, name);
    const demo = await cloud.as('demo');
    const group = await demo.nova.serverGroups.create({ name, policy: 'affinity' });
    const panel = serverGroups(page);
    await page.reload();
    await panel.waitLoaded();

    await panel.rowAction(name, 'Delete Server Group');
    await panel.confirm('Confirm Delete Server Group', 'Delete Server Group', `"${name}"`);
    await panel.expectToast(`Deleted Server Group: ${name}.`);
    await expect(panel.row(name)).toHaveCount(0);
    const error = await demo.nova.serverGroups.get(group.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error instanceof OpenStackHttpError && error.status).toBe(404);
  });

  test('deletes from the details page and returns to the list', async ({ page, cloud }) => {
    const name = uniqueName('sg-details-del');
    removeLater(cloud, name);
    const demo = await cloud.as('demo');
    const group = await demo.nova.serverGroups.create({ name, policy: 'anti-affinity' });
    await page.goto(`ngdetails/OS::Nova::ServerGroup/${group.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The deleted group is not asked for again (a 404 in the console).
    const refetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/api/nova/servergroups/${group.id}/`)) {
        refetched.push(request.method());
      }
    });
    const panel = serverGroups(page);
    await panel.rowAction(name, 'Delete Server Group');
    await panel.confirm('Confirm Delete Server Group', 'Delete Server Group');
    await panel.expectToast(`Deleted Server Group: ${name}.`);
    await expect(page).toHaveURL(/\/project\/server_groups$/);
    await panel.waitLoaded();
    await expect(panel.row(name)).toHaveCount(0);
    expect(refetched).toEqual(['DELETE']);
  });

  test('a name that looks like markup is shown as text everywhere', async ({ page, cloud }) => {
    const name = `<img src=x onerror=alert(1)>${uniqueName('')}`;
    removeLater(cloud, name);
    const panel = serverGroups(page);
    await panel.action('Create Server Group').click();
    const modal = panel.modal('Create Server Group');
    await modal.getByRole('textbox', { name: 'Name' }).fill(name);
    await modal.getByRole('combobox', { name: 'Policy' }).selectOption('affinity');
    await modal.getByRole('button', { name: 'Create Server Group' }).click();

    await panel.expectToast(`Server Group ${name} was successfully created`);
    await expect(panel.nameLink(name)).toBeVisible();
    await panel.nameLink(name).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();
    await panel.waitLoaded();
    await panel.rowAction(name, 'Delete Server Group');
    await panel.confirm('Confirm Delete Server Group', 'Delete Server Group', `"${name}"`);
    await panel.expectToast(`Deleted Server Group: ${name}.`);
    // No element came out of the name, so no script ran (the guard fails on any dialog).
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });

  test('filters by policy and by quick search', async ({ page }) => {
    const panel = serverGroups(page);
    await panel.filter('Policy', 'Anti Affinity');
    await expect(panel.row('db-spread')).toBeVisible();
    await expect(panel.row('web-ha')).toHaveCount(0);
    await panel.clearFilters();
    await panel.quickSearch('web-h');
    await expect(panel.row('web-ha')).toBeVisible();
    await expect(panel.row('db-spread')).toHaveCount(0);
  });
});

test('a reader sees the groups but may not create or delete them', async ({ page }) => {
  // os-server-groups:create and :delete need a project member (Zed defaults).
  await loginAs(page, 'reader', '/project/server_groups');
  const panel = serverGroups(page);
  await panel.waitLoaded();
  await expect(panel.row('web-ha')).toBeVisible();
  await expect(panel.action('Create Server Group')).toHaveCount(0);
  await expect(panel.action('Delete Server Groups')).toHaveCount(0);
  await expect(panel.kebab('web-ha')).toHaveCount(0);
  await expect(panel.selectAll).toHaveCount(0);
});
