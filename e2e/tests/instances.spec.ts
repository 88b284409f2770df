import type { Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

const projectInstances = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/instances', title: 'Instances' });
const adminInstances = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'admin/instances', title: 'Instances' });

test.describe('instances as demo', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'demo', '/project/instances');
    await projectInstances(page).waitLoaded();
  });

  test('lists the seeded instances with the operator columns, newest first', async ({ page }) => {
    const panel = projectInstances(page);
    expect(await panel.columnTitles()).toEqual([
      'Instance Name',
      'Image Name',
      'IP Address',
      'Flavor',
      'Key Pair',
      'Status',
      'Availability Zone',
      'Task',
      'Power State',
      'Age',
    ]);
    // Newest first (Nova's order, the Age column's default).
    const names = await panel.columnTexts('Instance Name');
    expect(names.indexOf('paused-1')).toBeLessThan(names.indexOf('web-1'));
    await expect(panel.columnHeader('Age')).toHaveAttribute('aria-sort', 'descending');

    expect(await panel.cell('web-1', 'Flavor')).toBe('m1.tiny');
    expect(await panel.cell('web-1', 'Key Pair')).toBe('demo-key');
    expect(await panel.cell('web-1', 'Status')).toBe('Active');
    expect(await panel.cell('web-1', 'Power State')).toBe('Running');
    expect(await panel.cell('web-1', 'Task')).toBe('None');
    expect(await panel.cell('web-1', 'Age')).toBe('3 days');
    expect(await panel.cell('web-1', 'Image Name')).toMatch(/^cirros/);
    expect(await panel.cell('web-2', 'Power State')).toBe('Shut Down');
    expect(await panel.cell('db-1', 'Image Name')).toBe('(booted from volume)');
    // Addresses under their network's name, one a line (the demo cloud has no floating IP).
    const ips = (await panel.cell('web-1', 'IP Address')).split('\n');
    expect(ips[0]).toBe('private');
    expect(ips[1]).toMatch(/^10\.\d+\.\d+\.\d+$/);
    expect(ips[2]).toMatch(/^fd00:/);
    // A member sees no admin columns.
    expect(await panel.columnTitles()).not.toContain('Host');
    await page.screenshot({ path: test.info().outputPath('project-instances.png') });
  });

  test('the Name facet asks Nova for a part of a name', async ({ page }) => {
    const panel = projectInstances(page);
    const listed = page.waitForRequest((r) => r.url().includes('/api/nova/servers/?name=web'));
    await panel.filter('Instance Name', 'web');
    await listed;
    await expect(panel.rows()).toHaveCount(2);
    await expect(panel.row('web-1')).toBeVisible();
    await expect(panel.row('web-2')).toBeVisible();
  });

  test('details: overview, interfaces, log tail and action log, the tab remembered', async ({
    page,
    cloud,
  }) => {
    const demo = await cloud.as('demo');
    const { servers } = await demo.nova.servers.list({ filters: { name: '^web-1$' } });
    const id = servers[0]?.id ?? '';
    await projectInstances(page).nameLink('web-1').click();
    await expect(page).toHaveURL(new RegExp(`/ngdetails/OS::Nova::Server/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'web-1' })).toBeVisible();
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    await expect(overview.getByText('Front web server')).toBeVisible();
    await expect(overview.getByText('m1.tiny')).toBeVisible();
    await expect(overview.getByRole('link', { name: /^cirros/ })).toBeVisible();
    await expect(overview.getByText('tier')).toBeVisible();
    await expect(overview.getByText('default', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'Interfaces' }).click();
    const interfaces = page.getByRole('grid', { name: 'Interfaces' });
    await expect(interfaces.getByRole('row').filter({ hasText: 'Fixed IP' })).toHaveCount(2);
    await expect(interfaces.getByRole('row').filter({ hasText: 'IPv6' })).toHaveCount(1);

    await page.getByRole('tab', { name: 'Log', exact: true }).click();
    const log = page.getByRole('tabpanel', { name: 'Log' });
    const length = log.getByRole('spinbutton', { name: 'Log Length' });
    await expect(length).toHaveValue('35');
    const output = log.locator('pre');
    await expect(output).toContainText('web-1 login:');
    expect((await output.innerText()).trimEnd().split('\n')).toHaveLength(35);
    await length.fill('5');
    await log.getByRole('button', { name: 'Go' }).click();
    await expect.poll(async () => (await output.innerText()).trimEnd().split('\n').length).toBe(5);

    await page.getByRole('tab', { name: 'Action Log' }).click();
    const actions = page.getByRole('grid', { name: 'Action Log' });
    await expect(actions.getByRole('row').filter({ hasText: 'create' })).toHaveCount(1);

    // The old item address leads to the same page, on the tab last chosen (cookie tabs).
    await page.goto(`project/instances/${id}/`);
    await expect(page).toHaveURL(new RegExp(`/ngdetails/OS::Nova::Server/${id}`));
    await expect(page.getByRole('tab', { name: 'Action Log' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('the volumes tab lists the attached volumes with their devices', async ({ page }) => {
    await projectInstances(page).nameLink('db-1').click();
    await page.getByRole('tab', { name: 'Volumes' }).click();
    const volumes = page.getByRole('grid', { name: 'Volumes Attached' });
    await expect(volumes.getByRole('row').filter({ hasText: 'boot-vol' })).toContainText(
      '/dev/vda',
    );
    await expect(volumes.getByRole('row').filter({ hasText: 'data-vol' })).toHaveCount(1);
  });

  test("the log tab says so when the guest's log cannot be read", async ({ page }) => {
    await projectInstances(page).nameLink('broken').click();
    await page.getByRole('tab', { name: 'Log', exact: true }).click();
    const log = page.getByRole('tabpanel', { name: 'Log' });
    const failed = 'There was a problem communicating with the server, please try again.';
    await expect(log.getByText(failed)).toBeVisible();
    // Said in the tab only: a toast comes only when the user asked (Go).
    await expect(page.getByText(/is not ready/)).toHaveCount(0);
    await expect(page.getByText(failed)).toHaveCount(1);
    await log.getByRole('button', { name: 'Go' }).click();
    await expect(page.getByText(failed)).toHaveCount(2);
  });
});

test.describe('instances as admin', () => {
  test("lists every project's instances with their project and host", async ({ page }) => {
    await loginAs(page, 'admin', '/admin/instances');
    const panel = adminInstances(page);
    await panel.waitLoaded();
    const titles = await panel.columnTitles();
    expect(titles.slice(0, 3)).toEqual(['Project', 'Host', 'Instance Name']);
    expect(await panel.cell('alt-server', 'Project')).toBe('alt_demo');
    expect(await panel.cell('alt-server', 'Host')).toBe('demo-compute-2');
    expect(await panel.cell('web-1', 'Project')).toBe('demo');
    await panel.filter('Host', 'demo-compute-3');
    await expect(panel.row('admin-vm')).toBeVisible();
    await expect(panel.row('web-1')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('admin-instances.png'), fullPage: true });
  });
});
