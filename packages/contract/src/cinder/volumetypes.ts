import { Type, type Static } from 'typebox';
import { ListOf, NoContent, Nullable, StringMap, type List } from '../common';
import { IdParams } from '../keystone/projects';
import { route, routes } from '../route';
import { QosSpec } from './misc';

const Name = Type.String({ minLength: 1, maxLength: 255 });
const Description = Type.String({ maxLength: 255 });

/** A volume type's encryption (Cinder's encryption spec; none: the type is not encrypted). */
export const VolumeTypeEncryption = Type.Object({
  provider: Type.String(),
  /** Where the volume is decrypted: `front-end` (Nova) or `back-end` (the storage). */
  control_location: Type.String(),
  cipher: Nullable(Type.String()),
  /** Bits. */
  key_size: Nullable(Type.Integer()),
});
export type VolumeTypeEncryption = Static<typeof VolumeTypeEncryption>;

export const VolumeType = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  is_public: Type.Boolean(),
  /** Only the specs the caller may see (admins: all). */
  extra_specs: Type.Optional(StringMap),
  qos_specs_id: Type.Optional(Nullable(Type.String())),
  /** Only in the admin list: the type's encryption, null when it has none. */
  encryption: Type.Optional(Nullable(VolumeTypeEncryption)),
  /** Only in the admin list: the type new volumes get when none is named. */
  is_default: Type.Optional(Type.Boolean()),
  /** Only in the admin list: the name of the associated QoS spec. */
  qos_specs_name: Type.Optional(Nullable(Type.String())),
});
export type VolumeType = Static<typeof VolumeType>;
export const VolumeTypeList = ListOf(VolumeType);
export type VolumeTypeList = List<VolumeType>;

export const VolumeTypeListQuery = Type.Object({
  /** Admin: every type, private ones included, each with its encryption. */
  all: Type.Optional(Type.Boolean()),
});
export type VolumeTypeListQuery = Static<typeof VolumeTypeListQuery>;

export const VolumeTypeCreateBody = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    is_public: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type VolumeTypeCreateBody = Static<typeof VolumeTypeCreateBody>;

export const VolumeTypeUpdateBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    is_public: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type VolumeTypeUpdateBody = Static<typeof VolumeTypeUpdateBody>;

export const VolumeTypeEncryptionBody = Type.Object(
  {
    provider: Type.String({ minLength: 1, maxLength: 255 }),
    control_location: Type.Union([Type.Literal('front-end'), Type.Literal('back-end')]),
    cipher: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    key_size: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 65536 }))),
  },
  { additionalProperties: false },
);
export type VolumeTypeEncryptionBody = Static<typeof VolumeTypeEncryptionBody>;

export const VolumeTypeEncryptionAnswer = Type.Object({
  encryption: Nullable(VolumeTypeEncryption),
});
export type VolumeTypeEncryptionAnswer = Static<typeof VolumeTypeEncryptionAnswer>;

export const VolumeTypeAccessList = ListOf(Type.Object({ project_id: Type.String() }));
export type VolumeTypeAccessList = Static<typeof VolumeTypeAccessList>;

export const VolumeTypeAccessBody = Type.Object(
  { project: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
export type VolumeTypeAccessBody = Static<typeof VolumeTypeAccessBody>;

const TypeProjectParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  projectId: Type.String({ minLength: 1, maxLength: 255 }),
});

/** Admin management of volume types (issue 11): the type, its encryption and its project access. */
export const cinderVolumeTypeAdminRoutes = routes('cinder.volumetypes', {
  create: route({
    method: 'POST',
    path: '/api/cinder/volumetypes/',
    body: VolumeTypeCreateBody,
    response: { 201: VolumeType },
  }),
  update: route({
    method: 'PATCH',
    path: '/api/cinder/volumetypes/:id/',
    params: IdParams,
    body: VolumeTypeUpdateBody,
    response: { 200: VolumeType },
  }),
  delete: route({
    method: 'DELETE',
    path: '/api/cinder/volumetypes/:id/',
    params: IdParams,
    response: { 204: NoContent },
  }),
  encryption: route({
    method: 'GET',
    path: '/api/cinder/volumetypes/:id/encryption/',
    params: IdParams,
    response: { 200: VolumeTypeEncryptionAnswer },
  }),
  setEncryption: route({
    method: 'PUT',
    path: '/api/cinder/volumetypes/:id/encryption/',
    params: IdParams,
    body: VolumeTypeEncryptionBody,
    response: { 200: VolumeTypeEncryptionAnswer },
  }),
  deleteEncryption: route({
    method: 'DELETE',
    path: '/api/cinder/volumetypes/:id/encryption/',
    params: IdParams,
    response: { 204: NoContent },
  }),
  access: route({
    method: 'GET',
    path: '/api/cinder/volumetypes/:id/access/',
    params: IdParams,
    response: { 200: VolumeTypeAccessList },
  }),
  addAccess: route({
    method: 'POST',
    path: '/api/cinder/volumetypes/:id/access/',
    params: IdParams,
    body: VolumeTypeAccessBody,
    response: { 204: NoContent },
  }),
  removeAccess: route({
    method: 'DELETE',
    path: '/api/cinder/volumetypes/:id/access/:projectId/',
    params: TypeProjectParams,
    response: { 204: NoContent },
  }),
});

const Consumer = Type.Union([
  Type.Literal('front-end'),
  Type.Literal('back-end'),
  Type.Literal('both'),
]);
/** Spec keys as Cinder takes them (a key is a path segment of delete_keys' body, never empty). */
const SpecKey = Type.String({ minLength: 1, maxLength: 255 });

export const QosSpecCreateBody = Type.Object(
  {
    name: Name,
    consumer: Type.Optional(Consumer),
    specs: Type.Optional(Type.Record(SpecKey, Type.String({ maxLength: 255 }))),
  },
  { additionalProperties: false },
);
export type QosSpecCreateBody = Static<typeof QosSpecCreateBody>;

/** Consumer and specs: `specs` are added or overwritten, `removed` keys are deleted. */
export const QosSpecUpdateBody = Type.Object(
  {
    consumer: Type.Optional(Consumer),
    specs: Type.Optional(Type.Record(SpecKey, Type.String({ maxLength: 255 }))),
    removed: Type.Optional(Type.Array(SpecKey, { maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type QosSpecUpdateBody = Static<typeof QosSpecUpdateBody>;

export const QosAssociationList = ListOf(Type.Object({ id: Type.String(), name: Type.String() }));
export type QosAssociationList = Static<typeof QosAssociationList>;

const QosTypeParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  typeId: Type.String({ minLength: 1, maxLength: 255 }),
});

/** QoS specs (admin, issue 11): shown beside the volume types they are associated with. */
export const cinderQosSpecRoutes = routes('cinder.qosspecs', {
  create: route({
    method: 'POST',
    path: '/api/cinder/qosspecs/',
    body: QosSpecCreateBody,
    response: { 201: QosSpec },
  }),
  get: route({
    method: 'GET',
    path: '/api/cinder/qosspecs/:id/',
    params: IdParams,
    response: { 200: QosSpec },
  }),
  update: route({
    method: 'PATCH',
    path: '/api/cinder/qosspecs/:id/',
    params: IdParams,
    body: QosSpecUpdateBody,
    response: { 204: NoContent },
  }),
  delete: route({
    method: 'DELETE',
    path: '/api/cinder/qosspecs/:id/',
    params: IdParams,
    response: { 204: NoContent },
  }),
  associations: route({
    method: 'GET',
    path: '/api/cinder/qosspecs/:id/associations/',
    params: IdParams,
    response: { 200: QosAssociationList },
  }),
  associate: route({
    method: 'PUT',
    path: '/api/cinder/qosspecs/:id/associations/:typeId/',
    params: QosTypeParams,
    response: { 204: NoContent },
  }),
  disassociate: route({
    method: 'DELETE',
    path: '/api/cinder/qosspecs/:id/associations/:typeId/',
    params: QosTypeParams,
    response: { 204: NoContent },
  }),
});
