import { hexId } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import { projects, users, type ProjectDoc, type UserDoc } from './model';

const DEFAULT_DOMAIN = 'default';

/**
 * The identity scale seed (`DEMO_CLOUD_SCALE=users=10000,projects=2000`, bench:identity):
 * `count` more users or projects in the Default domain, named `scale-user-00001`… so a name
 * filter has something to find. Users get no password: nobody signs in as them, and hashing
 * 10,000 passwords would take the seed minutes.
 */
export const scaleUsers = (ctx: CloudContext, count: number): void => {
  const done = Number(ctx.store.getMeta('keystone:scale:users') ?? '0');
  const col = ctx.store.collection(users);
  const at = ctx.now().toISOString();
  for (let i = 1; i <= count; i++) {
    const n = String(done + i).padStart(5, '0');
    const user: UserDoc = {
      id: hexId(),
      name: `scale-user-${n}`,
      domain_id: DEFAULT_DOMAIN,
      enabled: true,
      default_project_id: null,
      password_hash: null,
      password_expires_at: null,
      options: {},
      extra: { email: `scale-user-${n}@example.org` },
      created_at: at,
    };
    col.insert(user);
  }
  ctx.store.setMeta('keystone:scale:users', String(done + count));
};

export const scaleProjects = (ctx: CloudContext, count: number): void => {
  const done = Number(ctx.store.getMeta('keystone:scale:projects') ?? '0');
  const col = ctx.store.collection(projects);
  for (let i = 1; i <= count; i++) {
    const n = String(done + i).padStart(5, '0');
    const project: ProjectDoc = {
      id: hexId(),
      name: `scale-project-${n}`,
      domain_id: DEFAULT_DOMAIN,
      parent_id: DEFAULT_DOMAIN,
      is_domain: false,
      enabled: true,
      description: `Scale seed project ${n}`,
      tags: [],
      options: {},
      extra: {},
    };
    col.insert(project);
  }
  ctx.store.setMeta('keystone:scale:projects', String(done + count));
};
