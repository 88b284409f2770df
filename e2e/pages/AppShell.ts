import { expect, type Locator, type Page } from '@playwright/test';

export type ToastType = 'success' | 'info' | 'warning' | 'danger' | 'error';

/** The screen-reader prefix of each toast type (spec 1 §8 "Alert prefixes by type"). */
const TOAST_PREFIX: Record<ToastType, string> = {
  success: 'Success:',
  info: 'Notice:',
  warning: 'Warning:',
  danger: 'Danger:',
  error: 'Error:',
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The signed-in frame: masthead switchers, user menu, sidebar and toasts. */
export class AppShell {
  readonly page: Page;
  readonly sidebar: Locator;
  readonly projectSwitcher: Locator;
  readonly regionSwitcher: Locator;
  readonly userMenu: Locator;
  readonly notifications: Locator;
  readonly main: Locator;

  constructor(page: Page) {
    this.page = page;
    this.sidebar = page.getByRole('navigation', { name: 'Global' });
    this.projectSwitcher = page.getByRole('button', { name: /^Project: / });
    this.regionSwitcher = page.getByRole('button', { name: /^Region: / });
    this.userMenu = page.getByRole('button', { name: /^User menu: / });
    this.notifications = page.getByRole('list', { name: 'Notifications' });
    this.main = page.getByRole('main');
  }

  /** A sidebar group's toggle: Project, Admin, Identity. */
  navGroup(name: string): Locator {
    return this.sidebar.getByRole('button', { name, exact: true });
  }

  navLink(name: string): Locator {
    return this.sidebar.getByRole('link', { name, exact: true });
  }

  async open(panel: string): Promise<void> {
    await this.navLink(panel).click();
  }

  async switchProject(name: string): Promise<void> {
    await this.projectSwitcher.click();
    await this.page.getByRole('option', { name, exact: true }).click();
    await expect(this.projectSwitcher).toHaveAccessibleName(`Project: ${name}`);
  }

  async switchRegion(name: string): Promise<void> {
    await this.regionSwitcher.click();
    await this.page.getByRole('option', { name, exact: true }).click();
    await expect(this.regionSwitcher).toHaveAccessibleName(`Region: ${name}`);
  }

  async signOut(): Promise<void> {
    await this.userMenu.click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }

  /**
   * A toast whose text is exactly `message` (its heading reads "<Type>: <message>" to screen
   * readers, spec 1 §8).
   */
  toast(message: string, type: ToastType = 'success'): Locator {
    const name = new RegExp(`^${escapeRegExp(TOAST_PREFIX[type])}\\s*${escapeRegExp(message)}$`);
    return this.notifications.getByRole('heading', { name });
  }

  async expectToast(message: string, type: ToastType = 'success'): Promise<void> {
    await expect(this.toast(message, type)).toBeVisible();
  }
}
