import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, loginAs, type Cloud, type DemoUser } from './fixtures';
import { ResourcePanel } from './pages/ResourcePanel';

/** The project's Instances panel. */
export const projectInstancesPanel = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/instances', title: 'Instances' });

export interface OwnInstanceOptions {
  keyName?: string;
  /**
   * A network (by name) to boot on: for the actions that need a fixed address (a floating IP).
   * Left out, the instance has no network and takes no address other specs count.
   */
  network?: string;
}

/**
 * An instance of the test's own in the demo project (web-1's image, m1.tiny), deleted after the
 * test: the seeded instances other specs read stay as they are.
 */
export async function bootOwnInstance(
  cloud: Cloud,
  name: string,
  options: OwnInstanceOptions = {},
): Promise<string> {
  const demo = await cloud.as('demo');
  const { servers } = await demo.nova.servers.list({ filters: { name: '^web-1$' } });
  const image = servers[0]?.image;
  const imageRef = image && typeof image === 'object' ? image.id : '';
  const networkId =
    options.network === undefined
      ? undefined
      : (await demo.neutron.networks.list({ filters: { name: options.network } }))[0]?.id;
  if (options.network !== undefined && networkId === undefined) {
    throw new Error(`No network named ${options.network} in the demo project`);
  }
  const created = await demo.nova.serverCreate.create({
    server: () => ({
      name,
      imageRef,
      flavorRef: '1',
      networks: networkId === undefined ? 'none' : [{ uuid: networkId }],
      ...(options.keyName !== undefined && { key_name: options.keyName }),
    }),
  });
  cloud.cleanup(() => demo.nova.serverActions.delete(created.id));
  return created.id;
}

/** Waits (the table polls while the row is transitional) until the row shows the status. */
export async function expectStatus(
  panel: ResourcePanel,
  name: string,
  status: string,
): Promise<void> {
  await expect.poll(async () => panel.cell(name, 'Status'), { timeout: 45_000 }).toBe(status);
}

/** Runs a row operation through its confirmation and waits for the status it leads to. */
export async function operate(
  panel: ResourcePanel,
  name: string,
  label: string,
  toast: string,
  status: string,
): Promise<void> {
  await panel.rowAction(name, label);
  await panel.confirm(`Confirm ${label}`, label);
  await panel.expectToast(toast, 'info');
  await expectStatus(panel, name, status);
}

export interface OpenOwnOptions extends OwnInstanceOptions {
  /** Who signs in; the admin sees the instance on /admin/instances. */
  user?: DemoUser;
}

export interface OwnInstance {
  panel: ResourcePanel;
  name: string;
  id: string;
}

/**
 * Boots an instance of the test's own, signs in and shows its row (filtered to its name) once
 * it is Active.
 */
export async function openOwn(
  page: Page,
  cloud: Cloud,
  prefix: string,
  options: OpenOwnOptions = {},
): Promise<OwnInstance> {
  const name = `e2e-${prefix}-${randomUUID().slice(0, 8)}`;
  const id = await bootOwnInstance(cloud, name, options);
  const path = options.user === 'admin' ? 'admin/instances' : 'project/instances';
  await loginAs(page, options.user ?? 'demo', `/${path}`);
  const panel = new ResourcePanel(page, { path, title: 'Instances' });
  await panel.waitLoaded();
  await panel.filter('Instance Name', name);
  await expectStatus(panel, name, 'Active');
  return { panel, name, id };
}
