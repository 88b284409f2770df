import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

const run = promisify(execFile);

const credentials = (page: Page): ResourcePanel =>
  new ResourcePanel(page, {
    path: 'identity/application_credentials',
    title: 'Application Credentials',
  });

/** Runs the openstack CLI with only the environment given (no stray OS_ settings). */
async function openstack(
  env: Record<string, string>,
  script: string,
): Promise<{ stdout: string; stderr: string }> {
  return run('bash', ['-c', script], {
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: env['HOME'] ?? tmpdir(), ...env },
    timeout: 60_000,
  });
}

test.describe('application credentials', () => {
  test('created with its secret once; its clouds.yaml and openrc work with the openstack CLI as they are', async ({
    page,
    cloud,
  }) => {
    test.setTimeout(120_000);
    const name = uniqueName('ac');
    const demo = await cloud.as('demo');
    const userId = await cloud.userId('demo');
    cloud.cleanup(async () => {
      for (const c of await demo.applicationCredentials.list(userId)) {
        if (c.name === name) await demo.applicationCredentials.remove(userId, c.id);
      }
    });
    await loginAs(page, 'demo', '/identity/application_credentials');
    const panel = credentials(page);
    await panel.waitLoaded();

    await panel.action('Create Application Credential').click();
    const form = panel.modal('Create Application Credential');
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Description' }).fill('from the e2e test');
    // A rule list that is not a list is refused under the field.
    const rules = form.getByRole('textbox', { name: 'Access Rules' });
    await rules.fill('{"service": "compute"}');
    await expect(form.getByText('Access rules: expected a list of rules.')).toBeVisible();
    await rules.fill('');
    await form.getByRole('button', { name: 'Create Application Credential' }).click();

    const dialog = panel.modal('Your Application Credential');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The secret is shown only now.');
    await page.screenshot({ path: test.info().outputPath('secret-dialog.png') });

    const dir = await mkdtemp(join(tmpdir(), 'appcred-'));
    try {
      const yamlDownload = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download clouds.yaml' }).click();
      const yamlFile = join(dir, 'clouds.yaml');
      await (await yamlDownload).saveAs(yamlFile);
      const yaml = await readFile(yamlFile, 'utf8');
      expect(yaml).toContain('auth_type: "v3applicationcredential"');
      const cloudName = /^ {2}"([^"]+)":$/m.exec(yaml)?.[1] ?? '';
      expect(cloudName).toBe(name);

      const rcDownload = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download openrc file' }).click();
      const rcFile = join(dir, 'openrc.sh');
      await (await rcDownload).saveAs(rcFile);

      await dialog.getByRole('contentinfo').getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(panel.row(name)).toBeVisible();
      expect(await panel.cell(name, 'Expiration')).toBe('Never');

      // The demo project's seeded server, as the CLI lists it with each file.
      const byCloud = await openstack(
        { OS_CLIENT_CONFIG_FILE: yamlFile, HOME: dir },
        `openstack --os-cloud "${cloudName}" server list -f value -c Name`,
      );
      expect(byCloud.stdout.split('\n')).toContain('web-1');
      const byRc = await openstack(
        { HOME: dir, RC: rcFile },
        'source "$RC" && openstack server list -f value -c Name',
      );
      expect(byRc.stdout.split('\n')).toContain('web-1');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // Deleted from the table; the credential no longer authenticates.
    await panel.rowAction(name, 'Delete Application Credential');
    await panel.confirm('Confirm Delete Application Credential', 'Delete Application Credential');
    await panel.expectToast(`Deleted Application Credential: ${name}.`);
    await expect(panel.row(name)).toBeHidden();
  });

  test("the user menu downloads the project's openrc and clouds.yaml", async ({ page }) => {
    await loginAs(page, 'demo');
    const menu = page.getByRole('button', { name: 'User menu: demo' });
    await menu.click();
    const rcDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download OpenStack RC File' }).click();
    const rc = await rcDownload;
    expect(rc.suggestedFilename()).toBe('demo-openrc.sh');
    const dir = await mkdtemp(join(tmpdir(), 'openrc-'));
    try {
      const rcFile = join(dir, 'openrc.sh');
      await rc.saveAs(rcFile);
      // Sourced with the password typed at its prompt, the CLI signs in as the user.
      const listed = await run(
        'bash',
        ['-c', 'printf "demo\\n" | { source "$RC" && openstack server list -f value -c Name; }'],
        { env: { PATH: process.env['PATH'] ?? '', HOME: dir, RC: rcFile }, timeout: 60_000 },
      );
      expect(listed.stdout.split('\n')).toContain('web-1');

      await menu.click();
      const yamlDownload = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Download clouds.yaml' }).click();
      const yamlFile = join(dir, 'clouds.yaml');
      await (await yamlDownload).saveAs(yamlFile);
      const yaml = await readFile(yamlFile, 'utf8');
      expect(yaml).toContain('project_name: "demo"');
      expect(yaml).not.toContain('password');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
