import type { Locator, Page } from '@playwright/test';
import { OpenStackHttpError, type OpenStackClient } from '@skydeck/openstack-client';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

const flavors = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'admin/flavors', title: 'Flavors' });

async function flavorNamed(
  admin: OpenStackClient,
  name: string,
): Promise<Awaited<ReturnType<OpenStackClient['nova']['flavors']['get']>> | undefined> {
  return (await admin.nova.flavors.list({ isPublic: 'None' })).find((f) => f.name === name);
}

function removeLater(cloud: Cloud, name: string): void {
  cloud.cleanup(async () => {
    const flavor = await flavorNamed(cloud.admin, name);
    if (flavor) await cloud.admin.nova.flavors.delete(flavor.id);
  });
}

/** Moves projects between the two lists of the Flavor Access picker. */
async function giveAccess(scope: Locator, projects: readonly string[]): Promise<void> {
  const available = scope.getByRole('listbox', { name: 'Available projects' });
  for (const project of projects) {
    await available.getByRole('option', { name: project, exact: true }).click();
  }
  await scope.getByRole('button', { name: 'Add marked projects' }).click();
}

async function takeAccess(scope: Locator, projects: readonly string[]): Promise<void> {
  const chosen = scope.getByRole('listbox', { name: 'Selected projects' });
  for (const project of projects) {
    await chosen.getByRole('option', { name: project, exact: true }).click();
  }
  await scope.getByRole('button', { name: 'Remove marked projects' }).click();
}

async function accessOf(cloud: Cloud, flavorId: string): Promise<string[]> {
  return (await cloud.admin.nova.flavors.listAccess(flavorId)).map((a) => a.tenant_id).sort();
}

test.describe('flavors as admin', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin', '/admin/flavors');
    await flavors(page).waitLoaded();
  });

  test('lists every flavor with the spec columns, sorted by RAM', async ({ page, cloud }) => {
    const panel = flavors(page);
    expect(await panel.columnTitles()).toEqual([
      'Name',
      'VCPUs',
      'RAM',
      'Root Disk',
      'ID',
      'Public',
    ]);
    await expect(panel.columnHeader('RAM')).toHaveAttribute('aria-sort', 'ascending');
    const all = await cloud.admin.nova.flavors.list({ isPublic: 'None' });
    await expect(panel.footer).toHaveText(`Displaying ${all.length} items`);
    const names = await panel.columnTexts('Name');
    const ram = new Map(all.map((f) => [f.name, f.ram]));
    const shownRam = names.map((n) => ram.get(n) ?? -1);
    expect(shownRam).toEqual([...shownRam].sort((a, b) => a - b));
    expect(await panel.cell('m1.small', 'RAM')).toBe('2 GB');
    expect(await panel.cell('m1.small', 'Root Disk')).toBe('20 GB');
    expect(await panel.cell('m1.small', 'VCPUs')).toBe('1');
    expect(await panel.cell('m1.small', 'Public')).toBe('Yes');
    expect(await panel.cell('p1.secret', 'Public')).toBe('No');

    // Sorting by another column, then back.
    await panel.columnHeader('Name').getByRole('button').click();
    await expect(panel.columnHeader('Name')).toHaveAttribute('aria-sort', 'ascending');
    const byName = await panel.columnTexts('Name');
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
  });

  test('filters with the public facet and quick search', async ({ page }) => {
    const panel = flavors(page);
    await panel.filter('Public', 'No');
    await expect(panel.row('p1.secret')).toBeVisible();
    await expect(panel.row('m1.tiny')).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]public=false/);
    await panel.clearFilters();
    await expect(panel.row('m1.tiny')).toBeVisible();

    await panel.filter('VCPUs', '8');
    await expect(panel.rows()).toHaveCount(1);
    await expect(panel.row('m1.xlarge')).toBeVisible();
    await panel.clearFilters();

    await panel.quickSearch('m1.la');
    await expect(panel.rows()).toHaveCount(1);
    await expect(panel.row('m1.large')).toBeVisible();
    await panel.quickSearch('');
    await expect(panel.row('m1.tiny')).toBeVisible();
  });

  test('creates a private flavor for the demo project', async ({ page, cloud }) => {
    const panel = flavors(page);
    const name = uniqueName('e2e.flavor');
    removeLater(cloud, name);
    await panel.action('Create Flavor').click();
    const modal = panel.modal('Create Flavor');
    await modal.getByRole('textbox', { name: 'Name' }).fill(name);
    await expect(modal.getByRole('textbox', { name: 'ID' })).toHaveValue('auto');
    await modal.getByRole('spinbutton', { name: 'VCPUs' }).fill('2');
    await modal.getByRole('spinbutton', { name: 'RAM (MB)' }).fill('1536');
    await modal.getByRole('spinbutton', { name: 'Root Disk (GB)' }).fill('15');
    await modal.getByRole('checkbox', { name: 'Public' }).uncheck();
    await giveAccess(modal, ['demo']);
    await expect(
      modal.getByRole('listbox', { name: 'Selected projects' }).getByRole('option'),
    ).toHaveText(['demo']);
    await modal.getByRole('button', { name: 'Create Flavor' }).click();

    await panel.expectToast(`Flavor ${name} was successfully created.`);
    await expect(modal).toBeHidden();
    await expect(panel.row(name)).toBeVisible();
    expect(await panel.cell(name, 'RAM')).toBe('1.5 GB');
    expect(await panel.cell(name, 'Public')).toBe('No');

    const flavor = await flavorNamed(cloud.admin, name);
    expect(flavor).toMatchObject({ vcpus: 2, ram: 1536, disk: 15 });
    expect(flavor?.['os-flavor-access:is_public']).toBe(false);
    expect(await accessOf(cloud, flavor?.id ?? '')).toEqual([await cloud.projectId('demo')]);
    expect(await panel.cell(name, 'ID')).toBe(flavor?.id);
    // The demo project's members may now use it.
    const demo = await cloud.as('demo');
    expect((await demo.nova.flavors.list()).some((f) => f.name === name)).toBe(true);
  });

  test('edits a flavor: new size, same ID', async ({ page, cloud }) => {
    const name = uniqueName('e2e.edit');
    removeLater(cloud, name);
    const before = await cloud.admin.nova.flavors.create({ name, vcpus: 1, ram: 256, disk: 1 });
    const panel = flavors(page);
    await page.reload();
    await panel.waitLoaded();

    await panel.rowAction(name, 'Edit Flavor');
    const modal = panel.modal('Edit Flavor');
    await expect(modal.getByRole('textbox', { name: 'ID' })).toHaveValue(before.id);
    const vcpus = modal.getByRole('spinbutton', { name: 'VCPUs' });
    await expect(vcpus).toHaveValue('1');
    const recreated = modal.getByText(/Saving re-creates this flavor/);
    await expect(recreated).toBeHidden();
    await modal.getByRole('button', { name: 'Increase VCPUs' }).click();
    await modal.getByRole('button', { name: 'Increase VCPUs' }).click();
    await expect(vcpus).toHaveValue('3');
    // Said before saving: a new size means the flavor is deleted and created again.
    await expect(recreated).toBeVisible();
    await modal.getByRole('button', { name: 'Save' }).click();

    await panel.expectToast(`Flavor ${name} was successfully updated.`);
    await expect(modal).toBeHidden();
    await expect.poll(() => panel.cell(name, 'VCPUs')).toBe('3');
    const after = await cloud.admin.nova.flavors.get(before.id);
    expect(after).toMatchObject({ id: before.id, name, vcpus: 3, ram: 256, disk: 1 });
  });

  test('edits from the details page (the page reloads behind a wait spinner)', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('e2e.details');
    removeLater(cloud, name);
    const flavor = await cloud.admin.nova.flavors.create({ name, vcpus: 1, ram: 128, disk: 0 });
    await page.goto(`ngdetails/OS::Nova::Flavor/${flavor.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    await expect(overview.getByText('128 MB', { exact: true })).toBeVisible();

    const panel = flavors(page);
    await panel.rowAction(name, 'Edit Flavor');
    const modal = panel.modal('Edit Flavor');
    await modal.getByRole('spinbutton', { name: 'RAM (MB)' }).fill('2048');
    await modal.getByRole('button', { name: 'Save' }).click();
    await panel.expectToast(`Flavor ${name} was successfully updated.`);
    await expect(overview.getByText('2 GB', { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Loading' })).toHaveCount(0);
    expect((await cloud.admin.nova.flavors.get(flavor.id)).ram).toBe(2048);
  });

  test('modifies the access of a private flavor', async ({ page, cloud }) => {
    const name = uniqueName('e2e.access');
    removeLater(cloud, name);
    const flavor = await cloud.admin.nova.flavors.create({
      name,
      vcpus: 1,
      ram: 64,
      disk: 0,
      'os-flavor-access:is_public': false,
    });
    await cloud.admin.nova.flavors.addAccess(flavor.id, await cloud.projectId('demo'));
    const panel = flavors(page);
    await page.reload();
    await panel.waitLoaded();

    await panel.rowAction(name, 'Modify Access');
    const modal = panel.modal('Modify Access');
    await expect(modal).toContainText(`Projects allowed to use the flavor ${name}`);
    await expect(
      modal.getByRole('listbox', { name: 'Selected projects' }).getByRole('option'),
    ).toHaveText(['demo']);
    await takeAccess(modal, ['demo']);
    await giveAccess(modal, ['alt_demo', 'admin']);
    await modal.getByRole('button', { name: 'Save' }).click();

    await panel.expectToast(`Access to flavor ${name} was successfully updated.`);
    await expect(modal).toBeHidden();
    expect(await accessOf(cloud, flavor.id)).toEqual(
      [await cloud.projectId('alt_demo'), await cloud.projectId('admin')].sort(),
    );
    // The ID stays: instances and other references keep working.
    expect((await cloud.admin.nova.flavors.get(flavor.id)).name).toBe(name);
  });

  test('public flavors offer no access to modify', async ({ page }) => {
    const panel = flavors(page);
    await panel.kebab('m1.tiny').click();
    await expect(page.getByRole('menuitem', { name: 'Edit Flavor' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Modify Access' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  test('deletes a flavor with the flavor texts', async ({ page, cloud }) => {
    const name = uniqueName('e2e.delete');
    removeLater(cloud, name);
    const flavor = await cloud.admin.nova.flavors.create({ name, vcpus: 1, ram: 32, disk: 0 });
    const panel = flavors(page);
    await page.reload();
    await panel.waitLoaded();

    await panel.rowAction(name, 'Delete Flavor');
    await panel.confirm(
      'Confirm Delete Flavor',
      'Delete Flavor',
      `You have selected "${name}". Deleted flavor is not recoverable.`,
    );
    await panel.expectToast(`Deleted Flavor: ${name}.`);
    await expect(panel.row(name)).toHaveCount(0);
    const error = await cloud.admin.nova.flavors.get(flavor.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error instanceof OpenStackHttpError && error.status).toBe(404);
  });

  test('deletes several flavors at once', async ({ page, cloud }) => {
    const prefix = uniqueName('e2e.batch');
    const names = [`${prefix}-a`, `${prefix}-b`];
    // Different sizes, so the default sort (RAM) puts them in a known order.
    for (const [i, name] of names.entries()) {
      removeLater(cloud, name);
      await cloud.admin.nova.flavors.create({ name, vcpus: 1, ram: 16 * (i + 1), disk: 0 });
    }
    const panel = flavors(page);
    await page.reload();
    await panel.waitLoaded();
    await panel.quickSearch(prefix);
    await expect(panel.rows()).toHaveCount(2);

    await panel.batchAction(names, 'Delete Flavors');
    await panel.confirm(
      'Confirm Delete Flavors',
      'Delete Flavors',
      `You have selected "${names[0]}", "${names[1]}". Deleted flavors are not recoverable.`,
    );
    await panel.expectToast(`Deleted Flavors: ${names.join(', ')}.`);
    await expect(panel.emptyText()).toBeVisible();
    for (const name of names) expect(await flavorNamed(cloud.admin, name)).toBeUndefined();
  });
});

test('a member cannot open the admin flavors panel', async ({ page }) => {
  // The sidebar hides it, and a typed address does not get round the policy either.
  // It exists, so the page says the user may not see it rather than "Page not found".
  await loginAs(page, 'demo', '/admin/flavors');
  await expect(page).toHaveURL(/\/admin\/flavors$/);
  await expect(
    page.getByRole('heading', { name: 'You are not authorized to see this page' }),
  ).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Flavors' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Global' }).getByRole('link', { name: 'Flavors' }),
  ).toHaveCount(0);
});
