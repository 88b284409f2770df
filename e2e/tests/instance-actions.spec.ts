import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures';
import { bootOwnInstance } from '../instances';
import { ResourcePanel } from '../pages/ResourcePanel';

// The instance actions (issue 9) on an instance of the test's own, booted without a network
// and deleted afterwards, so the seeded instances other specs read stay as they are.

const panelAt = (page: Page, path: string): ResourcePanel =>
  new ResourcePanel(page, { path, title: 'Instances' });

/** Waits (the table polls while the row is transitional) until the row shows the status. */
async function expectStatus(panel: ResourcePanel, name: string, status: string): Promise<void> {
  await expect.poll(async () => panel.cell(name, 'Status'), { timeout: 30_000 }).toBe(status);
}

test('a member snapshots an instance from its row menu', async ({ page, cloud }) => {
  const name = `e2e-snap-src-${randomUUID().slice(0, 8)}`;
  await bootOwnInstance(cloud, name);
  await loginAs(page, 'demo', '/project/instances');
  const panel = panelAt(page, 'project/instances');
  await panel.waitLoaded();
  await expectStatus(panel, name, 'Active');

  await panel.rowAction(name, 'Create Snapshot');
  const dialog = panel.modal('Create Snapshot');
  await dialog.getByRole('textbox', { name: /Snapshot Name/ }).fill(`${name}-snap`);
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/nova/snapshots/'),
  );
  await dialog.getByRole('button', { name: 'Create Snapshot' }).click();
  const { id } = (await (await created).json()) as { id: string };
  const demo = await cloud.as('demo');
  cloud.cleanup(() => demo.glance.images.delete(id));
  await panel.expectToast(`Snapshot ${name}-snap was successfully created.`, 'info');
});

test('a member shuts off, starts and renames an instance from its row menu', async ({
  page,
  cloud,
}) => {
  const name = `e2e-actions-${randomUUID().slice(0, 8)}`;
  await bootOwnInstance(cloud, name);
  await loginAs(page, 'demo', '/project/instances');
  const panel = panelAt(page, 'project/instances');
  await panel.waitLoaded();
  await expectStatus(panel, name, 'Active');

  await panel.rowAction(name, 'Shut Off Instance');
  await panel.confirm('Confirm Shut Off Instance', 'Shut Off Instance', `Shut off "${name}"?`);
  await panel.expectToast(`Shutting off ${name}.`, 'info');
  await expectStatus(panel, name, 'Shutoff');

  // Start is offered now, Shut Off no longer.
  await panel.kebab(name).click();
  await expect(page.getByRole('menuitem', { name: 'Shut Off Instance', exact: true })).toHaveCount(
    0,
  );
  await page.getByRole('menuitem', { name: 'Start Instance', exact: true }).click();
  await panel.confirm('Confirm Start Instance', 'Start Instance');
  await panel.expectToast(`Starting ${name}.`, 'info');
  await expectStatus(panel, name, 'Active');

  await panel.rowAction(name, 'Edit Instance');
  const edit = panel.modal('Edit Instance');
  await edit.getByRole('textbox', { name: /Name/ }).fill(`${name}-renamed`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await panel.expectToast(`Instance ${name}-renamed was successfully updated.`);
  await expect(panel.row(`${name}-renamed`)).toBeVisible();
});

test('an admin live-migrates an instance to a host the scheduler picks', async ({
  page,
  cloud,
}) => {
  const name = `e2e-migrate-${randomUUID().slice(0, 8)}`;
  await bootOwnInstance(cloud, name);
  await loginAs(page, 'admin', '/admin/instances');
  const panel = panelAt(page, 'admin/instances');
  await panel.waitLoaded();
  await panel.filter('Instance Name', name);
  await expectStatus(panel, name, 'Active');
  const before = await panel.cell(name, 'Host');

  await panel.rowAction(name, 'Live Migrate Instance');
  const dialog = panel.modal('Live Migrate');
  await expect(dialog.getByRole('combobox', { name: /New Host/ })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Migrate' }).click();
  await panel.expectToast(`Live migrating ${name}.`, 'info');
  await expect.poll(async () => panel.cell(name, 'Host'), { timeout: 30_000 }).not.toBe(before);
  await expectStatus(panel, name, 'Active');
});
