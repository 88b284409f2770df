import type { Page } from '@playwright/test';
import type { Cloud } from './fixtures';
import { ResourcePanel } from './pages/ResourcePanel';

/** The project and admin image panels (spec 2 §2). */
export const projectImages = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'project/images', title: 'Images' });
export const adminImages = (page: Page): ResourcePanel =>
  new ResourcePanel(page, { path: 'admin/images', title: 'Images' });

/** A seeded image everybody may see; its details are not what the image tests change. */
export const CIRROS = 'cirros-0.6.2-x86_64-disk';

/** Removes, after the test, every image with this name (one the product itself creates). */
export function removeImagesLater(cloud: Cloud, name: string): void {
  cloud.cleanup(async () => {
    const { images } = await cloud.admin.glance.images.listAll({ filters: { name } });
    for (const image of images) {
      if (image.protected)
        await cloud.admin.glance.images.update(image.id, { set: { protected: false } });
      await cloud.admin.glance.images.delete(image.id);
    }
  });
}

/** An image of the admin project (2 KiB of data unless `data: false`), removed after the test. */
export async function seedImage(
  cloud: Cloud,
  name: string,
  extra: { protected?: boolean; data?: boolean } = {},
): Promise<string> {
  const image = await cloud.admin.glance.images.create({
    name,
    disk_format: 'qcow2',
    container_format: 'bare',
    visibility: 'private',
    protected: extra.protected ?? false,
  });
  removeImagesLater(cloud, name);
  if (extra.data !== false) await cloud.admin.glance.images.upload(image.id, new Uint8Array(2048));
  return image.id;
}

/** The file a test uploads through the Create Image modal (Browse... → file chooser). */
export async function chooseImageFile(
  page: Page,
  browse: ReturnType<Page['getByRole']>,
  file: { name: string; buffer: Buffer },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await browse.click();
  await (await chooser).setFiles({ ...file, mimeType: 'application/octet-stream' });
}
