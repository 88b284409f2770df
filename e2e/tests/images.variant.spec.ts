import { createHash } from 'node:crypto';
import type { Request } from '@playwright/test';
import { variantBaseURL } from '../env';
import { expect, holdRequests, loginAs, test, uniqueName } from '../fixtures';
import {
  CIRROS,
  adminImages,
  chooseImageFile,
  projectImages,
  removeImagesLater,
  seedImage,
} from '../images';

// This server runs with FILTER_DATA_FIRST {"admin.images": true} and
// HORIZON_IMAGES_UPLOAD_MODE=direct (env.ts variantSettings).

const FILTER_FIRST = 'Set a filter to list items.';
const SHOTS = '/tmp/e2e-shots';

/** True for the image list call of the table (not the kernel/ramdisk lists of the modal). */
const isImageList = (request: Request): boolean =>
  request.method() === 'GET' && new URL(request.url()).pathname === '/api/glance/images/';

test.describe('images on a server with filter-first and direct uploads', () => {
  test('admin images list nothing until a server-side facet is set', async ({ page, cloud }) => {
    const name = uniqueName('ff');
    await seedImage(cloud, name);
    const lists: URL[] = [];
    page.on('request', (request) => {
      if (isImageList(request)) lists.push(new URL(request.url()));
    });
    await loginAs(page, 'admin', '/admin/images');
    const panel = adminImages(page);
    await expect(panel.heading).toBeVisible();
    // Both image panels are titled Images: the breadcrumb tells them apart.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
      /^Admin.*Images$/,
    );
    await expect(panel.table.getByRole('heading', { name: FILTER_FIRST })).toBeVisible();
    await expect(
      panel.rows().filter({ has: page.getByRole('gridcell', { name: CIRROS }) }),
    ).toHaveCount(0);
    await page.screenshot({
      path: `${SHOTS}/admin-images-filter-first-before.png`,
      animations: 'disabled',
    });
    // Admin images page on the server: no free-text search, which would search one page only.
    await expect(panel.search).toHaveCount(0);
    expect(lists).toEqual([]);

    await panel.filter('Name', name);
    await expect(panel.row(name)).toBeVisible();
    await expect(panel.footer).toHaveText('Displaying 1 item');
    await expect(panel.table.getByRole('heading', { name: FILTER_FIRST })).toHaveCount(0);
    expect(lists.map((url) => url.searchParams.get('name'))).toEqual([name]);
    await page.screenshot({
      path: `${SHOTS}/admin-images-filter-first-after.png`,
      animations: 'disabled',
    });

    // Taking the facet away goes back to asking for one.
    await panel.clearFilters();
    await expect(panel.table.getByRole('heading', { name: FILTER_FIRST })).toBeVisible();
    await expect(panel.row(name)).toHaveCount(0);

    // The setting applies to /admin/images only: the project panel lists at once.
    await page.goto('project/images');
    await projectImages(page).waitLoaded();
    await expect(projectImages(page).row(CIRROS)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
      /^Project.*Images$/,
    );
    await expect(page.getByRole('heading', { name: FILTER_FIRST })).toHaveCount(0);
  });

  test('a direct upload PUTs the file to our server; the image goes from queued to active', async ({
    page,
    context,
    cloud,
  }) => {
    const name = uniqueName('direct');
    removeImagesLater(cloud, name);
    const data = Buffer.alloc(192 * 1024, 3);
    await loginAs(page, 'admin', '/project/images');
    const panel = projectImages(page);
    await panel.waitLoaded();

    // The file PUT is held until the test has seen the image waiting for its data.
    const upload = holdRequests(page, '**/api/glance/images/*/file/');

    await panel.action('Create Image').click();
    const modal = panel.modal('Create Image');
    await modal.getByRole('textbox', { name: 'Image Name' }).fill(name);
    await expect(modal.getByRole('combobox', { name: 'Source Type' })).toHaveValue('file-direct');
    await chooseImageFile(page, modal.getByRole('button', { name: 'Browse...' }), {
      name: 'direct.qcow2',
      buffer: data,
    });
    await modal.getByRole('combobox', { name: 'Format' }).selectOption('qcow2');
    await modal.getByRole('button', { name: 'Create Image' }).click();

    const request = await upload.request;
    const [created] = (await cloud.admin.glance.images.listAll({ filters: { name } })).images;
    expect(created?.status).toBe('queued');
    const id = created?.id ?? '';
    // To our own server (never Glance with a token), as raw bytes.
    expect(request.method()).toBe('PUT');
    expect(request.url()).toBe(`${variantBaseURL}api/glance/images/${id}/file/`);
    expect(request.headers()['content-type']).toBe('application/octet-stream');

    // Meanwhile, another tab shows the image queued, with a loading bar.
    const other = await context.newPage();
    const watcher = projectImages(other);
    await watcher.goto();
    await expect(watcher.row(name).getByRole('progressbar')).toBeVisible();
    expect(await watcher.cell(name, 'Status')).toBe('Queued');

    upload.release();
    await panel.expectToast(`Image ${name} was successfully created.`);
    await expect(modal).toBeHidden();
    // No reload: the other tab re-lists while the image is transitional.
    await expect(watcher.row(name).getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    expect(await watcher.cell(name, 'Status')).toBe('Active');
    await expect.poll(() => panel.cell(name, 'Status')).toBe('Active');

    const image = await cloud.admin.glance.images.get(id);
    expect(image.status).toBe('active');
    expect(image.size).toBe(data.length);
    expect(image.disk_format).toBe('qcow2');
    expect(image.container_format).toBe('bare');
    expect(image.checksum).toBe(createHash('md5').update(data).digest('hex'));
  });
});
