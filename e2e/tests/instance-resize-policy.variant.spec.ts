import { expect, loginAs, test, uniqueName } from '../fixtures';
import { bootOwnInstance, projectInstancesPanel } from '../instances';

// A member who may not resize sees no Resize (issue 9). The variant server runs with an
// operator's override of Nova's policy that makes os_compute_api:servers:resize admin-only
// (e2e/fixtures/policies/compute.yaml); on the default server the same member resizes
// (instance-actions.spec.ts), so the action's absence here is the override's doing.

test('a member whose operator made resizing admin-only sees no Resize Instance', async ({
  page,
  cloud,
}) => {
  const name = uniqueName('e2e-noresize');
  const id = await bootOwnInstance(cloud, name);
  await loginAs(page, 'demo', '/project/instances');
  const panel = projectInstancesPanel(page);
  await panel.waitLoaded();
  await panel.filter('Instance Name', name);
  await expect.poll(async () => panel.cell(name, 'Status'), { timeout: 30_000 }).toBe('Active');

  // The row's actions: editing is still the member's, resizing is not.
  await panel.kebab(name).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Edit Instance', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Resize Instance' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The details page offers the same actions.
  await panel.nameLink(name).click();
  await expect(page).toHaveURL(new RegExp(`/ngdetails/OS::Nova::Server/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  const details = page.getByRole('menu');
  await expect(details.getByRole('menuitem', { name: 'Edit Instance', exact: true })).toBeVisible();
  await expect(details.getByRole('menuitem', { name: 'Resize Instance' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('no-resize-details.png') });
});
