import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';

/**
 * A metadata definition property (spec 2 §3): the JSON-schema fragment the metadata editor
 * renders. Names in `properties` already carry the resource type's prefix (`hw_`).
 */
export const MetadefProperty = Type.Object({
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  type: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  default: Type.Optional(Type.Unknown()),
  readonly: Type.Optional(Type.Boolean()),
  /** Array operators, e.g. `<in>`, `<all-in>`, `<or>`. */
  operators: Type.Optional(Type.Array(Type.String())),
  enum: Type.Optional(Type.Array(Type.Unknown())),
  minimum: Type.Optional(Type.Number()),
  maximum: Type.Optional(Type.Number()),
  minLength: Type.Optional(Type.Integer()),
  maxLength: Type.Optional(Type.Integer()),
  pattern: Type.Optional(Type.String()),
  items: Type.Optional(
    Type.Object({
      type: Type.Optional(Type.String()),
      enum: Type.Optional(Type.Array(Type.Unknown())),
    }),
  ),
  minItems: Type.Optional(Type.Integer()),
  maxItems: Type.Optional(Type.Integer()),
  uniqueItems: Type.Optional(Type.Boolean()),
});
export type MetadefProperty = Static<typeof MetadefProperty>;

export const MetadefObject = Type.Object({
  name: Type.String(),
  description: Type.Optional(Type.String()),
  required: Type.Optional(Type.Array(Type.String())),
  properties: Type.Record(Type.String(), MetadefProperty),
});
export type MetadefObject = Static<typeof MetadefObject>;

export const MetadefResourceTypeAssociation = Type.Object({
  name: Type.String(),
  prefix: Type.Optional(Type.String()),
  properties_target: Type.Optional(Type.String()),
});
export type MetadefResourceTypeAssociation = Static<typeof MetadefResourceTypeAssociation>;

/** A namespace with its properties and objects, ready for the metadata editor tree. */
export const MetadefNamespace = Type.Object({
  namespace: Type.String(),
  display_name: Type.String(),
  description: Type.String(),
  visibility: Type.Optional(Type.String()),
  protected: Type.Optional(Type.Boolean()),
  properties: Type.Record(Type.String(), MetadefProperty),
  objects: Type.Array(MetadefObject),
  resource_type_associations: Type.Array(MetadefResourceTypeAssociation),
});
export type MetadefNamespace = Static<typeof MetadefNamespace>;
export const MetadefNamespaceList = ListOf(MetadefNamespace);
export type MetadefNamespaceList = List<MetadefNamespace>;

/**
 * GET /api/glance/metadefs/namespaces/ — namespaces associated with `resource_type` (e.g.
 * OS::Glance::Image, OS::Nova::Flavor, OS::Cinder::Volume), further narrowed to associations
 * whose properties_target matches (`image`, `scheduler_hints`, `metadata`…). Property names are
 * prefixed as that association says.
 */
export const MetadefNamespaceQuery = Type.Object({
  resource_type: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  properties_target: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  visibility: Type.Optional(Type.Union([Type.Literal('public'), Type.Literal('private')])),
});
export type MetadefNamespaceQuery = Static<typeof MetadefNamespaceQuery>;

export const MetadefResourceType = Type.Object({
  name: Type.String(),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});
export type MetadefResourceType = Static<typeof MetadefResourceType>;
export const MetadefResourceTypeList = ListOf(MetadefResourceType);
export type MetadefResourceTypeList = List<MetadefResourceType>;
