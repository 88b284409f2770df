import type { Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

const projectImages = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/images', title: 'Images' });
const adminImages = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'admin/images', title: 'Images' });

/** An image of the admin project, removed after the test. */
async function seedImage(
  cloud: Cloud,
  name: string,
  extra: { protected?: boolean; data?: boolean } = {},
): Promise<string> {
  const image = await cloud.admin.glance.images.create({
    name,
    disk_format: 'qcow2',
    container_format: 'bare',
    visibility: 'private',
    protected: extra.protected ?? false,
  });
  cloud.cleanup(async () => {
    await cloud.admin.glance.images
      .update(image.id, { set: { protected: false } })
      .catch(() => undefined);
    await cloud.admin.glance.images.delete(image.id);
  });
  if (extra.data !== false) await cloud.admin.glance.images.upload(image.id, new Uint8Array(2048));
  return image.id;
}

test.describe('images as demo', () => {
  test('lists images with the spec columns and labels', async ({ page }) => {
    await loginAs(page, 'demo', '/project/images');
    const panel = projectImages(page);
    await panel.waitLoaded();
    // identity:get_project does not pass without a project target, so no Owner column.
    expect(await panel.columnTitles()).toEqual([
      'Name',
      'Type',
      'Status',
      'Visibility',
      'Protected',
      'Disk Format',
      'Size',
    ]);
    await expect(panel.columnHeader('Name')).toHaveAttribute('aria-sort', 'ascending');
    const disk = 'cirros-0.6.2-x86_64-disk';
    expect(await panel.cell(disk, 'Type')).toBe('Image');
    expect(await panel.cell(disk, 'Visibility')).toBe('Public');
    expect(await panel.cell(disk, 'Disk Format')).toBe('QCOW2');
    await expect(panel.action('Create Image')).toBeEnabled();
  });
});

test.describe('images as admin', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin', '/project/images');
    await projectImages(page).waitLoaded();
  });

  test('creates an image from a file and sees it become active', async ({ page, cloud }) => {
    const panel = projectImages(page);
    const name = uniqueName('img');
    cloud.cleanup(async () => {
      const { images } = await cloud.admin.glance.images.listAll({ filters: { name } });
      for (const image of images) await cloud.admin.glance.images.delete(image.id);
    });
    await panel.action('Create Image').click();
    const modal = panel.modal('Create Image');
    await modal.getByRole('textbox', { name: 'Image Name' }).fill(name);
    await expect(modal.getByRole('combobox', { name: 'Source Type' })).toHaveValue('file-legacy');
    const chooser = page.waitForEvent('filechooser');
    await modal.getByRole('button', { name: 'Browse...' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'disk.qcow2',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(256 * 1024, 7),
    });
    await modal.getByRole('combobox', { name: 'Format' }).selectOption('qcow2');
    await modal.getByRole('textbox', { name: 'Minimum Disk (GB)' }).fill('x');
    await expect(modal.getByText('Integer required')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Create Image' })).toBeDisabled();
    await modal.getByRole('textbox', { name: 'Minimum Disk (GB)' }).fill('1');
    await modal.getByRole('button', { name: 'Create Image' }).click();
    await panel.expectToast(`Image ${name} was successfully created.`);
    await expect(modal).toBeHidden();
    await expect(panel.row(name)).toBeVisible();
    await expect.poll(() => panel.cell(name, 'Status')).toBe('Active');
  });

  test('shows a loading bar while an image is queued and re-lists until it is active', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('queued');
    const id = await seedImage(cloud, name, { data: false });
    const panel = projectImages(page);
    await page.reload();
    await panel.waitLoaded();
    await expect(panel.row(name).getByRole('progressbar')).toBeVisible();
    await cloud.admin.glance.images.upload(id, new Uint8Array(1024));
    // No reload: the table polls while an item is transitional.
    await expect(panel.row(name).getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    expect(await panel.cell(name, 'Status')).toBe('Active');
  });

  test('edits an image', async ({ page, cloud }) => {
    const name = uniqueName('edit');
    await seedImage(cloud, name);
    const panel = projectImages(page);
    await page.reload();
    await panel.waitLoaded();
    await panel.rowAction(name, 'Edit Image');
    const modal = panel.modal('Edit Image');
    const renamed = `${name}-x`;
    await modal.getByRole('textbox', { name: 'Image Name' }).fill(renamed);
    await modal.getByRole('checkbox', { name: 'Protected' }).check();
    await modal.getByRole('button', { name: 'Update Image' }).click();
    await panel.expectToast(`Image ${renamed} was successfully updated.`);
    await expect(panel.row(renamed)).toBeVisible();
    expect(await panel.cell(renamed, 'Protected')).toBe('Yes');
  });

  test('sets metadata on an image', async ({ page, cloud }) => {
    const name = uniqueName('meta');
    const id = await seedImage(cloud, name);
    const panel = projectImages(page);
    await page.reload();
    await panel.waitLoaded();
    await panel.rowAction(name, 'Update Metadata');
    const modal = panel.modal('Update Metadata');
    await modal.getByRole('textbox', { name: 'Custom' }).fill('e2e_key');
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    const value = modal.getByRole('textbox', { name: 'e2e_key' });
    await expect(value).toBeVisible();
    await expect(modal.getByText('Required')).toBeVisible();
    await value.fill('hello');
    await modal.getByRole('textbox', { name: 'Custom' }).fill('E2E_KEY');
    await expect(modal.getByText('Duplicate keys are not allowed')).toBeVisible();
    await modal.getByRole('button', { name: 'Save' }).click();
    await panel.expectToast('Metadata was successfully updated');
    const image = await cloud.admin.glance.images.get(id);
    expect((image as Record<string, unknown>)['e2e_key']).toBe('hello');
  });

  test('refuses to delete a protected image and deletes the others', async ({ page, cloud }) => {
    const keep = uniqueName('prot');
    const gone = uniqueName('gone');
    await seedImage(cloud, keep, { protected: true });
    await seedImage(cloud, gone);
    const panel = projectImages(page);
    await page.reload();
    await panel.waitLoaded();
    await panel.batchAction([keep, gone], 'Delete Images');
    // Only the permitted image reaches the confirmation; the other is named in a warning.
    await panel.confirm(
      'Confirm Delete Image(s)',
      'Delete Image(s)',
      `You have selected "${gone}". Deleted image is not recoverable.`,
    );
    await panel.expectToast(`You are not allowed to delete images: ${keep}`, 'warning');
    await panel.expectToast(`Deleted Image(s): ${gone}.`);
    await expect(panel.row(gone)).toHaveCount(0);
    await expect(panel.row(keep)).toBeVisible();
  });

  test('creates a volume from an image with the quota charts', async ({ page, cloud }) => {
    const panel = projectImages(page);
    const disk = 'cirros-0.6.2-x86_64-disk';
    const volumeName = uniqueName('vol');
    await panel.rowAction(disk, 'Create Volume');
    const modal = panel.modal('Create Volume');
    await expect(modal.getByRole('button', { name: 'Volume Details' })).toBeVisible();
    await expect(modal.getByRole('img', { name: /^Volume Storage \(GiB\): / })).toBeVisible();
    await expect(modal.getByRole('img', { name: /^Number of Volumes: / })).toBeVisible();
    const size = modal.getByRole('spinbutton', { name: 'Size (GiB)' });
    await expect(size).toHaveValue('1');
    await size.fill('999999');
    await expect(
      modal.getByText('The requested size exceeds the available storage quota.'),
    ).toBeVisible();
    await size.fill('1');
    await modal.getByRole('textbox', { name: 'Volume Name' }).fill(volumeName);
    await modal.getByRole('button', { name: 'Create Volume' }).click();
    await panel.expectToast(`Creating volume ${volumeName}`, 'info');
    await expect(modal).toBeHidden();
    cloud.cleanup(async () => {
      const { volumes } = await cloud.admin.cinder.volumes.listAll({
        filters: { name: volumeName },
      });
      for (const v of volumes) await cloud.admin.cinder.volumes.delete(v.id);
    });
  });

  test('admin images link to details with nav, and item routes redirect', async ({ page }) => {
    const panel = adminImages(page);
    await panel.goto();
    const disk = 'cirros-0.6.2-x86_64-disk';
    await panel.nameLink(disk).click();
    await expect(page).toHaveURL(
      /\/ngdetails\/OS::Glance::Image\/[^?]+\?nav=%2Fadmin%2Fimages%2F$/,
    );
    await expect(page.getByRole('heading', { level: 1, name: disk })).toBeVisible();
    const id = page.url().split('/').pop()?.split('?')[0] ?? '';
    await page.goto(`project/images/${id}`);
    await expect(page).toHaveURL(new RegExp(`/ngdetails/OS::Glance::Image/${id}(\\?|$)`));
    await page.goto(`admin/images/${id}/detail`);
    await expect(page).toHaveURL(new RegExp(`/ngdetails/OS::Glance::Image/${id}`));
    await expect(page.getByRole('heading', { level: 1, name: disk })).toBeVisible();
  });
});
