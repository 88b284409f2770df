import type { Trunk, TrunkCreateBody, TrunkUpdateBody } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { portQueries } from './ports';

const LIST_FAILED = msg('Unable to retrieve the trunks.');

/** Trunks (/api/neutron/trunks/, spec 2 §7): the project's, or every project's (admin). */
export const trunkQueries = {
  all: () => resourceKey('neutron.trunks'),
  list: (allProjects: boolean, filters: Record<string, string> = {}) =>
    routeQuery(
      'neutron.trunks.list',
      {
        query: {
          ...(allProjects && { all_projects: true }),
          ...(filters['name'] && { name: filters['name'] }),
          ...(filters['port_id'] && { port_id: filters['port_id'] }),
          ...(filters['status'] && { status: filters['status'] }),
          ...(filters['admin_state_up'] && {
            admin_state_up: filters['admin_state_up'] === 'true',
          }),
        },
      },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  detail: (id: string) =>
    routeQuery(
      'neutron.trunks.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the trunk.'), silentStatuses: [404] } },
    ),
};

// Spec 2 §8's texts.
export const TRUNK_CREATED = msg('Trunk {{name}} was successfully created');
export const TRUNK_EDITED = msg('Trunk {{name}} was successfully edited');

// Subports and parents show their trunk on the port, so port lists change with a trunk.
const TOUCHED = [trunkQueries.all(), portQueries.all()];

export const trunkMutations = {
  create: mutation({
    fn: (body: TrunkCreateBody) => api('neutron.trunks.create', { body }),
    invalidates: TOUCHED,
    successMessage: (trunk) => t(TRUNK_CREATED, { name: trunk.name_or_id }),
    errorMessage: msg('Unable to create the trunk.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: TrunkUpdateBody }) =>
      api('neutron.trunks.update', { params: { id }, body }),
    invalidates: TOUCHED,
    successMessage: (trunk) => t(TRUNK_EDITED, { name: trunk.name_or_id }),
    errorMessage: msg('Unable to edit the trunk.'),
    inlineErrors: true,
  }),
};

export async function removeTrunk(trunk: Trunk): Promise<void> {
  await api('neutron.trunks.delete', { params: { id: trunk.id } });
}
