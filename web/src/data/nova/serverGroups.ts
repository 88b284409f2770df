import type { ServerGroup, ServerGroupCreateBody } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** Server groups (/api/nova/servergroups/, spec 2 §7). */
export const serverGroupQueries = {
  all: () => resourceKey('nova.servergroups'),
  list: () =>
    routeQuery('nova.servergroups.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the server groups.') },
    }),
  detail: (id: string) =>
    routeQuery(
      'nova.servergroups.get',
      { params: { id } },
      {
        meta: { errorMessage: msg('Unable to retrieve the server group.'), silentStatuses: [404] },
      },
    ),
};

export const SERVER_GROUP_CREATED = msg('Server Group {{name}} was successfully created');

export const serverGroupMutations = {
  create: mutation({
    fn: (body: ServerGroupCreateBody) => api('nova.servergroups.create', { body }),
    invalidates: [serverGroupQueries.all()],
    successMessage: (_data, body) => t(SERVER_GROUP_CREATED, { name: body.name }),
    errorMessage: msg('Unable to create the server group.'),
    inlineErrors: true,
  }),
};

export async function removeServerGroup(group: ServerGroup): Promise<void> {
  await api('nova.servergroups.delete', { params: { id: group.id } });
}
