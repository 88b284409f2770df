import { existsSync } from 'node:fs';
import type { CloudContext } from '../../core/service';
import { invalidInput } from './http';

/**
 * What Cinder uses of Glance: its `internal.ts` (the agreed cross-service API), loaded when
 * present, so Cinder works without Glance (volumes from images are then refused as an
 * unreachable image would be).
 */
export interface BootImage {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly min_disk: number;
  readonly min_ram: number;
  readonly size: number | null;
  readonly disk_format?: string | null;
  readonly container_format?: string | null;
  readonly checksum?: string | null;
  readonly visibility?: string;
  readonly owner?: string | null;
  readonly properties?: Record<string, unknown>;
}

export interface GlanceInternal {
  findImageForBoot(ctx: CloudContext, imageId: string, projectId: string): BootImage | null;
  createSnapshotImage(
    ctx: CloudContext,
    spec: {
      name: string;
      owner: string;
      properties: Record<string, unknown>;
      size: number;
      disk_format?: string;
      container_format?: string;
      min_disk?: number;
      min_ram?: number;
      visibility?: string;
    },
  ): { id: string };
  imageExists(ctx: CloudContext, id: string): boolean;
  /** Not agreed: lets the seed find the cirros image by name. */
  findImageByName?(ctx: CloudContext, name: string): { id: string } | null;
}

const loadGlance = async (): Promise<GlanceInternal | null> => {
  // Existence first: a module that exists but fails to load is a bug to surface, not to hide.
  if (!existsSync(new URL('../glance/internal.ts', import.meta.url))) return null;
  // A literal specifier, so the server's bundle (tools/build-server.mjs) includes the module.
  return (await import('../glance/internal')) as GlanceInternal;
};

const glance = await loadGlance();

export const glanceInternal = (): GlanceInternal | null => glance;

/** The image attributes cinder keeps beside the image's properties (IMAGE_ATTRIBUTES). */
const IMAGE_ATTRIBUTES = [
  'checksum',
  'container_format',
  'disk_format',
  'min_disk',
  'min_ram',
  'size',
] as const;

/** Namespaces glance metadata of volumes never carries (filter_out_reserved_namespaces_metadata). */
const RESERVED_PREFIXES = ['os_glance'];

/** The `volume_image_metadata` cinder captures from an image: properties, then core attributes. */
export const volumeImageMetadata = (image: BootImage): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(image.properties ?? {})) {
    if (value === null || value === undefined) continue;
    if (RESERVED_PREFIXES.some((p) => key.startsWith(p))) continue;
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  out['image_id'] = image.id;
  if (image.name) out['image_name'] = image.name;
  for (const key of IMAGE_ATTRIBUTES) {
    const value = image[key];
    if (value !== null && value !== undefined) out[key] = String(value);
  }
  return out;
};

export const GB = 1024 * 1024 * 1024;

/** volume_utils.check_image_metadata: an active image that fits in `size` GiB. */
export const checkImage = (image: BootImage, size: number): void => {
  if (image.status !== 'active') throw invalidInput(`Image ${image.id} is not active.`);
  const imageGb = Math.ceil((image.size ?? 0) / GB);
  if (imageGb > size) {
    throw invalidInput(
      `Size of specified image ${imageGb}GB is larger than volume size ${size}GB.`,
    );
  }
  if (size < image.min_disk) {
    throw invalidInput(
      `Volume size ${size}GB cannot be smaller than the image minDisk size ${image.min_disk}GB.`,
    );
  }
};
