/**
 * Keystone v3 JSON as the service sends it (Zed). Field names are upstream's; optional marks what
 * Keystone leaves out in some answers or versions.
 */

export interface Links {
  self: string;
  previous?: string | null;
  next?: string | null;
}

export type EndpointInterface = 'public' | 'internal' | 'admin';

export interface CatalogEndpoint {
  id: string;
  interface: EndpointInterface;
  /** The region's id; older Keystones send only `region`, newer send both with one value. */
  region_id?: string | null;
  region?: string | null;
  url: string;
}

export interface CatalogEntry {
  id: string;
  type: string;
  name?: string;
  endpoints: CatalogEndpoint[];
}

export interface TokenUser {
  id: string;
  name: string;
  domain: { id: string; name: string };
  password_expires_at: string | null;
  'OS-FEDERATION'?: unknown;
}

export interface TokenRole {
  id: string;
  name: string;
  domain_id?: string | null;
}

export interface TokenProject {
  id: string;
  name: string;
  domain: { id: string; name: string };
}

/** The `token` object of `POST/GET /v3/auth/tokens`. */
export interface TokenBody {
  methods: string[];
  user: TokenUser;
  audit_ids: string[];
  expires_at: string;
  issued_at: string;
  project?: TokenProject;
  domain?: { id: string; name: string };
  system?: { all: boolean };
  roles?: TokenRole[];
  catalog?: CatalogEntry[];
  is_domain?: boolean;
  is_admin_project?: boolean;
  application_credential?: { id: string; name: string; restricted: boolean };
}

export interface TokenResponse {
  token: TokenBody;
}

export interface VersionLink {
  rel: string;
  href: string;
  type?: string;
}

export interface IdentityVersion {
  id: string;
  status: string;
  updated?: string;
  links?: VersionLink[];
  'media-types'?: { base: string; type: string }[];
}

export interface IdentityVersionResponse {
  version: IdentityVersion;
}

export interface Domain {
  id: string;
  name: string;
  description?: string;
  enabled: boolean;
  tags?: string[];
  options?: Record<string, unknown>;
  links?: { self: string };
}

export interface Project {
  id: string;
  name: string;
  domain_id: string;
  description?: string;
  enabled: boolean;
  parent_id: string | null;
  is_domain: boolean;
  tags?: string[];
  options?: Record<string, unknown>;
  links?: { self: string };
}

/** `POST /domains` and `PATCH /domains/{id}` bodies. */
export interface DomainWrite {
  name?: string;
  description?: string;
  enabled?: boolean;
}

/** `POST /roles` and `PATCH /roles/{id}` bodies. */
export interface RoleWrite {
  name?: string;
  description?: string;
}

/** `POST /projects` body (inside `{"project": …}`). */
export interface ProjectCreate {
  name: string;
  description?: string;
  domain_id?: string;
  enabled?: boolean;
}

export interface ProjectUpdate {
  name?: string;
  description?: string;
  enabled?: boolean;
}

/** `POST /users` body (inside `{"user": …}`); `email` is an extra attribute Keystone keeps. */
export interface UserCreate {
  name: string;
  domain_id?: string;
  password?: string;
  email?: string;
  description?: string;
  default_project_id?: string;
  enabled?: boolean;
}

export interface UserUpdate {
  name?: string;
  password?: string;
  email?: string;
  description?: string;
  default_project_id?: string;
  enabled?: boolean;
}

export interface User {
  id: string;
  name: string;
  domain_id: string;
  enabled: boolean;
  default_project_id?: string;
  description?: string;
  email?: string;
  password_expires_at: string | null;
  federated?: unknown[];
  options?: Record<string, unknown>;
  links?: { self: string };
}

export interface Group {
  id: string;
  name: string;
  domain_id: string;
  description?: string;
  links?: { self: string };
}

export interface Role {
  id: string;
  name: string;
  domain_id: string | null;
  description?: string;
  options?: Record<string, unknown>;
  links?: { self: string };
}

export interface Region {
  id: string;
  description: string;
  parent_region_id: string | null;
  links?: { self: string };
}

export interface RoleRef {
  id: string;
  name?: string;
  domain?: { id: string; name?: string };
}

export interface ActorRef {
  id: string;
  name?: string;
  domain?: { id: string; name?: string };
}

export interface RoleAssignment {
  role: RoleRef;
  user?: ActorRef;
  group?: ActorRef;
  scope: {
    project?: ActorRef;
    domain?: { id: string; name?: string };
    system?: { all: boolean };
    'OS-INHERIT:inherited_to'?: 'projects';
  };
  links: { assignment: string; membership?: string };
}

export interface RoleSummary {
  id: string;
  name: string;
  links?: { self: string };
}

/** One prior role and the roles it implies (`GET /v3/role_inferences`). */
export interface ImpliedRole {
  prior_role: RoleSummary;
  implies: RoleSummary[];
}

export interface RoleInferencesResponse {
  role_inferences: ImpliedRole[];
}

/** List envelopes: `{ "projects": [...], "links": {...} }` and friends. */
export type ListResponse<K extends string, T> = { [P in K]: T[] } & {
  links?: Links;
  truncated?: boolean;
};

export type ProjectsResponse = ListResponse<'projects', Project>;
export type DomainsResponse = ListResponse<'domains', Domain>;
export type UsersResponse = ListResponse<'users', User>;
export type GroupsResponse = ListResponse<'groups', Group>;
export type RolesResponse = ListResponse<'roles', Role>;
export type RegionsResponse = ListResponse<'regions', Region>;
export type RoleAssignmentsResponse = ListResponse<'role_assignments', RoleAssignment>;

/** Query filters Keystone accepts on lists; every list also takes free-form upstream filters. */
export type KeystoneQueryValue = string | number | boolean | readonly string[] | undefined;

export interface ProjectQuery {
  name?: string;
  domain_id?: string;
  enabled?: boolean;
  is_domain?: boolean;
  parent_id?: string;
  tags?: string;
  [filter: string]: KeystoneQueryValue;
}

export interface DomainQuery {
  name?: string;
  enabled?: boolean;
  [filter: string]: KeystoneQueryValue;
}

export interface UserQuery {
  name?: string;
  domain_id?: string;
  enabled?: boolean;
  idp_id?: string;
  protocol_id?: string;
  unique_id?: string;
  [filter: string]: KeystoneQueryValue;
}

export interface GroupQuery {
  name?: string;
  domain_id?: string;
  [filter: string]: KeystoneQueryValue;
}

/** The writable fields of a group (`domain_id` only on create: Keystone refuses a move). */
export interface GroupWrite {
  name?: string;
  description?: string;
  domain_id?: string;
}

export interface RoleQuery {
  name?: string;
  domain_id?: string;
  [filter: string]: KeystoneQueryValue;
}

export interface RoleAssignmentQuery {
  'user.id'?: string;
  'group.id'?: string;
  'role.id'?: string;
  'scope.project.id'?: string;
  'scope.domain.id'?: string;
  'scope.system'?: string;
  'scope.OS-INHERIT:inherited_to'?: string;
  /** Expand group memberships and implied roles. Presence-only upstream; false is omitted. */
  effective?: boolean;
  /** Add names to role, actor and scope references. Presence-only upstream. */
  include_names?: boolean;
  include_subtree?: boolean;
}
