import type { Store } from '../../store/store';
import { assignments, domains, impliedRoles, memberships, projects, roles } from './model';
import type { AssignmentDoc, DomainDoc, ProjectDoc, RoleDoc } from './model';

export type ScopeRef =
  { readonly projectId: string } | { readonly domainId: string } | { readonly system: 'all' };

export const groupIdsOf = (store: Store, userId: string): string[] =>
  store
    .collection(memberships)
    .where('user_id', userId)
    .map((m) => m.group_id);

/** Assignments that reach a user directly or through a group. */
export const assignmentsReaching = (store: Store, userId: string): AssignmentDoc[] => {
  const col = store.collection(assignments);
  return [userId, ...groupIdsOf(store, userId)].flatMap((actor) => col.where('actor_id', actor));
};

/** The closure of implied roles, prior roles first (admin → member → reader). */
export const withImplied = (store: Store, roleIds: readonly string[]): string[] => {
  const rules = store.collection(impliedRoles);
  const seen = new Set<string>();
  const queue = [...roleIds];
  while (queue.length > 0) {
    const id = queue.shift();
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    for (const rule of rules.where('prior_role_id', id)) queue.push(rule.implied_role_id);
  }
  return [...seen];
};

/** Effective roles of a user on a project or domain, as a token lists them. */
export const effectiveRoles = (store: Store, userId: string, scope: ScopeRef): RoleDoc[] => {
  const [targetId, kind] =
    'projectId' in scope
      ? [scope.projectId, 'Project']
      : 'domainId' in scope
        ? [scope.domainId, 'Domain']
        : [scope.system, 'System'];
  const direct = assignmentsReaching(store, userId)
    .filter((a) => a.target_id === targetId && a.type.endsWith(kind))
    .map((a) => a.role_id);
  const roleCol = store.collection(roles);
  return withImplied(store, [...new Set(direct)])
    .map((id) => roleCol.get(id))
    .filter((r): r is RoleDoc => r !== undefined);
};

/** Enabled projects on which the user holds any role. */
export const projectsOfUser = (store: Store, userId: string): ProjectDoc[] => {
  const ids = new Set(
    assignmentsReaching(store, userId)
      .filter((a) => a.type.endsWith('Project'))
      .map((a) => a.target_id),
  );
  return store
    .collection(projects)
    .all()
    .filter((p) => ids.has(p.id));
};

export const domainsOfUser = (store: Store, userId: string): DomainDoc[] => {
  const ids = new Set(
    assignmentsReaching(store, userId)
      .filter((a) => a.type.endsWith('Domain'))
      .map((a) => a.target_id),
  );
  return store
    .collection(domains)
    .all()
    .filter((d) => ids.has(d.id));
};
