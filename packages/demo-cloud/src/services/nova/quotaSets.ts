import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/faults';
import { queryValue } from '../../core/paging';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { atLeast, checkBoolean, checkInteger, invalidInput, isObject, pyRepr } from './http';
import type { Json } from './http';
import { quotas } from './model';
import {
  DEFAULT_QUOTAS,
  INJECTION_QUOTAS,
  NETWORK_QUOTAS,
  QUOTA_RESOURCES,
  classKey,
  defaultQuotas,
  effectiveQuotas,
  projectKey,
  quotaUsage,
} from './quotas';
import type { QuotaLimits, QuotaResource } from './quotas';

/** The resources a quota answer shows at the request's microversion. */
const shownResources = (request: FastifyRequest, forClass = false): QuotaResource[] =>
  QUOTA_RESOURCES.filter((r) => {
    if (atLeast(request, '2.36') && NETWORK_QUOTAS.includes(r)) return false;
    if (atLeast(request, '2.57') && INJECTION_QUOTAS.includes(r)) return false;
    // Quota classes learnt the server group resources (and forgot the network ones) in 2.50.
    if (
      forClass &&
      !atLeast(request, '2.50') &&
      (r === 'server_groups' || r === 'server_group_members')
    )
      return false;
    if (forClass && atLeast(request, '2.50') && NETWORK_QUOTAS.includes(r)) return false;
    return true;
  });

const pick = (limits: QuotaLimits, keys: readonly QuotaResource[]): Json =>
  Object.fromEntries(keys.map((k) => [k, limits[k]]));

/** Parses a quota update body: integers ≥ -1 (or digit strings) for the shown resources. */
const parseLimits = (
  request: FastifyRequest,
  key: string,
  keys: readonly QuotaResource[],
  extra: readonly string[],
): { limits: Partial<QuotaLimits>; body: Json } => {
  const body = request.body;
  if (!isObject(body) || body[key] === undefined)
    throw badRequest(`'${key}' is a required property`);
  const spec = body[key];
  if (!isObject(spec)) throw invalidInput(key, spec, `${pyRepr(spec)} is not of type 'object'`);
  const unexpected = Object.keys(spec).filter(
    (k) => !(keys as readonly string[]).includes(k) && !extra.includes(k),
  );
  if (unexpected.length > 0) {
    throw invalidInput(
      key,
      spec,
      `Additional properties are not allowed (${unexpected.map(pyRepr).join(', ')} ${unexpected.length === 1 ? 'was' : 'were'} unexpected)`,
    );
  }
  const limits: Partial<QuotaLimits> = {};
  for (const resource of keys) {
    if (spec[resource] !== undefined)
      limits[resource] = checkInteger(spec[resource], `${key}/${resource}`, { min: -1 });
  }
  return { limits, body: spec };
};

export const quotaSetRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(quotas);
  // Only the `default` class matters to nova; other classes keep their own values.
  const classLimits = (name: string): QuotaLimits => ({
    ...DEFAULT_QUOTAS,
    ...(col.get(classKey(name))?.limits as Partial<QuotaLimits>),
  });

  app.get<{ Params: { tenant: string } }>('/os-quota-sets/:tenant/defaults', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-quota-sets:defaults', {});
    return {
      quota_set: {
        id: request.params.tenant,
        ...pick(defaultQuotas(store), shownResources(request)),
      },
    };
  });

  app.get<{ Params: { tenant: string } }>('/os-quota-sets/:tenant', async (request) => {
    const { tenant } = request.params;
    authorize(request, 'compute', 'os_compute_api:os-quota-sets:show', { project_id: tenant });
    const userId = queryValue(request.query, 'user_id');
    return {
      quota_set: {
        id: tenant,
        ...pick(effectiveQuotas(store, tenant, userId), shownResources(request)),
      },
    };
  });

  app.get<{ Params: { tenant: string } }>('/os-quota-sets/:tenant/detail', async (request) => {
    const { tenant } = request.params;
    authorize(request, 'compute', 'os_compute_api:os-quota-sets:detail', { project_id: tenant });
    const userId = queryValue(request.query, 'user_id');
    const limits = effectiveQuotas(store, tenant, userId);
    const usage = quotaUsage(store, tenant, userId);
    return {
      quota_set: {
        id: tenant,
        ...Object.fromEntries(
          shownResources(request).map((r) => [
            r,
            { in_use: usage[r], limit: limits[r], reserved: 0 },
          ]),
        ),
      },
    };
  });

  app.put<{ Params: { tenant: string } }>('/os-quota-sets/:tenant', async (request) => {
    const { tenant } = request.params;
    authorize(request, 'compute', 'os_compute_api:os-quota-sets:update', { project_id: tenant });
    const userId = queryValue(request.query, 'user_id') ?? null;
    const keys = shownResources(request);
    const { limits, body } = parseLimits(request, 'quota_set', keys, ['force']);
    const force =
      body['force'] === undefined ? false : checkBoolean(body['force'], 'quota_set/force');
    const usage = quotaUsage(store, tenant, userId);
    const projectLimits = effectiveQuotas(store, tenant);
    for (const [resource, limit] of Object.entries(limits) as Array<[QuotaResource, number]>) {
      if (!force && limit !== -1 && limit < usage[resource]) {
        throw badRequest(
          `Quota limit ${limit} for ${resource} must be greater than or equal to already used and reserved ${usage[resource]}.`,
        );
      }
      if (
        userId &&
        projectLimits[resource] !== -1 &&
        (limit === -1 || limit > projectLimits[resource])
      ) {
        throw badRequest(
          `Quota limit ${limit} for ${resource} must be less than or equal to ${projectLimits[resource]}.`,
        );
      }
    }
    const id = projectKey(tenant, userId);
    const existing = col.get(id);
    col.put({
      id,
      project_id: tenant,
      user_id: userId,
      limits: { ...existing?.limits, ...limits },
    });
    return { quota_set: pick(effectiveQuotas(store, tenant, userId), keys) };
  });

  app.delete<{ Params: { tenant: string } }>('/os-quota-sets/:tenant', async (request, reply) => {
    const { tenant } = request.params;
    authorize(request, 'compute', 'os_compute_api:os-quota-sets:delete', { project_id: tenant });
    const userId = queryValue(request.query, 'user_id');
    if (userId) col.delete(projectKey(tenant, userId));
    else {
      // Deleting a project's quotas drops its users' ones too.
      for (const doc of col.where('project_id', tenant)) col.delete(doc.id);
    }
    return reply.code(202).send();
  });

  app.get<{ Params: { id: string } }>('/os-quota-class-sets/:id', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-quota-class-sets:show', {});
    return {
      quota_class_set: {
        id: request.params.id,
        ...pick(classLimits(request.params.id), shownResources(request, true)),
      },
    };
  });

  app.put<{ Params: { id: string } }>('/os-quota-class-sets/:id', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-quota-class-sets:update', {});
    const keys = shownResources(request, true);
    const { limits } = parseLimits(request, 'quota_class_set', keys, []);
    const id = classKey(request.params.id);
    const existing = col.get(id);
    col.put({ id, project_id: null, user_id: null, limits: { ...existing?.limits, ...limits } });
    return { quota_class_set: pick(classLimits(request.params.id), keys) };
  });
};
