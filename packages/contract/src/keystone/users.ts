import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';
import { IdentityPageQuery } from './projects';

export const KeystoneUser = Type.Object({
  id: Type.String(),
  name: Type.String(),
  domain_id: Type.String(),
  enabled: Type.Boolean(),
  email: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  default_project_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  password_expires_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type KeystoneUser = Static<typeof KeystoneUser>;
export const KeystoneUserList = ListOf(KeystoneUser);
export type KeystoneUserList = List<KeystoneUser>;

export const UserListQuery = Type.Object({
  domain_id: Type.Optional(Type.String({ maxLength: 64 })),
  ...IdentityPageQuery,
});
export type UserListQuery = Static<typeof UserListQuery>;

export const Role = Type.Object({
  id: Type.String(),
  name: Type.String(),
  domain_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type Role = Static<typeof Role>;
export const RoleList = ListOf(Role);
export type RoleList = List<Role>;
