import type { Page } from '@playwright/test';
import { expect, loginAs, test, uniqueName, type Cloud } from '../fixtures';
import { ResourcePanel, expectFieldError } from '../pages/ResourcePanel';

// Issue 10's remaining Neutron flows: a port on a network's Ports tab, a trunk through both
// wizards, a QoS policy with a bandwidth limit and a DSCP marking rule. Demo cloud (the lab has both extensions too).

const trunks = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/trunks', title: 'Trunks' });
const qos = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/network_qos', title: 'Network QoS', table: 'Policies' });

/** The demo project's private network id and a port on it made through the API. */
async function privateNet(cloud: Cloud): Promise<string> {
  const demo = await cloud.as('demo');
  const nets = await demo.neutron.networks.list({ filters: { name: 'private' } });
  const id = nets[0]?.id;
  if (!id) throw new Error('the demo cloud has a private network');
  return id;
}

function removePortsLater(cloud: Cloud, prefix: string): void {
  cloud.cleanup(async () => {
    const demo = await cloud.as('demo');
    for (const trunk of await demo.neutron.trunks.list()) {
      if (trunk.name.startsWith(prefix)) await demo.neutron.trunks.delete(trunk.id);
    }
    for (const port of await demo.neutron.ports.list()) {
      if (port.name.startsWith(prefix)) await demo.neutron.ports.delete(port.id);
    }
  });
}

test.describe('ports, trunks and QoS', () => {
  test('creates a port with a fixed IP and an address pair on a network, then edits it', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('e2e-port');
    removePortsLater(cloud, name);
    const networkId = await privateNet(cloud);
    await loginAs(page, 'demo', `/ngdetails/OS::Neutron::Net/${networkId}`);
    await page.getByRole('tab', { name: 'Ports' }).click();
    await page.getByRole('button', { name: 'Create Port' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Port' });
    await modal.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    const subnet = modal.getByRole('combobox', { name: 'Subnet' });
    // The IPv4 subnet by name: a network lists its subnets in no fixed order.
    const v4Option = subnet.getByRole('option', { name: /^private-subnet \(/ });
    await subnet.selectOption((await v4Option.getAttribute('value')) ?? '');
    const ip = modal.getByRole('textbox', { name: 'Fixed IP Address' });
    await ip.fill('10.0.0.999');
    await ip.blur();
    await expectFieldError(ip, 'Enter an IP address such as 10.0.0.5.');
    await ip.fill('');
    const pairs = modal.getByRole('textbox', { name: 'Allowed Address Pairs' });
    await pairs.fill('10.99.0.1/24');
    await pairs.blur();
    await expectFieldError(pairs, 'Line 1: enter an IP address or a CIDR such as 10.0.0.0/24.');
    await pairs.fill('10.99.0.0/24');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText(`Port ${name} was successfully created`)).toBeVisible();
    await expect(modal).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'Edit Port', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Port' });
    await expect(edit.getByRole('textbox', { name: 'Allowed Address Pairs' })).toHaveValue(
      '10.99.0.0/24',
    );
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name}-b`);
    // One more fixed IP: a free address of the port's IPv4 subnet, asked for by its name.
    const demo = await cloud.as('demo');
    const made = (await demo.neutron.ports.list()).find((p) => p.name === name);
    const had = (made?.fixed_ips ?? []).map((ip) => ip.ip_address);
    const v4 = made?.fixed_ips.find((ip) => !ip.ip_address.includes(':'));
    const subnetName = (await demo.neutron.subnets.get(v4?.subnet_id ?? '')).name;
    const fixed = edit.getByRole('textbox', { name: 'Fixed IPs' });
    await expect(fixed).toHaveValue(had.join('\n'));
    await fixed.fill([...had, 'no such subnet'].join('\n'));
    await fixed.blur();
    await expectFieldError(
      fixed,
      `Line ${had.length + 1}: enter an IP address such as 10.0.0.5, or the name of one of the network’s subnets.`,
    );
    await fixed.fill([...had, subnetName].join('\n'));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(`Port ${name}-b was successfully updated`)).toBeVisible();
    const edited = (await demo.neutron.ports.list()).find((p) => p.name === `${name}-b`);
    const now = edited?.fixed_ips ?? [];
    expect(now).toHaveLength(had.length + 1);
    expect(now.filter((ip) => ip.subnet_id === v4?.subnet_id)).toHaveLength(2);
    for (const address of had) expect(now.map((ip) => ip.ip_address)).toContain(address);

    await page.getByRole('link', { name: `${name}-b` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${name}-b` })).toBeVisible();
    await page.getByRole('tab', { name: 'Allowed Address Pairs' }).click();
    await expect(page.getByRole('gridcell', { name: '10.99.0.0/24' })).toBeVisible();
  });

  test('creates a trunk with two subports, edits its subports, deletes it', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('e2e-trunk');
    removePortsLater(cloud, name);
    const networkId = await privateNet(cloud);
    const demo = await cloud.as('demo');
    const make = (suffix: string) =>
      demo.neutron.ports.create({ network_id: networkId, name: `${name}-${suffix}` });
    await Promise.all([make('parent'), make('s1'), make('s2'), make('s3')]);

    await loginAs(page, 'demo', '/project/trunks');
    const panel = trunks(page);
    await panel.waitLoaded();
    await panel.action('Create Trunk').click();
    const wizard = panel.modal('Create Trunk');
    await wizard.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByRole('button', { name: `Allocate ${name}-parent` }).click();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByRole('button', { name: `Allocate ${name}-s1` }).click();
    await wizard.getByRole('button', { name: `Allocate ${name}-s2` }).click();
    const id1 = wizard.getByRole('textbox', { name: `Segmentation ID of ${name}-s1` });
    await id1.fill('4095');
    await wizard.getByRole('textbox', { name: `Segmentation ID of ${name}-s2` }).fill('102');
    await wizard.getByRole('button', { name: 'Create Trunk' }).click();
    await expectFieldError(id1, 'Enter a VLAN ID from 1 to 4094.');
    await id1.fill('101');
    await wizard.getByRole('button', { name: 'Create Trunk' }).click();
    await panel.expectToast(`Trunk ${name} was successfully created`);
    await expect(wizard).toBeHidden();
    expect(await panel.cell(name, 'Subports')).toBe('2');

    await panel.row(name).getByRole('button', { name: 'Edit Trunk', exact: true }).click();
    const edit = panel.modal('Edit Trunk');
    await edit.getByRole('button', { name: 'Next', exact: true }).click();
    await edit.getByRole('button', { name: `Remove ${name}-s1` }).click();
    await edit.getByRole('button', { name: `Allocate ${name}-s3` }).click();
    await edit.getByRole('textbox', { name: `Segmentation ID of ${name}-s3` }).fill('103');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await panel.expectToast(`Trunk ${name} was successfully edited`);
    await expect(edit).toBeHidden();

    await panel.nameLink(name).click();
    await page.getByRole('tab', { name: 'Subports' }).click();
    await expect(page.getByRole('gridcell', { name: '103' })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: '101' })).toHaveCount(0);
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Trunk' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Trunk' }).click();
    await expect(page).toHaveURL(/\/project\/trunks$/);
  });

  test('creates a QoS policy with a bandwidth limit rule and a DSCP marking rule', async ({
    page,
    cloud,
  }) => {
    const name = uniqueName('e2e-qos');
    cloud.cleanup(async () => {
      const admin = await cloud.as('admin');
      for (const p of await admin.neutron.qosPolicies.list({ filters: { name } })) {
        await admin.neutron.qosPolicies.delete(p.id);
      }
    });
    // Neutron's create_policy is an admin's (a member sees the list without Create).
    await loginAs(page, 'admin', '/project/network_qos');
    const panel = qos(page);
    await panel.waitLoaded();
    await panel.action('Create QoS Policy').click();
    const modal = panel.modal('Create QoS Policy');
    await modal.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await modal.getByRole('button', { name: 'Create QoS Policy' }).click();
    await panel.expectToast(`QoS Policy ${name} was successfully created`);
    await panel.nameLink(name).click();
    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.getByRole('button', { name: 'Add Rule' }).click();
    const rule = page.getByRole('dialog', { name: 'Add Rule' });
    const kbps = rule.getByRole('textbox', { name: 'Max Kbps' });
    await kbps.fill('1.5');
    await kbps.blur();
    await expectFieldError(kbps, 'Enter a whole number from 0 to 2147483647.');
    await kbps.fill('1000');
    await rule.getByRole('textbox', { name: 'Max Burst Kbits' }).fill('100');
    await rule.getByRole('button', { name: 'Add Rule' }).click();
    await expect(rule).toBeHidden();
    await expect(page.getByRole('gridcell', { name: 'Bandwidth Limit' })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: '1000', exact: true })).toBeVisible();

    // A second rule of another type: DSCP marks are a fixed set, 7 is not one of them.
    await page.getByRole('button', { name: 'Add Rule' }).click();
    await expect(rule).toBeVisible();
    await rule.getByRole('combobox', { name: 'Rule Type' }).selectOption('dscp_marking');
    const mark = rule.getByRole('textbox', { name: 'DSCP Mark' });
    await mark.fill('7');
    await mark.blur();
    await expectFieldError(
      mark,
      'Enter a DSCP mark: 0, 8 to 40 in steps of 2 (but 42 and 44), 46, 48 or 56.',
    );
    await mark.fill('26');
    await rule.getByRole('button', { name: 'Add Rule' }).click();
    await expect(rule).toBeHidden();
    const rules = page.getByRole('grid', { name: 'Rules' });
    await expect(rules.getByRole('gridcell', { name: 'DSCP Marking' })).toBeVisible();
    await expect(rules.getByRole('gridcell', { name: '26', exact: true })).toBeVisible();
    await expect(rules.getByRole('gridcell', { name: 'Bandwidth Limit' })).toBeVisible();

    // Both rules are in Neutron too, not only in the page's cache.
    const admin = await cloud.as('admin');
    const [made] = await admin.neutron.qosPolicies.list({ filters: { name } });
    const stored = (made?.rules ?? []).map((r) => ({
      type: r.type,
      max_kbps: r.max_kbps,
      dscp_mark: r.dscp_mark,
    }));
    expect(stored).toHaveLength(2);
    expect(stored).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'bandwidth_limit', max_kbps: 1000 }),
        expect.objectContaining({ type: 'dscp_marking', dscp_mark: 26 }),
      ]),
    );
  });
});
