import type { Page } from '@playwright/test';
import { expectAccessible } from '../axe';
import { expect, loginAs, test } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

const info = (page: Page, table: string): ResourcePanel =>
  new ResourcePanel(page, { path: 'admin/info', title: 'System Information', table });
const defaults = (page: Page, table: string): ResourcePanel =>
  new ResourcePanel(page, { path: 'admin/defaults', title: 'Defaults', table });

test.describe('admin system pages', () => {
  test('System Information lists services, compute and block storage services and agents', async ({
    page,
  }) => {
    await loginAs(page, 'admin', '/admin/info');
    const services = info(page, 'Services');
    await services.waitLoaded();
    await expect(services.row('nova')).toBeVisible();
    await expect(services.row('keystone')).toContainText('identity');
    await expect(services.row('keystone')).toContainText('RegionOne');
    await page.screenshot({ path: '/tmp/e2e-shots/system-info-services.png', fullPage: true });

    await page.getByRole('tab', { name: 'Compute Services' }).click();
    const compute = info(page, 'Compute Services');
    await compute.waitLoaded();
    await expect(compute.rows().filter({ hasText: 'nova-compute' }).first()).toBeVisible();
    await expect(compute.rows().filter({ hasText: 'nova-scheduler' }).first()).toBeVisible();

    await page.getByRole('tab', { name: 'Block Storage Services' }).click();
    const volume = info(page, 'Block Storage Services');
    await volume.waitLoaded();
    await expect(volume.rows().filter({ hasText: 'cinder-volume' }).first()).toBeVisible();

    await page.getByRole('tab', { name: 'Network Agents' }).click();
    const agents = info(page, 'Network Agents');
    await agents.waitLoaded();
    await expect(agents.row('DHCP agent')).toContainText('Up');
    await page.screenshot({ path: '/tmp/e2e-shots/system-info-agents.png', fullPage: true });
    await expectAccessible(page, 'system information, network agents');
  });

  test('Defaults shows the three services’ quotas and updates a compute default', async ({
    page,
    cloud,
  }) => {
    const before = (await cloud.admin.nova.quotaDefaults.get('default'))['key_pairs'] ?? 100;
    cloud.cleanup(async () => {
      await cloud.admin.nova.quotaDefaults.update({ key_pairs: before });
    });
    await loginAs(page, 'admin', '/admin/defaults');
    await expect(page.getByRole('heading', { name: 'Defaults', level: 1 })).toBeVisible();
    const compute = defaults(page, 'Compute Quotas');
    await expect(compute.row('Instances')).toBeVisible();
    await expect(defaults(page, 'Volume Quotas').row('Volumes')).toBeVisible();
    await expect(defaults(page, 'Network Quotas').row('Networks')).toBeVisible();
    await page.screenshot({ path: '/tmp/e2e-shots/system-defaults.png', fullPage: true });
    await expectAccessible(page, 'defaults');

    const next = before + 7;
    await page.getByRole('button', { name: 'Update Defaults' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Update Default Compute Quotas' });
    await expect(modal).toBeVisible();
    const field = modal.getByRole('textbox', { name: 'Key Pairs' });
    await field.fill('x');
    await expect(modal.getByText('Enter a whole number, -1 for unlimited.')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
    await field.fill(String(next));
    await page.screenshot({ path: '/tmp/e2e-shots/system-defaults-modal.png' });
    await expectAccessible(page, 'update defaults dialog');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toHaveCount(0);
    await expect(page.getByText('Default quotas updated.')).toBeVisible();
    await expect(compute.row('Key Pairs')).toContainText(String(next));
    expect((await cloud.admin.nova.quotaDefaults.get('default'))['key_pairs']).toBe(next);
  });
});

test('a member sees no System section and cannot open its pages', async ({ page }) => {
  await loginAs(page, 'demo', '/admin/info');
  await expect(
    page.getByRole('heading', { name: 'You are not authorized to see this page' }),
  ).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Global' });
  await expect(nav.getByRole('link', { name: 'System Information' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Defaults' })).toHaveCount(0);
  await expect(nav.getByText('System', { exact: true })).toHaveCount(0);
  await page.goto('admin/defaults');
  await expect(
    page.getByRole('heading', { name: 'You are not authorized to see this page' }),
  ).toBeVisible();
});
