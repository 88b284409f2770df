import type { FastifyInstance } from 'fastify';
import { Fault } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { PolicyTarget } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import { listLinks, notFoundFault } from './http';
import { SYSTEM_ALL, assignmentId, assignments, domains } from './model';
import type { AssignmentType } from './model';
import { loadGroup, loadProject, loadRole, loadUser, roleView } from './views';

type TargetKind = 'projects' | 'domains';
type ActorKind = 'users' | 'groups';

const TYPES: Record<TargetKind, Record<ActorKind, AssignmentType>> = {
  projects: { users: 'UserProject', groups: 'GroupProject' },
  domains: { users: 'UserDomain', groups: 'GroupDomain' },
};

const loadTarget = (
  store: Store,
  kind: TargetKind,
  id: string,
): { id: string; domain_id: string } => {
  if (kind === 'projects') return loadProject(store, id);
  const domain = store.collection(domains).get(id);
  if (!domain) throw notFoundFault('domain', id);
  return { id: domain.id, domain_id: domain.id };
};

const loadActor = (store: Store, kind: ActorKind, id: string): { id: string } =>
  kind === 'users' ? loadUser(store, id) : loadGroup(store, id);

/** Role grants: /v3/{projects|domains}/{id}/{users|groups}/{id}/roles[/{role}]. */
export const grantRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(assignments);

  for (const targetKind of ['projects', 'domains'] as const) {
    for (const actorKind of ['users', 'groups'] as const) {
      const type = TYPES[targetKind][actorKind];
      const base = `/${targetKind}/:targetId/${actorKind}/:actorId/roles`;
      type Params = { targetId: string; actorId: string; roleId: string };
      const resolve = (
        params: Params,
      ): { target: { id: string; domain_id: string }; actor: { id: string } } => ({
        target: loadTarget(store, targetKind, params.targetId),
        actor: loadActor(store, actorKind, params.actorId),
      });
      const policyTarget = (params: Params): PolicyTarget => ({
        target: {
          [targetKind === 'projects' ? 'project' : 'domain']: { id: params.targetId },
          [actorKind === 'users' ? 'user' : 'group']: { id: params.actorId },
          role: { id: params.roleId },
        },
      });
      const missing = (params: Params): Fault =>
        new Fault(
          404,
          `Could not find role assignment with role: ${params.roleId}, user or group: ${params.actorId}, project, domain, or system: ${params.targetId}.`,
        );

      app.get<{ Params: Omit<Params, 'roleId'> }>(base, async (request) => {
        authorize(
          request,
          'identity',
          'identity:list_grants',
          policyTarget({ ...request.params, roleId: '' }),
        );
        const { target, actor } = resolve({ ...request.params, roleId: '' });
        const list = col
          .where('actor_id', actor.id)
          .filter((a) => a.type === type && a.target_id === target.id)
          .map((a) => loadRole(store, a.role_id));
        return {
          roles: list.map((r) => roleView(ctx, request, r)),
          links: listLinks(ctx, request),
        };
      });

      app.put<{ Params: Params }>(`${base}/:roleId`, async (request, reply) => {
        authorize(request, 'identity', 'identity:create_grant', policyTarget(request.params));
        const { target, actor } = resolve(request.params);
        const role = loadRole(store, request.params.roleId);
        col.put({
          id: assignmentId(type, actor.id, target.id, role.id),
          type,
          actor_id: actor.id,
          target_id: target.id,
          role_id: role.id,
        });
        return reply.code(204).send();
      });

      // Also serves HEAD, as Keystone's check_grant.
      app.get<{ Params: Params }>(`${base}/:roleId`, async (request, reply) => {
        authorize(request, 'identity', 'identity:check_grant', policyTarget(request.params));
        const { target, actor } = resolve(request.params);
        const role = loadRole(store, request.params.roleId);
        if (!col.get(assignmentId(type, actor.id, target.id, role.id)))
          throw missing(request.params);
        return reply.code(204).send();
      });

      app.delete<{ Params: Params }>(`${base}/:roleId`, async (request, reply) => {
        authorize(request, 'identity', 'identity:revoke_grant', policyTarget(request.params));
        const { target, actor } = resolve(request.params);
        const role = loadRole(store, request.params.roleId);
        if (!col.delete(assignmentId(type, actor.id, target.id, role.id)))
          throw missing(request.params);
        return reply.code(204).send();
      });
    }
  }

  // System role assignments: /v3/system/{users|groups}/{id}/roles[/{role}].
  for (const actorKind of ['users', 'groups'] as const) {
    const type: AssignmentType = actorKind === 'users' ? 'UserSystem' : 'GroupSystem';
    const suffix = actorKind === 'users' ? 'user' : 'group';
    const base = `/system/${actorKind}/:actorId/roles`;
    type Params = { actorId: string; roleId: string };
    const missing = (params: Params): Fault =>
      new Fault(
        404,
        `Could not find role assignment with role: ${params.roleId}, user or group: ${params.actorId}, project, domain, or system: system.`,
      );

    app.get<{ Params: Omit<Params, 'roleId'> }>(base, async (request) => {
      authorize(request, 'identity', `identity:list_system_grants_for_${suffix}`, {});
      const actor = loadActor(store, actorKind, request.params.actorId);
      const list = col
        .where('actor_id', actor.id)
        .filter((a) => a.type === type)
        .map((a) => loadRole(store, a.role_id));
      return { roles: list.map((r) => roleView(ctx, request, r)), links: listLinks(ctx, request) };
    });

    app.put<{ Params: Params }>(`${base}/:roleId`, async (request, reply) => {
      authorize(request, 'identity', `identity:create_system_grant_for_${suffix}`, {});
      const actor = loadActor(store, actorKind, request.params.actorId);
      const role = loadRole(store, request.params.roleId);
      col.put({
        id: assignmentId(type, actor.id, SYSTEM_ALL, role.id),
        type,
        actor_id: actor.id,
        target_id: SYSTEM_ALL,
        role_id: role.id,
      });
      return reply.code(204).send();
    });

    // Also serves HEAD.
    app.get<{ Params: Params }>(`${base}/:roleId`, async (request, reply) => {
      authorize(request, 'identity', `identity:check_system_grant_for_${suffix}`, {});
      const actor = loadActor(store, actorKind, request.params.actorId);
      const role = loadRole(store, request.params.roleId);
      if (!col.get(assignmentId(type, actor.id, SYSTEM_ALL, role.id)))
        throw missing(request.params);
      return reply.code(204).send();
    });

    app.delete<{ Params: Params }>(`${base}/:roleId`, async (request, reply) => {
      authorize(request, 'identity', `identity:revoke_system_grant_for_${suffix}`, {});
      const actor = loadActor(store, actorKind, request.params.actorId);
      const role = loadRole(store, request.params.roleId);
      if (!col.delete(assignmentId(type, actor.id, SYSTEM_ALL, role.id)))
        throw missing(request.params);
      return reply.code(204).send();
    });
  }
};
