import type { GlanceClient, GlanceImage, GlanceImageCreate } from '@skydeck/openstack-client';

/** The part of the Glance client these workflows use (a fake in unit tests). */
export type ImageGlance = Pick<GlanceClient, 'images'>;

/** Undo a create whose data step failed, so no empty image is left behind; never masks the cause. */
export const discardImage = async (glance: ImageGlance, id: string): Promise<void> => {
  await glance.images.delete(id).catch(() => undefined);
};

/**
 * Create an image, then run its data step (upload, import, location); if that step fails the
 * image is deleted again and the step's error thrown. Answers the created image as Glance
 * returned it from the create (its state before the data arrived).
 */
export const createImageWithData = async (
  glance: ImageGlance,
  image: GlanceImageCreate,
  data: (created: GlanceImage) => Promise<void>,
): Promise<GlanceImage> => {
  const created = await glance.images.create(image);
  try {
    await data(created);
  } catch (error) {
    await discardImage(glance, created.id);
    throw error;
  }
  return created;
};

export interface ImageFromUrl {
  url: string;
  /**
   * Record the URL as the image's location (Glance reads it when booted) instead of importing
   * a copy: needs `show_multiple_locations` in Glance and IMAGES_ALLOW_LOCATION here.
   */
  asLocation: boolean;
}

/**
 * Create an image whose data comes from a URL: Glance's web-download import, or a location.
 * If Glance refuses the data step the new image is deleted, and the refusal thrown.
 */
export const createImageFromUrl = async (
  glance: ImageGlance,
  image: GlanceImageCreate,
  { url, asLocation }: ImageFromUrl,
): Promise<GlanceImage> => {
  const created = await createImageWithData(glance, image, async ({ id }) => {
    if (asLocation) {
      await glance.images.patch(id, [
        { op: 'add', path: '/locations/-', value: { url, metadata: {} } },
      ]);
    } else {
      await glance.images.import(id, { method: { name: 'web-download', uri: url } });
    }
  });
  // The create's answer predates the data step: read the image as it is now.
  return glance.images.get(created.id);
};
