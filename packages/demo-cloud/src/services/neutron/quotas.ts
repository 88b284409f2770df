import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import { prepareBody, range, toInt } from './attributes';
import type { AttrMap } from './attributes';
import { neutronError } from './http';
import type { Json } from './http';
import {
  floatingIps,
  networks,
  ports,
  quotas,
  routers,
  securityGroupRules,
  securityGroups,
  subnetPools,
  subnets,
  trunks,
} from './model';
import { neutronCaller, neutronPolicy } from './policy';

/** Neutron's [quotas] defaults (Zed), in the resource registry's order. */
export const DEFAULT_QUOTAS: Readonly<Record<string, number>> = {
  network: 100,
  subnet: 100,
  subnetpool: -1,
  port: 500,
  router: 10,
  floatingip: 50,
  rbac_policy: 10,
  security_group: 10,
  security_group_rule: 100,
  trunk: -1,
};

export type QuotaResource = keyof typeof DEFAULT_QUOTAS;

const counters: Readonly<Record<string, (store: Store, projectId: string) => number>> = {
  network: (s, p) => s.collection(networks).count('project_id', p),
  subnet: (s, p) => s.collection(subnets).count('project_id', p),
  subnetpool: (s, p) => s.collection(subnetPools).count('project_id', p),
  port: (s, p) => s.collection(ports).count('project_id', p),
  router: (s, p) => s.collection(routers).count('project_id', p),
  floatingip: (s, p) => s.collection(floatingIps).count('project_id', p),
  rbac_policy: () => 0,
  security_group: (s, p) => s.collection(securityGroups).count('project_id', p),
  security_group_rule: (s, p) => s.collection(securityGroupRules).count('project_id', p),
  trunk: (s, p) => s.collection(trunks).count('project_id', p),
};

export const quotaLimits = (store: Store, projectId: string): Record<string, number> => ({
  ...DEFAULT_QUOTAS,
  ...store.collection(quotas).get(projectId)?.limits,
});

export const quotaUsage = (store: Store, projectId: string, resource: string): number =>
  counters[resource]?.(store, projectId) ?? 0;

/**
 * The quota engine's limit check before a create: 409 OverQuota when the project would go
 * beyond its limit for any of the resources (-1 is unlimited).
 */
export const checkQuota = (
  store: Store,
  projectId: string,
  deltas: Readonly<Record<string, number>>,
): void => {
  const limits = quotaLimits(store, projectId);
  const overs: string[] = [];
  for (const [resource, delta] of Object.entries(deltas)) {
    const limit = limits[resource] ?? -1;
    if (limit < 0 || delta <= 0) continue;
    if (quotaUsage(store, projectId, resource) + delta > limit) overs.push(resource);
  }
  if (overs.length > 0) {
    throw neutronError(
      409,
      'OverQuota',
      `Quota exceeded for resources: [${overs
        .sort()
        .map((o) => `'${o}'`)
        .join(', ')}].`,
    );
  }
};

const QUOTA_ATTRS: AttrMap = Object.fromEntries(
  Object.keys(DEFAULT_QUOTAS).map((name) => [
    name,
    { put: true, convert: toInt, validate: range(-1, 2147483647) },
  ]),
);

export const quotaRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const enforce = (request: FastifyRequest, rule: string): void =>
    policy.enforce(request, rule, {
      project_id: neutronCaller(request).projectId,
      tenant_id: neutronCaller(request).projectId,
    });

  app.get('/quotas', async (request) => {
    enforce(request, 'get_quota');
    return {
      quotas: store
        .collection(quotas)
        .all()
        .map((q) => ({
          ...quotaLimits(store, q.id),
          project_id: q.id,
          tenant_id: q.id,
        })),
    };
  });

  const project = (key: 'project' | 'tenant') => async (request: FastifyRequest) => {
    const id = neutronCaller(request).projectId;
    if (!id)
      throw neutronError(400, 'QuotaMissingTenant', 'Tenant-id was missing from quota request.');
    return { [key]: { [`${key}_id`]: id } };
  };
  app.get('/quotas/project', project('project'));
  app.get('/quotas/tenant', project('tenant'));

  const show = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<Json> => {
    if (request.params.id !== neutronCaller(request).projectId) enforce(request, 'get_quota');
    return { quota: quotaLimits(store, request.params.id) };
  };
  app.get('/quotas/:id', show);

  const defaults = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<Json> => {
    if (request.params.id !== neutronCaller(request).projectId) enforce(request, 'get_quota');
    return { quota: { ...DEFAULT_QUOTAS } };
  };
  app.get('/quotas/:id/default', defaults);

  const details = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<Json> => {
    const caller = neutronCaller(request);
    if (request.params.id !== caller.projectId && !caller.isAdmin) {
      throw neutronError(
        403,
        'AdminRequired',
        'User does not have admin privileges: Only admin is authorized to access quotas for another project.',
      );
    }
    const limits = quotaLimits(store, request.params.id);
    return {
      quota: Object.fromEntries(
        Object.entries(limits).map(([resource, limit]) => [
          resource,
          { used: quotaUsage(store, request.params.id, resource), limit, reserved: 0 },
        ]),
      ),
    };
  };
  app.get('/quotas/:id/details', details);
  app.get('/quotas/:id/details.json', details);

  app.put<{ Params: { id: string } }>('/quotas/:id', async (request) => {
    enforce(request, 'update_quota');
    const body = request.body;
    const inner = (body as { quota?: Record<string, unknown> } | undefined)?.quota;
    let checkLimit = false;
    if (inner && typeof inner === 'object') {
      delete inner['force'];
      checkLimit = inner['check_limit'] === true || inner['check_limit'] === 'true';
      delete inner['check_limit'];
    }
    const { values } = prepareBody(body, 'quota', QUOTA_ATTRS, {
      create: false,
      caller: neutronCaller(request),
    });
    const id = request.params.id;
    if (checkLimit) {
      for (const [resource, limit] of Object.entries(values)) {
        const used = quotaUsage(store, id, resource);
        if ((limit as number) >= 0 && used > (limit as number)) {
          throw neutronError(
            400,
            'HTTPBadRequest',
            `Quota limit ${String(limit)} for ${resource} must be greater than or equal to already used ${used}`,
          );
        }
      }
    }
    const col = store.collection(quotas);
    const current = col.get(id)?.limits ?? {};
    col.put({ id, limits: { ...current, ...(values as Record<string, number>) } });
    return { quota: quotaLimits(store, id) };
  });

  app.delete<{ Params: { id: string } }>('/quotas/:id', async (request, reply) => {
    enforce(request, 'delete_quota');
    store.collection(quotas).delete(request.params.id);
    return reply.code(204).send();
  });
};
