import { withVersion } from '../http/catalog';
import { createServiceHttp } from '../http/serviceHttp';
import { urlPath } from '../http/url';
import { defineCollection } from './collection';
import { revokeToken, validateToken } from './tokens';
import type { CallOptions, FetchLike } from '../http/request';
import type {
  Domain,
  DomainQuery,
  DomainWrite,
  Group,
  GroupQuery,
  GroupWrite,
  IdentityVersion,
  IdentityVersionResponse,
  ImpliedRole,
  Project,
  ProjectCreate,
  ProjectQuery,
  ProjectUpdate,
  Region,
  Role,
  RoleAssignment,
  RoleAssignmentQuery,
  RoleInferencesResponse,
  RoleQuery,
  RoleWrite,
  TokenBody,
  User,
  UserCreate,
  UserQuery,
  UserUpdate,
} from './types';

export interface KeystoneClientOptions {
  /** Keystone v3 URL (`http://host/identity/v3`); an unversioned URL gets `/v3`. */
  authUrl: string;
  token: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export interface KeystoneClient {
  readonly baseUrl: string;
  version(options?: CallOptions): Promise<IdentityVersion>;
  validateToken(
    subjectToken: string,
    options?: CallOptions & { nocatalog?: boolean; allowExpired?: boolean },
  ): Promise<TokenBody>;
  revokeToken(subjectToken: string, options?: CallOptions): Promise<void>;
  /** Projects the token's user may scope to (`GET /auth/projects`). */
  listAuthProjects(options?: CallOptions): Promise<Project[]>;
  /** Domains the token's user may scope to (`GET /auth/domains`). */
  listAuthDomains(options?: CallOptions): Promise<Domain[]>;
  listUserProjects(userId: string, options?: CallOptions): Promise<Project[]>;
  listProjects(query?: ProjectQuery, options?: CallOptions): Promise<Project[]>;
  getProject(id: string, options?: CallOptions): Promise<Project>;
  createProject(body: ProjectCreate, options?: CallOptions): Promise<Project>;
  updateProject(id: string, patch: ProjectUpdate, options?: CallOptions): Promise<Project>;
  deleteProject(id: string, options?: CallOptions): Promise<void>;
  /** `PUT /projects/{p}/users/{u}/roles/{r}`: grants a role on a project to a user. */
  grantProjectUserRole(
    projectId: string,
    userId: string,
    roleId: string,
    options?: CallOptions,
  ): Promise<void>;
  revokeProjectUserRole(
    projectId: string,
    userId: string,
    roleId: string,
    options?: CallOptions,
  ): Promise<void>;
  listDomains(query?: DomainQuery, options?: CallOptions): Promise<Domain[]>;
  getDomain(id: string, options?: CallOptions): Promise<Domain>;
  createDomain(body: DomainWrite & { name: string }, options?: CallOptions): Promise<Domain>;
  updateDomain(id: string, patch: DomainWrite, options?: CallOptions): Promise<Domain>;
  deleteDomain(id: string, options?: CallOptions): Promise<void>;
  listUsers(query?: UserQuery, options?: CallOptions): Promise<User[]>;
  getUser(id: string, options?: CallOptions): Promise<User>;
  createUser(body: UserCreate, options?: CallOptions): Promise<User>;
  updateUser(id: string, patch: UserUpdate, options?: CallOptions): Promise<User>;
  deleteUser(id: string, options?: CallOptions): Promise<void>;
  /**
   * `POST /users/{id}/password`: the user's own change, authenticated by the original password
   * (a wrong one is Keystone's 401). Keystone then revokes the user's tokens.
   */
  changePassword(
    userId: string,
    originalPassword: string,
    password: string,
    options?: CallOptions,
  ): Promise<void>;
  /** Groups the user belongs to (`GET /users/{id}/groups`). */
  listUserGroups(userId: string, options?: CallOptions): Promise<Group[]>;
  listGroups(query?: GroupQuery, options?: CallOptions): Promise<Group[]>;
  getGroup(id: string, options?: CallOptions): Promise<Group>;
  createGroup(body: GroupWrite & { name: string }, options?: CallOptions): Promise<Group>;
  updateGroup(id: string, patch: GroupWrite, options?: CallOptions): Promise<Group>;
  deleteGroup(id: string, options?: CallOptions): Promise<void>;
  /** The group's members (`GET /groups/{id}/users`). */
  listGroupUsers(groupId: string, options?: CallOptions): Promise<User[]>;
  /** `PUT /groups/{g}/users/{u}`: adds the user to the group (idempotent upstream). */
  addUserToGroup(groupId: string, userId: string, options?: CallOptions): Promise<void>;
  /** `DELETE /groups/{g}/users/{u}`: a user not in the group is Keystone's 404. */
  removeUserFromGroup(groupId: string, userId: string, options?: CallOptions): Promise<void>;
  listRoles(query?: RoleQuery, options?: CallOptions): Promise<Role[]>;
  getRole(id: string, options?: CallOptions): Promise<Role>;
  createRole(body: RoleWrite & { name: string }, options?: CallOptions): Promise<Role>;
  updateRole(id: string, patch: RoleWrite, options?: CallOptions): Promise<Role>;
  deleteRole(id: string, options?: CallOptions): Promise<void>;
  listRoleAssignments(
    query?: RoleAssignmentQuery,
    options?: CallOptions,
  ): Promise<RoleAssignment[]>;
  listRoleInferences(options?: CallOptions): Promise<ImpliedRole[]>;
  listRegions(options?: CallOptions): Promise<Region[]>;
}

export function createKeystoneClient(options: KeystoneClientOptions): KeystoneClient {
  const baseUrl = withVersion(options.authUrl, 'v3');
  const http = createServiceHttp({
    service: 'identity',
    baseUrl,
    token: options.token,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });

  const projects = defineCollection<Project, ProjectQuery>(http, {
    path: 'projects',
    one: 'project',
    many: 'projects',
  });
  const domains = defineCollection<Domain, DomainQuery>(http, {
    path: 'domains',
    one: 'domain',
    many: 'domains',
  });
  const users = defineCollection<User, UserQuery>(http, {
    path: 'users',
    one: 'user',
    many: 'users',
  });
  const roles = defineCollection<Role, RoleQuery>(http, {
    path: 'roles',
    one: 'role',
    many: 'roles',
  });
  const groups = defineCollection<Group, GroupQuery>(http, {
    path: 'groups',
    one: 'group',
    many: 'groups',
  });
  const regions = defineCollection<Region>(http, {
    path: 'regions',
    one: 'region',
    many: 'regions',
  });
  const roleAssignments = defineCollection<RoleAssignment, RoleAssignmentQuery>(http, {
    path: 'role_assignments',
    one: 'role_assignment',
    many: 'role_assignments',
  });
  const authProjects = defineCollection<Project>(http, {
    path: 'auth/projects',
    one: 'project',
    many: 'projects',
  });
  const authDomains = defineCollection<Domain>(http, {
    path: 'auth/domains',
    one: 'domain',
    many: 'domains',
  });

  return {
    baseUrl,
    async version(call = {}) {
      const answer = await http.json<IdentityVersionResponse>({ ...call });
      return answer.version;
    },
    validateToken: (subjectToken, call) => validateToken(http, subjectToken, call),
    revokeToken: (subjectToken, call) => revokeToken(http, subjectToken, call),
    listAuthProjects: (call) => authProjects.list(undefined, call),
    listAuthDomains: (call) => authDomains.list(undefined, call),
    listUserProjects: (userId, call) =>
      defineCollection<Project>(http, {
        path: urlPath`users/${userId}/projects`,
        one: 'project',
        many: 'projects',
      }).list(undefined, call),
    listProjects: (query, call) => projects.list(query, call),
    getProject: (id, call) => projects.get(id, call),
    createProject: (body, call) => projects.create({ ...body }, call),
    updateProject: (id, patch, call) => projects.update(id, { ...patch }, call),
    deleteProject: (id, call) => projects.remove(id, call),
    async grantProjectUserRole(projectId, userId, roleId, call = {}) {
      await http.json<unknown>({
        ...call,
        method: 'PUT',
        path: urlPath`projects/${projectId}/users/${userId}/roles/${roleId}`,
      });
    },
    async revokeProjectUserRole(projectId, userId, roleId, call = {}) {
      await http.json<unknown>({
        ...call,
        method: 'DELETE',
        path: urlPath`projects/${projectId}/users/${userId}/roles/${roleId}`,
      });
    },
    listDomains: (query, call) => domains.list(query, call),
    getDomain: (id, call) => domains.get(id, call),
    createDomain: (body, call) => domains.create({ ...body }, call),
    updateDomain: (id, patch, call) => domains.update(id, { ...patch }, call),
    deleteDomain: (id, call) => domains.remove(id, call),
    listUsers: (query, call) => users.list(query, call),
    getUser: (id, call) => users.get(id, call),
    createUser: (body, call) => users.create({ ...body }, call),
    updateUser: (id, patch, call) => users.update(id, { ...patch }, call),
    deleteUser: (id, call) => users.remove(id, call),
    async changePassword(userId, originalPassword, password, call = {}) {
      await http.json<unknown>({
        ...call,
        method: 'POST',
        path: urlPath`users/${userId}/password`,
        json: { user: { original_password: originalPassword, password } },
      });
    },
    listUserGroups: (userId, call) =>
      defineCollection<Group>(http, {
        path: urlPath`users/${userId}/groups`,
        one: 'group',
        many: 'groups',
      }).list(undefined, call),
    listGroups: (query, call) => groups.list(query, call),
    getGroup: (id, call) => groups.get(id, call),
    createGroup: (body, call) => groups.create({ ...body }, call),
    updateGroup: (id, patch, call) => groups.update(id, { ...patch }, call),
    deleteGroup: (id, call) => groups.remove(id, call),
    listGroupUsers: (groupId, call) =>
      defineCollection<User>(http, {
        path: urlPath`groups/${groupId}/users`,
        one: 'user',
        many: 'users',
      }).list(undefined, call),
    async addUserToGroup(groupId, userId, call = {}) {
      await http.json<unknown>({
        ...call,
        method: 'PUT',
        path: urlPath`groups/${groupId}/users/${userId}`,
      });
    },
    async removeUserFromGroup(groupId, userId, call = {}) {
      await http.json<unknown>({
        ...call,
        method: 'DELETE',
        path: urlPath`groups/${groupId}/users/${userId}`,
      });
    },
    listRoles: (query, call) => roles.list(query, call),
    getRole: (id, call) => roles.get(id, call),
    createRole: (body, call) => roles.create({ ...body }, call),
    updateRole: (id, patch, call) => roles.update(id, { ...patch }, call),
    deleteRole: (id, call) => roles.remove(id, call),
    listRoleAssignments: (query, call) => roleAssignments.list(query, call),
    async listRoleInferences(call = {}) {
      const answer = await http.json<RoleInferencesResponse>({ ...call, path: 'role_inferences' });
      return answer.role_inferences;
    },
    listRegions: (call) => regions.list(undefined, call),
  };
}
