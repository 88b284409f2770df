import { isoTime } from './http';
import type { Json } from './http';
import type { ImageDoc, MemberDoc } from './model';

/** Extra properties glance keeps but never shows. */
const HIDDEN_PROPERTIES = new Set(['os_glance_stage_host']);

/** Extra properties that are declared in the image schema (their nulls are kept as nulls). */
const SCHEMA_CUSTOM_PROPERTIES = new Set([
  'kernel_id',
  'ramdisk_id',
  'instance_uuid',
  'architecture',
  'os_distro',
  'os_version',
  'description',
  'cinder_encryption_key_id',
  'cinder_encryption_key_deletion_policy',
]);

export const imagePath = (id: string, sub = ''): string =>
  sub ? `/v2/images/${id}/${sub}` : `/v2/images/${id}`;

/** An image as glance's v2 serializer shows it: extra properties first, then the attributes. */
export const imageView = (image: ImageDoc): Json => {
  const view: Json = {};
  for (const [key, value] of Object.entries(image.properties)) {
    if (HIDDEN_PROPERTIES.has(key)) continue;
    // Schema.filter turns v1-era null custom properties into empty strings.
    view[key] = value === null && !SCHEMA_CUSTOM_PROPERTIES.has(key) ? '' : value;
  }
  Object.assign(view, {
    name: image.name,
    disk_format: image.disk_format,
    container_format: image.container_format,
    visibility: image.visibility,
    size: image.size,
    virtual_size: image.virtual_size,
    status: image.status,
    checksum: image.checksum,
    protected: image.protected,
    min_ram: image.min_ram,
    min_disk: image.min_disk,
    owner: image.owner,
    os_hidden: image.os_hidden,
    os_hash_algo: image.os_hash_algo,
    os_hash_value: image.os_hash_value,
    id: image.id,
    created_at: isoTime(image.created_at),
    updated_at: isoTime(image.updated_at),
    tags: [...image.tags],
    self: imagePath(image.id),
    file: imagePath(image.id, 'file'),
    schema: '/v2/schemas/image',
  });
  if (image.location) view['stores'] = image.location.store;
  return view;
};

export const memberView = (member: MemberDoc): Json => ({
  member_id: member.member_id,
  image_id: member.image_id,
  status: member.status,
  created_at: isoTime(member.created_at),
  updated_at: isoTime(member.updated_at),
  schema: '/v2/schemas/member',
});
