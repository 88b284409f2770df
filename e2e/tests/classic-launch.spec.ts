import { expect, loginAs, test } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

// The classic launch form (spec 1 §4), offered when the server runs with
// SKYDECK_LAUNCH_INSTANCE_LEGACY_ENABLED=true; skipped where it is not offered.

test('the classic form switches its fields with the source type', async ({ page }) => {
  await loginAs(page, 'demo', '/project/instances');
  const panel = new ResourcePanel(page, { path: 'project/instances', title: 'Instances' });
  await panel.waitLoaded();
  const open = page.getByRole('button', { name: 'Launch Instance (Classic)' });
  test.skip((await open.count()) === 0, 'LAUNCH_INSTANCE_LEGACY_ENABLED is off');
  await open.click();
  const form = panel.modal('Launch Instance');
  const sourceType = form.getByRole('combobox', { name: /Instance Boot Source/ });
  await expect(form.getByRole('combobox', { name: /^Image Name/ })).toBeVisible();
  await expect(form.getByRole('spinbutton', { name: /Volume Size/ })).toHaveCount(0);

  await sourceType.selectOption('volume_image_id');
  await expect(form.getByRole('combobox', { name: /^Image Name/ })).toBeVisible();
  await expect(form.getByRole('spinbutton', { name: /Volume Size/ })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Device Name' })).toBeVisible();
  await expect(
    form.getByRole('checkbox', { name: /Delete Volume on Instance Delete/ }),
  ).toBeVisible();

  await sourceType.selectOption('volume_id');
  await expect(form.getByRole('combobox', { name: /^Volume\b/ })).toBeVisible();
  await expect(form.getByRole('combobox', { name: /^Image Name/ })).toHaveCount(0);
  await expect(form.getByRole('spinbutton', { name: /Volume Size/ })).toHaveCount(0);

  await sourceType.selectOption('image_id');
  const image = form.getByRole('combobox', { name: /^Image Name/ });
  await image.selectOption({ index: 1 });
  await expect(form.getByRole('group', { name: 'Project Limits' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('classic-launch.png') });
});
