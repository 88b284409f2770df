import { expect, loginAs, test, uniqueName } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

// The classic launch form (spec 1 §4), offered when the server runs with
// SKYDECK_LAUNCH_INSTANCE_LEGACY_ENABLED=true, as the variant server does (env.ts).

test('the classic form switches its fields with the source type, then launches', async ({
  page,
  cloud,
}) => {
  await loginAs(page, 'demo', '/project/instances');
  const panel = new ResourcePanel(page, { path: 'project/instances', title: 'Instances' });
  await panel.waitLoaded();
  await page.getByRole('button', { name: 'Launch Instance (Classic)' }).click();
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

  // Launch from the image: the instance is asked of Nova and shows in the table.
  const name = uniqueName('e2e-classic');
  const demo = await cloud.as('demo');
  cloud.cleanup(async () => {
    const { servers } = await demo.nova.servers.list({ filters: { name: `^${name}$` } });
    for (const server of servers) await demo.nova.serverActions.delete(server.id);
  });
  await form.getByRole('textbox', { name: /Instance Name/ }).fill(name);
  await form.getByRole('combobox', { name: /^Flavor/ }).selectOption({ index: 1 });
  const network = form.getByRole('combobox', { name: /^Network/ });
  if ((await network.count()) > 0) await network.selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Launch', exact: true }).click();
  await expect(form).toBeHidden();
  await panel.expectToast('Scheduled creation of 1 instance', 'info');
  await expect(panel.row(name)).toBeVisible();
  const { servers } = await demo.nova.servers.list({ filters: { name: `^${name}$` } });
  expect(servers).toHaveLength(1);
});
