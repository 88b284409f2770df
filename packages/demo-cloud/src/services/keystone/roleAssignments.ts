import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import { listLinks, queryFlag, queryString, v3Url } from './http';
import type { Json } from './http';
import {
  assignments,
  domains,
  groups,
  impliedRoles,
  memberships,
  projects,
  roles,
  users,
} from './model';
import type { AssignmentDoc } from './model';
import { subtreeIds } from './projects';

interface Entry {
  readonly roleId: string;
  readonly actor: { readonly kind: 'user' | 'group'; readonly id: string };
  readonly scope: { readonly kind: 'project' | 'domain' | 'system'; readonly id: string };
  /** The stored grant this entry comes from (for the `assignment` link). */
  readonly source: AssignmentDoc;
  /** Set when a group grant was expanded to a member (effective listing). */
  readonly viaGroup?: string;
  /** Set when the role is implied by another (effective listing). */
  readonly priorRoleId?: string;
}

const fromDoc = (doc: AssignmentDoc): Entry => ({
  roleId: doc.role_id,
  actor: { kind: doc.type.startsWith('User') ? 'user' : 'group', id: doc.actor_id },
  scope: {
    kind: doc.type.endsWith('Project')
      ? 'project'
      : doc.type.endsWith('Domain')
        ? 'domain'
        : 'system',
    id: doc.target_id,
  },
  source: doc,
});

const expandGroups = (store: Store, entries: Entry[]): Entry[] =>
  entries.flatMap((e) => {
    if (e.actor.kind === 'user') return [e];
    return store
      .collection(memberships)
      .where('group_id', e.actor.id)
      .map((m) => ({
        ...e,
        actor: { kind: 'user' as const, id: m.user_id },
        viaGroup: e.actor.id,
      }));
  });

/**
 * Keystone's add_implied_roles: every entry stays, and each implied role is appended as a copy
 * of the entry it follows from (its prior role recorded), worked off a stack, so the order of
 * the answer is keystone's.
 */
const expandImplied = (store: Store, entries: Entry[]): Entry[] => {
  const rules = store.collection(impliedRoles);
  const key = (e: Entry): string =>
    JSON.stringify([e.actor, e.scope, e.roleId, e.viaGroup ?? null, e.priorRoleId ?? null]);
  const results = [...entries];
  const toCheck = [...entries];
  const checked = new Set<string>();
  for (let next = toCheck.pop(); next !== undefined; next = toCheck.pop()) {
    checked.add(key(next));
    for (const rule of rules.where('prior_role_id', next.roleId)) {
      const implied: Entry = { ...next, roleId: rule.implied_role_id, priorRoleId: next.roleId };
      // A cycle of implications ends where it started.
      if (checked.has(key(implied))) continue;
      results.push(implied);
      toCheck.push(implied);
    }
  }
  return results;
};

const named = (
  store: Store,
  entry: Entry,
  includeNames: boolean,
): { role: Json; actor: Json; scope: Json } => {
  const role: Json = { id: entry.roleId };
  const actor: Json = { id: entry.actor.id };
  const scope: Json = { id: entry.scope.id };
  if (!includeNames) return { role, actor, scope };
  const domainRef = (id: string): Json => ({
    id,
    name: store.collection(domains).get(id)?.name ?? '',
  });
  const roleDoc = store.collection(roles).get(entry.roleId);
  role['name'] = roleDoc?.name ?? '';
  if (roleDoc?.domain_id) role['domain'] = domainRef(roleDoc.domain_id);
  const actorDoc =
    entry.actor.kind === 'user'
      ? store.collection(users).get(entry.actor.id)
      : store.collection(groups).get(entry.actor.id);
  if (actorDoc) {
    actor['name'] = actorDoc.name;
    actor['domain'] = domainRef(actorDoc.domain_id);
  }
  if (entry.scope.kind === 'project') {
    const project = store.collection(projects).get(entry.scope.id);
    if (project) {
      scope['name'] = project.name;
      scope['domain'] = domainRef(project.domain_id);
    }
  } else if (entry.scope.kind === 'domain') {
    scope['name'] = store.collection(domains).get(entry.scope.id)?.name ?? '';
  }
  return { role, actor, scope };
};

const render = (
  ctx: CloudContext,
  request: FastifyRequest,
  entry: Entry,
  includeNames: boolean,
): Json => {
  const { role, actor, scope } = named(ctx.store, entry, includeNames);
  const src = entry.source;
  const sourceActor = src.type.startsWith('User') ? 'users' : 'groups';
  const sourceScope = src.type.endsWith('Project')
    ? `projects/${src.target_id}`
    : src.type.endsWith('Domain')
      ? `domains/${src.target_id}`
      : 'system';
  // An implied role's assignment link names the role it was implied by (one step up).
  const linkedRole = entry.priorRoleId ?? src.role_id;
  const links: Json = {
    assignment: v3Url(
      ctx,
      request,
      `/${sourceScope}/${sourceActor}/${src.actor_id}/roles/${linkedRole}`,
    ),
  };
  if (entry.viaGroup)
    links['membership'] = v3Url(ctx, request, `/groups/${entry.viaGroup}/users/${entry.actor.id}`);
  const out: Json = {
    role,
    scope: { [entry.scope.kind]: entry.scope.kind === 'system' ? { all: true } : scope },
    [entry.actor.kind]: actor,
    links,
  };
  if (entry.priorRoleId) {
    // Keystone's path: the implied role first, then the role implying it.
    links['prior_role'] = v3Url(
      ctx,
      request,
      `/prior_role/${entry.roleId}/implies/${entry.priorRoleId}`,
    );
  }
  return out;
};

/** GET /v3/role_assignments with Keystone's filters, `effective`, `include_names` and `include_subtree`. */
export const roleAssignmentRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get('/role_assignments', async (request) => {
    const q = request.query;
    const userId = queryString(q, 'user.id');
    const groupId = queryString(q, 'group.id');
    const roleId = queryString(q, 'role.id');
    const projectId = queryString(q, 'scope.project.id');
    const domainId = queryString(q, 'scope.domain.id');
    const system = queryString(q, 'scope.system');
    const effective = queryFlag(q, 'effective') ?? false;
    const includeNames = queryFlag(q, 'include_names') ?? false;
    const includeSubtree = queryFlag(q, 'include_subtree') ?? false;
    if (includeSubtree && projectId === undefined) {
      throw new Fault(
        400,
        'scope.project.id must be specified if include_subtree is also specified',
      );
    }
    if (projectId !== undefined && domainId !== undefined) {
      throw new Fault(400, 'Specify a domain or project, not both');
    }
    if (userId !== undefined && groupId !== undefined) {
      throw new Fault(400, 'Specify a user or group, not both');
    }
    authorize(
      request,
      'identity',
      includeSubtree ? 'identity:list_role_assignments_for_tree' : 'identity:list_role_assignments',
      { target: { project: { id: projectId } } },
    );

    let entries = ctx.store.collection(assignments).all().map(fromDoc);
    if (effective) entries = expandImplied(ctx.store, expandGroups(ctx.store, entries));
    const projectIds =
      projectId === undefined
        ? undefined
        : new Set(includeSubtree ? subtreeIds(ctx.store, projectId) : [projectId]);
    const list = entries
      .filter((e) => userId === undefined || (e.actor.kind === 'user' && e.actor.id === userId))
      .filter((e) => groupId === undefined || (e.actor.kind === 'group' && e.actor.id === groupId))
      .filter((e) => roleId === undefined || e.roleId === roleId)
      .filter(
        (e) =>
          projectIds === undefined || (e.scope.kind === 'project' && projectIds.has(e.scope.id)),
      )
      .filter(
        (e) => domainId === undefined || (e.scope.kind === 'domain' && e.scope.id === domainId),
      )
      .filter((e) => system === undefined || e.scope.kind === 'system');
    return {
      role_assignments: list.map((e) => render(ctx, request, e, includeNames)),
      links: listLinks(ctx, request),
    };
  });
};
