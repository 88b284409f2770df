import type { Image, ImageProperties } from '@skydeck/contract';
import { imageExtraProperties, type GlanceImage } from '@skydeck/openstack-client';

/** Glance's reserved namespace: set by Glance itself, never editable by users. */
export const RESERVED_PREFIX = 'os_glance';

const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

const optional = (value: unknown): string | null | undefined =>
  value === undefined ? undefined : text(value);

/** Every extra property as text (Glance's own are strings; a few clouds keep JSON values). */
export const propertiesOf = (image: GlanceImage): ImageProperties => {
  const out: ImageProperties = {};
  for (const [key, value] of Object.entries(imageExtraProperties(image))) out[key] = text(value);
  return out;
};

/** The editable extra properties: Glance's reserved os_glance_* ones are left out. */
export const editablePropertiesOf = (image: GlanceImage): ImageProperties => {
  const out: ImageProperties = {};
  for (const [key, value] of Object.entries(propertiesOf(image))) {
    if (!key.startsWith(RESERVED_PREFIX)) out[key] = value;
  }
  return out;
};

/**
 * An upstream image in the contract shape (spec 2 §3): core attributes at the top, every other
 * top-level Glance field under `properties`, links and locations dropped.
 */
export const toImage = (image: GlanceImage): Image => {
  const properties = propertiesOf(image);
  const out: Image = {
    id: image.id,
    name: image.name,
    status: image.status,
    visibility: image.visibility,
    protected: image.protected,
    owner: image.owner,
    disk_format: image.disk_format,
    container_format: image.container_format,
    size: image.size,
    virtual_size: image.virtual_size ?? null,
    min_disk: image.min_disk,
    min_ram: image.min_ram,
    checksum: image.checksum,
    created_at: image.created_at,
    updated_at: image.updated_at,
    tags: image.tags,
    properties,
  };
  const hashAlgo = optional(image.os_hash_algo);
  if (hashAlgo !== undefined) out.os_hash_algo = hashAlgo;
  const hashValue = optional(image.os_hash_value);
  if (hashValue !== undefined) out.os_hash_value = hashValue;
  if (typeof image.os_hidden === 'boolean') out.os_hidden = image.os_hidden;
  const copying = properties['os_glance_importing_to_stores'];
  if (copying) out.is_copying = true;
  return out;
};
