import type { Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

/** Whether the table runs past its box (then it scrolls sideways inside it). */
const overflows = (page: Page): Promise<boolean> =>
  page.locator('main .sd-table-room').evaluate((box) => box.scrollWidth > box.clientWidth);

/**
 * A table narrower than its columns gives up the lower-priority ones, as many as it must, and
 * takes them back when the room comes back: the room beside an open sidebar, not the window,
 * decides (spec 2 §2, columns with priority above 1 hide as it narrows).
 */
test('admin instances fit a 1280 px window beside the sidebar, and widen without it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'admin', '/admin/instances');
  const panel = new ResourcePanel(page, { path: 'admin/instances', title: 'Instances' });
  await panel.waitLoaded();
  const host = page.getByRole('columnheader', { name: 'Host', exact: true });
  const sidebar = page.getByRole('button', { name: 'Global navigation' });
  const menu = panel.row('alt-server').getByRole('button', { name: 'Actions for alt-server' });

  // Sidebar open: the host (priority 2) gives way; the row menu at the far end is on screen.
  await expect(page.getByRole('link', { name: 'Key Pairs' })).toBeVisible();
  await expect(host).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'Age', exact: true })).toBeVisible();
  await expect(menu).toBeInViewport();
  expect(await overflows(page)).toBe(false);

  // Sidebar closed: the room it left brings the host back.
  await sidebar.click();
  await expect(page.getByRole('link', { name: 'Key Pairs' })).toBeHidden();
  await expect(host).toBeVisible();
  await expect(menu).toBeInViewport();
  expect(await overflows(page)).toBe(false);

  // And open again: gone again.
  await sidebar.click();
  await expect(host).toBeHidden();
  expect(await overflows(page)).toBe(false);
});
