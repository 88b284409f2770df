import { readFile } from 'node:fs/promises';
import { expect, loginAs, test, uniqueName } from '../fixtures';

/**
 * Object storage (issue 11, spec 3): a container with nested folders, an upload, a copy, a
 * download, public access, and a folder tree deleted through the two-phase modal.
 */
test.describe('object storage as demo', () => {
  test('a container from creation to a deleted folder tree', async ({ page, cloud }) => {
    const container = uniqueName('e2e-box');
    cloud.cleanup(async () => {
      const swift = (await cloud.as('demo')).swift;
      for (const row of await swift.listObjects(container).catch(() => [])) {
        if ('name' in row) await swift.deleteObject(container, row.name).catch(() => undefined);
      }
      await swift.deleteContainer(container).catch(() => undefined);
    });
    await loginAs(page, 'demo', '/project/containers');

    // Create the container; the asynchronous check knows it exists afterwards.
    await page.getByRole('button', { name: 'Create Container' }).click();
    const create = page.getByRole('dialog', { name: 'Create Container' });
    await create.getByRole('textbox', { name: 'Container Name' }).fill('a/b');
    await expect(create.getByText('Container name must not contain "/".')).toBeVisible();
    await create.getByRole('textbox', { name: 'Container Name' }).fill(container);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`Container ${container} created.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/project/containers/container/${container}$`));

    // Nested folders, each opened through its link; the breadcrumbs follow.
    await page.getByRole('button', { name: 'Create Folder' }).click();
    await page.getByRole('textbox', { name: 'Folder Name' }).fill('docs');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Folder docs created.')).toBeVisible();
    await page.getByRole('link', { name: 'docs' }).click();
    await page.getByRole('button', { name: 'Create Folder' }).click();
    await page.getByRole('textbox', { name: 'Folder Name' }).fill('deep dir');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name: 'deep dir' }).click();
    await expect(page).toHaveURL(/\/docs\/deep%20dir$/);
    const crumbs = page.getByRole('navigation', { name: 'Folder path' });
    await expect(crumbs).toContainText(container);
    await expect(crumbs).toContainText('docs');

    // Upload: the name comes from the file.
    await page.getByRole('button', { name: 'Upload File' }).click();
    const upload = page.getByRole('dialog');
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'hello.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello object storage'),
    });
    await expect(upload.getByRole('textbox', { name: 'Object Name' })).toHaveValue('hello.txt');
    await upload.getByRole('button', { name: 'Upload File' }).click();
    await expect(page.getByText('File docs/deep dir/hello.txt uploaded.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'hello.txt' });
    await expect(row).toContainText('20 B');
    await page.screenshot({ path: test.info().outputPath('object-browser.png') });

    // Copy it to the container's top.
    await row.getByRole('button', { name: 'Kebab toggle' }).click();
    await page.getByRole('menuitem', { name: 'Copy' }).click();
    const copy = page.getByRole('dialog');
    await copy.getByRole('textbox', { name: 'Destination Object Name' }).fill('copy.txt');
    await copy.getByRole('button', { name: 'Copy Object' }).click();
    await expect(page.getByText('Object docs/deep dir/hello.txt has copied.')).toBeVisible();

    // Download, streamed by the server into the browser's download.
    await row.getByRole('button', { name: 'Kebab toggle' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('hello.txt');
    expect(await readFile(await download.path(), 'utf8')).toBe('hello object storage');

    // Public, with its URL; then back at the top, the copy sits beside the folder.
    // PatternFly's switch draws its toggle over the input.
    await page.getByRole('switch', { name: 'Public Access' }).check({ force: true });
    await expect(page.getByText(`Container ${container} is now public.`)).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`/${container}$`) })).toBeVisible();
    await crumbs.getByRole('link', { name: container }).click();
    await expect(page.getByRole('row').filter({ hasText: 'copy.txt' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('containers.png') });

    // The folder tree, through discovery then deletion.
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'docs' }) })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Objects' });
    await expect(remove).toContainText('Delete 1 file(s) and 2 folder(s)?');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted 3 items.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'docs' })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: 'copy.txt' })).toBeVisible();
  });
});
