import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault } from '../../core/faults';
import { hexId } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { PolicyTarget } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  duplicateFault,
  envelope,
  listLinks,
  notFoundFault,
  optionalString,
  queryString,
  requiredName,
} from './http';
import { assignments, domains, groups, memberships, membershipId, users } from './model';
import type { GroupDoc } from './model';
import { groupView, loadUser, userView } from './views';

const notMember = (userId: string, groupId: string): Fault =>
  new Fault(404, `User '${userId}' not found in group '${groupId}'`);

export const groupRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(groups);
  const load = (id: string): GroupDoc => {
    const group = col.get(id);
    if (!group) throw notFoundFault('group', id);
    return group;
  };
  const target = (g: GroupDoc): PolicyTarget => ({
    target: { group: { id: g.id, domain_id: g.domain_id } },
  });
  /** Keystone builds the policy target from the group when it exists and enforces before a 404. */
  const loadFor = (request: FastifyRequest<{ Params: { id: string } }>, rule: string): GroupDoc => {
    const group = col.get(request.params.id);
    authorize(request, 'identity', rule, group ? target(group) : {});
    if (!group) throw notFoundFault('group', request.params.id);
    return group;
  };

  app.get('/groups', async (request) => {
    authorize(request, 'identity', 'identity:list_groups', {});
    const name = queryString(request.query, 'name');
    const domainId = queryString(request.query, 'domain_id');
    const list = col
      .all()
      .filter((g) => name === undefined || g.name === name)
      .filter((g) => domainId === undefined || g.domain_id === domainId);
    return { groups: list.map((g) => groupView(ctx, request, g)), links: listLinks(ctx, request) };
  });

  app.post('/groups', async (request, reply) => {
    const spec = envelope(request.body, 'group');
    const name = requiredName(spec, 'group', 64);
    const caller = callerOf(request);
    const domainId =
      optionalString(spec, 'domain_id', 'group') ?? caller.project?.domain.id ?? 'default';
    authorize(request, 'identity', 'identity:create_group', {
      target: { group: { domain_id: domainId } },
    });
    if (!store.collection(domains).get(domainId)) throw notFoundFault('domain', domainId);
    if (col.where('name', name).some((g) => g.domain_id === domainId)) {
      throw duplicateFault('group', name, domainId);
    }
    const group: GroupDoc = {
      id: hexId(),
      name,
      domain_id: domainId,
      description: optionalString(spec, 'description', 'group', { max: 65535 }) ?? '',
    };
    col.insert(group);
    return reply.code(201).send({ group: groupView(ctx, request, group) });
  });

  app.get<{ Params: { id: string } }>('/groups/:id', async (request) => {
    const group = loadFor(request, 'identity:get_group');
    return { group: groupView(ctx, request, group) };
  });

  app.patch<{ Params: { id: string } }>('/groups/:id', async (request) => {
    const current = loadFor(request, 'identity:update_group');
    const spec = envelope(request.body, 'group');
    if (spec['domain_id'] !== undefined && spec['domain_id'] !== current.domain_id) {
      throw new Fault(400, 'Cannot change Domain ID');
    }
    const name = spec['name'] === undefined ? current.name : requiredName(spec, 'group', 64);
    if (
      name !== current.name &&
      col.where('name', name).some((g) => g.domain_id === current.domain_id)
    ) {
      throw duplicateFault('group', name, current.domain_id);
    }
    const updated = col.put({
      ...current,
      name,
      description:
        optionalString(spec, 'description', 'group', { max: 65535 }) ?? current.description,
    });
    return { group: groupView(ctx, request, updated) };
  });

  app.delete<{ Params: { id: string } }>('/groups/:id', async (request, reply) => {
    const group = loadFor(request, 'identity:delete_group');
    store.transaction(() => {
      store.collection(memberships).deleteWhere('group_id', group.id);
      store.collection(assignments).deleteWhere('actor_id', group.id);
      col.delete(group.id);
    });
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/groups/:id/users', async (request) => {
    const group = loadFor(request, 'identity:list_users_in_group');
    const userCol = store.collection(users);
    const list = store
      .collection(memberships)
      .where('group_id', group.id)
      .flatMap((m) => userCol.get(m.user_id) ?? []);
    return { users: list.map((u) => userView(ctx, request, u)), links: listLinks(ctx, request) };
  });

  app.put<{ Params: { id: string; userId: string } }>(
    '/groups/:id/users/:userId',
    async (request, reply) => {
      const group = load(request.params.id);
      authorize(request, 'identity', 'identity:add_user_to_group', target(group));
      const user = loadUser(store, request.params.userId);
      store
        .collection(memberships)
        .put({ id: membershipId(group.id, user.id), group_id: group.id, user_id: user.id });
      return reply.code(204).send();
    },
  );

  // Fastify also answers HEAD from this route.
  app.get<{ Params: { id: string; userId: string } }>(
    '/groups/:id/users/:userId',
    async (request, reply) => {
      const group = load(request.params.id);
      authorize(request, 'identity', 'identity:check_user_in_group', target(group));
      const user = loadUser(store, request.params.userId);
      if (!store.collection(memberships).get(membershipId(group.id, user.id))) {
        throw notMember(user.id, group.id);
      }
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: string; userId: string } }>(
    '/groups/:id/users/:userId',
    async (request, reply) => {
      const group = load(request.params.id);
      authorize(request, 'identity', 'identity:remove_user_from_group', target(group));
      const user = loadUser(store, request.params.userId);
      if (!store.collection(memberships).delete(membershipId(group.id, user.id))) {
        throw notMember(user.id, group.id);
      }
      return reply.code(204).send();
    },
  );
};
