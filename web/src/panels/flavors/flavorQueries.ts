import { queryOptions } from '@tanstack/react-query';
import type {
  Flavor,
  FlavorCreateBody,
  FlavorList,
  FlavorUpdateBody,
  ProjectList,
} from '@skydeck/contract';
import { apiFetch } from '../../api/http';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

const itemPath = (id: string): string => `api/nova/flavors/${encodeURIComponent(id)}/`;

/** Key factory + queryOptions for /api/nova/flavors/ (spec 2 §7). */
export const flavorQueries = {
  all: () => ['nova', 'flavors'] as const,
  list: () =>
    queryOptions({
      queryKey: [...flavorQueries.all(), 'list', { get_extras: true }] as const,
      queryFn: ({ signal }) =>
        apiFetch<FlavorList>('api/nova/flavors/', { query: { get_extras: true }, signal }).then(
          (r) => r.items,
        ),
      meta: { errorMessage: msg('Unable to retrieve the flavors.') },
    }),
  /** With extra specs and, for private flavors, the projects allowed to use it. */
  detail: (id: string) =>
    queryOptions({
      queryKey: [...flavorQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) =>
        apiFetch<Flavor>(itemPath(id), {
          query: { get_extras: true, get_access_list: true },
          signal,
        }),
      meta: { errorMessage: msg('Unable to retrieve the flavor.'), silentStatuses: [404] },
    }),
  /** Every project, for the Flavor Access picker (an admin panel). */
  projects: () =>
    queryOptions({
      queryKey: ['keystone', 'projects', 'list', {}] as const,
      queryFn: ({ signal }) =>
        apiFetch<ProjectList>('api/keystone/projects/', { signal }).then((r) => r.items),
      meta: { errorMessage: msg('Unable to retrieve the projects.') },
    }),
};

export const FLAVOR_CREATED = msg('Flavor {{name}} was successfully created.');
export const FLAVOR_UPDATED = msg('Flavor {{name}} was successfully updated.');
export const FLAVOR_ACCESS_UPDATED = msg('Access to flavor {{name}} was successfully updated.');

export const flavorMutations = {
  create: mutation({
    fn: (body: FlavorCreateBody) => apiFetch<Flavor>('api/nova/flavors/', { method: 'POST', body }),
    invalidates: [flavorQueries.all()],
    successMessage: (_data, body) => t(FLAVOR_CREATED, { name: body.name }),
    errorMessage: msg('Unable to create the flavor.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: FlavorUpdateBody }) =>
      apiFetch<Flavor>(itemPath(id), { method: 'PATCH', body }),
    invalidates: [flavorQueries.all()],
    successMessage: (_data, { body }) => t(FLAVOR_UPDATED, { name: body.name }),
    errorMessage: msg('Unable to update the flavor.'),
    inlineErrors: true,
  }),
  updateAccess: mutation({
    fn: ({ id, body }: { id: string; body: FlavorUpdateBody }) =>
      apiFetch<Flavor>(itemPath(id), { method: 'PATCH', body }),
    invalidates: [flavorQueries.all()],
    successMessage: (_data, { body }) => t(FLAVOR_ACCESS_UPDATED, { name: body.name }),
    errorMessage: msg('Unable to update the flavor.'),
    inlineErrors: true,
  }),
};

export async function removeFlavor(flavor: Flavor): Promise<void> {
  await apiFetch<unknown>(itemPath(flavor.id), { method: 'DELETE' });
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
