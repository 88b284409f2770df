import type { Page, Response } from '@playwright/test';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { adminImages, projectImages, removeImagesLater } from '../images';
import { ResourcePanel } from '../pages/ResourcePanel';

const PROJECT_PANELS = [
  ['project/images', 'Images'],
  ['project/key_pairs', 'Key Pairs'],
  ['project/server_groups', 'Server Groups'],
] as const;

// Issue 8 §4 and issue 14 §6: a page never asks for what the user's policy forbids, and the
// images' Owner is decided per image (Zed's identity:get_project holds for the token's own
// project only; an admin may list every project instead). Tagged @smoke: it relies on nothing
// but the seeded users, so it runs against the OpenStack lab's real Keystone too.

/** Every answer of status 403 the page receives, from the moment this is called. */
function forbiddenAnswers(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() === 403) {
      seen.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    }
  });
  return seen;
}

/** A private image of the demo project (no data: queued is enough to be listed). */
async function demoImage(cloud: Cloud, name: string): Promise<void> {
  removeImagesLater(cloud, name);
  const demo = await cloud.as('demo');
  await demo.glance.images.create({
    name,
    disk_format: 'raw',
    container_format: 'bare',
    visibility: 'private',
  });
}

/** A public image of the admin project, which every user lists but a member does not own. */
async function adminImage(cloud: Cloud, name: string): Promise<void> {
  removeImagesLater(cloud, name);
  await cloud.admin.glance.images.create({
    name,
    disk_format: 'raw',
    container_format: 'bare',
    visibility: 'public',
  });
}

test.describe('policy decides what a page asks for', { tag: '@smoke' }, () => {
  test('a member’s images table and details pages get no 403', async ({ page, cloud }) => {
    const mine = uniqueName('own-img');
    const theirs = uniqueName('admin-img');
    await demoImage(cloud, mine);
    await adminImage(cloud, theirs);
    const forbidden = forbiddenAnswers(page);

    await loginAs(page, 'demo', '/project/images');
    const panel = projectImages(page);
    await panel.waitLoaded();
    // The member may read its own project only: that row names it, the admin's shows "-".
    await panel.filter('Name', mine);
    // The column shows once the per-row decision is back (it is decided with the rows).
    await expect
      .poll(() => panel.cell(mine, 'Owner').catch(() => 'no Owner column yet'))
      .toBe('demo');
    await panel.clearFilters();
    await panel.filter('Name', theirs);
    await expect(panel.row(theirs)).toBeVisible();
    // Alone in the table, it is a page where no row may see the owner: no Owner column at all.
    await expect(panel.columnHeader('Owner')).toHaveCount(0);
    await panel.clearFilters();
    await panel.filter('Name', mine);

    await panel.nameLink(mine).click();
    await expect(page.getByRole('heading', { level: 1, name: mine })).toBeVisible();
    const owner = page.getByRole('term').filter({ hasText: /^Owner$/ });
    await expect(owner).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^demo$/ })).toBeVisible();

    await page.goBack();
    await panel.waitLoaded();
    await panel.clearFilters();
    await panel.filter('Name', theirs);
    await panel.nameLink(theirs).click();
    await expect(page.getByRole('heading', { level: 1, name: theirs })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: /^Status$/ })).toBeVisible();
    await expect(owner).toHaveCount(0);

    expect(forbidden).toEqual([]);
  });

  test('an admin sees every image’s owner by name', async ({ page, cloud }) => {
    const mine = uniqueName('own-img');
    const theirs = uniqueName('admin-img');
    await demoImage(cloud, mine);
    await adminImage(cloud, theirs);
    const forbidden = forbiddenAnswers(page);

    await loginAs(page, 'admin', '/admin/images');
    const panel = adminImages(page);
    await panel.waitLoaded();
    await panel.filter('Name', mine);
    // The column shows once the per-row decision is back (it is decided with the rows).
    await expect
      .poll(() => panel.cell(mine, 'Owner').catch(() => 'no Owner column yet'))
      .toBe('demo');
    await panel.clearFilters();
    await panel.filter('Name', theirs);
    await expect.poll(() => panel.cell(theirs, 'Owner')).toBe('admin');

    await panel.nameLink(theirs).click();
    await expect(page.getByRole('heading', { level: 1, name: theirs })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^admin$/ })).toBeVisible();
    expect(forbidden).toEqual([]);
  });

  for (const user of ['demo', 'reader'] as const) {
    test(`${user} walks every project panel and a details page of each without a 403`, async ({
      page,
    }) => {
      const forbidden = forbiddenAnswers(page);
      await loginAs(page, user, '/project/images');
      for (const [path, title] of PROJECT_PANELS) {
        const panel = new ResourcePanel(page, { path, title });
        await panel.goto();
        const first = panel.rows().first().getByRole('link').first();
        if ((await first.count()) === 0) continue;
        const name = (await first.innerText()).trim();
        await first.click();
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        // The details page's own checks and reads have had their time to go out.
        await expect(page.getByRole('tab').first()).toBeVisible();
      }
      // An admin panel says the user may not see it, and asks nothing for it.
      await page.goto('admin/flavors');
      await expect(
        page.getByRole('heading', { level: 1, name: 'You are not authorized to see this page' }),
      ).toBeVisible();
      expect(forbidden).toEqual([]);
    });
  }
});
