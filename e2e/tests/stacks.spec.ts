import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { ResourcePanel, expectFieldError } from '../pages/ResourcePanel';

const stacks = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/stacks', title: 'Stacks' });

/** Constrained parameters of every kind, and a resource that stays in progress a few seconds. */
const template = (wait: number): string => `heat_template_version: 2018-08-31
description: E2E stack
parameters:
  count:
    type: number
    default: 2
    constraints:
      - range: { min: 1, max: 5 }
  secret:
    type: string
    hidden: true
    constraints:
      - length: { min: 6, max: 20 }
  code:
    type: string
    default: abc
    constraints:
      - allowed_pattern: "[a-z]+"
        description: Lower-case letters only
  flavour:
    type: string
    default: small
    constraints:
      - allowed_values: [small, large]
resources:
  token:
    type: OS::Heat::RandomString
    properties:
      length: 8
  slow:
    type: OS::Heat::TestResource
    depends_on: token
    properties:
      value: { get_param: code }
      wait_secs: ${wait}
`;

/** Deletes the demo project's stacks of that name after the test, if any are left. */
function removeLater(cloud: Cloud, name: string): void {
  cloud.cleanup(async () => {
    const demo = await cloud.as('demo');
    for (const s of await demo.heat.stacks.list()) {
      if (s.stack_name === name) await demo.heat.stacks.delete(s.stack_name, s.id);
    }
  });
}

const field = (dialog: Locator, label: string): Locator =>
  dialog.getByRole('textbox', { name: label, exact: true });

/** The first step: typed template text, validated by Heat, then the parameters step. */
async function enterTemplate(page: Page, text: string, next: string): Promise<Locator> {
  const select = page.getByRole('dialog', { name: 'Select Template' });
  await select.getByRole('combobox', { name: /Template Source/ }).selectOption('raw');
  await select.getByRole('textbox', { name: /Template Data/ }).fill(text);
  await select.getByRole('button', { name: 'Validate Template' }).click();
  const dialog = page.getByRole('dialog', { name: next });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('stacks as demo', () => {
  test('launches a stack with constrained parameters, watches it, updates it, deletes it', async ({
    page,
    cloud,
  }) => {
    test.setTimeout(120_000);
    const name = uniqueName('stack');
    removeLater(cloud, name);
    await loginAs(page, 'demo', '/project/stacks');
    const panel = stacks(page);
    await panel.waitLoaded();

    await panel.action('Launch Stack').click();
    const form = await enterTemplate(page, template(4), 'Launch Stack');
    await expect(form).toContainText('E2E stack');

    // Each constraint says what is wrong with the value.
    await field(form, 'Stack Name').fill(name);
    await field(form, 'count').fill('9');
    await expectFieldError(field(form, 'count'), 'The value must be at most 5.');
    await field(form, 'count').fill('x');
    await expectFieldError(field(form, 'count'), 'Enter a number.');
    await field(form, 'secret').fill('abc');
    await expectFieldError(field(form, 'secret'), 'The value must be at least 6 characters long.');
    await expect(field(form, 'secret')).toHaveAttribute('type', 'password');
    await field(form, 'code').fill('ABC');
    await expectFieldError(field(form, 'code'), 'Lower-case letters only');
    await expect(form.getByRole('button', { name: 'Launch' })).toBeDisabled();
    await expect(form.getByRole('combobox', { name: /flavour/ }).getByRole('option')).toHaveText([
      'small',
      'large',
    ]);

    await field(form, 'count').fill('3');
    await field(form, 'secret').fill('s3cret-value');
    await field(form, 'code').fill('xyz');
    await form.getByRole('combobox', { name: /flavour/ }).selectOption('large');
    await form.getByRole('button', { name: 'Launch' }).click();
    await expect(form).toBeHidden();

    // The topology follows the stack without a reload: in progress, then complete.
    await panel.nameLink(name).click();
    const slow = page.getByTestId('stack-node-slow');
    await expect(slow).toHaveAttribute('data-status', 'CREATE_IN_PROGRESS');
    await expect(slow).toHaveAttribute('data-status', 'CREATE_COMPLETE', { timeout: 20_000 });
    await expect(page.getByTestId('stack-topology-status')).toContainText('Create Complete', {
      timeout: 10_000,
    });
    await slow.click();
    await expect(page.getByTestId('stack-node-balloon')).toContainText('OS::Heat::TestResource');
    await page.screenshot({ path: test.info().outputPath('stack-topology.png') });

    // Change Stack Template: the same form, answered by an update.
    await panel.goto();
    await panel.rowAction(name, 'Change Stack Template');
    const update = await enterTemplate(page, template(0), 'Update Stack Parameters');
    await expect(field(update, 'count')).toHaveValue('3');
    await field(update, 'secret').fill('another-secret');
    await field(update, 'code').fill('updated');
    await update.getByRole('button', { name: 'Update' }).click();
    await expect(update).toBeHidden();
    await expect
      .poll(() => panel.cell(name, 'Status'), { timeout: 20_000 })
      .toBe('Update Complete');

    await panel.rowAction(name, 'Delete Stack');
    await panel.confirm('Confirm Delete Stack', 'Delete Stack', `"${name}"`);
    await expect(panel.row(name)).toBeHidden({ timeout: 20_000 });
  });
});
