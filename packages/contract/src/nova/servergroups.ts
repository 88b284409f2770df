import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';

export const ServerGroupPolicy = Type.Union([
  Type.Literal('affinity'),
  Type.Literal('anti-affinity'),
  Type.Literal('soft-affinity'),
  Type.Literal('soft-anti-affinity'),
]);
export type ServerGroupPolicy = Static<typeof ServerGroupPolicy>;

export const ServerGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  policy: Type.String(),
  policies: Type.Array(Type.String()),
  members: Type.Array(Type.String()),
  /** Member id → instance name; only in the single group's answer (spec 2 §2). */
  member_names: Type.Optional(Type.Record(Type.String(), Type.String())),
  project_id: Type.Optional(Type.String()),
  user_id: Type.Optional(Type.String()),
});
export type ServerGroup = Static<typeof ServerGroup>;
export const ServerGroupList = ListOf(ServerGroup);
export type ServerGroupList = List<ServerGroup>;

export const ServerGroupCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    policy: ServerGroupPolicy,
  },
  { additionalProperties: false },
);
export type ServerGroupCreateBody = Static<typeof ServerGroupCreateBody>;
