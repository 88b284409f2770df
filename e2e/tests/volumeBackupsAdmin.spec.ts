import { expect, loginAs, test, uniqueName } from '../fixtures';
import { AppShell } from '../pages/AppShell';
import { ResourcePanel } from '../pages/ResourcePanel';

test.describe('volume backups as admin', () => {
  test.setTimeout(120_000);

  test("updates a backup's status, and says so when Cinder fails", async ({ page, cloud }) => {
    const demo = await cloud.as('demo');
    const volume = (await demo.cinder.volumes.list()).volumes.find(
      (v) => v.name === 'fast-scratch',
    );
    if (!volume) throw new Error('the seed has no fast-scratch volume');
    const name = uniqueName('backup');
    const { id } = await demo.cinder.backups.create({ volume_id: volume.id, name });
    const status = async (): Promise<string> => (await cloud.admin.cinder.backups.get(id)).status;
    cloud.cleanup(async () => {
      await cloud.admin.cinder.backups.resetStatus(id, 'available');
      await cloud.admin.cinder.backups.delete(id);
    });
    await expect.poll(status, { timeout: 60_000 }).toBe('available');

    await loginAs(page, 'admin', '/admin/backups');
    const panel = new ResourcePanel(page, {
      path: 'admin/backups',
      title: 'Backups',
      table: 'Volume Backups',
    });
    const shell = new AppShell(page);
    await panel.waitLoaded();
    await panel.rowAction(name, 'Update Backup Status');
    const modal = panel.modal('Update Backup Status');
    const choice = modal.getByRole('combobox', { name: 'Status' });
    // Cinder takes only available and error; the current one is not offered again.
    await expect(choice.getByRole('option')).toHaveText(['Select a new status', 'error']);
    await choice.selectOption('error');
    await page.screenshot({ path: 'test-results/backups-update-status.png' });
    await modal.getByRole('button', { name: 'Update Status' }).click();
    await expect(modal).toBeHidden();
    await shell.expectToast(`Updated the status of volume backup "${name}".`);
    await expect.poll(() => panel.cell(name, 'Status')).toBe('error');
    expect(await status()).toBe('error');

    // Cinder failing (the server's 5xx): the spec's "Unable to …" toast, the status as it was.
    await page.route('**/api/cinder/backups/*/reset-status/', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    await panel.rowAction(name, 'Update Backup Status');
    await modal.getByRole('combobox', { name: 'Status' }).selectOption('available');
    await modal.getByRole('button', { name: 'Update Status' }).click();
    await shell.expectToast('Unable to update the volume backup status.', 'error');
    expect(await status()).toBe('error');
  });
});
