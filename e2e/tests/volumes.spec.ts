import type { Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { AppShell } from '../pages/AppShell';
import { ResourcePanel } from '../pages/ResourcePanel';

const volumes = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/volumes', title: 'Volumes' });

/** The demo backend takes a few seconds per step (creating, downloading, extending…). */
const SETTLE = { timeout: 30_000 };

/** Deletes volumes, snapshots and backups of that name in demo and alt_demo after the test. */
function removeLater(cloud: Cloud, name: string): void {
  cloud.cleanup(async () => {
    for (const project of ['demo', 'alt_demo']) {
      const client = await cloud.as('demo', project);
      const backups = (await client.cinder.backups.list()).backups;
      for (const b of backups)
        if (b.name?.startsWith(name)) await client.cinder.backups.delete(b.id);
      const volumeList = (await client.cinder.volumes.list()).volumes;
      for (const v of volumeList) {
        if (v.name?.startsWith(name)) await client.cinder.volumes.delete(v.id, { cascade: true });
      }
    }
  });
}

test.describe('volumes as demo', () => {
  test.setTimeout(240_000);

  test('create from an image, attach, snapshot, extend, back up, restore and transfer', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('vol');
    removeLater(cloud, name);
    await loginAs(page, 'demo', '/project/volumes');
    const panel = volumes(page);
    await panel.waitLoaded();
    await page.screenshot({ path: 'test-results/volumes-panel.png' });

    // Create Volume from an image: the size is raised to the image's.
    await panel.action('Create Volume').click();
    const create = panel.modal('Create Volume');
    await create.getByRole('combobox', { name: 'Volume Source' }).selectOption('image');
    const source = create.getByRole('combobox', { name: 'Use Image as a source' });
    await source.selectOption({ label: 'cirros-0.6.2-x86_64-disk' });
    await create.getByRole('textbox', { name: 'Volume Name' }).fill(name);
    await page.screenshot({ path: 'test-results/volumes-create.png' });
    await create.getByRole('button', { name: 'Create Volume' }).click();
    await expect(create).toBeHidden();
    await expect(panel.row(name)).toBeVisible();
    await expect.poll(() => panel.cell(name, 'Status'), SETTLE).toBe('Available');
    expect(await panel.cell(name, 'Bootable')).toBe('Yes');

    // Attach it to web-1 at a chosen device.
    await panel.rowAction(name, 'Manage Attachments');
    const attach = panel.modal('Manage Volume Attachments');
    await attach
      .getByRole('combobox', { name: 'Attach to Instance' })
      .selectOption({ label: 'web-1' });
    await attach.getByRole('textbox', { name: 'Device Name' }).fill('/dev/vdq');
    await attach.getByRole('button', { name: 'Attach Volume' }).click();
    await expect(attach).toBeHidden();
    await expect.poll(() => panel.cell(name, 'Status'), SETTLE).toBe('In-use');
    await expect(panel.row(name).getByRole('link', { name: 'web-1' })).toBeVisible();
    expect(await panel.cell(name, 'Attached To')).toContain('/dev/vdq');
    await page.screenshot({ path: 'test-results/volumes-attached.png' });

    // Snapshot it while attached (the form says it forces).
    await panel.rowAction(name, 'Create Snapshot');
    const snap = panel.modal('Create Volume Snapshot (Force)');
    await snap.getByRole('textbox', { name: 'Snapshot Name' }).fill(`${name}-snap`);
    await snap.getByRole('button', { name: 'Create Volume Snapshot' }).click();
    await expect(snap).toBeHidden();
    const demo = await cloud.as('demo');
    await expect
      .poll(
        async () =>
          (await demo.cinder.snapshots.list()).snapshots.find((s) => s.name === `${name}-snap`)
            ?.status,
        SETTLE,
      )
      .toBe('available');

    // Extend it by a GiB.
    const size = await panel.cell(name, 'Size');
    await panel.rowAction(name, 'Extend Volume');
    const extend = panel.modal('Extend Volume');
    const newSize = extend.getByRole('spinbutton', { name: 'New Size (GiB)' });
    const bigger = Number(await newSize.inputValue());
    await extend.getByRole('button', { name: 'Extend Volume' }).click();
    await expect(extend).toBeHidden();
    await expect.poll(() => panel.cell(name, 'Size'), SETTLE).toBe(`${bigger} GB`);
    expect(size).not.toBe(`${bigger} GB`);
    await expect.poll(() => panel.cell(name, 'Status'), SETTLE).toBe('In-use');

    // Detach it again.
    await panel.rowAction(name, 'Detach Volume');
    const detach = panel.modal('Detach Volume');
    await detach.getByRole('button', { name: 'Detach Volume' }).click();
    await expect(detach).toBeHidden();
    // The toast names the instance alone; the device was only beside it in the choice.
    await panel.expectToast(`Detaching volume ${name} from instance web-1.`, 'info');
    await expect.poll(() => panel.cell(name, 'Status'), SETTLE).toBe('Available');

    // Back it up, then restore the backup to a new volume.
    await panel.rowAction(name, 'Create Backup');
    const backup = panel.modal('Create Volume Backup');
    await backup.getByRole('textbox', { name: 'Backup Name' }).fill(`${name}-backup`);
    await backup.getByRole('button', { name: 'Create Volume Backup' }).click();
    await expect(backup).toBeHidden();
    await expect.poll(() => panel.cell(name, 'Status'), SETTLE).toBe('Available');
    const backups = new ResourcePanel(page, {
      path: 'project/backups',
      title: 'Backups',
      table: 'Volume Backups',
    });
    await backups.goto();
    await backups.waitLoaded();
    await expect.poll(() => backups.cell(`${name}-backup`, 'Status'), SETTLE).toBe('available');
    await page.screenshot({ path: 'test-results/volumes-backups.png' });
    await backups.rowAction(`${name}-backup`, 'Restore Backup');
    const restore = backups.modal('Restore Volume Backup');
    await restore.getByRole('textbox', { name: 'Volume Name' }).fill(`${name}-restored`);
    await restore.getByRole('button', { name: 'Restore Backup to Volume' }).click();
    await expect(restore).toBeHidden();
    await panel.goto();
    await panel.waitLoaded();
    await expect(panel.row(`${name}-restored`)).toBeVisible(SETTLE);
    await expect.poll(() => panel.cell(`${name}-restored`, 'Status'), SETTLE).toBe('Available');

    // Transfer it: the key is shown once; accepted in alt_demo, it leaves demo.
    await panel.rowAction(name, 'Create Transfer');
    const transfer = panel.modal('Create Volume Transfer');
    await transfer.getByRole('textbox', { name: 'Transfer Name' }).fill(`${name}-gift`);
    await transfer.getByRole('button', { name: 'Create Volume Transfer' }).click();
    const details = panel.modal('Volume Transfer Details');
    await expect(details).toBeVisible();
    await page.screenshot({ path: 'test-results/volumes-transfer.png' });
    const id = await details.getByTestId('transfer-id').locator('input').inputValue();
    const key = await details.getByTestId('transfer-key').locator('input').inputValue();
    expect(id).not.toBe('');
    expect(key).not.toBe('');
    await details.getByRole('button', { name: 'Close' }).first().click();
    await expect(details).toBeHidden();
    await expect.poll(() => panel.cell(name, 'Status'), SETTLE).toBe('Awaiting Transfer');

    await new AppShell(page).switchProject('alt_demo');
    await panel.goto();
    await panel.waitLoaded();
    await panel.action('Accept Transfer').click();
    const accept = panel.modal('Accept Volume Transfer');
    await accept.getByRole('textbox', { name: 'Transfer ID' }).fill(id);
    await accept.getByRole('textbox', { name: 'Authorization Key' }).fill(key);
    await accept.getByRole('button', { name: 'Accept Volume Transfer' }).click();
    await expect(accept).toBeHidden();
    await expect(panel.row(name)).toBeVisible(SETTLE);
    const alt = await cloud.as('demo', 'alt_demo');
    expect((await alt.cinder.volumes.list()).volumes.some((v) => v.name === name)).toBe(true);
  });
});
