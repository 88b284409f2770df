import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../axe';
import { expect, loginAs, test } from '../fixtures';

/** This month in UTC, as the overview's default period: the 1st to today. */
const thisMonth = (): { start: string; end: string; novaStart: string; novaEnd: string } => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const after = new Date(today.getTime() + 86_400_000);
  const day = (d: Date): string => d.toISOString().slice(0, 10);
  return {
    start: day(first),
    end: day(today),
    novaStart: `${day(first)}T00:00:00`,
    novaEnd: `${day(after)}T00:00:00`,
  };
};

const downloadCsv = async (page: Page): Promise<string[][]> => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV Summary' }).click(),
  ]);
  const path = await download.path();
  const text = await readFile(path, 'utf8');
  return text
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
};

test.describe('overview', () => {
  test('project overview: limit pies, usage of this month, CSV equal to Nova, period change', async ({
    page,
    cloud,
  }) => {
    await loginAs(page, 'demo', '/project/overview');
    const instances = page.getByRole('img', { name: /^Instances: Used \d+ of \d+/ });
    await expect(instances).toBeVisible();
    await expect(page.getByRole('img', { name: /^VCPUs: Used/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Networks: Used/ })).toBeVisible();
    const usage = page
      .getByRole('grid', { name: 'Usage' })
      .or(page.getByRole('table', { name: 'Usage' }));
    await expect(usage.getByRole('row').nth(1)).toBeVisible();
    await page.screenshot({ path: '/tmp/e2e-shots/project-overview.png', fullPage: true });
    await expectAccessible(page, 'project overview');

    // The CSV against Nova's own answer for the same period.
    const rows = await downloadCsv(page);
    expect(rows[0]?.slice(0, 4)).toEqual(['Instance Name', 'Instance ID', 'Flavor', 'VCPUs']);
    const period = thisMonth();
    const demo = await cloud.as('demo');
    const nova = await demo.nova.usage.project(await cloud.projectId('demo'), {
      start: period.novaStart,
      end: period.novaEnd,
    });
    const servers = nova?.server_usages ?? [];
    expect(rows.length - 1).toBe(servers.length);
    for (const s of servers) {
      const row = rows.find((r) => r[1] === s.instance_id);
      expect(row, s.name).toBeDefined();
      // Running servers keep counting between the two reads: a few seconds at most.
      expect(Number(row?.[6])).toBeCloseTo(s.hours, 1);
      expect(Number(row?.[7])).toBeCloseTo(s.hours * s.vcpus, 1);
    }

    // Another period: the year 2001 had no servers.
    await page.getByLabel('Period', { exact: true }).selectOption('other');
    await page.getByRole('textbox', { name: /^From/ }).fill('2001-01-01');
    await page.getByRole('textbox', { name: /^To/ }).fill('2001-13-01');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Enter the end date as yyyy-mm-dd.')).toBeVisible();
    await page.getByRole('textbox', { name: /^To/ }).fill('2001-12-31');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Active usage from 2001-01-01 to 2001-12-31 (UTC).')).toBeVisible();
    await expect(usage.getByText('No items to display.')).toBeVisible();
    await expect(page.getByTestId('total-instances')).toHaveText('0');
  });

  test('admin overview: every project, CSV', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/overview');
    const usage = page
      .getByRole('grid', { name: 'Usage' })
      .or(page.getByRole('table', { name: 'Usage' }));
    await expect(usage.getByRole('row', { name: /^demo / })).toBeVisible();
    await page.screenshot({ path: '/tmp/e2e-shots/admin-overview.png', fullPage: true });
    await expectAccessible(page, 'admin overview');
    const rows = await downloadCsv(page);
    expect(rows[0]).toEqual([
      'Project Name',
      'Project ID',
      'Instances',
      'VCPU Hours',
      'Disk GB Hours',
      'RAM MB Hours',
    ]);
    expect(rows.some((r) => r[0] === 'demo')).toBe(true);
  });
});

test('a member who opens the admin overview is told so, with no error toast', async ({ page }) => {
  // The route asks for the usage before the panel's gate has decided (it starts with the
  // route): Nova's 403 is the gate's to say, not a toast's.
  const refused = page.waitForResponse(
    (r) => new URL(r.url()).pathname.endsWith('/api/nova/usage/all/') && r.status() === 403,
  );
  await loginAs(page, 'demo', '/admin/overview');
  await expect(
    page.getByRole('heading', { name: 'You are not authorized to see this page' }),
  ).toBeVisible();
  await (await refused).finished();
  // A toast would follow the answer within a task or two; give it well more than that.
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { name: /Forbidden/ })).toHaveCount(0);
  await expect(page.getByText(/Forbidden/)).toHaveCount(0);
});
