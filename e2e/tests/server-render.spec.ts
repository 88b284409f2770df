import type { Browser, Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures';

/** The page as the server rendered it, in a browser with JavaScript off (the same session). */
async function withoutScript(
  page: Page,
  browser: Browser,
  path: string,
  title: string,
  check: (bare: Page) => Promise<void>,
  viewport?: { width: number; height: number },
): Promise<void> {
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    ...(viewport && { viewport }),
  });
  try {
    const bare = await noScript.newPage();
    // The first render of a freshly started server may miss its budget (the page then goes
    // out for the browser to render): a second load finds the render warm.
    await expect(async () => {
      await bare.goto(path);
      await expect(bare.locator('h1', { hasText: title })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await check(bare);
  } finally {
    await noScript.close();
  }
}

/**
 * A signed-in panel's first page comes with the document (foundation issue §5): its rows are in
 * the markup before any script runs, and the browser then hydrates that markup — the same page,
 * made interactive, with no render error and no second request for the list.
 */
test.describe('pages rendered on the server', () => {
  test('the rows are in the document itself: a browser without JavaScript shows them', async ({
    page,
    browser,
  }) => {
    await loginAs(page, 'demo');
    await withoutScript(page, browser, 'project/key_pairs', 'Key Pairs', async (bare) => {
      await expect(bare.locator('td', { hasText: 'demo-key' })).toBeVisible();
      await expect(bare.locator('nav a', { hasText: 'Images' })).toBeVisible();
      // Left inert: with no script nothing could answer a click.
      await expect(bare.locator('#root')).toHaveAttribute('inert', '');
    });
  });

  test('admin images come with their per-row parts: owners by name, row menus', async ({
    page,
    browser,
  }) => {
    // Asked per row (identity:get_project for the image's owner, the row actions for its
    // project): answered before the render, so nothing is added or renamed once it hydrates.
    await loginAs(page, 'admin');
    await withoutScript(page, browser, 'admin/images', 'Images', async (bare) => {
      await expect(bare.locator('th', { hasText: 'Owner' })).toBeVisible();
      const row = bare.locator('tr', { hasText: 'alt-private-image' });
      await expect(row).toContainText('alt_demo');
      await expect(
        row.getByRole('button', { name: 'Actions for alt-private-image' }),
      ).toBeVisible();
    });
  });

  test('a narrower window: the document hides the columns it has no room for, as the app does', async ({
    page,
    browser,
  }) => {
    // Below 1200 px priority-3 columns (a key pair's fingerprint) give way: by the stylesheet,
    // so the server's page is the hydrated page and nothing is removed after the first paint.
    const viewport = { width: 1000, height: 800 };
    const narrowColumns = async (shown: Page) => {
      await expect(shown.locator('td', { hasText: 'demo-key' })).toBeVisible();
      await expect(shown.locator('th', { hasText: 'Type' })).toBeVisible();
      await expect(shown.locator('th', { hasText: 'Fingerprint' })).toBeHidden();
    };
    await page.setViewportSize(viewport);
    await loginAs(page, 'demo');
    await withoutScript(page, browser, 'project/key_pairs', 'Key Pairs', narrowColumns, viewport);
    await page.goto('project/key_pairs');
    await narrowColumns(page);
  });

  test('every table panel is rendered whole: no part left to the browser', async ({ page }) => {
    // A part that throws on the server (a declaration reading `window`) was left by React for
    // the browser to render, and reported as a hydration error there; now such a page is not
    // rendered on the server at all. So every table panel of the sidebar has its table in the
    // document, and no document has a part left out.
    await loginAs(page, 'admin');
    // The sidebar lists its panels once its policy checks are answered, which may be after
    // the masthead shows (CI read an empty sidebar once).
    const links = page.getByRole('navigation').getByRole('link');
    await expect.poll(() => links.count()).toBeGreaterThan(25);
    const paths = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
    const pages = new Set([
      '/project/overview',
      '/project/network_topology',
      '/project/containers',
      '/admin/overview',
      '/admin/hypervisors',
      '/admin/volume_types',
      '/admin/metering',
      '/admin/info',
      '/admin/defaults',
      '/settings',
    ]);
    const tables = paths.filter((path) => !pages.has(path));
    expect(tables.length).toBeGreaterThan(20);
    for (const path of paths) {
      await expect(async () => {
        const html = await (await page.request.get(`.${path}`)).text();
        expect(html, path).not.toContain('<!--$!-->');
        if (tables.includes(path)) expect(html, path).toContain('<table');
      }).toPass({ timeout: 20_000 });
    }
  });

  for (const [user, path, row, list] of [
    ['demo', 'project/key_pairs', 'demo-key', '/api/nova/keypairs/'],
    ['demo', 'project/images', 'cirros-0.6.2-x86_64-disk', '/api/glance/images/'],
    ['admin', 'admin/flavors', 'm1.tiny', '/api/nova/flavors/'],
    ['admin', 'admin/images', 'admin-maintenance-tools', '/api/glance/images/'],
  ] as const) {
    test(`${path} as ${user}: hydrated without an error, interactive, the list asked once`, async ({
      page,
    }) => {
      await loginAs(page, user);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const asked: string[] = [];
      const policyAsked: string[] = [];
      // Counted from the new document on: the page the sign-in landed on may still send its
      // own checks (a batch's window, a lazy chunk) between the listener and the navigation.
      let committed = false;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && new URL(frame.url()).pathname.endsWith(`/${path}`))
          committed = true;
      });
      page.on('request', (request) => {
        if (!committed) return;
        const { pathname } = new URL(request.url());
        if (pathname === list) asked.push(request.url());
        if (pathname === '/api/policy/batch/') policyAsked.push(request.postData() ?? '');
      });
      await page.goto(path);
      // Interactive once hydrated: the row's menu opens.
      await page.getByRole('button', { name: `Actions for ${row}`, exact: true }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');
      // The list the document came with is the one the table shows: not asked again.
      expect(asked).toEqual([]);
      // Nor any permission: the sidebar's, the table's and its rows' answers came with it.
      expect(policyAsked).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
