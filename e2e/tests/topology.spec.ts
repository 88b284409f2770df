import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { axeFindings, describeFindings } from '../axe';
import { expect, loginAs, test, uniqueName } from '../fixtures';
import { bootOwnInstance } from '../instances';

// The network topology page (spec 1 §2, §4; issue 10): both views of the seeded networks, an
// instance booted through the API appearing on the next reload without moving the others, and
// a delete from the graph, and one flow that builds a network, a router and an instance with a
// floating IP, sees them in both views, then deletes the instance and the router's interface
// from the graph (the interface refused while the floating IP still needs it).

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

  test('a network, a router and an instance with a floating IP on both views; deletes from the graph', async ({
    page,
    cloud,
  }) => {
    test.slow();
    const demo = await cloud.as('demo');
    const name = uniqueName('e2e-topo-flow');
    // Through the API: networks.spec drives the Create Network wizard, routers.spec the Create
    // Router form, Add Interface and the floating IP's Associate; this flow is about the
    // topology page drawing what they make.
    const net = await demo.neutron.networks.create({ name });
    cloud.cleanup(async () => {
      // The instance's port goes with the instance, which Nova may take a moment to delete.
      await expect
        .poll(
          async () =>
            (await demo.neutron.ports.list({ filters: { network_id: net.id } })).filter((p) =>
              p.device_owner.startsWith('compute:'),
            ).length,
          { timeout: 30_000 },
        )
        .toBe(0);
      await demo.neutron.networks.delete(net.id);
    });
    const subnet = await demo.neutron.subnets.create({
      network_id: net.id,
      ip_version: 4,
      cidr: '10.143.0.0/24',
      name: `${name}-sub`,
    });
    const publicNet = (await demo.neutron.networks.list({ filters: { name: 'public' } }))[0];
    if (!publicNet) throw new Error('the demo cloud has a public network');
    const router = await demo.neutron.routers.create({
      name,
      external_gateway_info: { network_id: publicNet.id },
    });
    cloud.cleanup(async () => {
      // Interfaces first: Neutron refuses to delete a router that still has one.
      for (const p of await demo.neutron.ports.list({ filters: { device_id: router.id } })) {
        if (p.device_owner === 'network:router_interface') {
          await demo.neutron.routers.removeInterface(router.id, { port_id: p.id });
        }
      }
      await demo.neutron.routers.delete(router.id);
    });
    const iface = await demo.neutron.routers.addInterface(router.id, { subnet_id: subnet.id });

    const serverName = `${name}-vm`;
    const serverId = await bootOwnInstance(cloud, serverName, { network: name });
    // The instance's port on the new network, by device: its address is what the FIP maps to.
    let vmPort: string | undefined;
    await expect
      .poll(
        async () => {
          const ports = await demo.neutron.ports.list({ filters: { device_id: serverId } });
          vmPort = ports.find((p) => p.network_id === net.id)?.id;
          return vmPort !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const fip = await demo.neutron.floatingIps.create({
      floating_network_id: publicNet.id,
      port_id: vmPort ?? '',
      description: name,
    });
    cloud.cleanup(() => demo.neutron.floatingIps.delete(fip.id));
    expect(fip.port_id).toBe(vmPort);

    const drawn = [
      ['Network', name],
      ['Router', name],
      ['Instance', serverName],
    ] as const;
    await loginAs(page, 'demo', '/project/network_topology');
    const g = graph(page);
    for (const [kind, label] of drawn) {
      await expect(g.getByRole('button', { name: `${kind} ${label}`, exact: true })).toBeVisible({
        timeout: 25_000,
      });
    }
    // The router's interface port is the link from the router to the network; its gateway to
    // public and the instance's port are links too.
    const ifaceLink = `[data-link="port:${iface.port_id}"]`;
    await expect(g.locator(ifaceLink)).toHaveCount(1);
    await expect(g.locator(`[data-link="port:${vmPort ?? ''}"]`)).toHaveCount(1);
    // The gateway port is not the member's to see: the router's external network draws it.
    await expect(g.locator(`[data-link="gateway:${router.id}"]`)).toHaveCount(1);
    await settled(page);
    await page.screenshot({ path: test.info().outputPath('topology-flow-graph.png') });

    await page.getByRole('button', { name: 'Flat', exact: true }).click();
    const flat = page.getByRole('group', { name: 'Network topology, flat view' });
    for (const [kind, label] of drawn) {
      await expect(
        flat.getByRole('button', { name: `${kind} ${label}`, exact: true }),
      ).toBeVisible();
    }
    await expect(flat.locator(ifaceLink)).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('topology-flow-flat.png') });

    // Deletes from the graph. The router's interface first: the floating IP reaches the
    // instance through it, so Neutron refuses (RouterInterfaceInUseByFloatingIP) and the link
    // stays. Its balloon row is the one with the subnet's gateway address.
    await page.getByRole('button', { name: 'Graph', exact: true }).click();
    await expect(g).toBeVisible();
    await settled(page);
    const gatewayIp = subnet.gateway_ip ?? '10.143.0.1';
    const deleteInterface = async (): Promise<void> => {
      await g.getByRole('button', { name: `Router ${name}`, exact: true }).click();
      await page
        .getByRole('dialog', { name, exact: true })
        .getByRole('row')
        .filter({ hasText: gatewayIp })
        .getByRole('button', { name: 'Delete Interface' })
        .click();
      const confirm = page.getByRole('dialog', { name: /Delete Interface/ });
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    };
    await deleteInterface();
    await expect(page.getByText(`Unable to delete ${gatewayIp}.`)).toBeVisible();
    await expect(g.locator(ifaceLink)).toHaveCount(1);
    await page
      .getByRole('dialog', { name, exact: true })
      .getByRole('button', { name: 'Close' })
      .click();

    // Then the instance: gone from the graph at once, and from Nova.
    await g.getByRole('button', { name: `Instance ${serverName}`, exact: true }).click();
    await page
      .getByRole('dialog', { name: serverName, exact: true })
      .getByRole('button', { name: 'Delete Instance' })
      .click();
    await page
      .getByRole('dialog', { name: /Delete Instance/ })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText(`Deleted ${serverName}`)).toBeVisible();
    await expect(
      g.getByRole('button', { name: `Instance ${serverName}`, exact: true }),
    ).toHaveCount(0);
    await expect
      .poll(
        async () =>
          (await demo.nova.servers.list({ filters: { name: `^${serverName}$` } })).servers.length,
        { timeout: 30_000 },
      )
      .toBe(0);
    // With its port gone the floating IP is free, and the interface can go.
    await expect
      .poll(async () => (await demo.neutron.floatingIps.get(fip.id)).port_id, { timeout: 30_000 })
      .toBeNull();
    await deleteInterface();
    await expect(page.getByText(`Deleted ${gatewayIp}`)).toBeVisible();
    await expect(g.locator(ifaceLink)).toHaveCount(0);
    // The router and the network stay; only the link between them went.
    await expect(g.getByRole('button', { name: `Router ${name}`, exact: true })).toBeVisible();
    await expect(g.getByRole('button', { name: `Network ${name}`, exact: true })).toBeVisible();
    await expect
      .poll(async () =>
        (await demo.neutron.ports.list({ filters: { device_id: router.id } })).map((p) => p.id),
      )
      .not.toContain(iface.port_id);
    await page.screenshot({ path: test.info().outputPath('topology-flow-deleted.png') });
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
