import { Type, type Static, type TSchema } from 'typebox';

/** Body of every error answer of /api and /auth: a message meant for the user, nothing else. */
export const ApiError = Type.Object({ message: Type.String() }, { additionalProperties: false });
export type ApiError = Static<typeof ApiError>;

/**
 * The list envelope of spec 2 §7 ("the response has data.items"). A page also carries the
 * markers to its neighbours, so a client pages both ways without knowing item shapes:
 * `next_marker` (when has_more_data) goes back as `marker`, `prev_marker` (when has_prev_data)
 * goes back as `prev_marker`. They are the ids of the last and first items, except on a page
 * filtered by the server whose reading stopped at its bound (the name-part search of images):
 * then the last item read on that side, shown or not, so the next page goes on from there.
 */
export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    has_more_data: Type.Optional(Type.Boolean()),
    has_prev_data: Type.Optional(Type.Boolean()),
    next_marker: Type.Optional(Type.String()),
    prev_marker: Type.Optional(Type.String()),
  });
export interface List<T> {
  items: T[];
  has_more_data?: boolean;
  has_prev_data?: boolean;
  next_marker?: string;
  prev_marker?: string;
}

/** Most ids one list request may name (`ids=a,b,…`): one upstream call, a short URL. */
export const LIST_IDS_MAX = 100;

/**
 * Most keys one metadata update may remove. Nova and Cinder take one DELETE per key, so the list
 * is bounded: far more than a metadata editor shows (Nova's default quota is 128 metadata items),
 * far less than would keep a request (and the service) busy for minutes.
 */
export const METADATA_MAX_REMOVED = 500;

/** Body of `/api/.../metadata`-style PATCH calls (spec 2 §3 "Metadata update payload"). */
export const MetadataUpdate = Type.Object(
  {
    updated: Type.Record(Type.String(), Type.String()),
    // Each removed key becomes one path segment of a DELETE upstream: never empty, and no
    // longer than a key can be in Nova, Cinder or Glance.
    removed: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), {
      maxItems: METADATA_MAX_REMOVED,
    }),
  },
  { additionalProperties: false },
);
export type MetadataUpdate = Static<typeof MetadataUpdate>;

export const StringMap = Type.Record(Type.String(), Type.String());

/** `T | null`, as OpenStack sends for absent values. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export type StringMap = Static<typeof StringMap>;

/** The body of a 204 (and of a redirect): nothing. */
export const NoContent = Type.Null();
