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

const UserName = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' });
const Email = Type.String({ maxLength: 255 });
const Password = Type.String({ minLength: 1, maxLength: 4096 });

/**
 * Create User (spec 3 §5): name, password and enabled required; the primary project and the role
 * given on it are granted in the same request.
 */
export const UserCreateBody = Type.Object(
  {
    name: UserName,
    email: Type.Optional(Email),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    password: Password,
    domain_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    project_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    role_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type UserCreateBody = Static<typeof UserCreateBody>;

export const UserUpdateBody = Type.Object(
  {
    name: Type.Optional(UserName),
    email: Type.Optional(Email),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    default_project_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    enabled: Type.Optional(Type.Boolean()),
    password: Type.Optional(Password),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UserUpdateBody = Static<typeof UserUpdateBody>;

/** One role assignment as a user's details page lists it. */
export const UserRoleAssignment = Type.Object({
  role: Type.Object({ id: Type.String(), name: Type.String() }),
  scope: Type.Object({
    kind: Type.Union([Type.Literal('project'), Type.Literal('domain'), Type.Literal('system')]),
    id: Type.String(),
    name: Type.String(),
  }),
  /** The group the role comes through, when not given to the user directly. */
  group: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type UserRoleAssignment = Static<typeof UserRoleAssignment>;
export const UserRoleAssignmentList = ListOf(UserRoleAssignment);

export const KeystoneGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  domain_id: Type.String(),
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type KeystoneGroup = Static<typeof KeystoneGroup>;
export const KeystoneGroupList = ListOf(KeystoneGroup);

/** Change own password (spec 3 §4): the current one and the new one. */
export const OwnPasswordBody = Type.Object(
  {
    original_password: Type.String({ minLength: 1, maxLength: 4096 }),
    password: Password,
  },
  { additionalProperties: false },
);
export type OwnPasswordBody = Static<typeof OwnPasswordBody>;
