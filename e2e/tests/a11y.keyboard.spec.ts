import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueName, type Cloud } from '../fixtures';
import { AppShell } from '../pages/AppShell';
import { LoginPage } from '../pages/LoginPage';
import { ResourcePanel } from '../pages/ResourcePanel';

// Keyboard only (issue 8 §6): after page.goto, nothing here clicks, hovers or fills; every
// step is a key a person would press.

const SHOTS = '/tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

/** Whether the element has the keyboard focus. */
async function isFocused(target: Locator): Promise<boolean> {
  return (await target.and(target.page().locator(':focus')).count()) > 0;
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(target: Locator, { max = 60, back = false } = {}): Promise<void> {
  const page = target.page();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`${String(target)} not reached with ${max} ${back ? 'Shift+Tab' : 'Tab'}`);
}

/**
 * The focused element's focus indicator, as the browser draws it: an outline (PatternFly's
 * :focus-visible) or a box shadow.
 */
async function focusIndicator(page: Page): Promise<{ outline: string; shadow: string }> {
  // Evaluated as text: the e2e workspace compiles without DOM typings.
  const json = await page.evaluate<string>(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return JSON.stringify({ outline: 'none', shadow: 'none' });
    const s = getComputedStyle(el);
    const outline = s.outlineStyle === 'none' || parseFloat(s.outlineWidth) === 0
      ? 'none' : s.outlineWidth + ' ' + s.outlineStyle + ' ' + s.outlineColor;
    return JSON.stringify({ outline, shadow: s.boxShadow });
  })()`);
  return JSON.parse(json) as { outline: string; shadow: string };
}

async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const ring = await focusIndicator(page);
  expect(
    ring.outline !== 'none' || ring.shadow !== 'none',
    `${what}: ${JSON.stringify(ring)}`,
  ).toBe(true);
}

/** Signs in on the login page with Tab, typing and Enter. */
async function keyboardLogin(page: Page, user: string, next: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto(next);
  await expect(login.heading).toBeVisible();
  if (!(await isFocused(login.username))) await tabTo(login.username);
  await page.keyboard.type(user);
  await tabTo(login.password);
  await page.keyboard.type(user);
  await page.keyboard.press('Enter');
  await expect(new AppShell(page).userMenu).toHaveAccessibleName(`User menu: ${user}`);
}

/** Tab and Shift+Tab, `presses` times each, never leave the dialog. */
async function expectFocusTrapped(dialog: Locator, presses = 12): Promise<void> {
  const page = dialog.page();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      await expect(dialog.locator(':focus'), `${key} #${i + 1} left the dialog`).toHaveCount(1);
    }
  }
}

function removeGroupLater(cloud: Cloud, name: string): void {
  cloud.cleanup(async () => {
    const demo = await cloud.as('demo');
    for (const group of await demo.nova.serverGroups.list()) {
      if (group.name === name) await demo.nova.serverGroups.delete(group.id);
    }
  });
}

test.describe('keyboard only', () => {
  test('signs in, skips to the content and reaches a panel through the sidebar', async ({
    page,
  }) => {
    await keyboardLogin(page, 'demo', '/project/images');
    const shell = new AppShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible();

    // The first Tab of a page reaches the skip link, shown once focused.
    await page.goto('project/images');
    await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectVisibleFocus(page, 'skip link');
    await page.screenshot({ path: `${SHOTS}/a11y-skip-link.png` });
    await page.keyboard.press('Enter');
    await expect(page.locator('#sd-main')).toBeFocused();
    // The next Tab goes on inside the content, past the masthead and the sidebar.
    await page.keyboard.press('Tab');
    await expect(shell.main.locator(':focus')).toHaveCount(1);

    // Back to the sidebar, then to another panel with Enter.
    const link = shell.navLink('Key Pairs');
    await tabTo(link, { back: true });
    await expectVisibleFocus(page, 'sidebar link');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/project\/key_pairs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Key Pairs' })).toBeVisible();
  });

  test('a table: sorts, selects, opens a row menu and a confirm dialog, and closes them with Escape', async ({
    page,
  }) => {
    await keyboardLogin(page, 'demo', '/project/server_groups');
    const panel = new ResourcePanel(page, {
      path: 'project/server_groups',
      title: 'Server Groups',
    });
    await panel.waitLoaded();

    // Sorting by a column header.
    const id = panel.columnHeader('ID');
    await tabTo(id.getByRole('button'));
    await expectVisibleFocus(page, 'column header');
    await page.keyboard.press('Enter');
    await expect(id).toHaveAttribute('aria-sort', 'ascending');
    await page.keyboard.press('Enter');
    await expect(id).toHaveAttribute('aria-sort', 'descending');

    // A row's action menu: Enter opens it on its first item, arrows move, Escape closes it and
    // gives the focus back to its button.
    const kebab = page.getByRole('button', { name: /^Actions for / }).first();
    await tabTo(kebab);
    await expectVisibleFocus(page, 'row action menu button');
    await page.screenshot({ path: `${SHOTS}/a11y-focus-kebab.png` });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(kebab).toBeFocused();

    // The row's delete, from its menu, asks first; Escape cancels and the focus comes back.
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Delete Server Group' })).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = panel.modal('Confirm Delete Server Group');
    await expect(confirm).toBeVisible();
    await expect(confirm.locator(':focus')).toHaveCount(1);
    await expectFocusTrapped(confirm, 4);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(kebab).toBeFocused();

    // Selecting a row with Space enables the batch action.
    const select = panel.table.getByRole('checkbox', { name: /^Select (?!all$)/ }).first();
    await tabTo(select, { back: true });
    await page.keyboard.press('Space');
    await expect(select).toBeChecked();
    const batch = panel.action('Delete Server Groups');
    await expect(batch).not.toHaveAttribute('aria-disabled', 'true');
    await tabTo(batch, { back: true });
    await page.keyboard.press('Enter');
    const batchConfirm = panel.modal('Confirm Delete Server Group');
    await expect(batchConfirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(batchConfirm).toBeHidden();
    await expect(batch).toBeFocused();
  });

  test('a modal form: focus trapped, Escape closes it, filled and submitted from the keyboard', async ({
    page,
    cloud,
  }) => {
    await keyboardLogin(page, 'demo', '/project/server_groups');
    const panel = new ResourcePanel(page, {
      path: 'project/server_groups',
      title: 'Server Groups',
    });
    await panel.waitLoaded();
    const create = panel.action('Create Server Group');
    await tabTo(create);
    await expectVisibleFocus(page, 'toolbar button');
    await page.keyboard.press('Enter');
    const modal = panel.modal('Create Server Group');
    const name = modal.getByRole('textbox', { name: 'Name' });
    await expect(name).toBeFocused();
    await expectFocusTrapped(modal);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(create).toBeFocused();

    const groupName = uniqueName('kbd-group');
    removeGroupLater(cloud, groupName);
    await page.keyboard.press('Enter');
    await expect(name).toBeFocused();
    await page.keyboard.type(groupName);
    const policy = modal.getByRole('combobox', { name: 'Policy' });
    await tabTo(policy);
    await expectVisibleFocus(page, 'select in a modal');
    // Type-ahead picks the option, as on any native select.
    await page.keyboard.type('Anti');
    await expect(policy).toHaveValue('anti-affinity');
    await page.screenshot({ path: `${SHOTS}/a11y-focus-modal.png` });
    const submit = modal.getByRole('button', { name: 'Create Server Group' });
    await tabTo(submit);
    await expectVisibleFocus(page, 'submit button');
    await page.keyboard.press('Enter');

    await panel.expectToast(`Server Group ${groupName} was successfully created`);
    await expect(modal).toBeHidden();
    await expect(create).toBeFocused();
    const demo = await cloud.as('demo');
    const group = (await demo.nova.serverGroups.list()).find((g) => g.name === groupName);
    expect(group?.policy).toBe('anti-affinity');
  });

  test('a wizard from a row menu: focus inside, trapped, Escape closes it back to the menu button', async ({
    page,
  }) => {
    await keyboardLogin(page, 'admin', '/admin/images');
    const panel = new ResourcePanel(page, { path: 'admin/images', title: 'Images' });
    await panel.waitLoaded();
    const kebab = panel.kebab('cirros-0.6.2-x86_64-disk');
    // Past an admin's whole sidebar (three groups and their sections) first.
    await tabTo(kebab, { max: 150 });
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: 'Create Volume', exact: true });
    for (let i = 0; i < 10 && !(await isFocused(item)); i++) await page.keyboard.press('ArrowDown');
    await expect(item).toBeFocused();
    await page.keyboard.press('Enter');

    const wizard = panel.modal('Create Volume');
    await expect(wizard.getByRole('textbox', { name: /^Volume Name/ })).toBeVisible();
    await expect(wizard.locator(':focus')).toHaveCount(1);
    await expectFocusTrapped(wizard);
    await page.screenshot({ path: `${SHOTS}/a11y-focus-wizard.png` });
    await page.keyboard.press('Escape');
    await expect(wizard).toBeHidden();
    await expect(kebab).toBeFocused();
  });
});
