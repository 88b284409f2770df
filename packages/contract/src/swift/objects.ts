import { Type, type Static } from 'typebox';
import { ListOf } from '../common';

/** Swift's own limits on names (bytes of UTF-8; the characters are checked here). */
export const SWIFT_CONTAINER_NAME_MAX = 256;
export const SWIFT_OBJECT_NAME_MAX = 1024;
/** Rows a page of the object browser or the container list holds at most. */
export const SWIFT_PAGE_MAX = 1000;

/** A container (spec 3 §3): counts, creation time, and whether anyone may read it. */
export const SwiftContainer = Type.Object({
  name: Type.String(),
  count: Type.Integer(),
  bytes: Type.Integer(),
  /** ISO 8601, when Swift tells it (the container's HEAD). */
  timestamp: Type.Optional(Type.String()),
  is_public: Type.Boolean(),
  /** Where anyone reads it, when public. */
  public_url: Type.Optional(Type.String()),
  /** The row came from the account listing only: is_public and timestamp are not known yet. */
  is_fetched: Type.Boolean(),
});
export type SwiftContainer = Static<typeof SwiftContainer>;

export const SwiftContainerList = ListOf(SwiftContainer);
export type SwiftContainerList = Static<typeof SwiftContainerList>;

export const SwiftContainerListQuery = Type.Object(
  {
    /** Server-side prefix facet (spec 3 §2). */
    prefix: Type.Optional(Type.String({ maxLength: SWIFT_CONTAINER_NAME_MAX })),
    marker: Type.Optional(Type.String({ maxLength: SWIFT_CONTAINER_NAME_MAX })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SWIFT_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type SwiftContainerListQuery = Static<typeof SwiftContainerListQuery>;

/** Names go whole in one path segment, percent-encoded (`a/b` is `a%2Fb`). */
export const ContainerParams = Type.Object({
  container: Type.String({ minLength: 1, maxLength: SWIFT_CONTAINER_NAME_MAX }),
});
export type ContainerParams = Static<typeof ContainerParams>;

export const ObjectParams = Type.Object({
  container: Type.String({ minLength: 1, maxLength: SWIFT_CONTAINER_NAME_MAX }),
  name: Type.String({ minLength: 1, maxLength: SWIFT_OBJECT_NAME_MAX }),
});
export type ObjectParams = Static<typeof ObjectParams>;

export const SwiftContainerCreateBody = Type.Object(
  { is_public: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type SwiftContainerCreateBody = Static<typeof SwiftContainerCreateBody>;

export const SwiftContainerAccessBody = Type.Object(
  { is_public: Type.Boolean() },
  { additionalProperties: false },
);
export type SwiftContainerAccessBody = Static<typeof SwiftContainerAccessBody>;

/** A row of the object browser (spec 3 §3): an object, or a pseudo-folder. */
export const SwiftObject = Type.Object({
  /** The last part of the path: what the row shows. */
  name: Type.String(),
  /** The whole name in the container; a folder's ends with `/`. */
  path: Type.String(),
  bytes: Type.Integer(),
  is_object: Type.Boolean(),
  is_subdir: Type.Boolean(),
  content_type: Type.Optional(Type.String()),
  last_modified: Type.Optional(Type.String()),
});
export type SwiftObject = Static<typeof SwiftObject>;

export const SwiftObjectList = ListOf(SwiftObject);
export type SwiftObjectList = Static<typeof SwiftObjectList>;

export const SwiftObjectListQuery = Type.Object(
  {
    /** The folder shown, ending with `/` (none: the container's top). */
    path: Type.Optional(Type.String({ maxLength: SWIFT_OBJECT_NAME_MAX })),
    /** Name filter: rows of the folder whose name starts with it (Swift's prefix). */
    filter: Type.Optional(Type.String({ maxLength: SWIFT_OBJECT_NAME_MAX })),
    /** Every object under `path`, folders unrolled (the delete modal's discovery). */
    recursive: Type.Optional(Type.Boolean()),
    marker: Type.Optional(Type.String({ maxLength: SWIFT_OBJECT_NAME_MAX })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SWIFT_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type SwiftObjectListQuery = Static<typeof SwiftObjectListQuery>;

export const SwiftObjectDetails = Type.Object({
  name: Type.String(),
  path: Type.String(),
  container: Type.String(),
  bytes: Type.Integer(),
  content_type: Type.Optional(Type.String()),
  etag: Type.Optional(Type.String()),
  /** ISO 8601. */
  timestamp: Type.Optional(Type.String()),
  /** Stored as a Static Large Object (segments in `<container>_segments`). */
  is_large: Type.Boolean(),
});
export type SwiftObjectDetails = Static<typeof SwiftObjectDetails>;

export const SwiftCopyBody = Type.Object(
  {
    dest_container: Type.String({ minLength: 1, maxLength: SWIFT_CONTAINER_NAME_MAX }),
    dest_name: Type.String({ minLength: 1, maxLength: SWIFT_OBJECT_NAME_MAX }),
  },
  { additionalProperties: false },
);
export type SwiftCopyBody = Static<typeof SwiftCopyBody>;

export const SwiftDownloadQuery = Type.Object(
  {
    /** Offer the object as a file to save (else the browser shows it where it can). */
    download: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SwiftDownloadQuery = Static<typeof SwiftDownloadQuery>;

export const SwiftInfo = Type.Object({
  /** Static Large Objects are available: uploads larger than segment_size are segmented. */
  slo: Type.Boolean(),
  /** Largest single object Swift takes, in bytes. */
  max_file_size: Type.Optional(Type.Integer()),
  /** Bytes per segment of a large upload (SKYDECK_SWIFT_SEGMENT_BYTES). */
  segment_size: Type.Integer(),
});
export type SwiftInfo = Static<typeof SwiftInfo>;

/** A streamed object body: no JSON schema applies. */
export const ObjectData = Type.Unknown({ description: 'The object bytes, streamed' });
