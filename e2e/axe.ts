import axe from 'axe-core';
import { expect, test, type Locator, type Page } from '@playwright/test';

/** WCAG 2.1 level A and AA rules (issue 8 §6); best-practice rules are advice, not a gate. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The impacts that fail a check; minor and moderate findings are printed, not fatal. */
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  /** Where it was found: "Key Pairs panel", "Create Flavor modal", … */
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** One line per finding, with the elements' selectors, for a failure message a person can act on. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `[${f.impact}] ${f.where}: ${f.rule} (${f.help})\n    ${f.targets.slice(0, 5).join('\n    ')}`,
    )
    .join('\n');
}

/** What axe.run answers, the parts read here. */
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core's source goes into a document once, and each check is one `axe.run` there. The
 * @axe-core/playwright builder evaluated the 580 KB source twice per check and finished every
 * check in a new tab of its own: 0.5–1 s per check, even on a three-line confirm dialog, and the
 * sweep makes hundreds of them. The app has no frames, so nothing is lost by running in the
 * page's own.
 */
async function runAxe(page: Page, include?: string): Promise<AxeViolation[]> {
  // Evaluated as text: the e2e workspace compiles without DOM typings.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source);
  const context = include === undefined ? 'document' : JSON.stringify({ include: [[include]] });
  const options = JSON.stringify({ runOnly: { type: 'tag', values: WCAG_TAGS } });
  return page.evaluate<AxeViolation[]>(
    `window.axe.run(${context}, ${options}).then((r) => r.violations)`,
  );
}

/**
 * Runs axe on the page as it is now (or on the elements `include` selects: a dialog or menu
 * whose page was checked already) and returns its serious and critical findings.
 */
export async function axeFindings(
  page: Page,
  where: string,
  include?: string,
): Promise<AxeFinding[]> {
  const started = Date.now();
  await settleAnimations(page);
  const violations = await runAxe(page, include);
  // The report lists what was checked (and how long axe took), so a sweep that silently missed
  // a modal shows.
  test
    .info()
    .annotations.push({ type: 'axe', description: `${where} (${Date.now() - started} ms)` });
  const targets = (v: AxeViolation): string[] => v.nodes.map((n) => n.target.join(' '));
  for (const v of violations.filter((v) => !BLOCKING.has(v.impact ?? ''))) {
    test.info().annotations.push({
      type: 'axe-advice',
      description: `[${v.impact ?? ''}] ${where}: ${v.id} ${targets(v).join(', ')}`,
    });
  }
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({ where, rule: v.id, impact: v.impact ?? '', help: v.help, targets: targets(v) }));
}

/**
 * Waits for the finite animations and transitions running now (a menu or modal fading in):
 * axe blends a half-transparent element's colours with what is under it, so a menu checked
 * mid-fade fails colour contrast on a slow machine only. Endless ones (spinners) are skipped.
 */
async function settleAnimations(page: Page): Promise<void> {
  // Evaluated as text: the e2e workspace compiles without DOM typings.
  // Two frames first: a popper starts its fade from a timer after it mounts.
  await page.evaluate(`new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(resolve)),
  ).then(() => Promise.race([
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect ? a.effect.getComputedTiming().endTime : Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ]))`);
}

/** Fails the test with every serious or critical finding at this point. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const findings = await axeFindings(page, where);
  expect(findings, describeFindings(findings)).toEqual([]);
}

/**
 * Closes the toasts: a toast under the pointer never times out (PatternFly pauses it on hover),
 * and one over the details page's action menu would stop the next click.
 */
export async function closeToasts(page: Page): Promise<void> {
  const close = page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('button', { name: /^Close notification/ });
  while ((await close.count()) > 0) await close.first().click();
}

const DIALOGS = '[role="dialog"], [role="alertdialog"]';

/** The dialog on top (a confirm dialog can open over a modal). */
export function topDialog(page: Page): Locator {
  return page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').last();
}

/** Waits until the dialog's own loading spinners are gone (modal data, wizard readiness). */
export async function waitDialogReady(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0, {
    timeout: 15_000,
  });
}

/**
 * Closes the open dialog as a user who changed their mind would: its Cancel button, else its
 * close (×) button, else Escape; waits until no dialog is left.
 */
export async function dismissDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const dialog = topDialog(page);
    if ((await dialog.count()) === 0) return;
    // .first(): a dialog may have both a footer button and its × named so (a read-only dialog's
    // footer "Close").
    const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true }).first();
    const close = dialog.getByRole('button', { name: 'Close', exact: true }).first();
    if (await cancel.isVisible()) await cancel.click();
    else if (await close.isVisible()) await close.click();
    else await page.keyboard.press('Escape');
    await page.waitForTimeout(100);
  }
  await expect(page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible')).toHaveCount(
    0,
  );
}

/**
 * Checks the open dialog, then each of its tabs and each wizard step it lets the user reach
 * with Next (a step whose fields need input stops the walk there, its errors shown, which is
 * checked too).
 */
export async function sweepDialog(page: Page, where: string): Promise<AxeFinding[]> {
  const dialog = topDialog(page);
  await waitDialogReady(dialog);
  const name = (await dialog.getAttribute('aria-label')) ?? where;
  const label = `${where} → ${(await dialogTitle(dialog)) || name}`;
  const findings = await axeFindings(page, label, DIALOGS);

  const tabs = dialog.getByRole('tab');
  for (let i = 1; i < (await tabs.count()); i++) {
    const tab = tabs.nth(i);
    const tabName = (await tab.innerText()).trim();
    await tab.click();
    findings.push(...(await axeFindings(page, `${label} → tab ${tabName}`, DIALOGS)));
  }

  // Required fields the user left: Tab through the form (fields show their errors once
  // touched), then check the errors' markup too (aria-invalid, descriptions, contrast).
  const required = dialog.locator('[required], [aria-required="true"]');
  if ((await required.count()) > 0) {
    await required.first().focus();
    const fields = await dialog.locator('input, select, textarea').count();
    for (let i = 0; i <= fields; i++) await page.keyboard.press('Tab');
    findings.push(...(await axeFindings(page, `${label} → fields left empty`, DIALOGS)));
  }

  const next = dialog.getByRole('button', { name: 'Next', exact: true });
  for (let step = 2; step <= 10 && (await next.isVisible()); step++) {
    const current = await dialog
      .getByRole('button', { name: 'Wizard steps', includeHidden: true })
      .innerText();
    const steps = dialog.getByRole('button', { name: 'Wizard steps', includeHidden: true });
    await next.click();
    // The step moves on (or stays, on a step whose fields stop it); on the last one the footer's
    // Next gives way to the wizard's own finish button.
    await expect
      .poll(() => steps.innerText(), { timeout: 3000 })
      .not.toBe(current)
      .catch(() => undefined);
    if (await next.isVisible()) await expect(next).toBeEnabled();
    const after = await steps.innerText();
    findings.push(...(await axeFindings(page, `${label} → step ${after.trim()}`, DIALOGS)));
    if (after === current) break;
  }
  return findings;
}

async function dialogTitle(dialog: Locator): Promise<string> {
  const labelledBy = await dialog.getAttribute('aria-labelledby');
  const id = labelledBy?.split(' ')[0];
  if (!id) return '';
  const title = dialog.page().locator(`[id="${id}"]`);
  return (await title.count()) ? (await title.innerText()).trim() : '';
}
