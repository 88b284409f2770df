import type { FastifyPluginAsync } from 'fastify';
import { type Flavor as FlavorShape, routeTable as api } from '@skydeck/contract';
import type { NormalizedFlavor } from '@skydeck/openstack-client';
import { mapLimit } from '../../../lib/mapLimit';
import {
  type FlavorOutcome,
  accessOf,
  createFlavor,
  extrasOf,
  updateFlavor,
} from '../../../services/nova/flavors';
import { serve, serveNoContent } from '../../serve';
import { extraSpecCalls, serveMetadata } from '../../serveMetadata';
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

/** A workflow's flavor with its access list (private flavors only). */
const toFlavorShape = ({ flavor, access }: FlavorOutcome): FlavorShape => {
  const out = toFlavor(flavor);
  if (access) out.access_list = access;
  return out;
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

  serve(app, api['nova.flavors.create'], async (request, reply) =>
    reply.code(201).send(toFlavorShape(await createFlavor(request.openstack.nova, request.body))),
  );

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

  serve(app, api['nova.flavors.update'], async (request) =>
    toFlavorShape(
      await updateFlavor(request.openstack.nova, request.params.id, request.body, request.log),
    ),
  );

  serveNoContent(app, api['nova.flavors.delete'], (request) =>
    request.openstack.nova.flavors.delete(request.params.id),
  );

  serveMetadata(
    app,
    { read: api['nova.flavors.extraSpecs'], write: api['nova.flavors.updateExtraSpecs'] },
    extraSpecCalls((openstack) => openstack.nova.flavors),
  );
};
