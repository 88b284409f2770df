import { Type, type Static } from 'typebox';
import { ListOf, type List, StringMap } from '../common';

/**
 * A flavor as Nova answers it (extension-prefixed fields kept, spec 2 §3), plus the extras
 * and access list the BFF adds when asked with get_extras / get_access_list.
 */
export const Flavor = Type.Object({
  id: Type.String(),
  name: Type.String(),
  vcpus: Type.Integer(),
  ram: Type.Integer(),
  disk: Type.Integer(),
  swap: Type.Integer(),
  rxtx_factor: Type.Number(),
  'OS-FLV-EXT-DATA:ephemeral': Type.Integer(),
  'OS-FLV-DISABLED:disabled': Type.Boolean(),
  'os-flavor-access:is_public': Type.Boolean(),
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  extras: Type.Optional(StringMap),
  access_list: Type.Optional(Type.Array(Type.String())),
});
export type Flavor = Static<typeof Flavor>;
export const FlavorList = ListOf(Flavor);
export type FlavorList = List<Flavor>;

export const FlavorListQuery = Type.Object({
  get_extras: Type.Optional(Type.Boolean()),
  /** true, false, or omitted for all flavors the caller may see. */
  is_public: Type.Optional(Type.Boolean()),
  name: Type.Optional(Type.String({ maxLength: 255 })),
});
export type FlavorListQuery = Static<typeof FlavorListQuery>;

export const FlavorGetQuery = Type.Object({
  get_extras: Type.Optional(Type.Boolean()),
  get_access_list: Type.Optional(Type.Boolean()),
});
export type FlavorGetQuery = Static<typeof FlavorGetQuery>;

const FlavorFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  vcpus: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  ram: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  disk: Type.Integer({ minimum: 0, maximum: 2147483647 }),
  ephemeral: Type.Integer({ minimum: 0, maximum: 2147483647 }),
  swap: Type.Integer({ minimum: 0, maximum: 2147483647 }),
  rxtx_factor: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3.40282e38 })),
  is_public: Type.Boolean(),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 65535 }), Type.Null()])),
  /** Project ids that may use a private flavor. */
  flavor_access: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 1000 })),
};

/** POST /api/nova/flavors/ — `id` "auto" or absent lets Nova pick a UUID. */
export const FlavorCreateBody = Type.Object(
  { ...FlavorFields, id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) },
  { additionalProperties: false },
);
export type FlavorCreateBody = Static<typeof FlavorCreateBody>;

/**
 * PATCH /api/nova/flavors/{id}/ — Nova cannot change a flavor's sizes in place, so the server
 * re-creates it under the same id (keeping its extra specs); description alone is edited in place.
 */
export const FlavorUpdateBody = Type.Object(FlavorFields, { additionalProperties: false });
export type FlavorUpdateBody = Static<typeof FlavorUpdateBody>;

export const ExtraSpecs = StringMap;
export type ExtraSpecs = Static<typeof ExtraSpecs>;
