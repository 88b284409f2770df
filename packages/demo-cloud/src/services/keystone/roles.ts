import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault } from '../../core/faults';
import { hexId } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  envelope,
  listLinks,
  optionalNullableString,
  optionalString,
  queryString,
  requiredName,
  selfLink,
} from './http';
import { assignments, impliedRoles, roles } from './model';
import type { RoleDoc } from './model';
import { loadRole, roleRef, roleView } from './views';

const inferenceId = (prior: string, implied: string): string => `${prior}:${implied}`;

export const roleRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(roles);
  const rules = store.collection(impliedRoles);

  app.get('/roles', async (request) => {
    authorize(request, 'identity', 'identity:list_roles', {});
    const name = queryString(request.query, 'name');
    const domainId = queryString(request.query, 'domain_id') ?? null;
    const list = col
      .all()
      .filter((r) => name === undefined || r.name === name)
      .filter((r) => r.domain_id === domainId);
    return { roles: list.map((r) => roleView(ctx, request, r)), links: listLinks(ctx, request) };
  });

  app.post('/roles', async (request, reply) => {
    authorize(request, 'identity', 'identity:create_role', {});
    const spec = envelope(request.body, 'role');
    const name = requiredName(spec, 'role');
    const domainId = optionalString(spec, 'domain_id', 'role') ?? null;
    if (col.where('name', name).some((r) => r.domain_id === domainId)) {
      throw new Fault(
        409,
        `Conflict occurred attempting to store role - Duplicate entry found with name ${name}.`,
      );
    }
    const role: RoleDoc = {
      id: hexId(),
      name,
      domain_id: domainId,
      description: optionalNullableString(spec, 'description', 'role') ?? null,
      options: {},
    };
    col.insert(role);
    return reply.code(201).send({ role: roleView(ctx, request, role) });
  });

  app.get<{ Params: { id: string } }>('/roles/:id', async (request) => {
    authorize(request, 'identity', 'identity:get_role', {});
    return { role: roleView(ctx, request, loadRole(store, request.params.id)) };
  });

  app.patch<{ Params: { id: string } }>('/roles/:id', async (request) => {
    authorize(request, 'identity', 'identity:update_role', {});
    const current = loadRole(store, request.params.id);
    const spec = envelope(request.body, 'role');
    const name = spec['name'] === undefined ? current.name : requiredName(spec, 'role');
    if (
      name !== current.name &&
      col.where('name', name).some((r) => r.domain_id === current.domain_id)
    ) {
      throw new Fault(
        409,
        `Conflict occurred attempting to store role - Duplicate entry found with name ${name}.`,
      );
    }
    const description = optionalNullableString(spec, 'description', 'role');
    const updated = col.put({
      ...current,
      name,
      description: description === undefined ? current.description : description,
    });
    return { role: roleView(ctx, request, updated) };
  });

  app.delete<{ Params: { id: string } }>('/roles/:id', async (request, reply) => {
    authorize(request, 'identity', 'identity:delete_role', {});
    const role = loadRole(store, request.params.id);
    store.transaction(() => {
      store.collection(assignments).deleteWhere('role_id', role.id);
      for (const rule of rules.all()) {
        if (rule.prior_role_id === role.id || rule.implied_role_id === role.id)
          rules.delete(rule.id);
      }
      col.delete(role.id);
    });
    return reply.code(204).send();
  });

  const inference = (request: FastifyRequest, prior: RoleDoc): object => ({
    prior_role: roleRef(ctx, request, prior),
    implies: rules.where('prior_role_id', prior.id).flatMap((rule) => {
      const implied = col.get(rule.implied_role_id);
      return implied ? [roleRef(ctx, request, implied)] : [];
    }),
  });

  app.get('/role_inferences', async (request) => {
    authorize(request, 'identity', 'identity:list_role_inference_rules', {});
    const priors = [...new Set(rules.all().map((r) => r.prior_role_id))].flatMap(
      (id) => col.get(id) ?? [],
    );
    return {
      role_inferences: priors.map((prior) => inference(request, prior)),
      links: listLinks(ctx, request),
    };
  });

  app.get<{ Params: { id: string } }>('/roles/:id/implies', async (request) => {
    authorize(request, 'identity', 'identity:list_implied_roles', {});
    const prior = loadRole(store, request.params.id);
    return { role_inference: inference(request, prior), links: listLinks(ctx, request) };
  });

  const pair = (
    request: FastifyRequest<{ Params: { id: string; implied: string } }>,
  ): [RoleDoc, RoleDoc] => [
    loadRole(store, request.params.id),
    loadRole(store, request.params.implied),
  ];
  const single = (request: FastifyRequest, prior: RoleDoc, implied: RoleDoc): object => ({
    role_inference: {
      prior_role: roleRef(ctx, request, prior),
      implies: roleRef(ctx, request, implied),
    },
    links: selfLink(ctx, request, `/roles/${prior.id}/implies/${implied.id}`),
  });

  app.put<{ Params: { id: string; implied: string } }>(
    '/roles/:id/implies/:implied',
    async (request, reply) => {
      authorize(request, 'identity', 'identity:create_implied_role', {});
      const [prior, implied] = pair(request);
      rules.put({
        id: inferenceId(prior.id, implied.id),
        prior_role_id: prior.id,
        implied_role_id: implied.id,
      });
      return reply.code(201).send(single(request, prior, implied));
    },
  );

  // Also serves HEAD (check_implied_role), which answers 204.
  app.get<{ Params: { id: string; implied: string } }>(
    '/roles/:id/implies/:implied',
    async (request, reply) => {
      authorize(request, 'identity', 'identity:get_implied_role', {});
      const [prior, implied] = pair(request);
      if (!rules.get(inferenceId(prior.id, implied.id))) {
        throw new Fault(404, `${prior.id} does not imply ${implied.id}.`);
      }
      if (request.method === 'HEAD') return reply.code(204).send();
      return single(request, prior, implied);
    },
  );

  app.delete<{ Params: { id: string; implied: string } }>(
    '/roles/:id/implies/:implied',
    async (request, reply) => {
      authorize(request, 'identity', 'identity:delete_implied_role', {});
      const [prior, implied] = pair(request);
      if (!rules.delete(inferenceId(prior.id, implied.id))) {
        throw new Fault(404, `${prior.id} does not imply ${implied.id}.`);
      }
      return reply.code(204).send();
    },
  );
};
