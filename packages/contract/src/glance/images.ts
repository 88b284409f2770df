import { Type, type Static } from 'typebox';
import { ListOf, Nullable, type List } from '../common';

/** Glance's image statuses (spec 2 §4); transitional ones are saving, queued, pending_delete. */
export const IMAGE_STATUSES = [
  'queued',
  'saving',
  'uploading',
  'importing',
  'active',
  'killed',
  'deleted',
  'pending_delete',
  'deactivated',
] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

export const ImageVisibility = Type.Union([
  Type.Literal('public'),
  Type.Literal('private'),
  Type.Literal('shared'),
  Type.Literal('community'),
]);
export type ImageVisibility = Static<typeof ImageVisibility>;

/**
 * An image's extra ("custom") properties: every top-level Glance field that is not a core
 * attribute (description, architecture, kernel_id, ramdisk_id, image_type, block_device_mapping,
 * hw_*, os_*…). Values are text, as Glance keeps them; null where Glance has a null.
 */
export const ImageProperties = Type.Record(Type.String(), Nullable(Type.String()));
export type ImageProperties = Static<typeof ImageProperties>;

const IMAGE_FIELDS = {
  id: Type.String(),
  name: Nullable(Type.String()),
  status: Type.String(),
  visibility: Type.String(),
  protected: Type.Boolean(),
  owner: Nullable(Type.String()),
  disk_format: Nullable(Type.String()),
  container_format: Nullable(Type.String()),
  /** Bytes. */
  size: Nullable(Type.Integer()),
  virtual_size: Nullable(Type.Integer()),
  min_disk: Type.Integer(),
  min_ram: Type.Integer(),
  checksum: Nullable(Type.String()),
  os_hash_algo: Type.Optional(Nullable(Type.String())),
  os_hash_value: Type.Optional(Nullable(Type.String())),
  os_hidden: Type.Optional(Type.Boolean()),
  created_at: Type.String(),
  updated_at: Type.String(),
  tags: Type.Array(Type.String()),
  properties: ImageProperties,
  /** True while Glance copies the data into further stores (os_glance_importing_to_stores). */
  is_copying: Type.Optional(Type.Boolean()),
};

/** An image as the BFF answers it (spec 2 §3): core attributes, the rest under `properties`. */
export const Image = Type.Object(IMAGE_FIELDS);
export type Image = Static<typeof Image>;
export const ImageList = ListOf(Image);
export type ImageList = List<Image>;

/** Glance's sort keys. */
export const ImageSortKey = Type.Union([
  Type.Literal('name'),
  Type.Literal('status'),
  Type.Literal('container_format'),
  Type.Literal('disk_format'),
  Type.Literal('size'),
  Type.Literal('id'),
  Type.Literal('created_at'),
  Type.Literal('updated_at'),
]);
export type ImageSortKey = Static<typeof ImageSortKey>;

export const SortDir = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);
export type SortDir = Static<typeof SortDir>;

/**
 * GET /api/glance/images/ — server-side filters (spec 2 §9 facets; `name` matches a part of
 * the name in any case, unlike Glance's exact filter). Without paging parameters, or with `paginate=false` (kernel/ramdisk lists), the answer
 * holds every image (at most 20 000; has_more_data says when more remained). With
 * `paginate=true`, `limit`, `marker` or `prev_marker` it is one page of `limit` (default
 * API_RESULT_PAGE_SIZE) after `marker` or before `prev_marker`, in the same order either way,
 * with has_more_data, has_prev_data and the markers of the neighbouring pages.
 */
export const ImageListQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 255 })),
  status: Type.Optional(Type.String({ maxLength: 32 })),
  visibility: Type.Optional(Type.Union([ImageVisibility, Type.Literal('all')])),
  protected: Type.Optional(Type.Boolean()),
  disk_format: Type.Optional(Type.String({ maxLength: 32 })),
  container_format: Type.Optional(Type.String({ maxLength: 32 })),
  /** Bytes. */
  size_min: Type.Optional(Type.Integer({ minimum: 0 })),
  size_max: Type.Optional(Type.Integer({ minimum: 0 })),
  owner: Type.Optional(Type.String({ maxLength: 255 })),
  member_status: Type.Optional(
    Type.Union([
      Type.Literal('pending'),
      Type.Literal('accepted'),
      Type.Literal('rejected'),
      Type.Literal('all'),
    ]),
  ),
  tag: Type.Optional(Type.String({ maxLength: 255 })),
  paginate: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  marker: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  /** The page that ends just before this image (paging backwards; has_prev_data says more). */
  prev_marker: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  /**
   * Only these images (comma-separated ids, at most LIST_IDS_MAX of common.ts): one Glance call with
   * `id=in:…`, e.g. to refresh only the rows still changing. Not with a marker.
   */
  // Room for more than LIST_IDS_MAX ids, so a longer list is told the count it may have.
  ids: Type.Optional(Type.String({ minLength: 1, maxLength: 8192 })),
  sort_key: Type.Optional(ImageSortKey),
  sort_dir: Type.Optional(SortDir),
});
export type ImageListQuery = Static<typeof ImageListQuery>;

/** Where an image's data comes from (spec 2 §4 source types). */
export const ImageSourceType = Type.Union([
  Type.Literal('url'),
  Type.Literal('file-legacy'),
  Type.Literal('file-direct'),
]);
export type ImageSourceType = Static<typeof ImageSourceType>;

/** An extra property name: what Glance accepts (≤ 255) and never a core attribute's spelling. */
const PropertyMap = Type.Record(
  Type.String({ minLength: 1, maxLength: 255 }),
  Type.String({ maxLength: 65535 }),
);

const EDITABLE_FIELDS = {
  name: Type.String({ maxLength: 255 }),
  description: Type.String({ maxLength: 255 }),
  disk_format: Type.String({ minLength: 1, maxLength: 32 }),
  /** Derived from disk_format when absent: aki/ami/ari use themselves, docker uses docker, else bare. */
  container_format: Type.String({ minLength: 1, maxLength: 32 }),
  visibility: ImageVisibility,
  protected: Type.Boolean(),
  min_disk: Type.Integer({ minimum: 0, maximum: 2147483647 }),
  min_ram: Type.Integer({ minimum: 0, maximum: 2147483647 }),
  architecture: Type.String({ maxLength: 255 }),
  /** Kernel image id (AMI images); empty removes it. */
  kernel: Type.String({ maxLength: 255 }),
  /** Ramdisk image id (AMI images); empty removes it. */
  ramdisk: Type.String({ maxLength: 255 }),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 128 }),
  /** The metadata step's custom properties, set as extra properties. */
  properties: PropertyMap,
};

/**
 * PUT /api/glance/images/ (JSON; `url` and `file-direct`) and the fields of POST
 * /api/glance/images/ (multipart/form-data, `file-legacy`: these fields first, then the file in a
 * part named `data`; numbers and booleans as text, `properties` as JSON text, `tags` as JSON text
 * or one field per tag).
 *
 * - `url`: `image_url` is imported by Glance (web-download), or registered as the image's
 *   location when the operator allows locations (IMAGES_ALLOW_LOCATION) and `import_data` is
 *   false.
 * - `file-direct`: `data` is the file's name; the answer carries `upload_url`, a Skydeck URL the
 *   browser PUTs the raw file to (application/octet-stream, with the CSRF header).
 */
export const ImageCreateBody = Type.Object(
  {
    source_type: ImageSourceType,
    name: EDITABLE_FIELDS.name,
    description: Type.Optional(EDITABLE_FIELDS.description),
    image_url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    /** file-direct: the file name (informational); file-legacy: the file part itself. */
    data: Type.Optional(Type.String({ maxLength: 1024 })),
    /** url: copy the data into Glance (true, the default) rather than pointing at it. */
    import_data: Type.Optional(Type.Boolean()),
    disk_format: EDITABLE_FIELDS.disk_format,
    container_format: Type.Optional(EDITABLE_FIELDS.container_format),
    visibility: Type.Optional(EDITABLE_FIELDS.visibility),
    protected: Type.Optional(EDITABLE_FIELDS.protected),
    min_disk: Type.Optional(EDITABLE_FIELDS.min_disk),
    min_ram: Type.Optional(EDITABLE_FIELDS.min_ram),
    architecture: Type.Optional(EDITABLE_FIELDS.architecture),
    kernel: Type.Optional(EDITABLE_FIELDS.kernel),
    ramdisk: Type.Optional(EDITABLE_FIELDS.ramdisk),
    tags: Type.Optional(EDITABLE_FIELDS.tags),
    properties: Type.Optional(EDITABLE_FIELDS.properties),
  },
  { additionalProperties: false },
);
export type ImageCreateBody = Static<typeof ImageCreateBody>;

/** The create answer: the image, and for file-direct where to PUT the file. */
export const ImageCreated = Type.Object({
  ...IMAGE_FIELDS,
  /** `{webroot}api/glance/images/{id}/file/`: PUT the raw file here (file-direct only). */
  upload_url: Type.Optional(Type.String()),
});
export type ImageCreated = Static<typeof ImageCreated>;

/**
 * PATCH /api/glance/images/{id}/ — the edit step: each field given is set; an empty
 * description, architecture, kernel or ramdisk removes that property. Formats can only change
 * while the image is queued (Glance refuses otherwise, unless they are unchanged).
 */
export const ImageUpdateBody = Type.Object(
  {
    name: Type.Optional(EDITABLE_FIELDS.name),
    description: Type.Optional(EDITABLE_FIELDS.description),
    disk_format: Type.Optional(EDITABLE_FIELDS.disk_format),
    container_format: Type.Optional(EDITABLE_FIELDS.container_format),
    visibility: Type.Optional(EDITABLE_FIELDS.visibility),
    protected: Type.Optional(EDITABLE_FIELDS.protected),
    min_disk: Type.Optional(EDITABLE_FIELDS.min_disk),
    min_ram: Type.Optional(EDITABLE_FIELDS.min_ram),
    architecture: Type.Optional(EDITABLE_FIELDS.architecture),
    kernel: Type.Optional(EDITABLE_FIELDS.kernel),
    ramdisk: Type.Optional(EDITABLE_FIELDS.ramdisk),
    tags: Type.Optional(EDITABLE_FIELDS.tags),
    properties: Type.Optional(EDITABLE_FIELDS.properties),
  },
  { additionalProperties: false },
);
export type ImageUpdateBody = Static<typeof ImageUpdateBody>;

/** GET /api/glance/version/ — the image API's major version (2), and its current minor. */
export const ImageApiVersion = Type.Object({
  version: Type.Number(),
  current: Type.Optional(Type.String()),
});
export type ImageApiVersion = Static<typeof ImageApiVersion>;

/** GET /api/glance/images/{id}/properties/ — the editable extra properties (no os_glance_*). */
export const ImagePropertiesAnswer = ImageProperties;
export type ImagePropertiesAnswer = Static<typeof ImagePropertiesAnswer>;
