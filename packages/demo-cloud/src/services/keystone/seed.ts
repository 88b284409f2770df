import type { CloudContext } from '../../core/service';
import { hexId } from '../../core/ids';
import { syncCatalog } from './catalog';
import {
  SYSTEM_ALL,
  assignmentId,
  assignments,
  domains,
  impliedRoles,
  projects,
  roles,
  users,
} from './model';
import type { ProjectDoc, RoleDoc, UserDoc } from './model';
import { hashPassword } from './passwords';

export const DEFAULT_DOMAIN_ID = 'default';

/** The demo identities; ids are random uuids chosen at first start and kept in the store. */
export const SEED_PROJECTS = [
  { name: 'admin', description: 'Bootstrap project for initializing the cloud.' },
  { name: 'demo', description: 'Project of the demo user.' },
  {
    name: 'alt_demo',
    description: 'A second project, so there is another project to switch to and to hide.',
  },
] as const;

export const SEED_USERS = [
  {
    name: 'admin',
    password: 'admin',
    defaultProject: 'admin',
    grants: [
      ['admin', 'admin'],
      ['admin', 'demo'],
    ],
  },
  {
    name: 'demo',
    password: 'demo',
    defaultProject: 'demo',
    grants: [
      ['member', 'demo'],
      ['member', 'alt_demo'],
    ],
  },
  { name: 'reader', password: 'reader', defaultProject: 'demo', grants: [['reader', 'demo']] },
] as const;

const SEED_ROLES = ['admin', 'member', 'reader'] as const;
const SEED_IMPLICATIONS = [
  ['admin', 'member'],
  ['member', 'reader'],
] as const;

const SEEDED_KEY = 'keystone:seeded';

export const seedKeystone = (ctx: CloudContext): void => {
  const { store } = ctx;
  if (!store.getMeta(SEEDED_KEY)) {
    store.collection(domains).insert({
      id: DEFAULT_DOMAIN_ID,
      name: 'Default',
      description: 'The default domain',
      enabled: true,
      tags: [],
      options: {},
    });

    const roleIds = new Map<string, string>();
    for (const name of SEED_ROLES) {
      // keystone-manage bootstrap marks its roles immutable.
      const role: RoleDoc = {
        id: hexId(),
        name,
        domain_id: null,
        description: null,
        options: { immutable: true },
      };
      store.collection(roles).insert(role);
      roleIds.set(name, role.id);
    }
    const roleId = (name: string): string => roleIds.get(name) ?? '';
    for (const [prior, implied] of SEED_IMPLICATIONS) {
      store.collection(impliedRoles).insert({
        id: `${roleId(prior)}:${roleId(implied)}`,
        prior_role_id: roleId(prior),
        implied_role_id: roleId(implied),
      });
    }

    const projectIds = new Map<string, string>();
    for (const spec of SEED_PROJECTS) {
      const project: ProjectDoc = {
        id: hexId(),
        name: spec.name,
        domain_id: DEFAULT_DOMAIN_ID,
        parent_id: DEFAULT_DOMAIN_ID,
        is_domain: false,
        enabled: true,
        description: spec.description,
        tags: [],
        options: {},
        extra: {},
      };
      store.collection(projects).insert(project);
      projectIds.set(spec.name, project.id);
    }
    const projectId = (name: string): string => projectIds.get(name) ?? '';

    for (const spec of SEED_USERS) {
      const user: UserDoc = {
        id: hexId(),
        name: spec.name,
        domain_id: DEFAULT_DOMAIN_ID,
        enabled: true,
        default_project_id: projectId(spec.defaultProject),
        password_hash: hashPassword(spec.password),
        password_expires_at: null,
        options: {},
        extra: { email: `${spec.name}@example.org` },
        created_at: ctx.now().toISOString(),
      };
      store.collection(users).insert(user);
      if (spec.name === 'admin') {
        // As keystone-manage bootstrap does: the admin user also holds admin on the system.
        store.collection(assignments).insert({
          id: assignmentId('UserSystem', user.id, SYSTEM_ALL, roleId('admin')),
          type: 'UserSystem',
          actor_id: user.id,
          target_id: SYSTEM_ALL,
          role_id: roleId('admin'),
        });
      }
      for (const [role, project] of spec.grants) {
        store.collection(assignments).insert({
          id: assignmentId('UserProject', user.id, projectId(project), roleId(role)),
          type: 'UserProject',
          actor_id: user.id,
          target_id: projectId(project),
          role_id: roleId(role),
        });
      }
    }
    store.setMeta(SEEDED_KEY, new Date().toISOString());
  }
  syncCatalog(ctx);
};
