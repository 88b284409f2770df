import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, loginAs, test, type Cloud } from '../fixtures';
import type { NovaServer, OpenStackClient } from '@skydeck/openstack-client';
import {
  bootOwnInstance,
  expectStatus,
  openOwn,
  operate,
  projectInstancesPanel,
} from '../instances';
import type { ResourcePanel } from '../pages/ResourcePanel';

// The instance row actions with a form of their own (issue 9), each once from the Instances
// panel: floating IPs, volumes, resize with revert and confirm, rebuild, soft reboot, the
// admin's Reset State and the batch delete. Each test boots its own instance (or two), checks
// the toasts and what changed in the cloud, and deletes what it made afterwards.

/** Nova's record of one server (the list, as the panel reads it, filtered to its name). */
async function listed(client: OpenStackClient, name: string): Promise<NovaServer | undefined> {
  const { servers } = await client.nova.servers.list({ filters: { name: `^${name}$` } });
  return servers[0];
}

/** Nova's addresses of a server of that kind ('fixed' or 'floating'), IPv4 only. */
const addressesOf = (server: NovaServer | undefined, type: string): string[] =>
  Object.values(server?.addresses ?? {})
    .flat()
    .filter((a) => a.version === 4 && a['OS-EXT-IPS:type'] === type)
    .map((a) => a.addr);

const SMALL = 'm1.small (1 VCPU, 2048 MB RAM, 20 GB disk)';
const VERIFY_RESIZE = 'Confirm or Revert Resize/Migrate';

/** Resizes the row's instance from m1.tiny to m1.small, up to Nova's VERIFY_RESIZE. */
async function resizeToSmall(page: Page, panel: ResourcePanel, name: string): Promise<void> {
  await panel.rowAction(name, 'Resize Instance');
  const dialog = panel.modal('Resize Instance');
  await expect(dialog).toContainText('Old flavor: m1.tiny');
  const flavor = dialog.getByRole('combobox', { name: /^New Flavor/ });
  // Its own flavor is not offered (Nova refuses a resize to the same flavor).
  await expect(flavor.locator('option', { hasText: /^m1\.tiny / })).toHaveCount(0);
  await flavor.selectOption({ label: SMALL });
  const submit = dialog.getByRole('button', { name: 'Resize', exact: true });
  await expect(submit).toBeEnabled();
  // Transitions finished: the button just enabled would show half its colour.
  await page.screenshot({
    path: test.info().outputPath('resize-instance.png'),
    animations: 'disabled',
  });
  await submit.click();
  await expect(dialog).toBeHidden();
  await panel.expectToast(`Resizing ${name}.`, 'info');
  await expectStatus(panel, name, VERIFY_RESIZE);
  expect(await panel.cell(name, 'Flavor')).toBe('m1.small');
}

async function novaFlavor(cloud: Cloud, name: string): Promise<string | undefined> {
  return (await listed(await cloud.as('demo'), name))?.flavor?.original_name;
}

test('associate a floating IP allocated from the pool, then disassociate it', async ({
  page,
  cloud,
}) => {
  const { panel, name } = await openOwn(page, cloud, 'fip', { network: 'private' });
  const demo = await cloud.as('demo');
  const [fixed] = addressesOf(await listed(demo, name), 'fixed');
  expect(fixed).toBeDefined();
  expect(await panel.cell(name, 'IP Address')).toContain(fixed);

  await panel.rowAction(name, 'Associate Floating IP');
  const associate = panel.modal('Manage Floating IP Associations');
  await associate
    .getByRole('combobox', { name: /^IP Address/ })
    .selectOption({ label: 'Allocate a new floating IP from public' });
  // The instance's one IPv4 address is the only target, chosen already.
  await expect(
    associate.getByRole('combobox', { name: /^Port to be associated/ }).locator('option:checked'),
  ).toHaveText(`${name}: ${fixed}`);
  const submit = associate.getByRole('button', { name: 'Associate', exact: true });
  await expect(submit).toBeEnabled();
  await page.screenshot({
    path: test.info().outputPath('associate-floating-ip.png'),
    animations: 'disabled',
  });
  const allocated = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/network/floatingip/'),
  );
  await submit.click();
  const fip = (await (await allocated).json()) as { id: string; floating_ip_address: string };
  cloud.cleanup(() => demo.neutron.floatingIps.delete(fip.id));
  const address = fip.floating_ip_address;
  await panel.expectToast(`Allocated Floating IP ${address}.`);
  await panel.expectToast(`Floating IP ${address} was associated with ${name}: ${fixed}.`);
  await expect(associate).toBeHidden();
  // The row shows it (Nova's list reads the ports' current addresses), and so does Nova.
  await expect
    .poll(async () => panel.cell(name, 'IP Address'), { timeout: 20_000 })
    .toContain(address);
  expect(addressesOf(await listed(demo, name), 'floating')).toEqual([address]);

  await panel.rowAction(name, 'Disassociate Floating IP');
  const disassociate = panel.modal('Disassociate Floating IP');
  // Its one floating IP is chosen already.
  await expect(
    disassociate.getByRole('combobox', { name: /^Floating IP/ }).locator('option:checked'),
  ).toHaveText(`${address} → ${fixed}`);
  await disassociate.getByRole('button', { name: 'Disassociate', exact: true }).click();
  await panel.expectToast(`Floating IP ${address} was disassociated.`);
  await expect
    .poll(async () => panel.cell(name, 'IP Address'), { timeout: 20_000 })
    .not.toContain(address);
  expect(await panel.cell(name, 'IP Address')).toContain(fixed);
  expect(addressesOf(await listed(demo, name), 'floating')).toEqual([]);
  // Still the project's, no longer forwarding.
  expect((await demo.neutron.floatingIps.get(fip.id)).port_id).toBeNull();
});

test('attach a volume from the instance row, then detach it', async ({ page, cloud }) => {
  const demo = await cloud.as('demo');
  const volumeName = `e2e-vol-${randomUUID().slice(0, 8)}`;
  const volume = await demo.cinder.volumes.create({ size: 1, name: volumeName });
  // Registered before the instance: removed after it (an attached volume cannot be deleted).
  cloud.cleanup(() => demo.cinder.volumes.delete(volume.id, { cascade: true }));
  const volumeStatus = async (): Promise<string> =>
    (await demo.cinder.volumes.get(volume.id)).status;
  await expect.poll(volumeStatus, { timeout: 30_000 }).toBe('available');
  const { panel, name, id } = await openOwn(page, cloud, 'vol');

  await panel.rowAction(name, 'Attach Volume');
  const attach = panel.modal('Manage Volume Attachments');
  await expect(attach).toContainText(`Attach a volume to instance "${name}".`);
  await attach
    .getByRole('combobox', { name: /^Volume ID/ })
    .selectOption({ label: `${volumeName} (1 GiB)` });
  await attach.getByRole('button', { name: 'Attach Volume', exact: true }).click();
  await expect(attach).toBeHidden();
  await panel.expectToast(`Attaching volume ${volumeName} to instance ${name}.`, 'info');
  await expect.poll(volumeStatus, { timeout: 30_000 }).toBe('in-use');
  const attached = await demo.cinder.volumes.get(volume.id);
  expect(attached.attachments.map((a) => a.server_id)).toEqual([id]);
  const device = attached.attachments[0]?.device ?? '';

  await panel.rowAction(name, 'Detach Volume');
  const detach = panel.modal('Detach Volume');
  // The instance's one volume, with the device Nova gave it, is chosen already.
  const label = `${volumeName} (${device})`;
  await expect(
    detach.getByRole('combobox', { name: /^Volume/ }).locator('option:checked'),
  ).toHaveText(label);
  await detach.getByRole('button', { name: 'Detach Volume', exact: true }).click();
  await expect(detach).toBeHidden();
  await panel.expectToast(`Detaching volume ${volumeName} from instance ${name}.`, 'info');
  await expect.poll(volumeStatus, { timeout: 30_000 }).toBe('available');
  expect((await demo.cinder.volumes.get(volume.id)).attachments).toEqual([]);
});

test('resize to another flavor, then revert the resize', async ({ page, cloud }) => {
  test.setTimeout(90_000);
  const { panel, name } = await openOwn(page, cloud, 'resize-revert');
  await resizeToSmall(page, panel, name);
  expect(await novaFlavor(cloud, name)).toBe('m1.small');
  await operate(panel, name, 'Revert Resize/Migrate', `Reverting the resize of ${name}.`, 'Active');
  await expect.poll(async () => panel.cell(name, 'Flavor'), { timeout: 20_000 }).toBe('m1.tiny');
  expect(await novaFlavor(cloud, name)).toBe('m1.tiny');
});

test('resize to another flavor, then confirm the resize', async ({ page, cloud }) => {
  test.setTimeout(90_000);
  const { panel, name } = await openOwn(page, cloud, 'resize-confirm');
  await resizeToSmall(page, panel, name);
  await operate(
    panel,
    name,
    'Confirm Resize/Migrate',
    `Confirmed the resize of ${name}.`,
    'Active',
  );
  expect(await panel.cell(name, 'Flavor')).toBe('m1.small');
  const server = await listed(await cloud.as('demo'), name);
  expect(server?.status).toBe('ACTIVE');
  expect(server?.flavor?.original_name).toBe('m1.small');
});

test('rebuild from another image, then soft reboot', async ({ page, cloud }) => {
  test.setTimeout(90_000);
  const { panel, name, id } = await openOwn(page, cloud, 'rebuild');
  const demo = await cloud.as('demo');
  const {
    images: [image],
  } = await demo.glance.images.listAll({ filters: { name: 'demo-app-image' } });
  expect(image).toBeDefined();
  expect(await panel.cell(name, 'Image Name')).not.toBe('demo-app-image');

  await panel.rowAction(name, 'Rebuild Instance');
  const rebuild = panel.modal('Rebuild Instance');
  await rebuild
    .getByRole('combobox', { name: /^Select Image/ })
    .selectOption({ label: 'demo-app-image' });
  await rebuild.getByRole('button', { name: 'Rebuild Instance', exact: true }).click();
  await expect(rebuild).toBeHidden();
  await panel.expectToast(`Rebuilding ${name}.`, 'info');
  await expect
    .poll(async () => panel.cell(name, 'Image Name'), { timeout: 20_000 })
    .toBe('demo-app-image');
  await expectStatus(panel, name, 'Active');
  await expect
    .poll(async () => {
      const server = await listed(demo, name);
      return [server?.status, server?.['OS-EXT-STS:task_state'] ?? null];
    })
    .toEqual(['ACTIVE', null]);
  const rebuilt = (await listed(demo, name))?.image;
  expect(rebuilt && typeof rebuilt === 'object' ? rebuilt.id : '').toBe(image?.id);

  await operate(panel, name, 'Soft Reboot Instance', `Rebooting ${name}.`, 'Active');
  // A soft reboot, as Nova recorded it (the status is Active before and after).
  const actions = await demo.nova.serverLog.actions(id);
  expect(actions.map((a) => a.action)).toContain('reboot');
});

test('an admin resets the state to error and back to active', async ({ page, cloud }) => {
  const { panel, name } = await openOwn(page, cloud, 'reset', { user: 'admin' });
  const demo = await cloud.as('demo');
  for (const [state, status] of [
    ['Error', 'Error'],
    ['Active', 'Active'],
  ] as const) {
    await panel.rowAction(name, 'Reset State');
    const dialog = panel.modal('Reset State');
    await expect(dialog).toContainText(`Only the record of "${name}" changes`);
    await dialog.getByRole('combobox', { name: /^State/ }).selectOption({ label: state });
    await dialog.getByRole('button', { name: 'Reset State', exact: true }).click();
    await expect(dialog).toBeHidden();
    await panel.expectToast(`Reset the state of ${name}.`, 'info');
    await expectStatus(panel, name, status);
    expect((await listed(demo, name))?.status).toBe(status.toUpperCase());
  }
});

test('delete two selected instances with the batch action', async ({ page, cloud }) => {
  const prefix = `e2e-del-${randomUUID().slice(0, 8)}`;
  const names = [`${prefix}-a`, `${prefix}-b`];
  for (const name of names) await bootOwnInstance(cloud, name);
  await loginAs(page, 'demo', '/project/instances');
  const panel = projectInstancesPanel(page);
  await panel.waitLoaded();
  await panel.filter('Instance Name', prefix);
  for (const name of names) await expectStatus(panel, name, 'Active');

  await panel.batchAction(names, 'Delete Instances');
  const dialog = panel.modal('Confirm Delete Instances');
  for (const name of names) await expect(dialog).toContainText(`"${name}"`);
  await dialog.getByRole('button', { name: 'Delete Instances', exact: true }).click();
  await expect(dialog).toBeHidden();
  // Named in the order of the table (newest first) or of the selection.
  const [a, b] = names as [string, string];
  await expect(
    panel.shell
      .toast(`Deleted Instances: ${a}, ${b}.`)
      .or(panel.shell.toast(`Deleted Instances: ${b}, ${a}.`)),
  ).toBeVisible();
  // Gone from the table once Nova has finished deleting them.
  await expect(panel.emptyText()).toBeVisible({ timeout: 30_000 });
  const demo = await cloud.as('demo');
  await expect
    .poll(async () => (await demo.nova.servers.list({ filters: { name: prefix } })).servers, {
      timeout: 30_000,
    })
    .toEqual([]);
});
