import type { Flavor, FlavorCreateBody, FlavorUpdateBody } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** Flavors (/api/nova/flavors/, spec 2 §7). */
export const flavorQueries = {
  all: () => resourceKey('nova.flavors'),
  list: () =>
    routeQuery(
      'nova.flavors.list',
      { query: { get_extras: true } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve the flavors.') } },
    ),
  /** With extra specs and, for private flavors, the projects allowed to use it. */
  detail: (id: string) =>
    routeQuery(
      'nova.flavors.get',
      { params: { id }, query: { get_extras: true, get_access_list: true } },
      { meta: { errorMessage: msg('Unable to retrieve the flavor.'), silentStatuses: [404] } },
    ),
};

export const FLAVOR_CREATED = msg('Flavor {{name}} was successfully created.');
export const FLAVOR_UPDATED = msg('Flavor {{name}} was successfully updated.');
export const FLAVOR_ACCESS_UPDATED = msg('Access to flavor {{name}} was successfully updated.');

export const flavorMutations = {
  create: mutation({
    fn: (body: FlavorCreateBody) => api('nova.flavors.create', { body }),
    invalidates: [flavorQueries.all()],
    successMessage: (_data, body) => t(FLAVOR_CREATED, { name: body.name }),
    errorMessage: msg('Unable to create the flavor.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: FlavorUpdateBody }) =>
      api('nova.flavors.update', { params: { id }, body }),
    invalidates: [flavorQueries.all()],
    successMessage: (_data, { body }) => t(FLAVOR_UPDATED, { name: body.name }),
    errorMessage: msg('Unable to update the flavor.'),
    inlineErrors: true,
  }),
  updateAccess: mutation({
    fn: ({ id, body }: { id: string; body: FlavorUpdateBody }) =>
      api('nova.flavors.update', { params: { id }, body }),
    invalidates: [flavorQueries.all()],
    successMessage: (_data, { body }) => t(FLAVOR_ACCESS_UPDATED, { name: body.name }),
    errorMessage: msg('Unable to update the flavor.'),
    inlineErrors: true,
  }),
};

export async function removeFlavor(flavor: Flavor): Promise<void> {
  await api('nova.flavors.delete', { params: { id: flavor.id } });
}

/** The PATCH body that keeps a flavor as it is (Modify Access changes only the access list). */
export function flavorUpdateBody(flavor: Flavor): FlavorUpdateBody {
  return {
    name: flavor.name,
    vcpus: flavor.vcpus,
    ram: flavor.ram,
    disk: flavor.disk,
    ephemeral: flavor['OS-FLV-EXT-DATA:ephemeral'],
    swap: flavor.swap,
    rxtx_factor: flavor.rxtx_factor,
    is_public: flavor['os-flavor-access:is_public'],
    ...(flavor.description !== undefined && { description: flavor.description }),
    ...(flavor.access_list && { flavor_access: flavor.access_list }),
  };
}
