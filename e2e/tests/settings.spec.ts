import type { Page } from '@playwright/test';
import { expectAccessible } from '../axe';
import { expect, loginAs, test } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

const SHOTS = '/tmp/e2e-shots';

/** The hour (0–23) of a shown date and time, 12- or 24-hour clock (the browser's locale). */
function hourOf(text: string): number {
  const match = /(\d{1,2}):\d\d:\d\d(?:\s*([AP]M))?/.exec(text);
  if (!match) throw new Error(`No time in "${text}"`);
  const hour = Number(match[1]) % 12;
  if (!match[2]) return Number(match[1]);
  return match[2] === 'PM' ? hour + 12 : hour;
}

/** The Settings page through the user menu, the way a user gets there. */
async function openSettings(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: /^(User menu|Benutzermenü): / }).click();
  await page.getByRole('menuitem', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

async function save(page: Page, button: string, toast: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByText(toast)).toBeVisible();
}

test.describe('user settings', () => {
  test('German everywhere without a reload, kept on the next visit, then English again', async ({
    page,
  }) => {
    await loginAs(page, 'admin', '/admin/flavors');
    await openSettings(page, 'Settings');
    await expect(page.locator('#settings-language')).toHaveValue('en');
    await page.screenshot({ path: `${SHOTS}/settings.png`, fullPage: true });
    await expectAccessible(page, 'settings');

    await page.locator('#settings-language').selectOption('de');
    await save(page, 'Save', 'Einstellungen gespeichert.');
    // The page and the shell switch at once: heading, sidebar groups.
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Global' });
    await expect(sidebar.getByRole('button', { name: 'Projekt', exact: true })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Identität', exact: true })).toBeVisible();

    // A fresh load reads the cookie: a table in German (its name and its headers).
    const flavors = new ResourcePanel(page, { path: 'admin/flavors', title: 'Varianten' });
    // From the first paint: no English shows while the German catalogue loads (the sidebar's
    // groups and the heading are the first texts the app renders).
    // (A string: the e2e project has no DOM types.)
    await page.addInitScript(`new MutationObserver(() => {
      const texts = [...document.querySelectorAll('h1, nav button')].map((e) => e.textContent);
      if (texts.some((text) => text === 'Flavors' || text === 'Project')) window.sawEnglish = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });`);
    // The catalogue on a slow link: the app waits for it rather than paint English first.
    await page.route('**/assets/translation-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.goto('admin/flavors');
    await expect(flavors.heading).toBeVisible();
    await expect(flavors.table).toBeVisible();
    await expect(flavors.columnHeader('Öffentlich')).toBeVisible();
    await expect(flavors.columnHeader('Root-Festplatte')).toBeVisible();
    await expect(page.getByText(/^\d+ Elemente werden angezeigt$/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/settings-german-flavors.png`, fullPage: true });
    expect(await page.evaluate('window.sawEnglish')).toBeUndefined();

    await openSettings(page, 'Einstellungen');
    await page.locator('#settings-language').selectOption('en');
    await save(page, 'Speichern', 'Settings saved.');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Global' }).getByRole('button', {
        name: 'Project',
        exact: true,
      }),
    ).toBeVisible();
  });

  test('the time zone changes the dates in a table', async ({ page }) => {
    await loginAs(page, 'admin', '/settings');
    await page.locator('#settings-timezone').selectOption('UTC');
    await save(page, 'Save', 'Settings saved.');

    const services = new ResourcePanel(page, {
      path: 'admin/info',
      title: 'System Information',
      table: 'Compute Services',
    });
    const lastUpdated = async (): Promise<string> => {
      await page.goto('admin/info');
      await page.getByRole('tab', { name: 'Compute Services' }).click();
      await services.waitLoaded();
      const texts = await services.columnTexts('Last Updated');
      return texts.find((text) => text !== '') ?? '';
    };
    const inUtc = await lastUpdated();
    expect(inUtc).toMatch(/\d:\d\d:\d\d/);

    await page.goto('settings');
    // Nine hours off UTC: the clock part must differ.
    await page.locator('#settings-timezone').selectOption('Asia/Tokyo');
    await save(page, 'Save', 'Settings saved.');
    const inTokyo = await lastUpdated();
    expect(inTokyo).not.toBe(inUtc);
    // The services report often, so compare the hour: Tokyo is nine hours ahead of UTC.
    expect((hourOf(inUtc) + 9) % 24).toBe(hourOf(inTokyo));
    await page.screenshot({ path: `${SHOTS}/settings-timezone-services.png`, fullPage: true });
  });

  test('page size 5 pages every table by 5, and a bad size is refused at the field', async ({
    page,
  }) => {
    await loginAs(page, 'admin', '/settings');
    const size = page.locator('#settings-page-size');
    await size.fill('0');
    await size.blur();
    await expect(page.getByText('Enter a whole number from 1 to 1000.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    await size.fill('5');
    await save(page, 'Save', 'Settings saved.');
    const flavors = new ResourcePanel(page, { path: 'admin/flavors', title: 'Flavors' });
    await flavors.goto();
    await expect(flavors.rows()).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Go to next page' }).first()).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/settings-page-size-5.png`, fullPage: true });
  });
});
