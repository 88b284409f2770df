import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { axeFindings, describeFindings } from '../axe';
import { expect, loginAs, test } from '../fixtures';

// The network topology page (spec 1 §2, §4; issue 10): both views of the seeded networks, an
// instance booted through the API appearing on the next reload without moving the others, and
// a delete from the graph.

const node = (page: Page, kind: string, name: string): Locator =>
  page.getByRole('button', { name: `${kind} ${name}`, exact: true });

const graph = (page: Page): Locator => page.getByRole('group', { name: 'Network topology graph' });

/** Every drawn node's transform, once the layout has come to rest (two equal reads 1 s apart). */
async function settled(page: Page): Promise<Record<string, string>> {
  const read = (): Promise<Record<string, string>> =>
    graph(page)
      .locator('[data-node]')
      .evaluateAll((els) =>
        Object.fromEntries(
          els.map((el) => [el.getAttribute('data-node') ?? '', el.getAttribute('transform') ?? '']),
        ),
      );
  let before = await read();
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(1000);
    const now = await read();
    if (JSON.stringify(now) === JSON.stringify(before)) return now;
    before = now;
  }
  throw new Error('the graph never came to rest');
}

test.describe('network topology as demo', () => {
  test('shows the seeded networks in the graph and the flat view', async ({ page }) => {
    await loginAs(page, 'demo', '/project/network_topology');
    for (const name of ['private', 'public', 'shared-net']) {
      await expect(node(page, 'Network', name)).toBeVisible();
    }
    await settled(page);
    await page.screenshot({ path: test.info().outputPath('topology-graph.png') });

    await page.getByRole('button', { name: 'Flat', exact: true }).click();
    const flat = page.getByRole('group', { name: 'Network topology, flat view' });
    for (const name of ['private', 'public', 'shared-net']) {
      await expect(
        flat.getByRole('button', { name: `Network ${name}`, exact: true }),
      ).toBeVisible();
    }
    await page.screenshot({ path: test.info().outputPath('topology-flat.png') });

    // The choice is remembered: the flat view comes back after a reload of the page.
    await page.reload();
    await expect(flat).toBeVisible();
    await page.getByRole('button', { name: 'Graph', exact: true }).click();
    await expect(graph(page)).toBeVisible();
  });

  test('an instance booted through the API appears on the reload, the others stay put', async ({
    page,
    cloud,
  }) => {
    const demo = await cloud.as('demo');
    const { items } = await demo.neutron.networks.listAll({ filters: { name: 'private' } });
    const privateId = items[0]?.id ?? '';
    const { servers } = await demo.nova.servers.list({ filters: { name: '^web-1$' } });
    const image = servers[0]?.image;
    const imageRef = image && typeof image === 'object' ? image.id : '';

    await loginAs(page, 'demo', '/project/network_topology');
    await expect(node(page, 'Network', 'private')).toBeVisible();
    const before = await settled(page);

    const name = `e2e-topo-${randomUUID().slice(0, 8)}`;
    const created = await demo.nova.serverCreate.create({
      server: () => ({ name, imageRef, flavorRef: '1', networks: [{ uuid: privateId }] }),
    });
    cloud.cleanup(() => demo.nova.serverActions.delete(created.id));

    // The 10 s reload brings it (no page reload, no click).
    await expect(node(page, 'Instance', name)).toBeVisible({ timeout: 25_000 });
    const after = await settled(page);
    for (const [key, transform] of Object.entries(before)) {
      expect(after[key], key).toBe(transform);
    }
  });

  test('deletes a network from the graph', async ({ page, cloud }) => {
    const demo = await cloud.as('demo');
    const name = `e2e-topo-net-${randomUUID().slice(0, 8)}`;
    const net = await demo.neutron.networks.create({ name });
    cloud.cleanup(() => demo.neutron.networks.delete(net.id));

    await loginAs(page, 'demo', '/project/network_topology');
    await expect(node(page, 'Network', name)).toBeVisible();
    await settled(page);
    await node(page, 'Network', name).click();
    const balloon = page.getByRole('dialog', { name });
    await expect(balloon.getByRole('link', { name: 'Create Subnet' })).toBeVisible();
    await balloon.getByRole('button', { name: 'Delete Network' }).click();
    const confirm = page.getByRole('dialog', { name: /Delete Network/ });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`Deleted ${name}`)).toBeVisible();
    await expect(node(page, 'Network', name)).toHaveCount(0);
    await expect
      .poll(async () => (await demo.neutron.networks.listAll({ filters: { name } })).items.length)
      .toBe(0);
  });

  test('both views and a balloon have no serious or critical axe finding', async ({ page }) => {
    test.slow();
    await loginAs(page, 'demo', '/project/network_topology');
    await expect(node(page, 'Network', 'private')).toBeVisible();
    const findings = await axeFindings(page, 'topology graph');
    await settled(page);
    await node(page, 'Router', 'router1').click();
    await expect(page.getByRole('dialog', { name: 'router1' })).toBeVisible();
    findings.push(...(await axeFindings(page, 'topology balloon')));
    await page.getByRole('button', { name: 'Flat', exact: true }).click();
    findings.push(...(await axeFindings(page, 'topology flat view')));
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
