import {
  BulkDeleteResult,
  GrantParams,
  IdParams,
  IdsBody,
  Project,
  ProjectCreateBody,
  ProjectList,
  ProjectListQuery,
  ProjectMemberList,
  ProjectMembersBody,
  ProjectUpdateBody,
} from './projects';
import {
  KeystoneGroup,
  KeystoneGroupList,
  KeystoneUser,
  KeystoneUserList,
  Role,
  RoleList,
  OwnPasswordBody,
  UserCreateBody,
  UserListQuery,
  UserRoleAssignmentList,
  UserUpdateBody,
} from './users';
import {
  DomainCreateBody,
  DomainUpdateBody,
  KeystoneDomain,
  KeystoneDomainList,
  RoleCreateBody,
  RoleUpdateBody,
} from './domains';
import { GroupCreateBody, GroupListQuery, GroupMemberParams, GroupUpdateBody } from './groups';
import { DomainContextBody, KeystoneVersion, ServiceCatalog, UserSession } from './session';
import { NoContent } from '../common';
import { route, routes } from '../route';

/** /api/keystone/… (spec 2 §7 "Identity"). */
export const keystoneRoutes = {
  ...routes('keystone', {
    version: route({
      method: 'GET',
      path: '/api/keystone/version/',
      response: { 200: KeystoneVersion },
    }),
    userSession: route({
      method: 'GET',
      path: '/api/keystone/user-session/',
      response: { 200: UserSession },
    }),
    catalog: route({
      method: 'GET',
      path: '/api/keystone/svc-catalog/',
      response: { 200: ServiceCatalog },
    }),
    /** Set Domain Context (admins): kept in the server-side session; answers the new session. */
    setDomainContext: route({
      method: 'PUT',
      path: '/api/keystone/domain-context/',
      body: DomainContextBody,
      response: { 200: UserSession },
    }),
    clearDomainContext: route({
      method: 'DELETE',
      path: '/api/keystone/domain-context/',
      response: { 200: UserSession },
    }),
  }),
  ...routes('keystone.projects', {
    list: route({
      method: 'GET',
      path: '/api/keystone/projects/',
      query: ProjectListQuery,
      response: { 200: ProjectList },
    }),
    create: route({
      method: 'POST',
      path: '/api/keystone/projects/',
      body: ProjectCreateBody,
      response: { 201: Project },
    }),
    /** Bulk delete (spec 2 §7): each id deleted, each outcome reported. */
    deleteMany: route({
      method: 'DELETE',
      path: '/api/keystone/projects/',
      body: IdsBody,
      response: { 200: BulkDeleteResult },
    }),
    get: route({
      method: 'GET',
      path: '/api/keystone/projects/:id/',
      params: IdParams,
      response: { 200: Project },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/keystone/projects/:id/',
      params: IdParams,
      body: ProjectUpdateBody,
      response: { 200: Project },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/keystone/projects/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
    members: route({
      method: 'GET',
      path: '/api/keystone/projects/:id/members/',
      params: IdParams,
      response: { 200: ProjectMemberList },
    }),
    /** Sets the project's user members to exactly these, granting and revoking the difference. */
    setMembers: route({
      method: 'PUT',
      path: '/api/keystone/projects/:id/members/',
      params: IdParams,
      body: ProjectMembersBody,
      response: { 204: NoContent },
    }),
    /** Grants a role (spec 2 §7: PUT /api/keystone/projects/{projectId}/{roleId}/{userId}). */
    grant: route({
      method: 'PUT',
      path: '/api/keystone/projects/:projectId/:roleId/:userId/',
      params: GrantParams,
      response: { 204: NoContent },
    }),
    revoke: route({
      method: 'DELETE',
      path: '/api/keystone/projects/:projectId/:roleId/:userId/',
      params: GrantParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('keystone.users', {
    list: route({
      method: 'GET',
      path: '/api/keystone/users/',
      query: UserListQuery,
      response: { 200: KeystoneUserList },
    }),
    create: route({
      method: 'POST',
      path: '/api/keystone/users/',
      body: UserCreateBody,
      response: { 201: KeystoneUser },
    }),
    deleteMany: route({
      method: 'DELETE',
      path: '/api/keystone/users/',
      body: IdsBody,
      response: { 200: BulkDeleteResult },
    }),
    /** `:id` may be `current`, the signed-in user (spec 3 §7). */
    get: route({
      method: 'GET',
      path: '/api/keystone/users/:id/',
      params: IdParams,
      response: { 200: KeystoneUser },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/keystone/users/:id/',
      params: IdParams,
      body: UserUpdateBody,
      response: { 200: KeystoneUser },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/keystone/users/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
    /**
     * The signed-in user's own password (spec 3 §4). A wrong current password is a 400, so the
     * form opens again; on success Keystone revokes the user's tokens and the session ends.
     */
    changeOwnPassword: route({
      method: 'POST',
      path: '/api/keystone/user-password/',
      body: OwnPasswordBody,
      response: { 204: NoContent },
    }),
    roleAssignments: route({
      method: 'GET',
      path: '/api/keystone/users/:id/role-assignments/',
      params: IdParams,
      response: { 200: UserRoleAssignmentList },
    }),
    groups: route({
      method: 'GET',
      path: '/api/keystone/users/:id/groups/',
      params: IdParams,
      response: { 200: KeystoneGroupList },
    }),
  }),
  ...routes('keystone.roles', {
    list: route({
      method: 'GET',
      path: '/api/keystone/roles/',
      response: { 200: RoleList },
    }),
    create: route({
      method: 'POST',
      path: '/api/keystone/roles/',
      body: RoleCreateBody,
      response: { 201: Role },
    }),
    get: route({
      method: 'GET',
      path: '/api/keystone/roles/:id/',
      params: IdParams,
      response: { 200: Role },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/keystone/roles/:id/',
      params: IdParams,
      body: RoleUpdateBody,
      response: { 200: Role },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/keystone/roles/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('keystone.domains', {
    /** Without list_domains only the default domain (spec 3 §6). */
    list: route({
      method: 'GET',
      path: '/api/keystone/domains/',
      response: { 200: KeystoneDomainList },
    }),
    create: route({
      method: 'POST',
      path: '/api/keystone/domains/',
      body: DomainCreateBody,
      response: { 201: KeystoneDomain },
    }),
    get: route({
      method: 'GET',
      path: '/api/keystone/domains/:id/',
      params: IdParams,
      response: { 200: KeystoneDomain },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/keystone/domains/:id/',
      params: IdParams,
      body: DomainUpdateBody,
      response: { 200: KeystoneDomain },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/keystone/domains/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('keystone.groups', {
    list: route({
      method: 'GET',
      path: '/api/keystone/groups/',
      query: GroupListQuery,
      response: { 200: KeystoneGroupList },
    }),
    create: route({
      method: 'POST',
      path: '/api/keystone/groups/',
      body: GroupCreateBody,
      response: { 201: KeystoneGroup },
    }),
    /** Bulk delete (spec 2 §7): each id deleted, each outcome reported. */
    deleteMany: route({
      method: 'DELETE',
      path: '/api/keystone/groups/',
      body: IdsBody,
      response: { 200: BulkDeleteResult },
    }),
    get: route({
      method: 'GET',
      path: '/api/keystone/groups/:id/',
      params: IdParams,
      response: { 200: KeystoneGroup },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/keystone/groups/:id/',
      params: IdParams,
      body: GroupUpdateBody,
      response: { 200: KeystoneGroup },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/keystone/groups/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
    members: route({
      method: 'GET',
      path: '/api/keystone/groups/:id/members/',
      params: IdParams,
      response: { 200: KeystoneUserList },
    }),
    addMember: route({
      method: 'PUT',
      path: '/api/keystone/groups/:id/members/:userId/',
      params: GroupMemberParams,
      response: { 204: NoContent },
    }),
    removeMember: route({
      method: 'DELETE',
      path: '/api/keystone/groups/:id/members/:userId/',
      params: GroupMemberParams,
      response: { 204: NoContent },
    }),
  }),
};
