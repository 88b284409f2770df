import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault, badRequest, conflict, notFound } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { projects } from '../keystone/model';
import { isObject, invalidInput, pyRepr } from './http';
import type { Json } from './http';
import { loadVisibleFlavor } from './flavors';
import { flavors } from './model';
import type { FlavorDoc } from './model';

const accessList = (f: FlavorDoc): Json => ({
  flavor_access: f.projects.map((p) => ({ flavor_id: f.id, tenant_id: p })),
});

export const flavorAccessRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(flavors);
  const target = (request: FastifyRequest): Json => ({ project_id: callerOf(request).project?.id });

  app.get<{ Params: { id: string } }>('/flavors/:id/os-flavor-access', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-flavor-access', target(request));
    const flavor = loadVisibleFlavor(store, request, request.params.id);
    if (flavor.is_public) throw notFound('Access list not available for public flavors.');
    return accessList(flavor);
  });

  app.post<{ Params: { id: string } }>('/flavors/:id/action', async (request) => {
    const body = request.body;
    const action = isObject(body) ? Object.keys(body)[0] : undefined;
    if (!isObject(body) || action === undefined) throw badRequest('Malformed request body');
    if (action !== 'addTenantAccess' && action !== 'removeTenantAccess') {
      throw badRequest(`There is no such action: ${action}`);
    }
    const rule = action === 'addTenantAccess' ? 'add_tenant_access' : 'remove_tenant_access';
    authorize(request, 'compute', `os_compute_api:os-flavor-access:${rule}`, target(request));
    const spec = body[action];
    if (!isObject(spec) || spec['tenant'] === undefined) {
      throw invalidInput(action, spec, `'tenant' is a required property`);
    }
    const tenant = spec['tenant'];
    if (typeof tenant !== 'string' || tenant.length < 1 || tenant.length > 255) {
      throw invalidInput(`${action}/tenant`, tenant, `${pyRepr(tenant)} is not of type 'string'`);
    }
    const flavor = loadVisibleFlavor(store, request, request.params.id);
    if (action === 'addTenantAccess') {
      if (flavor.is_public) throw conflict('Can not add access to a public flavor.');
      // Nova asks Keystone whether the project exists before granting.
      if (!store.collection(projects).get(tenant))
        throw badRequest(`Project ID ${tenant} is not a valid project.`);
      if (flavor.projects.includes(tenant)) {
        throw conflict(
          `Flavor access already exists for flavor ${flavor.id} and project ${tenant} combination.`,
        );
      }
      return accessList(col.put({ ...flavor, projects: [...flavor.projects, tenant] }));
    }
    if (!flavor.projects.includes(tenant)) {
      throw new Fault(404, `Flavor access not found for ${flavor.id} / ${tenant} combination.`);
    }
    return accessList(
      col.put({ ...flavor, projects: flavor.projects.filter((p) => p !== tenant) }),
    );
  });
};
