import type { Page } from '@playwright/test';
import type { OpenStackClient } from '@skydeck/openstack-client';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { ResourcePanel } from '../pages/ResourcePanel';

// Routers, floating IPs and security groups (issue 10), as a member and as an admin.

const panel = (page: Page, path: string, title: string): ResourcePanel =>
  new ResourcePanel(page, { path, title });

interface Lan {
  networkId: string;
  subnetId: string;
}

/** A network and subnet of demo's, removed (with routers named alike) after the test. */
async function lan(cloud: Cloud, name: string, cidr: string): Promise<Lan> {
  const demo = await cloud.as('demo');
  cloud.cleanup(() => removeAll(demo, name));
  const network = await demo.neutron.networks.create({ name });
  const subnet = await demo.neutron.subnets.create({
    network_id: network.id,
    ip_version: 4,
    cidr,
    name: `${name}-sub`,
  });
  return { networkId: network.id, subnetId: subnet.id };
}

async function removeAll(demo: OpenStackClient, prefix: string): Promise<void> {
  const { neutron } = demo;
  for (const f of await neutron.floatingIps.list()) {
    if ((f.description ?? '').startsWith(prefix) || f.port_id !== null) {
      const port = f.port_id
        ? await neutron.ports.get(f.port_id).catch(() => undefined)
        : undefined;
      if (!port || port.name.startsWith(prefix)) await neutron.floatingIps.delete(f.id);
    }
  }
  for (const r of await neutron.routers.list({ filters: { project_id: undefined } })) {
    if (!r.name.startsWith(prefix)) continue;
    const ports = await neutron.ports.list({ filters: { device_id: r.id } });
    for (const p of ports) {
      if (p.device_owner === 'network:router_interface') {
        await neutron.routers.removeInterface(r.id, { port_id: p.id });
      }
    }
    await neutron.routers.delete(r.id);
  }
  for (const n of await neutron.networks.list()) {
    if (!n.name.startsWith(prefix)) continue;
    for (const p of await neutron.ports.list({ filters: { network_id: n.id } })) {
      if (p.device_owner === '') await neutron.ports.delete(p.id);
    }
    await neutron.networks.delete(n.id);
  }
}

test.describe('routers, floating IPs and security groups as demo', () => {
  test('creates a router with a gateway and an interface on a new subnet, sees it in the details', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('e2e-rt');
    await lan(cloud, name, '10.141.0.0/24');
    await loginAs(page, 'demo', '/project/routers');
    const routers = panel(page, 'project/routers', 'Routers');
    await routers.waitLoaded();
    await expect(routers.row('router1')).toBeVisible();
    expect(await routers.cell('router1', 'External Network')).toBe('public');

    await routers.action('Create Router').click();
    const create = routers.modal('Create Router');
    await create.getByRole('textbox', { name: 'Router Name' }).fill(name);
    await create
      .getByRole('combobox', { name: 'External Network' })
      .selectOption({ label: 'public' });
    // SNAT is an admin's choice by Neutron's default policy: a member is not offered it.
    await expect(create.getByRole('checkbox', { name: 'Enable SNAT' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('create-router.png') });
    await create.getByRole('button', { name: 'Create Router', exact: true }).click();
    await routers.expectToast(`Router ${name} was successfully created.`);
    await expect(routers.row(name)).toBeVisible();
    expect(await routers.cell(name, 'External Network')).toBe('public');

    await routers.nameLink(name).click();
    await expect(page).toHaveURL(/\/ngdetails\/OS::Neutron::Router\//);
    await page.getByRole('tab', { name: 'Interfaces' }).click();
    await page.getByRole('button', { name: 'Add Interface', exact: true }).click();
    const add = routers.modal('Add Interface');
    await add
      .getByRole('combobox', { name: 'Subnet' })
      .selectOption({ label: `${name}: 10.141.0.0/24 (${name}-sub)` });
    await add.getByRole('button', { name: 'Submit', exact: true }).click();
    await routers.expectToast('Interface added: 10.141.0.1.');
    const grid = page.getByRole('grid', { name: 'Interfaces' });
    await expect(grid.getByRole('gridcell', { name: '10.141.0.1', exact: true })).toBeVisible();
    await expect(grid.getByRole('gridcell', { name: name, exact: true })).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath('router-interfaces.png'),
      fullPage: true,
    });
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByText('public', { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('router-overview.png'), fullPage: true });
  });

  test('allocates a floating IP and associates it with a port', async ({ page, cloud }) => {
    const name = uniqueName('e2e-fip');
    const net = await lan(cloud, name, '10.142.0.0/24');
    const demo = await cloud.as('demo');
    const publicNet = (await demo.neutron.networks.list({ filters: { name: 'public' } }))[0];
    const router = await demo.neutron.routers.create({
      name,
      external_gateway_info: { network_id: publicNet?.id ?? '' },
    });
    await demo.neutron.routers.addInterface(router.id, { subnet_id: net.subnetId });
    const port = await demo.neutron.ports.create({
      network_id: net.networkId,
      name: `${name}-port`,
    });
    const fixed = port.fixed_ips[0]?.ip_address ?? '';

    await loginAs(page, 'demo', '/project/floating_ips');
    const fips = panel(page, 'project/floating_ips', 'Floating IPs');
    await fips.waitLoaded();
    await fips.action('Allocate IP To Project').click();
    const allocate = fips.modal('Allocate Floating IP');
    await allocate.getByRole('textbox', { name: 'Description' }).fill(name);
    await allocate.getByRole('button', { name: 'Allocate IP', exact: true }).click();
    await expect(allocate).toBeHidden();
    const allocated = (await demo.neutron.floatingIps.list()).find((f) => f.description === name);
    const address = allocated?.floating_ip_address ?? '';
    await fips.expectToast(`Allocated Floating IP ${address}.`);
    await expect(fips.row(address)).toBeVisible();

    await fips.row(address).getByRole('button', { name: 'Associate', exact: true }).click();
    const associate = fips.modal('Manage Floating IP Associations');
    await associate
      .getByRole('combobox', { name: 'Port to be associated' })
      .selectOption({ label: `${name}-port: ${fixed}` });
    await page.screenshot({ path: test.info().outputPath('associate-floating-ip.png') });
    await associate.getByRole('button', { name: 'Associate', exact: true }).click();
    await fips.expectToast(`Floating IP ${address} was associated with ${name}-port: ${fixed}.`);
    await expect.poll(() => fips.cell(address, 'Mapped Fixed IP Address')).toBe(fixed);
    await page.screenshot({ path: test.info().outputPath('floating-ips.png'), fullPage: true });
    expect((await demo.neutron.floatingIps.get(allocated?.id ?? '')).port_id).toBe(port.id);
  });

  test('adds an SSH rule and is refused the same rule again', async ({ page, cloud }) => {
    const name = uniqueName('e2e-sg');
    const demo = await cloud.as('demo');
    const group = await demo.neutron.securityGroups.create({ name });
    cloud.cleanup(() => demo.neutron.securityGroups.delete(group.id));
    await loginAs(page, 'demo', '/project/security_groups');
    const groups = panel(page, 'project/security_groups', 'Security Groups');
    await groups.waitLoaded();
    const row = groups.row(name);
    await row
      .getByRole('link', { name: 'Manage Rules', exact: true })
      .or(row.getByRole('button', { name: 'Manage Rules', exact: true }))
      .click();
    await expect(page).toHaveURL(/\/ngdetails\/OS::Neutron::SecurityGroup\/.*tab=rules/);

    const addSsh = async (): Promise<void> => {
      await page.getByRole('button', { name: 'Add Rule', exact: true }).click();
      const dialog = groups.modal('Add Rule');
      await dialog.getByRole('combobox', { name: 'Rule' }).selectOption({ label: 'SSH' });
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    };
    await addSsh();
    await groups.expectToast('Successfully added rule: ingress IPv4 22/tcp from 0.0.0.0/0');
    const rules = page.getByRole('grid', { name: 'Security Group Rules' });
    await expect(rules.getByRole('gridcell', { name: '22', exact: true })).toBeVisible();
    await addSsh();
    const dialog = groups.modal('Add Rule');
    await expect(dialog.getByRole('alert')).toContainText(
      'This rule already exists in the security group; nothing was added.',
    );
    await page.screenshot({ path: test.info().outputPath('duplicate-rule.png') });
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.screenshot({
      path: test.info().outputPath('security-group-rules.png'),
      fullPage: true,
    });
  });
});

test.describe('routers as admin', () => {
  test('every project with HA and distributed; SNAT is offered to the admin only', async ({
    page,
  }) => {
    await loginAs(page, 'admin', '/admin/routers');
    const routers = panel(page, 'admin/routers', 'Routers');
    await routers.waitLoaded();
    await expect(routers.row('router1')).toBeVisible();
    expect(await routers.columnTitles()).toEqual(
      expect.arrayContaining(['Project', 'Name', 'External Network', 'HA Mode', 'Distributed']),
    );
    await routers.action('Create Router').click();
    const create = routers.modal('Create Router');
    await create
      .getByRole('combobox', { name: 'External Network' })
      .selectOption({ label: 'public' });
    await expect(create.getByRole('checkbox', { name: 'Enable SNAT' })).toBeChecked();
    await page.screenshot({ path: test.info().outputPath('admin-routers.png'), fullPage: true });
    await create.getByRole('button', { name: 'Cancel', exact: true }).click();
  });
});
