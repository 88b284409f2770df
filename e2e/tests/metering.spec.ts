import { expectAccessible } from '../axe';
import { expect, loginAs, test } from '../fixtures';

test.describe('metering', () => {
  test('admin resource usage: report table, line and bar charts, a reversed period refused', async ({
    page,
  }) => {
    await loginAs(page, 'admin', '/admin/metering');
    const report = page
      .getByRole('grid', { name: 'Usage Report' })
      .or(page.getByRole('table', { name: 'Usage Report' }));
    await expect(report.getByRole('row', { name: /^demo / })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download CSV Summary' })).toHaveAttribute(
      'href',
      /usage\/all\/csv\/\?start=/,
    );

    await page.getByRole('tab', { name: 'Stats' }).click();
    const line = page.getByRole('img', { name: 'VCPUs in use over time (top projects)' });
    await expect(line).toBeVisible();
    // The seeded servers of demo draw a line; its range is told in GMT.
    await expect(line).toHaveAccessibleDescription(/demo \(vCPUs\).* GMT\.$/);
    await line.hover();
    await expect(page.getByTestId('chart-tooltip')).toContainText(/\d\d:\d\d:\d\d GMT/);
    const bars = page.getByRole('img', { name: 'Use per project (vCPU hours)' });
    await expect(bars).toBeVisible();
    await expect(page.getByRole('table', { name: 'Use per project (vCPU hours)' })).toContainText(
      'demo',
    );
    await page.screenshot({ path: '/tmp/e2e-shots/metering-stats.png', fullPage: true });
    await page.getByTestId('bar').first().hover();
    await expect(page.getByTestId('chart-tooltip')).toContainText('Used: ');
    await page.screenshot({ path: '/tmp/e2e-shots/metering-bars.png', fullPage: true });
    await expectAccessible(page, 'resource usage stats');

    await page.getByLabel('Period', { exact: true }).selectOption('other');
    await page.getByRole('textbox', { name: /^From/ }).fill('2026-03-10');
    await page.getByRole('textbox', { name: /^To/ }).fill('2026-03-01');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('The start date must not be after the end date.')).toBeVisible();
    // Eleven centuries would be one Nova read of everything: the form refuses, as the server does.
    await page.getByRole('textbox', { name: /^From/ }).fill('1900-01-01');
    await page.getByRole('textbox', { name: /^To/ }).fill('2999-12-31');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('The period must not be longer than 10 years.')).toBeVisible();
    await page.screenshot({ path: '/tmp/e2e-shots/metering-period.png', fullPage: true });
  });
});
