import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault, badRequest } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { invalidInput, isObject, pyRepr } from './http';
import type { Json } from './http';
import { loadVisibleFlavor } from './flavors';
import { flavors } from './model';

const KEY = /^[a-zA-Z0-9-_:. ]{1,255}$/;

/** Python's str() of a JSON scalar, which is how nova stores extra spec values. */
const pyStr = (value: string | number | boolean): string =>
  typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value);

/** Validates an extra specs object as nova's schema does and returns the stored string form. */
const checkSpecs = (specs: unknown, path: string): Record<string, string> => {
  if (!isObject(specs)) throw invalidInput(path, specs, `${pyRepr(specs)} is not of type 'object'`);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(specs)) {
    if (!KEY.test(key)) {
      throw invalidInput(
        path,
        specs,
        `Additional properties are not allowed (${pyRepr(key)} was unexpected)`,
      );
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw invalidInput(
        `${path}/${key}`,
        value,
        `${pyRepr(value)} is not of type 'string', 'number', 'boolean'`,
      );
    }
    const text = pyStr(value);
    if (text.length > 255)
      throw invalidInput(`${path}/${key}`, value, `${pyRepr(value)} is too long`);
    out[key] = text;
  }
  return out;
};

export const flavorExtraSpecRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(flavors);
  const target = (request: FastifyRequest): Json => ({ project_id: callerOf(request).project?.id });
  const missingKey = (flavorId: string, key: string): Fault =>
    new Fault(404, `Flavor ${flavorId} has no extra specs with key ${key}.`);

  app.get<{ Params: { id: string } }>('/flavors/:id/os-extra_specs', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-flavor-extra-specs:index', target(request));
    return { extra_specs: loadVisibleFlavor(store, request, request.params.id).extra_specs };
  });

  app.post<{ Params: { id: string } }>('/flavors/:id/os-extra_specs', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-flavor-extra-specs:create', target(request));
    const body = request.body;
    if (!isObject(body) || body['extra_specs'] === undefined)
      throw badRequest("'extra_specs' is a required property");
    const specs = checkSpecs(body['extra_specs'], 'extra_specs');
    const flavor = loadVisibleFlavor(store, request, request.params.id);
    col.put({ ...flavor, extra_specs: { ...flavor.extra_specs, ...specs } });
    return body;
  });

  app.get<{ Params: { id: string; key: string } }>(
    '/flavors/:id/os-extra_specs/:key',
    async (request) => {
      authorize(request, 'compute', 'os_compute_api:os-flavor-extra-specs:show', target(request));
      const flavor = loadVisibleFlavor(store, request, request.params.id);
      const value = flavor.extra_specs[request.params.key];
      if (value === undefined) throw missingKey(flavor.id, request.params.key);
      return { [request.params.key]: value };
    },
  );

  app.put<{ Params: { id: string; key: string } }>(
    '/flavors/:id/os-extra_specs/:key',
    async (request) => {
      authorize(request, 'compute', 'os_compute_api:os-flavor-extra-specs:update', target(request));
      const body = request.body;
      const specs = checkSpecs(body, '');
      const keys = Object.keys(specs);
      if (keys.length !== 1) {
        throw badRequest(
          `${pyRepr(body)} ${keys.length === 0 ? 'does not have enough properties' : 'has too many properties'}`,
        );
      }
      if (keys[0] !== request.params.key) throw badRequest('Request body and URI mismatch');
      const flavor = loadVisibleFlavor(store, request, request.params.id);
      col.put({ ...flavor, extra_specs: { ...flavor.extra_specs, ...specs } });
      return body;
    },
  );

  app.delete<{ Params: { id: string; key: string } }>(
    '/flavors/:id/os-extra_specs/:key',
    async (request, reply) => {
      authorize(request, 'compute', 'os_compute_api:os-flavor-extra-specs:delete', target(request));
      const flavor = loadVisibleFlavor(store, request, request.params.id);
      if (flavor.extra_specs[request.params.key] === undefined)
        throw missingKey(flavor.id, request.params.key);
      const rest = Object.fromEntries(
        Object.entries(flavor.extra_specs).filter(([k]) => k !== request.params.key),
      );
      col.put({ ...flavor, extra_specs: rest });
      return reply.code(200).send();
    },
  );
};
