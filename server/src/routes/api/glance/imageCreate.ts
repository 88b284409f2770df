import type { ImageCreateBody, ImageUpdateBody } from '@skydeck/contract';
import {
  CORE_IMAGE_ATTRIBUTES,
  type GlanceImageCreate,
  type ImageChanges,
} from '@skydeck/openstack-client';
import { RESERVED_PREFIX } from './imageView';
import { pickDefined } from '../../../lib/pickDefined';

/** Thrown for a request that can never succeed; answered 400 with its message. */
export class ImageRequestError extends Error {
  readonly statusCode = 400;
}

/** Amazon kernel, ramdisk and machine formats are their own container; everything else is bare. */
const SELF_CONTAINED = new Set(['aki', 'ari', 'ami']);

/** disk/container formats as Glance wants them: `docker` is a container of raw data. */
export const formatsFor = (
  diskFormat: string,
  containerFormat: string | undefined,
): { disk_format: string; container_format: string } => {
  if (diskFormat === 'docker') return { disk_format: 'raw', container_format: 'docker' };
  return {
    disk_format: diskFormat,
    container_format: containerFormat ?? (SELF_CONTAINED.has(diskFormat) ? diskFormat : 'bare'),
  };
};

/** The named fields of the forms that are extra properties in Glance. */
const NAMED_PROPERTIES = {
  description: 'description',
  architecture: 'architecture',
  kernel: 'kernel_id',
  ramdisk: 'ramdisk_id',
} as const;

const checkPropertyNames = (properties: Readonly<Record<string, string>>): void => {
  for (const key of Object.keys(properties)) {
    if (CORE_IMAGE_ATTRIBUTES.includes(key) || key.startsWith(RESERVED_PREFIX)) {
      throw new ImageRequestError(`properties.${key} is a reserved image attribute`);
    }
  }
};

/** The image attributes both forms send to Glance as they are given. */
type AttributesAsGiven = Pick<
  ImageCreateBody & ImageUpdateBody,
  'visibility' | 'protected' | 'min_disk' | 'min_ram' | 'tags'
>;

/**
 * The attributes of `AttributesAsGiven` the form sets, and only those: create and edit share
 * this one list, so a field sent as given by one form cannot be forgotten by the other.
 */
const attributesAsGiven = (body: AttributesAsGiven): AttributesAsGiven =>
  pickDefined(body, ['visibility', 'protected', 'min_disk', 'min_ram', 'tags']);

/** POST /v2/images body for a create form (spec 2 §3 Create Image). */
export const imageCreateRequest = (body: ImageCreateBody): GlanceImageCreate => {
  const properties = body.properties ?? {};
  checkPropertyNames(properties);
  const image: GlanceImageCreate = {
    ...properties,
    name: body.name,
    ...formatsFor(body.disk_format, body.container_format),
    ...attributesAsGiven(body),
  };
  for (const [field, property] of Object.entries(NAMED_PROPERTIES)) {
    const value = body[field as keyof typeof NAMED_PROPERTIES];
    // An empty field is no property, as in the edit form.
    if (value) image[property] = value;
  }
  return image;
};

/** The JSON-patch intent of an edit form: given fields set, emptied named fields removed. */
export const imageUpdateChanges = (body: ImageUpdateBody): ImageChanges => {
  const properties = body.properties ?? {};
  checkPropertyNames(properties);
  const set: Record<string, unknown> = { ...properties };
  const remove: string[] = [];
  if (body.name !== undefined) set.name = body.name;
  // Only what the form names changes: an edit of an active image keeps its formats unless asked.
  if (body.disk_format !== undefined) {
    const formats = formatsFor(body.disk_format, body.container_format);
    set.disk_format = formats.disk_format;
    if (body.container_format !== undefined || body.disk_format === 'docker') {
      set.container_format = formats.container_format;
    }
  } else if (body.container_format !== undefined) {
    set.container_format = body.container_format;
  }
  Object.assign(set, attributesAsGiven(body));
  for (const [field, property] of Object.entries(NAMED_PROPERTIES)) {
    const value = body[field as keyof typeof NAMED_PROPERTIES];
    if (value === undefined) continue;
    if (value === '') remove.push(property);
    else set[property] = value;
  }
  return { set, remove };
};
