import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

const types = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'admin/volume_types', title: 'Volume Types' });
const qos = (page: Page): ResourcePanel =>
  new ResourcePanel(page, {
    path: 'admin/volume_types',
    title: 'Volume Types',
    table: 'QoS Specs',
  });

/** Deletes the types and QoS specs of that name prefix after the test. */
function removeLater(cloud: Cloud, name: string): void {
  cloud.cleanup(async () => {
    const cinder = cloud.admin.cinder;
    for (const s of await cinder.qosSpecs.list())
      if (s.name.startsWith(name)) await cinder.qosSpecs.delete(s.id, true);
    for (const t of await cinder.volumeTypes.list({ isPublic: 'all' }))
      if (t.name.startsWith(name)) await cinder.volumeTypes.delete(t.id);
  });
}

async function giveAccess(scope: Locator, project: string): Promise<void> {
  const available = scope.getByRole('listbox', { name: 'Available projects' });
  await available.getByRole('option', { name: project, exact: true }).click();
  await scope.getByRole('button', { name: 'Add marked projects' }).click();
}

test.describe('volume types as admin', () => {
  test.setTimeout(120_000);

  test('a private type with an extra spec, encryption, project access and a QoS spec', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('vtype');
    removeLater(cloud, name);
    await loginAs(page, 'admin', '/admin/volume_types');
    const panel = types(page);
    // Two tables on the page: wait on a row rather than the (twice shown) footer.
    await expect(panel.row('lvmdriver-1')).toBeVisible();
    // The seeded default type is marked.
    expect(await panel.cell('lvmdriver-1', 'Default')).toBe('Yes');

    await panel.action('Create Volume Type').click();
    const create = panel.modal('Create Volume Type');
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('textbox', { name: 'Description' }).fill('e2e');
    await create.getByRole('checkbox', { name: 'Public' }).uncheck();
    await create.getByRole('button', { name: 'Create Volume Type' }).click();
    await expect(create).toBeHidden();
    await expect(panel.row(name)).toBeVisible();
    expect(await panel.cell(name, 'Public')).toBe('No');

    await panel.rowAction(name, 'View Extra Specs');
    const specs = panel.modal('Update Metadata');
    await specs.getByRole('textbox', { name: 'Custom' }).fill('e2e:tier');
    await specs.getByRole('button', { name: 'Add', exact: true }).click();
    await specs.getByRole('textbox', { name: 'e2e:tier' }).fill('gold');
    await specs.getByRole('button', { name: 'Save' }).click();
    await expect(specs).toBeHidden();

    await panel.rowAction(name, 'Manage Encryption');
    const encryption = panel.modal('Create Volume Type Encryption');
    await expect(encryption.getByRole('textbox', { name: 'Provider' })).toHaveValue('luks');
    await encryption.getByRole('combobox', { name: 'Control Location' }).selectOption('back-end');
    await encryption.getByRole('textbox', { name: 'Cipher' }).fill('aes-xts-plain64');
    await encryption.getByRole('spinbutton', { name: 'Key Size (bits)' }).fill('256');
    await page.screenshot({ path: 'test-results/volume-types-encryption.png' });
    await encryption.getByRole('button', { name: 'Save' }).click();
    await expect(encryption).toBeHidden();
    await expect.poll(() => panel.cell(name, 'Encryption')).toBe('luks, back-end, aes-xts-plain64');

    await panel.rowAction(name, 'Manage Access');
    const access = panel.modal('Manage Volume Type Access');
    await giveAccess(access, 'demo');
    await access.getByRole('button', { name: 'Save' }).click();
    await expect(access).toBeHidden();

    const qosPanel = qos(page);
    await qosPanel.action('Create QoS Spec').click();
    const createQos = qosPanel.modal('Create QoS Spec');
    await createQos.getByRole('textbox', { name: 'Name' }).fill(`${name}-qos`);
    await createQos.getByRole('combobox', { name: 'Consumer' }).selectOption('front-end');
    await createQos.getByRole('textbox', { name: 'Specs' }).fill('total_iops_sec=500');
    await createQos.getByRole('button', { name: 'Create QoS Spec' }).click();
    await expect(createQos).toBeHidden();
    await expect(qosPanel.row(`${name}-qos`)).toBeVisible();
    expect(await qosPanel.cell(`${name}-qos`, 'Specs')).toBe('total_iops_sec=500');

    await panel.rowAction(name, 'Manage QoS Spec Association');
    const associate = panel.modal('Manage QoS Spec Association');
    await associate
      .getByRole('combobox', { name: 'QoS Spec' })
      .selectOption({ label: `${name}-qos` });
    await associate.getByRole('button', { name: 'Save' }).click();
    await expect(associate).toBeHidden();
    await expect.poll(() => panel.cell(name, 'Associated QoS Spec')).toBe(`${name}-qos`);
    await page.screenshot({ path: 'test-results/volume-types-page.png', fullPage: true });

    // What the cloud holds: the spec, encryption, access and association.
    const stored = (await cloud.admin.cinder.volumeTypes.list({ isPublic: 'all' })).find(
      (t) => t.name === name,
    );
    if (!stored) throw new Error('type not stored');
    expect(stored.extra_specs).toMatchObject({ 'e2e:tier': 'gold' });
    expect(await cloud.admin.cinder.volumeTypes.listAccess(stored.id)).toEqual([
      await cloud.projectId('demo'),
    ]);

    await qosPanel.rowAction(`${name}-qos`, 'Delete QoS Spec');
    await qosPanel.confirm('Confirm Delete QoS Spec', 'Delete QoS Spec');
    await expect(qosPanel.row(`${name}-qos`)).toBeHidden();
    await panel.rowAction(name, 'Delete Volume Type');
    await panel.confirm('Confirm Delete Volume Type', 'Delete Volume Type');
    await expect(panel.row(name)).toBeHidden();
  });
});

test.describe('volume management as admin', () => {
  test.setTimeout(120_000);

  test("names another project's instance a volume is attached to", async ({ page, cloud }) => {
    const admin = cloud.admin;
    const server = (await admin.nova.servers.names({ allTenants: true })).find(
      (s) => s.name === 'alt-server',
    );
    const volume = (await admin.cinder.volumes.list({ allProjects: true })).volumes.find(
      (v) => v.name === 'alt-vol',
    );
    if (!server || !volume) throw new Error('the seed has no alt-server or alt-vol');
    const status = async (): Promise<string> => (await admin.cinder.volumes.get(volume.id)).status;
    await admin.nova.volumeAttachments.attach(server.id, volume.id);
    cloud.cleanup(async () => {
      await admin.nova.volumeAttachments.detach(server.id, volume.id);
      await expect.poll(status, { timeout: 30_000 }).toBe('available');
    });
    await expect.poll(status, { timeout: 30_000 }).toBe('in-use');

    await page.setViewportSize({ width: 1400, height: 900 });
    await loginAs(page, 'admin', '/admin/volumes');
    const panel = new ResourcePanel(page, { path: 'admin/volumes', title: 'Volumes' });
    await panel.waitLoaded();
    // alt_demo's instance, which the admin's own instance list does not hold, by its name.
    await expect.poll(() => panel.cell('alt-vol', 'Attached To')).toMatch(/^alt-server \(/);
    // Twelve columns fit 1400 px beside the sidebar: nothing scrolls sideways, and the backend
    // host is one line, whole in its tooltip.
    const main = page.getByRole('main');
    expect(await main.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const host = panel.row('alt-vol').getByRole('gridcell').nth(2);
    await expect(host).toHaveAttribute('title', /@.+#/);
    const lines = await host.evaluate((el) => {
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    await page.screenshot({ path: 'test-results/admin-volumes-1400.png' });
    await panel.row('alt-vol').getByRole('link', { name: 'alt-server' }).click();
    await expect(page).toHaveURL(new RegExp(server.id));
    await expect(page.getByRole('heading', { name: 'alt-server' })).toBeVisible();
  });

  test('manages a backend volume and unmanages it', async ({ page, cloud }) => {
    const name = uniqueName('managed');
    cloud.cleanup(async () => {
      for (const v of (await cloud.admin.cinder.volumes.list({ allProjects: true })).volumes)
        if (v.name === name) await cloud.admin.cinder.volumes.delete(v.id);
    });
    const host = (await cloud.admin.cinder.services.list({ binary: 'cinder-volume' }))[0]?.host;
    if (!host) throw new Error('no volume service');
    await loginAs(page, 'admin', '/admin/volumes');
    const panel = new ResourcePanel(page, { path: 'admin/volumes', title: 'Volumes' });
    await panel.waitLoaded();
    // Every project's volumes, each with its project's name (the seed's alt-vol is alt_demo's).
    await expect.poll(() => panel.cell('alt-vol', 'Project')).toBe('alt_demo');
    await panel.action('Manage Volume').click();
    const modal = panel.modal('Manage Volume');
    // The host is one of the scheduler's pools (get_pools), not typed in.
    const pool = (await cloud.admin.cinder.pools.list()).find((p) => p.name.startsWith(`${host}#`));
    if (!pool) throw new Error(`no pool on ${host}`);
    await modal.getByRole('combobox', { name: 'Host' }).selectOption(pool.name);
    await modal.getByRole('textbox', { name: 'Identifier' }).fill('volume-legacy-0001');
    await modal.getByRole('textbox', { name: 'Volume Name' }).fill(name);
    await modal.getByRole('checkbox', { name: 'Bootable' }).check();
    await modal.getByRole('textbox', { name: 'Metadata' }).fill('origin=backend');
    await page.screenshot({ path: 'test-results/volumes-manage.png' });
    await modal.getByRole('button', { name: 'Manage' }).click();
    await expect(modal).toBeHidden();
    await expect(panel.row(name)).toBeVisible();
    await expect.poll(() => panel.cell(name, 'Status'), { timeout: 30_000 }).toBe('Available');

    await panel.rowAction(name, 'Unmanage Volume');
    await panel.confirm('Unmanage Volume', 'Unmanage');
    await expect(panel.row(name)).toHaveCount(0, { timeout: 30_000 });
  });
});
