import type { Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { chooseImageFile, projectImages, removeImagesLater } from '../images';
import { AppShell } from '../pages/AppShell';
import { LoginPage } from '../pages/LoginPage';
import { ResourcePanel } from '../pages/ResourcePanel';
import { newOpenSshPublicKey } from '../sshKeys';

// The smoke slice (issue 8 §5): sign in, each panel's list, one create and delete per service,
// sign out. It runs in the demo-cloud suite and, as `npm run test:e2e:lab` (E2E_LAB=1, only
// @smoke), against the OpenStack lab's real services; so it relies only on what both are seeded
// with (the users admin/demo, flavor m1.tiny) and leaves nothing behind.

const panelOf = (page: Page, path: string, title: string): ResourcePanel =>
  new ResourcePanel(page, { path, title });

test.describe('smoke', { tag: '@smoke' }, () => {
  test('signs in and out', async ({ page }) => {
    await loginAs(page, 'demo');
    await new AppShell(page).signOut();
    await expect(page).toHaveURL(/\/login$/);
    await expect(new LoginPage(page).heading).toBeVisible();
    await page.goto('project/key_pairs');
    await expect(page).toHaveURL(/\/login\?next=%2Fproject%2Fkey_pairs$/);
  });

  test('lists the flavors as admin', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/flavors');
    const panel = panelOf(page, 'admin/flavors', 'Flavors');
    await panel.waitLoaded();
    await expect(panel.row('m1.tiny')).toBeVisible();
    await panel.nameLink('m1.tiny').click();
    await expect(page.getByRole('heading', { level: 1, name: 'm1.tiny' })).toBeVisible();
  });

  test('imports and deletes a key pair', async ({ page, cloud }) => {
    await loginAs(page, 'demo', '/project/key_pairs');
    const panel = panelOf(page, 'project/key_pairs', 'Key Pairs');
    await panel.waitLoaded();
    const name = uniqueName('smoke-kp');
    cloud.cleanup(async () => (await cloud.as('demo')).nova.keypairs.delete(name));
    const key = newOpenSshPublicKey();
    await panel.action('Import Public Key').click();
    const modal = panel.modal('Import Public Key');
    await modal.getByRole('textbox', { name: 'Key Pair Name' }).fill(name);
    await modal.getByRole('textbox', { name: 'Public Key', exact: true }).fill(key.line);
    await modal.getByRole('button', { name: 'Import Public Key' }).click();
    await panel.expectToast(`Successfully imported key pair ${name}`);
    expect(await panel.cell(name, 'Fingerprint')).toBe(key.fingerprint);

    await panel.rowAction(name, 'Delete Key Pair');
    await panel.confirm('Confirm Delete Key Pair', 'Delete Key Pair', `"${name}"`);
    await panel.expectToast(`Deleted Key Pair: ${name}.`);
    await expect(panel.row(name)).toHaveCount(0);
  });

  test('creates an image from a file and deletes it', async ({ page, cloud }) => {
    await loginAs(page, 'demo', '/project/images');
    const panel = projectImages(page);
    await panel.waitLoaded();
    const name = uniqueName('smoke-img');
    removeImagesLater(cloud, name);
    const data = Buffer.alloc(64 * 1024, 7);
    await panel.action('Create Image').click();
    const modal = panel.modal('Create Image');
    await modal.getByRole('textbox', { name: 'Image Name' }).fill(name);
    await chooseImageFile(page, modal.getByRole('button', { name: 'Browse...' }), {
      name: 'disk.raw',
      buffer: data,
    });
    await modal.getByRole('combobox', { name: 'Format' }).selectOption('raw');
    await modal.getByRole('button', { name: 'Create Image' }).click();
    await panel.expectToast(`Image ${name} was successfully created.`);
    await expect.poll(() => panel.cell(name, 'Status'), { timeout: 30_000 }).toBe('Active');
    await expectImage(cloud, name, data.length);

    await panel.rowAction(name, 'Delete Image');
    await panel.confirm('Confirm Delete Image', 'Delete Image', `"${name}"`);
    await panel.expectToast(`Deleted Image: ${name}.`);
    await expect(panel.row(name)).toHaveCount(0);
  });

  test('creates and deletes a server group', async ({ page, cloud }) => {
    await loginAs(page, 'demo', '/project/server_groups');
    const panel = panelOf(page, 'project/server_groups', 'Server Groups');
    await panel.waitLoaded();
    const name = uniqueName('smoke-sg');
    cloud.cleanup(async () => {
      const demo = await cloud.as('demo');
      for (const group of await demo.nova.serverGroups.list()) {
        if (group.name === name) await demo.nova.serverGroups.delete(group.id);
      }
    });
    await panel.action('Create Server Group').click();
    const modal = panel.modal('Create Server Group');
    await modal.getByRole('textbox', { name: 'Name' }).fill(name);
    await modal.getByRole('combobox', { name: 'Policy' }).selectOption({ label: 'Anti Affinity' });
    await modal.getByRole('button', { name: 'Create Server Group' }).click();
    await panel.expectToast(`Server Group ${name} was successfully created`);
    expect(await panel.cell(name, 'Policy')).toBe('anti-affinity');

    await panel.rowAction(name, 'Delete Server Group');
    await panel.confirm('Confirm Delete Server Group', 'Delete Server Group', `"${name}"`);
    await panel.expectToast(`Deleted Server Group: ${name}.`);
    await expect(panel.row(name)).toHaveCount(0);
  });
});

/** The cloud itself holds the uploaded bytes (not only the product's list). */
async function expectImage(cloud: Cloud, name: string, size: number): Promise<void> {
  const { images } = await cloud.admin.glance.images.listAll({ filters: { name } });
  expect(images).toEqual([expect.objectContaining({ status: 'active', size })]);
}
