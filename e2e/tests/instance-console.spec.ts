import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures';
import { bootOwnInstance } from '../instances';
import { ResourcePanel } from '../pages/ResourcePanel';

// The Console tab and row action, and Retrieve Password with a real key pair (issue 9), on
// instances of the test's own, deleted afterwards.

const panelAt = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/instances', title: 'Instances' });

async function expectActive(panel: ResourcePanel, name: string): Promise<void> {
  await expect.poll(async () => panel.cell(name, 'Status'), { timeout: 30_000 }).toBe('Active');
}

test('Console opens the details page on its tab, and the console in a 760 × 560 popup', async ({
  page,
  cloud,
}) => {
  const name = `e2e-console-${randomUUID().slice(0, 8)}`;
  await bootOwnInstance(cloud, name);
  await loginAs(page, 'demo', '/project/instances');
  const panel = panelAt(page);
  await panel.waitLoaded();
  await expectActive(panel, name);

  await panel.rowAction(name, 'Console');
  await expect(page).toHaveURL(/\/ngdetails\/OS::Nova::Server\/[^?]+\?tab=console/);
  const tab = page.getByRole('tabpanel', { name: 'Console' });
  await expect(tab.getByText('Console type: VNC')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('console-tab.png') });

  const popup = page.context().waitForEvent('page');
  await tab.getByRole('button', { name: 'Open Console' }).click();
  const console = await popup;
  await console.waitForLoadState();
  await expect(console.getByText(/Connected \(unencrypted\) to: instance-/)).toBeVisible();
  // The e2e project has no DOM types: the popup's window, seen as what the page evaluates.
  const size = await console.evaluate(() => {
    const view = globalThis as unknown as { innerWidth: number; innerHeight: number };
    return [view.innerWidth, view.innerHeight];
  });
  expect(size).toEqual([760, 560]);
  await console.close();
});

test('Retrieve Password decrypts with the key pair’s private key, in the browser', async ({
  page,
  cloud,
}) => {
  const demo = await cloud.as('demo');
  const keyName = `e2e-pw-${randomUUID().slice(0, 8)}`;
  // Nova generates the pair (below 2.92) and hands the private key over once: the test keeps it.
  const keypair = await demo.nova.keypairs.create({ name: keyName });
  cloud.cleanup(() => demo.nova.keypairs.delete(keyName));
  const privateKey = keypair.private_key ?? '';
  expect(privateKey).toContain('PRIVATE KEY');
  const name = `e2e-pw-${randomUUID().slice(0, 8)}`;
  const id = await bootOwnInstance(cloud, name, { keyName });

  await loginAs(page, 'demo', '/project/instances');
  const panel = panelAt(page);
  await panel.waitLoaded();
  await expectActive(panel, name);
  // What the guest posted, decrypted with openssl for comparison (Node 20.11+ refuses PKCS#1
  // v1.5 private decryption, CVE-2023-46809).
  const encrypted = await demo.nova.serverLog.password(id);
  const keyFile = test.info().outputPath('key.pem');
  writeFileSync(keyFile, privateKey, { mode: 0o600 });
  const expected = execFileSync(
    'openssl',
    ['pkeyutl', '-decrypt', '-inkey', keyFile, '-pkeyopt', 'rsa_padding_mode:pkcs1'],
    { input: Buffer.from(encrypted, 'base64') },
  ).toString();
  expect(expected).toMatch(/^\S{8,}$/);

  // The private key must never reach the server.
  const posted: string[] = [];
  page.on('request', (r) => {
    const body = r.postData();
    if (body) posted.push(body);
  });

  await panel.rowAction(name, 'Retrieve Password');
  const dialog = panel.modal('Retrieve Instance Password');
  await expect(dialog.getByRole('textbox', { name: 'Encrypted Password' })).toHaveValue(encrypted);
  const keyBox = dialog.getByRole('textbox', { name: 'Private Key', exact: true });

  await keyBox.fill('-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----');
  await dialog.getByRole('button', { name: 'Decrypt Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/Could not decrypt the password/);

  await keyBox.fill(privateKey);
  await dialog.getByRole('button', { name: 'Decrypt Password' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(
    expected,
  );
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('retrieve-password.png') });
  expect(posted.filter((b) => b.includes('PRIVATE KEY'))).toEqual([]);
  await dialog.getByRole('contentinfo').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});
