import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { ResourcePanel, expectFieldError } from '../pages/ResourcePanel';
import { newOpenSshPublicKey } from '../sshKeys';

const keyPairs = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/key_pairs', title: 'Key Pairs' });

/** The key pair is gone from the cloud (as the demo user sees it). */
async function expectNoKeyPair(cloud: Cloud, name: string): Promise<void> {
  const demo = await cloud.as('demo');
  const error = await demo.nova.keypairs.get(name).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error instanceof OpenStackHttpError && error.status).toBe(404);
}

/** Removes the demo user's key pair after the test, if the test left it behind. */
function removeLater(cloud: Cloud, name: string): void {
  cloud.cleanup(async () => (await cloud.as('demo')).nova.keypairs.delete(name));
}

test.describe('key pairs as demo', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'demo', '/project/key_pairs');
    await keyPairs(page).waitLoaded();
  });

  test('lists the seeded key pair with the spec columns', async ({ page, cloud }) => {
    const panel = keyPairs(page);
    expect(await panel.columnTitles()).toEqual(['Name', 'Type', 'Fingerprint']);
    await expect(panel.row('demo-key')).toBeVisible();
    const seeded = await (await cloud.as('demo')).nova.keypairs.get('demo-key');
    expect(await panel.cell('demo-key', 'Fingerprint')).toBe(seeded.fingerprint);
    expect(await panel.cell('demo-key', 'Type')).toBe('ssh');
    // Default sort: name, ascending.
    await expect(panel.columnHeader('Name')).toHaveAttribute('aria-sort', 'ascending');
  });

  test('creates a key pair and downloads its private key once', async ({ page, cloud }) => {
    const panel = keyPairs(page);
    const name = uniqueName('kp');
    removeLater(cloud, name);
    await panel.action('Create Key Pair').click();
    const modal = panel.modal('Create Key Pair');
    await expect(modal.getByRole('textbox', { name: 'Key Pair Name' })).toBeFocused();
    await modal.getByRole('textbox', { name: 'Key Pair Name' }).fill(name);
    await expect(modal.getByRole('combobox', { name: 'Key Type' })).toHaveValue('ssh');

    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Create Key Pair' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${name}.pem`);
    const pem = await readFile(await file.path(), 'utf8');
    expect(pem.startsWith('-----BEGIN')).toBe(true);
    expect(pem).toContain('PRIVATE KEY-----');

    await panel.expectToast(`Key pair ${name} was successfully created`);
    await expect(modal).toBeHidden();
    await expect(panel.row(name)).toBeVisible();
    const created = await (await cloud.as('demo')).nova.keypairs.get(name);
    expect(await panel.cell(name, 'Fingerprint')).toBe(created.fingerprint);
    // The private key is not kept anywhere the page can fetch it again.
    expect(JSON.stringify(created)).not.toContain('PRIVATE KEY');
  });

  test('checks the name before creating', async ({ page }) => {
    const panel = keyPairs(page);
    await panel.action('Create Key Pair').click();
    const modal = panel.modal('Create Key Pair');
    const name = modal.getByRole('textbox', { name: 'Key Pair Name' });
    const submit = modal.getByRole('button', { name: 'Create Key Pair' });

    await name.fill('demo-key');
    await name.blur();
    await expectFieldError(name, 'Key pair already exists');
    await expect(submit).toBeDisabled();

    await name.fill('bad{name}');
    await expectFieldError(
      name,
      'Key pair names may only contain letters, digits, spaces and the characters !"#$%&\'()*+,-./:;<=>?@[\\]^_',
    );
    await expect(submit).toBeDisabled();

    await name.fill('');
    await expectFieldError(name, 'This field is required.');
    await expect(submit).toBeDisabled();

    await name.fill('fine name-1');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(submit).toBeEnabled();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
  });

  test('a name the cloud refuses shows the refusal as text, in the form', async ({
    page,
    cloud,
  }) => {
    // Allowed by the form's rule (spec 2 §5: space to underscore), refused by Nova's.
    const name = `<b>${uniqueName('x')}</b>`;
    const panel = keyPairs(page);
    await panel.action('Create Key Pair').click();
    const modal = panel.modal('Create Key Pair');
    await modal.getByRole('textbox', { name: 'Key Pair Name' }).fill(name);
    await modal.getByRole('button', { name: 'Create Key Pair' }).click();
    const alert = modal.getByRole('alert');
    await expect(alert).toContainText("An invalid 'name' value was provided.");
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('textbox', { name: 'Key Pair Name' })).toHaveValue(name);
    // Rendered as text: the markup in the name never became an element.
    await expect(page.getByText(name.slice(3, -4), { exact: true })).toHaveCount(0);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expectNoKeyPair(cloud, name);
  });

  test('imports a public key', async ({ page, cloud }) => {
    const panel = keyPairs(page);
    const name = uniqueName('imported');
    removeLater(cloud, name);
    const key = newOpenSshPublicKey();
    await panel.action('Import Public Key').click();
    const modal = panel.modal('Import Public Key');
    await modal.getByRole('textbox', { name: 'Key Pair Name' }).fill(name);
    await expect(modal.getByRole('combobox', { name: 'Key Type' })).toHaveValue('ssh');
    await modal.getByRole('textbox', { name: 'Public Key', exact: true }).fill(key.line);
    await modal.getByRole('button', { name: 'Import Public Key' }).click();

    await panel.expectToast(`Successfully imported key pair ${name}`);
    await expect(panel.row(name)).toBeVisible();
    const imported = await (await cloud.as('demo')).nova.keypairs.get(name);
    expect(imported.fingerprint).toBe(key.fingerprint);
    expect(await panel.cell(name, 'Fingerprint')).toBe(imported.fingerprint);
    expect(imported.public_key).toBe(key.line);
  });

  test('import names follow the stricter import rule', async ({ page }) => {
    const panel = keyPairs(page);
    await panel.action('Import Public Key').click();
    const modal = panel.modal('Import Public Key');
    const name = modal.getByRole('textbox', { name: 'Key Pair Name' });
    await name.fill('dots.not.allowed');
    await name.blur();
    await expectFieldError(
      name,
      'Key pair names may only contain letters, digits, spaces, underscores and hyphens.',
    );
    await name.fill('demo-key');
    await expectFieldError(name, 'Key pair already exists');
    await expect(modal.getByRole('button', { name: 'Import Public Key' })).toBeDisabled();
  });

  test('shows the details page from the name link and the old item address', async ({
    page,
    cloud,
  }) => {
    const seeded = await (await cloud.as('demo')).nova.keypairs.get('demo-key');
    const panel = keyPairs(page);
    await panel.nameLink('demo-key').click();
    await expect(page).toHaveURL(/\/ngdetails\/OS::Nova::Keypair\/demo-key$/);
    await expect(page.getByRole('heading', { level: 1, name: 'demo-key' })).toBeVisible();
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    await expect(overview.getByText(seeded.fingerprint, { exact: true })).toBeVisible();
    const publicKey = overview.getByRole('textbox', { name: 'Public Key' });
    await expect(publicKey).toHaveValue(seeded.public_key ?? '');
    // Dates in the user's locale and zone, not the API's ISO text (which stays in datetime).
    const created = overview.locator('time');
    await expect(created).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(created).not.toHaveText(/\d{4}-\d\d-\d\dT/);
    await expect(page.getByRole('link', { name: 'Key Pairs' }).first()).toBeVisible();

    await page.goto('project/key_pairs/demo-key');
    await expect(page).toHaveURL(/\/ngdetails\/OS::Nova::Keypair\/demo-key$/);
    await expect(page.getByRole('heading', { level: 1, name: 'demo-key' })).toBeVisible();
  });

  test('a 255-character name wraps; every column and action stays in sight', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('long').padEnd(255, 'x');
    const demo = await cloud.as('demo');
    await demo.nova.keypairs.create({ name, publicKey: newOpenSshPublicKey().line });
    removeLater(cloud, name);
    const panel = keyPairs(page);
    await page.reload();
    await panel.waitLoaded();
    expect(await panel.columnTitles()).toEqual(['Name', 'Type', 'Fingerprint']);
    for (const row of [name, 'demo-key']) {
      await expect(panel.row(row).getByRole('gridcell', { name: 'ssh' })).toBeInViewport();
      await expect(panel.kebab(row)).toBeInViewport();
    }
    await expect(panel.nameLink(name).locator('[title]')).toHaveAttribute('title', name);
  });

  test('deletes one key pair from its row', async ({ page, cloud }) => {
    const name = uniqueName('del');
    const demo = await cloud.as('demo');
    await demo.nova.keypairs.create({ name, publicKey: newOpenSshPublicKey().line });
    removeLater(cloud, name);
    const panel = keyPairs(page);
    await page.reload();
    await panel.waitLoaded();

    await panel.rowAction(name, 'Delete Key Pair');
    await panel.confirm(
      'Confirm Delete Key Pair',
      'Delete Key Pair',
      `You have selected "${name}". Please confirm your selection. Deleted Key Pair is not recoverable.`,
    );
    await panel.expectToast(`Deleted Key Pair: ${name}.`);
    await expect(panel.row(name)).toHaveCount(0);
    await expectNoKeyPair(cloud, name);
  });

  test('deletes several key pairs at once', async ({ page, cloud }) => {
    const prefix = uniqueName('batch');
    const names = [`${prefix}-a`, `${prefix}-b`];
    const demo = await cloud.as('demo');
    for (const name of names) {
      await demo.nova.keypairs.create({ name, publicKey: newOpenSshPublicKey().line });
      removeLater(cloud, name);
    }
    const panel = keyPairs(page);
    await page.reload();
    await panel.waitLoaded();

    await panel.batchAction(names, 'Delete Key Pairs');
    await panel.confirm(
      'Confirm Delete Key Pairs',
      'Delete Key Pairs',
      `You have selected "${names[0]}", "${names[1]}".`,
    );
    await panel.expectToast(`Deleted Key Pairs: ${names.join(', ')}.`);
    for (const name of names) {
      await expect(panel.row(name)).toHaveCount(0);
      await expectNoKeyPair(cloud, name);
    }
    await expect(panel.row('demo-key')).toBeVisible();
    await expect(panel.action('Delete Key Pairs')).toHaveAttribute('aria-disabled', 'true');
  });

  test('filters by name and by quick search', async ({ page }) => {
    const panel = keyPairs(page);
    await panel.filter('Name', 'no-such-key');
    await expect(panel.emptyText()).toBeVisible();
    await expect(panel.footer).toHaveText('Displaying 0 items');
    await panel.clearFilters();
    await expect(panel.row('demo-key')).toBeVisible();
    await panel.quickSearch('DEMO-K');
    await expect(panel.row('demo-key')).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=DEMO-K/);
    await panel.quickSearch('zzz-nothing');
    await expect(panel.emptyText()).toBeVisible();
  });
});

test('a reader may create key pairs (the policy allows any user their own)', async ({ page }) => {
  // os_compute_api:os-keypairs:create is "(rule:context_is_admin) or user_id:%(user_id)s".
  await loginAs(page, 'reader', '/project/key_pairs');
  const panel = keyPairs(page);
  await panel.waitLoaded();
  await expect(panel.action('Create Key Pair')).toBeEnabled();
  await expect(panel.action('Import Public Key')).toBeEnabled();
  // Nothing is created here: the reader's empty list is another test's subject.
});
