import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './AppShell';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A form field shows `message` as its error, tied to it (its accessible description) and
 * marked invalid; PatternFly adds an "error status" note for screen readers.
 */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(
    new RegExp(`^${escapeRegExp(message)}\\s*(: error status;)?$`),
  );
}

/** Data columns only: the selection, expansion and actions columns are the machinery's. */
const MACHINERY_COLUMNS = new Set(['', 'Select all', 'Row details', 'Actions']);

export interface PanelInfo {
  /** The panel's address, e.g. "project/key_pairs" (relative to the web root). */
  path: string;
  /** The page heading and sidebar entry, e.g. "Key Pairs". */
  title: string;
  /** The table's accessible name (the type's plural name); defaults to the title. */
  table?: string;
}

/**
 * Any registry panel (STYLE §2): one page object for every table, since every panel is the same
 * machinery. Everything is found by role and accessible name.
 */
export class ResourcePanel {
  readonly page: Page;
  readonly info: PanelInfo;
  readonly shell: AppShell;
  readonly heading: Locator;
  readonly table: Locator;
  readonly search: Locator;
  readonly footer: Locator;
  readonly selectAll: Locator;

  constructor(page: Page, info: PanelInfo) {
    this.page = page;
    this.info = info;
    this.shell = new AppShell(page);
    this.heading = page.getByRole('heading', { level: 1, name: info.title, exact: true });
    this.table = page.getByRole('grid', { name: info.table ?? info.title, exact: true });
    this.search = page.getByRole('textbox', { name: 'Search', exact: true });
    this.footer = page.getByText(/^Displaying \d+ items?$/);
    this.selectAll = this.table.getByRole('checkbox', { name: 'Select all' });
  }

  async goto(): Promise<void> {
    await this.page.goto(this.info.path);
    await this.waitLoaded();
  }

  /** The table has its rows (or its empty text), not skeletons. */
  async waitLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.table).toBeVisible();
    await expect(this.table.getByText('Loading')).toHaveCount(0);
    await expect(this.footer).toBeVisible();
  }

  /** Data rows (the header row excluded). */
  rows(): Locator {
    return this.table
      .getByRole('rowgroup')
      .filter({ hasNot: this.page.getByRole('columnheader') })
      .getByRole('row');
  }

  /** The row showing `name` (in its name cell, or anywhere when the name is in another column). */
  row(name: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('gridcell', { name, exact: true }) });
  }

  nameLink(name: string): Locator {
    return this.row(name).getByRole('link', { name, exact: true });
  }

  async columnTitles(): Promise<string[]> {
    const titles = await this.table.getByRole('columnheader').allInnerTexts();
    return titles.map((t) => t.trim()).filter((t) => !MACHINERY_COLUMNS.has(t));
  }

  columnHeader(title: string): Locator {
    return this.table.getByRole('columnheader', { name: title, exact: true });
  }

  /** The text of one column in every shown row, in order. */
  async columnTexts(title: string): Promise<string[]> {
    // Read in one go: counting the rows, then reading each, waited without end for a row the
    // table had just replaced by the next page's (CI: a poll that never returned).
    return this.byColumn(title, (index) =>
      this.rows().evaluateAll(
        (rows, i) =>
          rows.map((row) => {
            // The cells a reader has, as getByRole('gridcell') counts them: the shown ones.
            const shown = [...row.querySelectorAll(':scope > td')].filter((cell) =>
              cell.checkVisibility(),
            );
            return ((shown[i] as { innerText?: string } | undefined)?.innerText ?? '').trim();
          }),
        index,
      ),
    );
  }

  /** A cell of the row `name`, by column title. */
  async cell(name: string, title: string): Promise<string> {
    return this.byColumn(title, async (index) =>
      (await this.row(name).getByRole('gridcell').nth(index).innerText()).trim(),
    );
  }

  /**
   * Reads cells by the index of the column `title`, again if the columns changed meanwhile: a
   * column can appear while the cells are read (Images' Owner column once the per-row policy
   * answer allows it; CI read "Image" as an image's Status so), and an index from before it
   * names the column to its left.
   */
  private async byColumn<T>(title: string, read: (index: number) => Promise<T>): Promise<T> {
    const titles = async (): Promise<string> =>
      JSON.stringify(
        (await this.table.getByRole('columnheader').allInnerTexts()).map((t) => t.trim()),
      );
    for (let attempt = 0; ; attempt++) {
      const before = await titles();
      const index = (JSON.parse(before) as string[]).indexOf(title);
      if (index < 0) throw new Error(`No column "${title}" in ${this.info.title}`);
      const value = await read(index);
      if ((await titles()) === before || attempt === 4) return value;
    }
  }

  /** Picks a facet, then types a value (text facets) or picks an option (choice facets). */
  async filter(facet: string, value: string): Promise<void> {
    // The facet chooser is named after the facet it shows ("Filter by: Name").
    await this.page.getByRole('button', { name: /^Filter by: / }).click();
    await this.page.getByRole('option', { name: facet, exact: true }).click();
    const choice = this.page.getByRole('button', { name: `Filter by ${facet}`, exact: true });
    const box = this.page.getByRole('searchbox', { name: `Filter by ${facet}`, exact: true });
    await expect(choice.or(box)).toBeVisible();
    if (await choice.isVisible()) {
      await choice.click();
      await this.page.getByRole('option', { name: value, exact: true }).click();
    } else {
      await box.fill(value);
      await box.press('Enter');
    }
    await expect(this.chip(facet, value)).toBeVisible();
  }

  /** The chip of a facet value (removable with its close button). */
  chip(facet: string, value: string): Locator {
    return this.page
      .getByRole('list', { name: facet, exact: true })
      .getByRole('listitem')
      .filter({ hasText: value });
  }

  async clearFilters(): Promise<void> {
    await this.page.getByRole('button', { name: 'Clear all filters' }).first().click();
  }

  async quickSearch(text: string): Promise<void> {
    await this.search.fill(text);
  }

  /** A table action button (Create …) or batch action button (Delete …). */
  action(label: string): Locator {
    return this.page.getByRole('button', { name: label, exact: true });
  }

  kebab(name: string): Locator {
    return this.page.getByRole('button', { name: `Actions for ${name}`, exact: true });
  }

  /** Opens the row's kebab and picks an action. */
  async rowAction(name: string, action: string): Promise<void> {
    await this.kebab(name).click();
    await this.page.getByRole('menuitem', { name: action, exact: true }).click();
  }

  rowCheckbox(name: string): Locator {
    return this.table.getByRole('checkbox', { name: `Select ${name}`, exact: true });
  }

  /** Selects the rows and runs a batch action. */
  async batchAction(names: readonly string[], action: string): Promise<void> {
    for (const name of names) await this.rowCheckbox(name).check();
    await this.action(action).click();
  }

  /** An open modal (or confirm dialog) by its title. */
  modal(title: string): Locator {
    return this.page.getByRole('dialog', { name: title, exact: true });
  }

  /** The confirm dialog: checks its title and body, then presses its confirm button. */
  async confirm(title: string, button: string, body?: string | RegExp): Promise<void> {
    const dialog = this.modal(title);
    await expect(dialog).toBeVisible();
    if (body !== undefined) await expect(dialog).toContainText(body);
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  /** The empty-table text (spec 1 §8). */
  emptyText(): Locator {
    return this.table.getByText('No items to display.', { exact: true });
  }

  async expectToast(
    message: string,
    type: Parameters<AppShell['expectToast']>[1] = 'success',
  ): Promise<void> {
    await this.shell.expectToast(message, type);
  }
}
