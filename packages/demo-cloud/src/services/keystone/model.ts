import { createCollectionTable, defineCollection } from '../../store/collection';
import type { Migration } from '../../store/store';

export interface DomainDoc {
  readonly id: string;
  name: string;
  description: string;
  enabled: boolean;
  tags: string[];
  options: Record<string, unknown>;
}

export interface ProjectDoc {
  readonly id: string;
  name: string;
  readonly domain_id: string;
  /** The domain id for a top-level project, as Keystone answers. */
  readonly parent_id: string;
  readonly is_domain: boolean;
  enabled: boolean;
  description: string;
  tags: string[];
  options: Record<string, unknown>;
  /** Free-form attributes Keystone keeps and echoes back. */
  extra: Record<string, unknown>;
}

export interface UserDoc {
  readonly id: string;
  name: string;
  readonly domain_id: string;
  enabled: boolean;
  default_project_id: string | null;
  /** `scrypt$<salt>$<hash>`; null for a user without a password. */
  password_hash: string | null;
  password_expires_at: string | null;
  options: Record<string, unknown>;
  extra: Record<string, unknown>;
  readonly created_at: string;
}

export interface GroupDoc {
  readonly id: string;
  name: string;
  readonly domain_id: string;
  description: string;
}

export interface MembershipDoc {
  readonly id: string;
  readonly group_id: string;
  readonly user_id: string;
}

export interface RoleDoc {
  readonly id: string;
  name: string;
  readonly domain_id: string | null;
  description: string | null;
  options: Record<string, unknown>;
}

export interface ImpliedRoleDoc {
  readonly id: string;
  readonly prior_role_id: string;
  readonly implied_role_id: string;
}

export type AssignmentType =
  'UserProject' | 'GroupProject' | 'UserDomain' | 'GroupDomain' | 'UserSystem' | 'GroupSystem';

/** The target id of system role assignments (Keystone's only system, `all`). */
export const SYSTEM_ALL = 'all';

export interface AssignmentDoc {
  readonly id: string;
  readonly type: AssignmentType;
  readonly actor_id: string;
  readonly target_id: string;
  readonly role_id: string;
}

export interface RegionDoc {
  readonly id: string;
  description: string;
  parent_region_id: string | null;
}

export interface ServiceDoc {
  readonly id: string;
  readonly type: string;
  name: string;
  description: string;
  enabled: boolean;
}

export interface EndpointDoc {
  readonly id: string;
  readonly service_id: string;
  readonly region_id: string;
  readonly interface: string;
  /** Path under the public base URL; the base is added when answering so it follows the bound port. */
  readonly path: string;
  enabled: boolean;
}

export interface TokenDoc {
  /** sha256 of the token, so the store never holds a usable token. */
  readonly id: string;
  readonly user_id: string;
  readonly methods: string[];
  readonly project_id: string | null;
  readonly domain_id: string | null;
  /** `all` for a system-scoped token; absent in tokens stored before system scope existed. */
  readonly system?: string | null;
  readonly issued_at: string;
  readonly expires_at: string;
  readonly audit_ids: string[];
  revoked: boolean;
  /** Set on tokens issued with the application_credential method. */
  readonly application_credential_id?: string | null;
}

export interface AccessRuleDoc {
  readonly id: string;
  readonly service: string;
  readonly path: string;
  readonly method: string;
}

export interface ApplicationCredentialDoc {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly user_id: string;
  readonly project_id: string;
  /** scrypt hash of the secret, which is shown only once. */
  readonly secret_hash: string;
  readonly expires_at: string | null;
  /** null when the creator did not say, as Keystone keeps it. */
  readonly unrestricted: boolean | null;
  readonly role_ids: string[];
  readonly access_rules: AccessRuleDoc[];
}

export const assignmentId = (
  type: AssignmentType,
  actor: string,
  target: string,
  role: string,
): string => `${type}:${actor}:${target}:${role}`;

export const membershipId = (groupId: string, userId: string): string => `${groupId}:${userId}`;

export const domains = defineCollection<DomainDoc>('keystone_domains', { name: (d) => d.name });
export const projects = defineCollection<ProjectDoc>('keystone_projects', {
  name: (p) => p.name,
  domain_id: (p) => p.domain_id,
  parent_id: (p) => p.parent_id,
});
export const users = defineCollection<UserDoc>('keystone_users', {
  name: (u) => u.name,
  domain_id: (u) => u.domain_id,
});
export const groups = defineCollection<GroupDoc>('keystone_groups', {
  name: (g) => g.name,
  domain_id: (g) => g.domain_id,
});
export const memberships = defineCollection<MembershipDoc>('keystone_memberships', {
  group_id: (m) => m.group_id,
  user_id: (m) => m.user_id,
});
export const roles = defineCollection<RoleDoc>('keystone_roles', { name: (r) => r.name });
export const impliedRoles = defineCollection<ImpliedRoleDoc>('keystone_implied_roles', {
  prior_role_id: (i) => i.prior_role_id,
});
export const assignments = defineCollection<AssignmentDoc>('keystone_assignments', {
  actor_id: (a) => a.actor_id,
  target_id: (a) => a.target_id,
  role_id: (a) => a.role_id,
});
export const regions = defineCollection<RegionDoc>('keystone_regions');
export const services = defineCollection<ServiceDoc>('keystone_services', { type: (s) => s.type });
export const endpoints = defineCollection<EndpointDoc>('keystone_endpoints', {
  service_id: (e) => e.service_id,
});
export const tokens = defineCollection<TokenDoc>('keystone_tokens', {
  user_id: (t) => t.user_id,
  expires_at: (t) => t.expires_at,
});

export const applicationCredentials = defineCollection<ApplicationCredentialDoc>(
  'keystone_application_credentials',
  { user_id: (a) => a.user_id },
);

export const keystoneMigrations: readonly Migration[] = [
  {
    version: 1,
    up: (db) => {
      for (const def of [
        domains,
        projects,
        users,
        groups,
        memberships,
        roles,
        impliedRoles,
        assignments,
        regions,
        services,
        endpoints,
        tokens,
      ]) {
        createCollectionTable(db, def);
      }
    },
  },
  {
    version: 2,
    up: (db) => {
      createCollectionTable(db, applicationCredentials);
    },
  },
];
