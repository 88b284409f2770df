import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  axeFindings,
  closeToasts,
  describeFindings,
  dismissDialogs,
  sweepDialog,
  topDialog,
  type AxeFinding,
} from '../axe';
import { expect, loginAs, test, type DemoUser } from '../fixtures';
import { LoginPage } from '../pages/LoginPage';

interface ManifestPanel {
  path: string;
  group: string;
  title: string;
}

/**
 * The panels of the web app's manifest (web/src/app/manifest.ts), read from its source so a
 * new panel is checked without anything written here. The manifest is not imported: it pulls
 * the whole web app (JSX, DOM types) into the e2e workspace's compilation.
 */
function manifestPanels(): ManifestPanel[] {
  const source = readFileSync(new URL('../../web/src/app/manifest.ts', import.meta.url), 'utf8');
  const found = [
    ...source.matchAll(
      /\{\s*path:\s*'([^']+)',\s*group:\s*'([^']+)',\s*(?:subgroup:\s*'[^']+',\s*)?title:\s*msg\('([^']+)'\)[^}]*\}/g,
    ),
  ].map(([, path = '', group = '', title = '']) => ({ path, group, title }));
  // Every panel declared (one `group:` each) must be read: a panel written another way would
  // otherwise drop out of the sweep without a word.
  const declared = [...source.matchAll(/\bgroup:\s*'/g)].length;
  if (found.length === 0 || found.length !== declared)
    throw new Error(
      `web/src/app/manifest.ts declares ${declared} panels; the sweep read ${found.length}`,
    );
  return found;
}

/** Project panels as a member of the seeded demo project (it has rows); admin ones as admin. */
const userFor = (panel: ManifestPanel): DemoUser => (panel.group === 'project' ? 'demo' : 'admin');

/** An open menu: its page was checked already. */
const MENU = '[role="menu"]';

/** How many rows' action menus are opened looking for actions not seen yet. */
const ROWS_TRIED = 4;

/** The panel's table (its rows loaded): the one grid of the main area. */
async function waitTable(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  const grid = page.getByRole('main').getByRole('grid').first();
  await expect(grid).toBeVisible();
  await expect(grid.getByText('Loading')).toHaveCount(0);
  // A page may hold several tables (Defaults: compute, volume, network), each with its count.
  await expect(page.getByText(/^Displaying \d+ items?$/).first()).toBeVisible();
}

/**
 * Opens every table action, batch action and row action (of the first rows) and checks the
 * dialog each opens, with its tabs and wizard steps; nothing is submitted.
 */
async function sweepActions(page: Page, panel: ManifestPanel): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  const where = `${panel.title} (${panel.path})`;
  const main = page.getByRole('main');

  // Table actions: the toolbar's action group (PatternFly's class; the buttons have no role of
  // their own beyond "button").
  const toolbar = main.locator('.pf-m-action-group').first().getByRole('button');
  for (let i = 0; i < (await toolbar.count()); i++) {
    const button = toolbar.nth(i);
    if ((await button.getAttribute('aria-disabled')) === 'true') continue;
    const name = (await button.innerText()).trim();
    await button.click();
    await expect(topDialog(page)).toBeVisible();
    findings.push(...(await sweepDialog(page, `${where} → ${name}`)));
    await dismissDialogs(page);
  }

  const kebabs = main.getByRole('button', { name: /^Actions for / });
  const kebabCount = await kebabs.count();
  if (kebabCount === 0) return findings;

  // Batch actions need a selection: the first row's.
  const firstSelect = main.getByRole('checkbox', { name: /^Select (?!all$)/ }).first();
  if (await firstSelect.isVisible()) {
    await firstSelect.check();
    for (let i = 0; i < (await toolbar.count()); i++) {
      const button = toolbar.nth(i);
      if ((await button.getAttribute('aria-disabled')) === 'true') continue;
      const name = (await button.innerText()).trim();
      if (!/^Delete/.test(name)) continue;
      await button.click();
      // A selection the user may not delete is refused with a toast, not a dialog.
      const opened = await topDialog(page)
        .waitFor({ timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (!opened) {
        await closeToasts(page);
        continue;
      }
      findings.push(...(await sweepDialog(page, `${where} → ${name} (batch)`)));
      await dismissDialogs(page);
    }
    await firstSelect.uncheck();
  }

  const seen = new Set<string>();
  for (let r = 0; r < Math.min(ROWS_TRIED, kebabCount); r++) {
    const kebab = kebabs.nth(r);
    await kebab.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    if (r === 0) findings.push(...(await axeFindings(page, `${where} → row action menu`, MENU)));
    const items = await menu.getByRole('menuitem').all();
    const labels: string[] = [];
    for (const item of items) {
      if ((await item.getAttribute('aria-disabled')) === 'true') continue;
      labels.push((await item.innerText()).trim());
    }
    await page.keyboard.press('Escape');
    for (const label of labels) {
      if (seen.has(label)) continue;
      seen.add(label);
      // Read before the click: a link action may have left the page by the time it returns.
      const url = page.url();
      await kebab.click();
      await page.getByRole('menuitem', { name: label, exact: true }).click();
      // A link action leaves the page: not a dialog to check here.
      const dialog = topDialog(page);
      await expect
        .poll(async () => (await dialog.count()) > 0 || page.url() !== url, { timeout: 10_000 })
        .toBe(true);
      if (page.url() !== url) {
        await page.goBack();
        await waitTable(page, panel.title);
        continue;
      }
      if ((await dialog.count()) === 0) continue;
      findings.push(...(await sweepDialog(page, `${where} → ${label}`)));
      await dismissDialogs(page);
    }
  }
  return findings;
}

/** The first row's details page (when the panel links to one), with each of its tabs. */
async function sweepDetails(page: Page, panel: ManifestPanel): Promise<AxeFinding[]> {
  const link = page
    .getByRole('main')
    .getByRole('grid')
    .first()
    .getByRole('gridcell')
    .getByRole('link');
  if ((await link.count()) === 0) return [];
  const name = (await link.first().innerText()).trim();
  await link.first().click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0);
  const where = `${panel.title} details`;
  const findings = await axeFindings(page, where);
  const tabs = page.getByRole('main').getByRole('tab');
  for (let i = 1; i < (await tabs.count()); i++) {
    const tab = tabs.nth(i);
    const tabName = (await tab.innerText()).trim();
    await tab.click();
    await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0);
    findings.push(...(await axeFindings(page, `${where} → tab ${tabName}`)));
  }
  const kebab = page
    .getByRole('main')
    .getByRole('button', { name: /^Actions for / })
    .first();
  if (await kebab.isVisible()) {
    await kebab.click();
    await expect(page.getByRole('menu')).toBeVisible();
    findings.push(...(await axeFindings(page, `${where} → action menu`, MENU)));
    await page.keyboard.press('Escape');
  }
  return findings;
}

test.describe('accessibility: axe (WCAG 2.1 A and AA), no serious or critical finding', () => {
  // Independent checks: spread over both workers, as axe takes seconds per page.
  test.describe.configure({ mode: 'parallel' });

  test('the login page, empty and with a refused sign-in', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.heading).toBeVisible();
    const findings = await axeFindings(page, 'login page');
    await login.submit('nobody', 'wrong');
    await expect(login.error).toBeVisible();
    findings.push(...(await axeFindings(page, 'login page with its error')));
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  /**
   * Page panels with no table to sweep as they open: the topology (topology.spec.ts runs axe
   * over both views and a balloon) and the containers page, a list of containers beside the
   * object browser.
   */
  const DRAWN_PAGES = new Set([
    '/project/network_topology',
    '/project/containers',
    '/settings',
    // Charts and a usage table paged by Nova's markers (overview.spec.ts runs axe over both).
    '/project/overview',
    '/admin/overview',
    // Two tabs of a usage table and charts (metering.spec.ts opens the Stats tab).
    '/admin/metering',
  ]);

  for (const panel of manifestPanels()) {
    test(`${panel.group} panel ${panel.title} (${panel.path}): table, menus, modals, details`, async ({
      page,
    }) => {
      test.slow();
      await loginAs(page, userFor(panel), panel.path);
      if (DRAWN_PAGES.has(panel.path)) {
        // A page drawn rather than tabulated: the page as it opens; its spec sweeps the rest.
        await expect(
          page.getByRole('heading', { level: 1, name: panel.title, exact: true }),
        ).toBeVisible();
        const findings = await axeFindings(page, `${panel.title} page`);
        expect(findings, describeFindings(findings)).toEqual([]);
        return;
      }
      await waitTable(page, panel.title);
      const findings = await axeFindings(page, `${panel.title} panel`);
      findings.push(...(await sweepActions(page, panel)));
      findings.push(...(await sweepDetails(page, panel)));
      expect(findings, describeFindings(findings)).toEqual([]);
    });
  }

  test('the masthead menus and a page that does not exist', async ({ page }) => {
    await loginAs(page, 'admin', '/project/key_pairs');
    const findings: AxeFinding[] = [];
    for (const name of [/^Information: /, /^Project: /, /^Region: /, /^User menu: /]) {
      await page.getByRole('button', { name }).click();
      findings.push(...(await axeFindings(page, `masthead ${String(name)} open`)));
      await page.keyboard.press('Escape');
    }
    await page.goto('project/no_such_panel');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    findings.push(...(await axeFindings(page, 'page not found')));
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
