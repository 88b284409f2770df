import type { Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { ResourcePanel, expectFieldError } from '../pages/ResourcePanel';

const networks = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/networks', title: 'Networks' });

/** Deletes the demo project's networks whose name starts so, after the test, if any are left. */
function removeLater(cloud: Cloud, prefix: string): void {
  cloud.cleanup(async () => {
    const demo = await cloud.as('demo');
    const { items } = await demo.neutron.networks.listAll();
    for (const network of items) {
      if (!network.name.startsWith(prefix)) continue;
      const ports = await demo.neutron.ports.list({ filters: { network_id: network.id } });
      for (const port of ports) {
        if (port.device_owner !== 'network:dhcp') await demo.neutron.ports.delete(port.id);
      }
      await demo.neutron.networks.delete(network.id);
    }
  });
}

test.describe('networks as demo', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'demo', '/project/networks');
    await networks(page).waitLoaded();
  });

  test('lists own, shared and external networks with their subnets', async ({ page }) => {
    const panel = networks(page);
    expect(await panel.columnTitles()).toEqual(
      expect.arrayContaining(['Name', 'Subnets Associated', 'Shared', 'External', 'Status']),
    );
    for (const name of ['private', 'public', 'shared-net']) {
      await expect(panel.row(name)).toBeVisible();
    }
    expect(await panel.cell('public', 'External')).toBe('Yes');
  });

  test('creates a network with a subnet, edits it, adds a subnet on its page, deletes it', async ({
    page,
    cloud,
  }) => {
    const panel = networks(page);
    const name = uniqueName('e2e-net');
    removeLater(cloud, name);

    await panel.action('Create Network').click();
    const wizard = panel.modal('Create Network');
    await wizard.getByRole('textbox', { name: 'Network Name' }).fill(name);
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // The subnet step checks the address before anything is sent.
    const cidr = wizard.getByRole('textbox', { name: 'Network Address' });
    await cidr.fill('10.123.0.7/24');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await expectFieldError(cidr, '10.123.0.7/24 has host bits set; use 10.123.0.0/24.');
    await cidr.fill('10.123.0.0/24');
    await wizard.getByRole('textbox', { name: 'Subnet Name' }).fill(`${name}-a`);
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    await wizard.getByRole('textbox', { name: 'Allocation Pools' }).fill('10.123.0.10,10.123.0.50');
    await wizard.getByRole('textbox', { name: 'DNS Name Servers' }).fill('192.0.2.53');
    await wizard.getByRole('button', { name: 'Create', exact: true }).click();
    await panel.expectToast(`Network ${name} was successfully created`);
    await expect(wizard).toBeHidden();
    await expect(panel.row(name)).toBeVisible();
    expect(await panel.cell(name, 'Subnets Associated')).toContain('10.123.0.0/24');

    const renamed = `${name}-b`;
    // Edit is the row's own button (Horizon's place for it).
    await panel.row(name).getByRole('button', { name: 'Edit Network', exact: true }).click();
    const edit = panel.modal('Edit Network');
    await edit.getByRole('textbox', { name: 'Network Name' }).fill(renamed);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await panel.expectToast(`Network ${renamed} was successfully updated`);
    await expect(panel.row(renamed)).toBeVisible();

    await panel.nameLink(renamed).click();
    await expect(page).toHaveURL(/\/ngdetails\/OS::Neutron::Net\//);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await page.getByRole('tab', { name: 'Subnets' }).click();
    const subnets = page.getByRole('grid', { name: 'Subnets' });
    await expect(subnets.getByRole('gridcell', { name: '10.123.0.0/24' })).toBeVisible();

    await page.getByRole('button', { name: 'Create Subnet', exact: true }).click();
    const create = panel.modal('Create Subnet');
    await create.getByRole('textbox', { name: 'Subnet Name' }).fill(`${name}-c`);
    await create.getByRole('textbox', { name: 'Network Address' }).fill('10.124.0.0/24');
    await create.getByRole('textbox', { name: 'Gateway IP' }).fill('10.124.0.254');
    await create.getByRole('button', { name: 'Next', exact: true }).click();
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await panel.expectToast(`Subnet ${name}-c was successfully created`);
    await expect(subnets.getByRole('gridcell', { name: '10.124.0.0/24' })).toBeVisible();
    await expect(subnets.getByRole('gridcell', { name: '10.124.0.254' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('network-subnets.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Ports' }).click();
    await expect(page.getByRole('grid', { name: 'Ports' })).toBeVisible();

    await panel.goto();
    await panel.waitLoaded();
    expect(await panel.cell(renamed, 'Subnets Associated')).toContain('10.124.0.0/24');
    await page.screenshot({ path: test.info().outputPath('networks.png'), fullPage: true });
    await panel.batchAction([renamed], 'Delete Networks');
    await panel.confirm('Confirm Delete Network', 'Delete Network', `"${renamed}"`);
    await panel.expectToast(`Deleted Network: ${renamed}.`);
    await expect(panel.row(renamed)).toHaveCount(0);
  });

  test('a subnet takes its address from a pool: the pool decides the IP version', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('e2e-pool');
    removeLater(cloud, name);
    const demo = await cloud.as('demo');
    const pool = (await demo.neutron.subnetPools.list()).find((p) => p.ip_version === 4);
    test.skip(!pool, 'no IPv4 subnet pool to allocate from');
    const network = await demo.neutron.networks.create({ name });
    await page.goto(`ngdetails/OS::Neutron::Net/${network.id}?tab=subnets`);
    await page.getByRole('button', { name: 'Create Subnet', exact: true }).click();
    const create = networks(page).modal('Create Subnet');
    await create.getByRole('textbox', { name: 'Subnet Name' }).fill(`${name}-s`);
    await create
      .getByRole('combobox', { name: 'Network Address Source' })
      .selectOption({ label: 'Allocate Network Address from a pool' });
    await expect(create.getByRole('textbox', { name: 'Network Address' })).toHaveCount(0);
    const poolSelect = create.getByRole('combobox', { name: 'Address pool' });
    await poolSelect.selectOption(pool?.id ?? '');
    await expect(create.getByRole('combobox', { name: 'IP Version' })).toBeDisabled();
    const mask = create.getByRole('combobox', { name: 'Network Mask' });
    await expect(mask).toHaveValue(String(pool?.default_prefixlen));
    await expect(mask.locator('option:checked')).toHaveText(
      `/${pool?.default_prefixlen} (default)`,
    );
    await page.screenshot({ path: test.info().outputPath('subnet-from-pool.png') });
    await create.getByRole('button', { name: 'Next', exact: true }).click();
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await networks(page).expectToast(`Subnet ${name}-s was successfully created`);
    const subnets = await demo.neutron.subnets.list({ filters: { network_id: network.id } });
    expect(
      subnets.map((s) => [s.subnetpool_id, s.cidr.endsWith(`/${pool?.default_prefixlen}`)]),
    ).toEqual([[pool?.id, true]]);
  });

  test('a network whose ports are in use says why it cannot be deleted', async ({
    page,
    cloud,
  }) => {
    const panel = networks(page);
    const name = uniqueName('e2e-busy');
    removeLater(cloud, name);
    const demo = await cloud.as('demo');
    const network = await demo.neutron.networks.create({ name });
    await demo.neutron.ports.create({ network_id: network.id, name: `${name}-port` });
    await page.reload();
    await panel.waitLoaded();
    await panel.batchAction([name], 'Delete Networks');
    await panel.confirm('Confirm Delete Network', 'Delete Network');
    await panel.expectToast(
      `Unable to delete Network: ${name}. Network ${name} still has ports in use (instances, routers or other devices). Detach or delete them, then delete the network.`,
      'error',
    );
    await expect(panel.row(name)).toBeVisible();
  });
});

test.describe('networks as admin', () => {
  test('every project, with the provider columns, a page at a time from Neutron', async ({
    page,
  }) => {
    // Eleven columns: beside the sidebar they all fit a wide window only; in a narrower one the
    // priority-3 segmentation ID and zones give way (column-room.spec).
    await page.setViewportSize({ width: 1920, height: 1000 });
    await loginAs(page, 'admin', '/admin/networks');
    const panel = new ResourcePanel(page, { path: 'admin/networks', title: 'Networks' });
    await panel.waitLoaded();
    expect(await panel.columnTitles()).toEqual(
      expect.arrayContaining(['Project', 'Name', 'Network Type', 'Segmentation ID']),
    );
    // demo's own network is listed too (Neutron shows an admin every project's).
    await expect(panel.row('private')).toBeVisible();
    expect(await panel.cell('public', 'Network Type')).toBe('flat');
    await page.screenshot({ path: test.info().outputPath('admin-networks.png'), fullPage: true });
    await panel.filter('External', 'Yes');
    await expect(panel.row('private')).toHaveCount(0);
    await expect(panel.row('public')).toBeVisible();
  });
});
