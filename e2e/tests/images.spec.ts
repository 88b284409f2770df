import { createHash } from 'node:crypto';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import { baseURL } from '../env';
import { expect, holdRequests, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import {
  CIRROS,
  adminImages,
  chooseImageFile,
  projectImages,
  removeImagesLater,
  seedImage,
} from '../images';

const FORBIDDEN = 'Forbidden. Insufficient permissions of the requested operation';
const SHOTS = '/tmp/e2e-shots';

/** The image's status in the cloud, or "gone" once Glance answers 404. */
async function statusOf(cloud: Cloud, id: string): Promise<string> {
  try {
    return (await cloud.admin.glance.images.get(id)).status;
  } catch (error) {
    if (error instanceof OpenStackHttpError && error.status === 404) return 'gone';
    throw error;
  }
}

test.describe('images as demo', () => {
  test('lists images with the spec columns and labels', async ({ page }) => {
    await loginAs(page, 'demo', '/project/images');
    const panel = projectImages(page);
    await panel.waitLoaded();
    // identity:get_project is asked per image: the member may read its own project only, so
    // the Owner column names it on the demo project's images and shows "-" on the others.
    await expect(panel.columnHeader('Owner')).toBeVisible();
    expect(await panel.columnTitles()).toEqual([
      'Owner',
      'Name',
      'Type',
      'Status',
      'Visibility',
      'Protected',
      'Disk Format',
      'Size',
    ]);
    await expect(panel.columnHeader('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(await panel.cell(CIRROS, 'Owner')).toBe('-');
    expect(await panel.cell('demo-app-image', 'Owner')).toBe('demo');
    expect(await panel.cell(CIRROS, 'Type')).toBe('Image');
    expect(await panel.cell(CIRROS, 'Visibility')).toBe('Public');
    expect(await panel.cell(CIRROS, 'Disk Format')).toBe('QCOW2');
    await expect(panel.action('Create Image')).toBeEnabled();
  });

  test('the Name facet finds a part of a name, in any case', async ({ page }) => {
    await loginAs(page, 'demo', '/project/images');
    const panel = projectImages(page);
    await panel.waitLoaded();
    await panel.filter('Name', 'CIRROS-0.6');
    await expect(panel.row(CIRROS)).toBeVisible();
    await expect(panel.row(`${CIRROS.replace(/-disk$/, '')}-kernel`)).toBeVisible();
    await expect(panel.rows().filter({ hasNotText: 'cirros' })).toHaveCount(0);
  });
});

test.describe('images as reader', () => {
  test('a reader sees the images but is offered no create, edit or delete', async ({ page }) => {
    await loginAs(page, 'reader', '/project/images');
    const panel = projectImages(page);
    await panel.waitLoaded();
    await expect(panel.row(CIRROS)).toBeVisible();
    // add_image, delete_image, modify_image, volume:create and compute create all need member.
    await expect(panel.action('Create Image')).toHaveCount(0);
    await expect(panel.action('Delete Images')).toHaveCount(0);
    await expect(panel.selectAll).toHaveCount(0);
    await expect(panel.rowCheckbox(CIRROS)).toHaveCount(0);
    await expect(panel.kebab(CIRROS)).toHaveCount(0);
    // The details page offers no actions either.
    await panel.nameLink(CIRROS).click();
    await expect(page.getByRole('heading', { level: 1, name: CIRROS })).toBeVisible();
    await expect(panel.kebab(CIRROS)).toHaveCount(0);
  });

  test('a create the cloud refuses shows the Forbidden toast and creates nothing', async ({
    page,
    cloud,
  }) => {
    const user = await cloud.tempUser('member', 'demo');
    const name = uniqueName('refused');
    removeImagesLater(cloud, name);
    await loginAs(page, user, '/project/images');
    const panel = projectImages(page);
    await panel.waitLoaded();
    await panel.action('Create Image').click();
    const modal = panel.modal('Create Image');
    await modal.getByRole('textbox', { name: 'Image Name' }).fill(name);
    await chooseImageFile(page, modal.getByRole('button', { name: 'Browse...' }), {
      name: 'refused.raw',
      buffer: Buffer.alloc(4096, 1),
    });
    await modal.getByRole('combobox', { name: 'Format' }).selectOption('raw');

    // Behind the session's back the user becomes a reader: Glance now refuses add_image.
    await cloud.grant(user.id, 'reader', 'demo');
    await cloud.revoke(user.id, 'member', 'demo');
    await modal.getByRole('button', { name: 'Create Image' }).click();

    await panel.expectToast(FORBIDDEN, 'error');
    await expect(panel.shell.userMenu).toBeVisible();
    expect((await cloud.admin.glance.images.listAll({ filters: { name } })).images).toEqual([]);
  });
});

test.describe('images as admin', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin', '/project/images');
    await projectImages(page).waitLoaded();
  });

  test('creates an image from a file; another tab sees it saving, then active', async ({
    page,
    context,
    cloud,
  }) => {
    const panel = projectImages(page);
    const name = uniqueName('img');
    removeImagesLater(cloud, name);
    const data = Buffer.alloc(320 * 1024, 7);

    // Hold the multipart POST's answer: the server has streamed the file to Glance by then, so
    // the only way to see "saving" from outside is a slow upload. Chromium throttles uploads.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      // 16 s for the file: the other tab must load and list it before it turns active, which
      // took most of 8 s on a loaded CI machine.
      uploadThroughput: 20 * 1024,
    });

    await panel.action('Create Image').click();
    const modal = panel.modal('Create Image');
    await modal.getByRole('textbox', { name: 'Image Name' }).fill(name);
    await expect(modal.getByRole('combobox', { name: 'Source Type' })).toHaveValue('file-legacy');
    // Spec 2 §5: shared by default, even for an admin who may publish to the whole cloud.
    await expect(modal.getByRole('combobox', { name: 'Visibility' })).toHaveValue('shared');
    await chooseImageFile(page, modal.getByRole('button', { name: 'Browse...' }), {
      name: 'disk.qcow2',
      buffer: data,
    });
    await modal.getByRole('combobox', { name: 'Format' }).selectOption('qcow2');
    await modal.getByRole('textbox', { name: 'Minimum Disk (GB)' }).fill('x');
    await expect(modal.getByText('Integer required')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Create Image' })).toBeDisabled();
    await modal.getByRole('textbox', { name: 'Minimum Disk (GB)' }).fill('1');
    await modal.getByRole('button', { name: 'Create Image' }).click();

    // The modal shows the upload in whole percents, in sight while the long form is scrolled.
    const uploadBar = modal.getByRole('progressbar', { name: 'Uploading image file' });
    await expect(uploadBar).toHaveAttribute('aria-valuetext', /^\d{1,3}%$/);
    await expect(uploadBar).toBeInViewport();
    // The image exists and takes data while the upload runs; another tab lists it as saving.
    await expect
      .poll(async () => (await cloud.admin.glance.images.listAll({ filters: { name } })).images)
      .toEqual([expect.objectContaining({ status: 'saving' })]);
    const other = await context.newPage();
    const watcher = projectImages(other);
    await watcher.goto();
    await expect(watcher.row(name).getByRole('progressbar')).toBeVisible();
    await expect.poll(() => watcher.cell(name, 'Status')).toBe('Saving');

    // The modal closes when the upload has gone through (the rest of the 16 s).
    await expect(modal).toBeHidden({ timeout: 30_000 });
    await panel.expectToast(`Image ${name} was successfully created.`);
    await expect(panel.row(name)).toBeVisible();
    await expect.poll(() => panel.cell(name, 'Status')).toBe('Active');
    // No reload in the other tab: it re-lists while the image is transitional.
    await expect(watcher.row(name).getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    expect(await watcher.cell(name, 'Status')).toBe('Active');

    const [image] = (await cloud.admin.glance.images.listAll({ filters: { name } })).images;
    expect(image).toMatchObject({
      status: 'active',
      size: data.length,
      disk_format: 'qcow2',
      container_format: 'bare',
      min_disk: 1,
      checksum: createHash('md5').update(data).digest('hex'),
    });
  });

  test('cancelling a running upload aborts it and leaves no image behind', async ({
    page,
    context,
    cloud,
  }) => {
    const panel = projectImages(page);
    const name = uniqueName('img');
    removeImagesLater(cloud, name);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 20 * 1024,
    });
    await panel.action('Create Image').click();
    const modal = panel.modal('Create Image');
    await modal.getByRole('textbox', { name: 'Image Name' }).fill(name);
    await chooseImageFile(page, modal.getByRole('button', { name: 'Browse...' }), {
      name: 'disk.qcow2',
      buffer: Buffer.alloc(640 * 1024, 7),
    });
    await modal.getByRole('combobox', { name: 'Format' }).selectOption('qcow2');
    await modal.getByRole('button', { name: 'Create Image' }).click();
    await expect
      .poll(async () => (await cloud.admin.glance.images.listAll({ filters: { name } })).images)
      .toEqual([expect.objectContaining({ status: 'saving' })]);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    // The server sees the connection close mid-body and deletes the half-made image.
    await expect
      .poll(async () => (await cloud.admin.glance.images.listAll({ filters: { name } })).images, {
        timeout: 15_000,
      })
      .toEqual([]);
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
    expect(await panel.cell(name, 'Status')).toBe('Queued');
    await cloud.admin.glance.images.upload(id, new Uint8Array(1024));
    // No reload: the table polls while an item is transitional.
    await expect(panel.row(name).getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    expect(await panel.cell(name, 'Status')).toBe('Active');
  });

  test('edits an image', async ({ page, cloud }) => {
    const name = uniqueName('edit');
    const id = await seedImage(cloud, name);
    const panel = projectImages(page);
    await page.reload();
    await panel.waitLoaded();
    await panel.rowAction(name, 'Edit Image');
    const modal = panel.modal('Edit Image');
    const renamed = `${name}-x`;
    removeImagesLater(cloud, renamed);
    await modal.getByRole('textbox', { name: 'Image Name' }).fill(renamed);
    await modal.getByRole('checkbox', { name: 'Protected' }).check();
    await modal.getByRole('button', { name: 'Update Image' }).click();
    await panel.expectToast(`Image ${renamed} was successfully updated.`);
    await expect(panel.row(renamed)).toBeVisible();
    expect(await panel.cell(renamed, 'Protected')).toBe('Yes');
    const image = await cloud.admin.glance.images.get(id);
    expect(image).toMatchObject({ name: renamed, protected: true, status: 'active' });
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
    await expect(modal).toBeHidden();
    const image = await cloud.admin.glance.images.get(id);
    expect((image as Record<string, unknown>)['e2e_key']).toBe('hello');
  });

  test('refuses to delete a protected image and deletes the others', async ({ page, cloud }) => {
    const keep = uniqueName('prot');
    const gone = uniqueName('gone');
    const keepId = await seedImage(cloud, keep, { protected: true });
    const goneId = await seedImage(cloud, gone);
    const panel = projectImages(page);
    await page.reload();
    await panel.waitLoaded();
    // A protected row does not offer Delete Image at all.
    await panel.kebab(keep).click();
    await expect(page.getByRole('menuitem', { name: 'Edit Image' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Delete Image' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Only the protected one selected: the warning, and no confirmation at all.
    await panel.batchAction([keep], 'Delete Images');
    await panel.expectToast(`You are not allowed to delete images: ${keep}`, 'warning');
    await expect(panel.modal('Confirm Delete Image')).toHaveCount(0);

    // Both: only the permitted image reaches the confirmation; the other is named in a warning.
    await page.reload();
    await panel.waitLoaded();
    await panel.batchAction([keep, gone], 'Delete Images');
    await panel.confirm(
      'Confirm Delete Image',
      'Delete Image',
      `You have selected "${gone}". Deleted image is not recoverable.`,
    );
    await panel.expectToast(`You are not allowed to delete images: ${keep}`, 'warning');
    await panel.expectToast(`Deleted Image: ${gone}.`);
    await expect(panel.row(gone)).toHaveCount(0);
    await expect(panel.row(keep)).toBeVisible();
    expect(await statusOf(cloud, goneId)).toBe('gone');
    expect(await statusOf(cloud, keepId)).toBe('active');
  });

  test("deletes another project's image from the admin panel", async ({ page, cloud }) => {
    const name = uniqueName('demo-img');
    const demo = await cloud.as('demo');
    const image = await demo.glance.images.create({
      name,
      disk_format: 'raw',
      container_format: 'bare',
      visibility: 'private',
    });
    removeImagesLater(cloud, name);
    await demo.glance.images.upload(image.id, new Uint8Array(512));
    const panel = adminImages(page);
    await panel.goto();
    await panel.rowAction(name, 'Delete Image');
    await panel.confirm(
      'Confirm Delete Image',
      'Delete Image',
      `You have selected "${name}". Deleted image is not recoverable.`,
    );
    await panel.expectToast(`Deleted Image: ${name}.`);
    await expect(panel.row(name)).toHaveCount(0);
    expect(await statusOf(cloud, image.id)).toBe('gone');
  });

  test('creates a volume from an image with the quota charts', async ({ page, cloud }) => {
    const panel = projectImages(page);
    const volumeName = uniqueName('vol');
    cloud.cleanup(async () => {
      const { volumes } = await cloud.admin.cinder.volumes.listAll({
        filters: { name: volumeName },
      });
      for (const v of volumes) await cloud.admin.cinder.volumes.delete(v.id);
    });
    const { absolute } = await cloud.admin.cinder.limits.get();
    const storageMax = absolute.maxTotalVolumeGigabytes;
    const countMax = absolute.maxTotalVolumes;
    const gbUsed = absolute.totalGigabytesUsed;
    const volumesUsed = absolute.totalVolumesUsed;
    expect(storageMax).toBeGreaterThan(0);
    expect(countMax).toBeGreaterThan(volumesUsed + 1);

    // The limits are held back at first: the charts show the placeholder quota (spec 2 §9).
    const limits = holdRequests(page, '**/api/cinder/tenantabsolutelimits/');
    await panel.rowAction(CIRROS, 'Create Volume');
    const modal = panel.modal('Create Volume');
    await expect(modal.getByRole('button', { name: 'Volume Details' })).toBeVisible();
    const storage = modal.getByRole('img', { name: /^Volume Storage \(GiB\): / });
    const count = modal.getByRole('img', { name: /^Number of Volumes: / });
    await limits.request;
    await expect(storage).toHaveAccessibleName('Volume Storage (GiB): 1 of 100 used');
    await expect(count).toHaveAccessibleName('Number of Volumes: 1 of 1 used');
    limits.release();

    await expect(storage).toHaveAccessibleName(
      `Volume Storage (GiB): ${gbUsed + 1} of ${storageMax} used`,
    );
    await expect(count).toHaveAccessibleName(
      `Number of Volumes: ${volumesUsed + 1} of ${countMax} used`,
    );
    const size = modal.getByRole('spinbutton', { name: 'Size (GiB)' });
    // Cirros: 1 GiB minimum disk or less, so the default is 1 GiB.
    await expect(size).toHaveValue('1');
    await size.fill('2');
    await expect(storage).toHaveAccessibleName(
      `Volume Storage (GiB): ${gbUsed + 2} of ${storageMax} used`,
    );
    await modal.getByRole('textbox', { name: 'Volume Name' }).fill(volumeName);
    await page.screenshot({
      path: `${SHOTS}/create-volume-from-image.png`,
      animations: 'disabled',
    });

    // Over the storage quota the step is invalid and nothing is sent: the submit is disabled,
    // the reason beside it and at the field. One step: no Back button.
    const over = storageMax - gbUsed + 1;
    await size.fill(String(over));
    const overQuota = 'The requested size exceeds the available storage quota.';
    await expect(modal.getByText(overQuota)).toHaveCount(2);
    const submit = modal.getByRole('button', { name: 'Create Volume' });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription(overQuota);
    await expect(modal.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expect(storage).toHaveAccessibleName(
      `Volume Storage (GiB): ${gbUsed + over} of ${storageMax} used`,
    );
    await page.screenshot({
      path: `${SHOTS}/create-volume-from-image-over-quota.png`,
      animations: 'disabled',
    });
    await size.fill('2');
    await expect(submit).toBeEnabled();
    await submit.click();
    await panel.expectToast(`Creating volume ${volumeName}`, 'info');
    await expect(modal).toBeHidden();
    const { volumes } = await cloud.admin.cinder.volumes.listAll({
      filters: { name: volumeName },
    });
    expect(volumes).toHaveLength(1);
    const id = volumes[0]?.id ?? '';
    const cirros = (await cloud.admin.glance.images.listAll({ filters: { name: CIRROS } }))
      .images[0];
    // Cinder copies the image's metadata once the volume is built.
    await expect
      .poll(async () => {
        const volume = await cloud.admin.cinder.volumes.get(id);
        return [volume.status, volume.size, volume.volume_image_metadata?.['image_id']];
      })
      .toEqual(['available', 2, cirros?.id]);
  });

  test('admin images link to details with nav, and item routes redirect', async ({ page }) => {
    const panel = adminImages(page);
    await panel.goto();
    await panel.nameLink(CIRROS).click();
    await expect(page).toHaveURL(
      /\/ngdetails\/OS::Glance::Image\/[^?]+\?nav=%2Fadmin%2Fimages%2F$/,
    );
    await expect(page.getByRole('heading', { level: 1, name: CIRROS })).toBeVisible();
    const id = page.url().split('/').pop()?.split('?')[0] ?? '';
    await page.goto(`project/images/${id}`);
    await expect(page).toHaveURL(new RegExp(`/ngdetails/OS::Glance::Image/${id}(\\?|$)`));
    await page.goto(`admin/images/${id}/detail`);
    await expect(page).toHaveURL(new RegExp(`/ngdetails/OS::Glance::Image/${id}`));
    await expect(page.getByRole('heading', { level: 1, name: CIRROS })).toBeVisible();
  });
});

test.describe('admin images paged on the server', () => {
  test('Next and Prev page through admin images, and a reload keeps the page', async ({
    page,
    context,
    cloud,
  }) => {
    const prefix = uniqueName('paged');
    const names = ['a', 'b', 'c'].map((s) => `${prefix}-${s}`);
    for (const name of names) await seedImage(cloud, name);
    // A small page size, as an earlier choice of the user left it in the cookie.
    await context.addCookies([{ name: 'API_RESULT_PAGE_SIZE', value: '2', url: baseURL }]);
    const lists: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname === '/api/glance/images/') lists.push(url);
    });
    await loginAs(page, 'admin', '/admin/images');
    const panel = adminImages(page);
    await panel.waitLoaded();
    await expect(panel.rows()).toHaveCount(2);
    await expect(panel.search).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/admin-images-paged.png`, animations: 'disabled' });

    await panel.filter('Name', prefix);
    await expect.poll(() => panel.columnTexts('Name')).toEqual([names[0], names[1]]);
    // The page's rows are counted; the total is not known.
    await expect(panel.footer).toHaveText('Displaying 2 items');
    const next = page.getByRole('button', { name: 'Go to next page' }).first();
    const prev = page.getByRole('button', { name: 'Go to previous page' }).first();
    await expect(prev).toBeDisabled();
    await expect(next).toBeEnabled();

    await next.click();
    await expect.poll(() => panel.columnTexts('Name')).toEqual([names[2]]);
    await expect(next).toBeDisabled();
    await expect(prev).toBeEnabled();
    await expect(page).toHaveURL(/[?&]marker=[^&]+/);
    await expect(page).toHaveURL(/[?&]limit=2(&|$)/);
    const asked = lists[lists.length - 1];
    expect(asked?.searchParams.get('marker')).toBeTruthy();
    expect(asked?.searchParams.get('limit')).toBe('2');
    await page.screenshot({
      path: `${SHOTS}/admin-images-paged-next.png`,
      animations: 'disabled',
    });

    // A reload (or the same link elsewhere) shows the same page, under the same filter.
    await page.reload();
    await panel.waitLoaded();
    await expect.poll(() => panel.columnTexts('Name')).toEqual([names[2]]);
    await expect(panel.chip('Name', prefix)).toBeVisible();

    await prev.click();
    await expect.poll(() => panel.columnTexts('Name')).toEqual([names[0], names[1]]);
    await expect(page).toHaveURL(/[?&]prev_marker=[^&]+/);
    await expect(prev).toBeDisabled();
  });
});
