import type { Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures';
import { openOwn, operate } from '../instances';
import { ResourcePanel } from '../pages/ResourcePanel';

// Every remaining row action once (issue 9): the confirm-and-run operations in pairs, so the
// instance ends where it began, then the forms (metadata, interfaces). Each test boots an
// instance of its own and deletes it afterwards. The resize, rebuild, volume, floating IP,
// reset state and delete flows are in instance-row-forms.spec.ts.

const panelAt = (page: Page, path = 'project/instances'): ResourcePanel =>
  new ResourcePanel(page, { path, title: 'Instances' });

test('pause and resume, lock and unlock', async ({ page, cloud }) => {
  test.setTimeout(120_000);
  const { panel, name } = await openOwn(page, cloud, 'pause');
  await operate(panel, name, 'Pause Instance', `Pausing ${name}.`, 'Paused');
  await operate(panel, name, 'Resume Paused Instance', `Unpausing ${name}.`, 'Active');
  await operate(panel, name, 'Lock Instance', `Locked ${name}.`, 'Active');
  await panel.kebab(name).click();
  await expect(page.getByRole('menuitem', { name: 'Unlock Instance', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await operate(panel, name, 'Unlock Instance', `Unlocked ${name}.`, 'Active');
});

test('shelve and unshelve, suspend and resume', async ({ page, cloud }) => {
  test.setTimeout(150_000);
  const { panel, name } = await openOwn(page, cloud, 'shelve');
  await operate(panel, name, 'Suspend Instance', `Suspending ${name}.`, 'Suspended');
  await operate(panel, name, 'Resume Suspended Instance', `Resuming ${name}.`, 'Active');
  await panel.rowAction(name, 'Shelve Instance');
  await panel.confirm('Confirm Shelve Instance', 'Shelve Instance');
  await panel.expectToast(`Shelving ${name}.`, 'info');
  await expect
    .poll(async () => panel.cell(name, 'Status'), { timeout: 45_000 })
    .toMatch(/^Shelved/);
  await operate(panel, name, 'Unshelve Instance', `Unshelving ${name}.`, 'Active');
});

test('rescue and unrescue, hard reboot', async ({ page, cloud }) => {
  test.setTimeout(120_000);
  const { panel, name } = await openOwn(page, cloud, 'rescue');
  await operate(panel, name, 'Rescue Instance', `Rescuing ${name}.`, 'Rescue');
  await operate(panel, name, 'Unrescue Instance', `Unrescuing ${name}.`, 'Active');
  await operate(panel, name, 'Hard Reboot Instance', `Rebooting ${name}.`, 'Active');
});

test('update metadata with the metadata editor', async ({ page, cloud }) => {
  const { panel, name } = await openOwn(page, cloud, 'meta');
  await panel.rowAction(name, 'Update Metadata');
  const dialog = panel.modal('Update Metadata');
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('update-metadata.png') });
  await dialog.getByRole('textbox', { name: 'Custom' }).fill('e2e_owner');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'e2e_owner' }).fill('team-e');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await panel.expectToast('Metadata was successfully updated');
  const demo = await cloud.as('demo');
  const { servers } = await demo.nova.servers.list({ filters: { name: `^${name}$` } });
  expect(servers[0]?.metadata).toMatchObject({ e2e_owner: 'team-e' });
});

test('attach an interface on a network at a fixed IP, then detach it', async ({ page, cloud }) => {
  const { panel, name } = await openOwn(page, cloud, 'iface');
  await panel.rowAction(name, 'Attach Interface');
  const attach = panel.modal('Attach Interface');
  await attach.getByRole('combobox', { name: /^Network/ }).selectOption({ label: 'private' });
  await attach.getByRole('textbox', { name: /Fixed IP Address/ }).fill('10.0.0.40');
  await page.screenshot({ path: test.info().outputPath('attach-interface.png') });
  await attach.getByRole('button', { name: 'Attach Interface' }).click();
  await panel.expectToast(`Attached an interface to ${name}.`);
  await expect
    .poll(async () => panel.cell(name, 'IP Address'), { timeout: 20_000 })
    .toContain('10.0.0.40');

  await panel.rowAction(name, 'Detach Interface');
  const detach = panel.modal('Detach Interface');
  const port = detach.getByRole('combobox', { name: /^Port/ });
  const option = port.locator('option', { hasText: '10.0.0.40' });
  await expect(option).toHaveCount(1);
  const portId = (await option.getAttribute('value')) ?? '';
  await port.selectOption(portId);
  await detach.getByRole('button', { name: 'Detach Interface' }).click();
  await panel.expectToast(`Detached interface ${portId} from ${name}.`, 'info');
  await expect
    .poll(async () => panel.cell(name, 'IP Address'), { timeout: 20_000 })
    .not.toContain('10.0.0.40');
});

test('a reader, who may not resize, sees no Resize (nor other changes)', async ({ page }) => {
  await loginAs(page, 'reader', '/project/instances');
  const panel = panelAt(page);
  await panel.waitLoaded();
  await panel.kebab('web-1').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Console', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Resize Instance' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Update Metadata' })).toHaveCount(0);
});
