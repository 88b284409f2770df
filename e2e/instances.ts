import type { Page } from '@playwright/test';
import type { Cloud } from './fixtures';
import { ResourcePanel } from './pages/ResourcePanel';

/** The project's Instances panel. */
export const projectInstancesPanel = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/instances', title: 'Instances' });

/**
 * An instance of the test's own in the demo project (web-1's image, m1.tiny, no network, so it
 * takes no address other specs count), deleted after the test: the seeded instances other specs
 * read stay as they are.
 */
export async function bootOwnInstance(
  cloud: Cloud,
  name: string,
  keyName?: string,
): Promise<string> {
  const demo = await cloud.as('demo');
  const { servers } = await demo.nova.servers.list({ filters: { name: '^web-1$' } });
  const image = servers[0]?.image;
  const imageRef = image && typeof image === 'object' ? image.id : '';
  const created = await demo.nova.serverCreate.create({
    server: () => ({
      name,
      imageRef,
      flavorRef: '1',
      networks: 'none',
      ...(keyName !== undefined && { key_name: keyName }),
    }),
  });
  cloud.cleanup(() => demo.nova.serverActions.delete(created.id));
  return created.id;
}
