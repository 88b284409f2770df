import type { Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

const hypervisors = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'admin/hypervisors', title: 'Hypervisors' });
const services = (page: Page): ResourcePanel =>
  new ResourcePanel(page, {
    path: 'admin/hypervisors',
    title: 'Hypervisors',
    table: 'Compute Services',
  });
const aggregates = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'admin/aggregates', title: 'Host Aggregates' });

const HOST = 'demo-compute-2';

/** Puts the host's compute service back to enabled after the test, whatever happened. */
function enableLater(cloud: Cloud): void {
  cloud.cleanup(async () => {
    const [service] = await cloud.admin.nova.services.list({ binary: 'nova-compute', host: HOST });
    if (service) await cloud.admin.nova.services.update(String(service.id), { status: 'enabled' });
  });
}

/** Deletes the aggregate of that name after the test (its hosts removed first). */
function removeAggregateLater(cloud: Cloud, name: string): void {
  cloud.cleanup(async () => {
    for (const aggregate of await cloud.admin.nova.aggregates.list()) {
      if (aggregate.name !== name) continue;
      for (const host of aggregate.hosts)
        await cloud.admin.nova.aggregates.removeHost(aggregate.id, host);
      await cloud.admin.nova.aggregates.delete(aggregate.id);
    }
  });
}

test.describe('admin compute as admin', () => {
  test('shows the hypervisor summary and table, and a hypervisor’s instances', async ({
    page,
    cloud,
  }) => {
    await loginAs(page, 'admin', '/admin/hypervisors');
    const panel = hypervisors(page);
    await panel.waitLoaded();
    const stats = await cloud.admin.nova.hypervisors.listDetail();
    const vcpus = stats.reduce((n, h) => n + (h.vcpus ?? 0), 0);
    const used = stats.reduce((n, h) => n + (h.vcpus_used ?? 0), 0);
    await expect(page.getByRole('progressbar', { name: 'VCPU Usage' })).toHaveAttribute(
      'aria-valuetext',
      `Used ${used} / ${vcpus}`,
    );
    await expect(page.getByRole('progressbar', { name: 'Memory Usage' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Local Disk Usage' })).toBeVisible();
    expect(await panel.columnTitles()).toEqual([
      'Hostname',
      'Type',
      'VCPUs (used / total)',
      'RAM (used / total)',
      'Local Storage (used / total)',
      'Instances',
      'State',
      'Status',
    ]);
    const first = stats.find((h) => h.hypervisor_hostname === 'demo-compute-1');
    expect(await panel.cell('demo-compute-1', 'VCPUs (used / total)')).toBe(
      `${first?.vcpus_used} / ${first?.vcpus}`,
    );
    expect(await panel.cell('demo-compute-1', 'Instances')).toBe(String(first?.running_vms));

    // The row expands to the instances on that hypervisor.
    await panel
      .row('demo-compute-1')
      .getByRole('button', { name: /details|expand/i })
      .click();
    const instances = page.getByRole('grid', { name: 'Instances on demo-compute-1' });
    await expect(instances.getByRole('link')).toHaveCount(first?.running_vms ?? 0);
    await page.screenshot({ path: test.info().outputPath('hypervisors.png'), fullPage: true });
  });

  test('disables a compute service with a reason and enables it again', async ({ page, cloud }) => {
    enableLater(cloud);
    await loginAs(page, 'admin', '/admin/hypervisors');
    await hypervisors(page).waitLoaded();
    await page.getByRole('tab', { name: 'Compute Services' }).click();
    const panel = services(page);
    await expect(panel.table).toBeVisible();
    await expect(panel.row(HOST)).toBeVisible();

    await panel.row(HOST).getByRole('button', { name: 'Disable Service' }).click();
    const modal = panel.modal('Disable Service');
    await modal.getByRole('textbox', { name: 'Reason' }).fill('e2e maintenance');
    await modal.getByRole('button', { name: 'Disable Service' }).click();
    await panel.expectToast(`Disabled compute service ${HOST}.`);
    await expect(modal).toBeHidden();
    await expect(panel.row(HOST).getByRole('gridcell', { name: 'e2e maintenance' })).toBeVisible();
    const [disabled] = await cloud.admin.nova.services.list({ binary: 'nova-compute', host: HOST });
    expect(disabled).toMatchObject({ status: 'disabled', disabled_reason: 'e2e maintenance' });
    await page.screenshot({ path: test.info().outputPath('services.png'), fullPage: true });

    await panel.row(HOST).getByRole('button', { name: 'Enable Service' }).click();
    const enable = panel.modal('Enable Service');
    await expect(enable).toContainText('Disabled because: e2e maintenance');
    await enable.getByRole('button', { name: 'Enable Service' }).click();
    await panel.expectToast(`Enabled compute service ${HOST}.`);
    await expect(panel.row(HOST).getByRole('button', { name: 'Disable Service' })).toBeVisible();
    const [enabled] = await cloud.admin.nova.services.list({ binary: 'nova-compute', host: HOST });
    expect(enabled).toMatchObject({ status: 'enabled', disabled_reason: null });
  });

  test('creates an aggregate, adds a host, sets metadata and deletes it', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('agg');
    removeAggregateLater(cloud, name);
    await loginAs(page, 'admin', '/admin/aggregates');
    const panel = aggregates(page);
    await panel.waitLoaded();
    expect(await panel.columnTitles()).toEqual(['Name', 'Availability Zone', 'Hosts', 'Metadata']);

    await panel.action('Create Host Aggregate').click();
    const create = panel.modal('Create Host Aggregate');
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('textbox', { name: 'Availability Zone' }).fill(`${name}-az`);
    await create.getByRole('button', { name: 'Create Host Aggregate' }).click();
    await panel.expectToast(`Host aggregate ${name} was successfully created.`);
    await expect(create).toBeHidden();
    await expect(panel.row(name)).toBeVisible();
    expect(await panel.cell(name, 'Availability Zone')).toBe(`${name}-az`);

    // Manage Hosts: move demo-compute-1 to the selected list.
    await panel.row(name).getByRole('button', { name: 'Manage Hosts' }).click();
    const hosts = panel.modal(`Manage Hosts of ${name}`);
    await hosts.getByRole('option', { name: 'demo-compute-1' }).click();
    await hosts.getByRole('button', { name: 'Add marked hosts' }).click();
    await hosts.getByRole('button', { name: 'Save' }).click();
    await panel.expectToast(`The hosts of aggregate ${name} were updated.`);
    await expect(hosts).toBeHidden();
    await expect.poll(() => panel.cell(name, 'Hosts')).toBe('demo-compute-1');

    // A non-empty aggregate offers no Delete.
    // The list is read again after the change; a menu opened on the old row closes with it.
    await expect(async () => {
      await panel.kebab(name).click();
      await expect(page.getByRole('menuitem', { name: 'Update Metadata' })).toBeVisible({
        timeout: 2000,
      });
    }).toPass();
    await expect(page.getByRole('menuitem', { name: 'Delete Host Aggregate' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await panel.rowAction(name, 'Update Metadata');
    const metadata = panel.modal('Update Metadata');
    await metadata.getByRole('textbox', { name: 'Custom' }).fill('e2e_key');
    await metadata.getByRole('button', { name: 'Add', exact: true }).click();
    await metadata.getByRole('textbox', { name: 'e2e_key' }).fill('yes');
    await metadata.getByRole('button', { name: 'Save' }).click();
    await panel.expectToast('Metadata was successfully updated');
    await expect(metadata).toBeHidden();
    await expect.poll(() => panel.cell(name, 'Metadata')).toContain('e2e_key = yes');
    const stored = (await cloud.admin.nova.aggregates.list()).find((a) => a.name === name);
    expect(stored?.metadata).toMatchObject({ e2e_key: 'yes', availability_zone: `${name}-az` });
    await page.screenshot({ path: test.info().outputPath('aggregates.png'), fullPage: true });

    // Empty it again, then delete it.
    await panel.row(name).getByRole('button', { name: 'Manage Hosts' }).click();
    await hosts.getByRole('button', { name: 'Remove all hosts' }).click();
    await hosts.getByRole('button', { name: 'Save' }).click();
    await expect(hosts).toBeHidden();
    await expect.poll(() => panel.cell(name, 'Hosts')).toBe('');
    await panel.rowAction(name, 'Delete Host Aggregate');
    await panel.confirm('Confirm Delete Host Aggregate', 'Delete Host Aggregate');
    await panel.expectToast(`Deleted Host Aggregate: ${name}.`);
    await expect(panel.row(name)).toHaveCount(0);
    expect((await cloud.admin.nova.aggregates.list()).some((a) => a.name === name)).toBe(false);
  });
});

for (const path of ['/admin/hypervisors', '/admin/aggregates']) {
  test(`a member cannot open ${path}`, async ({ page }) => {
    await loginAs(page, 'demo', path);
    await expect(
      page.getByRole('heading', { name: 'You are not authorized to see this page' }),
    ).toBeVisible();
    await expect(page.getByRole('grid')).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Global' });
    await expect(nav.getByRole('link', { name: 'Hypervisors' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Host Aggregates' })).toHaveCount(0);
  });
}
