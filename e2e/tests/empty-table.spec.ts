import { expect, loginAs, test } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

test('a user without key pairs sees the empty table texts', async ({ page, cloud }) => {
  // The reader holds no key pairs (and no test creates any for it).
  const reader = await cloud.as('reader');
  expect(await reader.nova.keypairs.list()).toEqual([]);

  await loginAs(page, 'reader', '/project/key_pairs');
  const panel = new ResourcePanel(page, { path: 'project/key_pairs', title: 'Key Pairs' });
  await panel.waitLoaded();
  await expect(panel.emptyText()).toBeVisible();
  await expect(panel.footer).toHaveText('Displaying 0 items');
  await expect(panel.rows()).toHaveCount(1);
  // Nothing to select, so the batch action stays off.
  await expect(panel.selectAll).toBeDisabled();
  await expect(panel.action('Delete Key Pairs')).toHaveAttribute('aria-disabled', 'true');
});
