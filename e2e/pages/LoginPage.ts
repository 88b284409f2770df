import type { Locator, Page } from '@playwright/test';

/** The sign-in page (spec 1 §2 "Login page"). */
export class LoginPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  /** Shown only on a server with multi-domain login (SKYDECK_MULTIDOMAIN). */
  readonly domain: Locator;
  readonly signIn: Locator;
  /** The form's error line (the server's message after a refused sign-in). */
  readonly error: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Log in to your account' });
    this.username = page.getByRole('textbox', { name: 'User Name' });
    this.password = page.getByRole('textbox', { name: 'Password', exact: true });
    this.domain = page.getByRole('textbox', { name: 'Domain' });
    this.signIn = page.getByRole('button', { name: 'Sign In' });
    this.error = page.getByRole('form', { name: 'Log in to your account' }).getByRole('alert');
  }

  async goto(next?: string): Promise<void> {
    await this.page.goto(next === undefined ? 'login' : `login?next=${encodeURIComponent(next)}`);
  }

  /** Fills and submits the form; waits for nothing (the caller says what should follow). */
  async submit(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.signIn.click();
  }
}
