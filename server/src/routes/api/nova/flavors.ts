import type { FastifyPluginAsync } from 'fastify';
import {
  type Flavor as FlavorShape,
  type FlavorUpdateBody as FlavorFields,
  routeTable as api,
} from '@skydeck/contract';
import type { FlavorCreate, NormalizedFlavor, NovaClient } from '@skydeck/openstack-client';
import { mapLimit } from '../../../lib/mapLimit';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/** Parallel upstream calls per request when extra specs must be fetched one flavor at a time. */
const EXTRAS_CONCURRENCY = 8;

const toFlavor = (flavor: NormalizedFlavor): FlavorShape => ({
  id: flavor.id,
  name: flavor.name,
  vcpus: flavor.vcpus,
  ram: flavor.ram,
  disk: flavor.disk,
  swap: flavor.swap,
  rxtx_factor: flavor.rxtx_factor,
  'OS-FLV-EXT-DATA:ephemeral': flavor['OS-FLV-EXT-DATA:ephemeral'],
  'OS-FLV-DISABLED:disabled': flavor['OS-FLV-DISABLED:disabled'],
  'os-flavor-access:is_public': flavor['os-flavor-access:is_public'],
  description: flavor.description,
});

/** From 2.61 Nova lists extra specs inline; older clouds need one call per flavor. */
const extrasOf = async (
  nova: NovaClient,
  flavor: NormalizedFlavor,
): Promise<Record<string, string>> =>
  flavor.extra_specs ?? (await nova.flavors.getExtraSpecs(flavor.id));

const accessOf = async (nova: NovaClient, flavor: NormalizedFlavor): Promise<string[]> =>
  // Nova has no access list for public flavors (it answers 404).
  flavor['os-flavor-access:is_public']
    ? []
    : (await nova.flavors.listAccess(flavor.id)).map((a) => a.tenant_id);

const createBody = (fields: FlavorFields, id: string | undefined): FlavorCreate => {
  const body: FlavorCreate = {
    name: fields.name,
    ram: fields.ram,
    vcpus: fields.vcpus,
    disk: fields.disk,
    'OS-FLV-EXT-DATA:ephemeral': fields.ephemeral,
    swap: fields.swap,
    'os-flavor-access:is_public': fields.is_public,
  };
  if (id !== undefined && id !== 'auto') body.id = id;
  if (fields.rxtx_factor !== undefined) body.rxtx_factor = fields.rxtx_factor;
  // An empty description is no description; only a real one needs microversion 2.55.
  if (fields.description) body.description = fields.description;
  return body;
};

const flavorFields = (flavor: NormalizedFlavor): FlavorFields => ({
  name: flavor.name,
  vcpus: flavor.vcpus,
  ram: flavor.ram,
  disk: flavor.disk,
  ephemeral: flavor['OS-FLV-EXT-DATA:ephemeral'],
  swap: flavor.swap,
  rxtx_factor: flavor.rxtx_factor,
  is_public: flavor['os-flavor-access:is_public'],
  description: flavor.description ?? null,
});

/** Anything but the description needs the flavor re-created (Nova flavors are immutable). */
const needsRecreate = (old: NormalizedFlavor, next: FlavorFields): boolean =>
  old.name !== next.name ||
  old.vcpus !== next.vcpus ||
  old.ram !== next.ram ||
  old.disk !== next.disk ||
  old['OS-FLV-EXT-DATA:ephemeral'] !== next.ephemeral ||
  old.swap !== next.swap ||
  old['os-flavor-access:is_public'] !== next.is_public ||
  (next.rxtx_factor !== undefined && old.rxtx_factor !== next.rxtx_factor);

const grantAccess = async (nova: NovaClient, id: string, projects: readonly string[]) => {
  for (const project of new Set(projects)) await nova.flavors.addAccess(id, project);
};

/**
 * /api/nova/flavors/ — list (optionally with extra specs), create (with project access for a
 * private flavor), show, update (re-creating under the same id when sizes change), delete, and
 * the extra specs of one flavor.
 */
export const flavorRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.flavors.list'], async (request) => {
    const { get_extras, is_public, name } = request.query;
    const nova = request.openstack.nova;
    // Without is_public Nova lists what the caller may see: all flavors for an admin.
    let flavors = await nova.flavors.list({ isPublic: is_public ?? 'None' });
    if (name) {
      const needle = name.toLowerCase();
      flavors = flavors.filter((f) => f.name.toLowerCase().includes(needle));
    }
    if (!get_extras) return { items: flavors.map(toFlavor) };
    const extras = await mapLimit(flavors, EXTRAS_CONCURRENCY, (f) => extrasOf(nova, f));
    return { items: flavors.map((f, i) => ({ ...toFlavor(f), extras: extras[i] })) };
  });

  serve(app, api['nova.flavors.create'], async (request, reply) => {
    const nova = request.openstack.nova;
    const body = request.body;
    const created = await nova.flavors.create(createBody(body, body.id));
    const access = body.is_public ? [] : (body.flavor_access ?? []);
    try {
      await grantAccess(nova, created.id, access);
    } catch (error) {
      // A private flavor nobody intended can use is worse than none: undo the create.
      await nova.flavors.delete(created.id).catch(() => undefined);
      throw error;
    }
    const out: FlavorShape = toFlavor(created);
    if (!body.is_public) out.access_list = [...new Set(access)];
    return reply.code(201).send(out);
  });

  serve(app, api['nova.flavors.get'], async (request) => {
    const nova = request.openstack.nova;
    const flavor = await nova.flavors.get(request.params.id);
    const { get_extras, get_access_list } = request.query;
    const [extras, access] = await Promise.all([
      get_extras ? extrasOf(nova, flavor) : undefined,
      get_access_list ? accessOf(nova, flavor) : undefined,
    ]);
    const out = toFlavor(flavor);
    if (extras) out.extras = extras;
    if (access) out.access_list = access;
    return out;
  });

  serve(app, api['nova.flavors.update'], async (request) => {
    const nova = request.openstack.nova;
    const id = request.params.id;
    const next = request.body;
    const old = await nova.flavors.get(id);
    const oldAccess = await accessOf(nova, old);
    const wantedAccess = next.is_public ? [] : (next.flavor_access ?? oldAccess);
    let flavor: NormalizedFlavor;

    if (needsRecreate(old, next)) {
      const extras = await extrasOf(nova, old);
      await nova.flavors.delete(id);
      try {
        flavor = await nova.flavors.create(createBody(next, id));
      } catch (error) {
        // Put the old flavor back so a refused change does not lose it.
        await nova.flavors
          .create(createBody(flavorFields(old), id))
          .then(async () => {
            if (Object.keys(extras).length > 0) await nova.flavors.setExtraSpecs(id, extras);
            await grantAccess(nova, id, oldAccess);
          })
          .catch((restoreError: unknown) =>
            request.log.error({ err: restoreError, flavor: id }, 'could not restore flavor'),
          );
        throw error;
      }
      if (Object.keys(extras).length > 0) await nova.flavors.setExtraSpecs(id, extras);
      await grantAccess(nova, id, wantedAccess);
    } else {
      flavor = old;
      const description = next.description || null;
      if (description !== (old.description ?? null)) {
        flavor = await nova.flavors.updateDescription(id, description);
      }
      if (!next.is_public) {
        const add = wantedAccess.filter((p) => !oldAccess.includes(p));
        const remove = oldAccess.filter((p) => !wantedAccess.includes(p));
        await grantAccess(nova, id, add);
        for (const project of remove) await nova.flavors.removeAccess(id, project);
      }
    }
    const out = toFlavor(flavor);
    if (!next.is_public) out.access_list = [...new Set(wantedAccess)];
    return out;
  });

  serve(app, api['nova.flavors.delete'], async (request, reply) => {
    await request.openstack.nova.flavors.delete(request.params.id);
    return reply.code(204).send(null);
  });

  serve(app, api['nova.flavors.extraSpecs'], async (request) =>
    request.openstack.nova.flavors.getExtraSpecs(request.params.id),
  );

  serve(app, api['nova.flavors.updateExtraSpecs'], async (request, reply) => {
    const nova = request.openstack.nova;
    const { id } = request.params;
    const { updated, removed } = request.body;
    if (Object.keys(updated).length > 0) await nova.flavors.setExtraSpecs(id, updated);
    for (const key of removed) {
      if (!(key in updated)) await nova.flavors.deleteExtraSpec(id, key);
    }
    return reply.code(204).send(null);
  });
};
