import { Type, type Static } from 'typebox';
import { ListOf, Nullable, StringMap, type List } from '../common';

export const VolumeType = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  is_public: Type.Boolean(),
  /** Only the specs the caller may see (admins: all). */
  extra_specs: Type.Optional(StringMap),
  qos_specs_id: Type.Optional(Nullable(Type.String())),
});
export type VolumeType = Static<typeof VolumeType>;
export const VolumeTypeList = ListOf(VolumeType);
export type VolumeTypeList = List<VolumeType>;
