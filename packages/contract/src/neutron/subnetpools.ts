import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';

/** A subnet pool a subnet can take its address from (spec 1 §5: prefix length choices). */
export const SubnetPool = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ip_version: Type.Integer(),
  prefixes: Type.Array(Type.String()),
  min_prefixlen: Type.Integer(),
  max_prefixlen: Type.Integer(),
  default_prefixlen: Type.Integer(),
  shared: Type.Boolean(),
  is_default: Type.Boolean(),
});
export type SubnetPool = Static<typeof SubnetPool>;
export const SubnetPoolList = ListOf(SubnetPool);
export type SubnetPoolList = List<SubnetPool>;
