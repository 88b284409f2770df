import { queryOptions } from '@tanstack/react-query';
import type { ServerGroup, ServerGroupCreateBody, ServerGroupList } from '@skydeck/contract';
import { apiFetch } from '../../api/http';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

const itemPath = (id: string): string => `api/nova/servergroups/${encodeURIComponent(id)}/`;

/** Key factory + queryOptions for /api/nova/servergroups/ (spec 2 §7). */
export const serverGroupQueries = {
  all: () => ['nova', 'servergroups'] as const,
  list: () =>
    queryOptions({
      queryKey: [...serverGroupQueries.all(), 'list'] as const,
      queryFn: ({ signal }) =>
        apiFetch<ServerGroupList>('api/nova/servergroups/', { signal }).then((r) => r.items),
      meta: { errorMessage: msg('Unable to retrieve the server groups.') },
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...serverGroupQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => apiFetch<ServerGroup>(itemPath(id), { signal }),
      meta: { errorMessage: msg('Unable to retrieve the server group.'), silentStatuses: [404] },
    }),
};

export const SERVER_GROUP_CREATED = msg('Server Group {{name}} was successfully created');

export const serverGroupMutations = {
  create: mutation({
    fn: (body: ServerGroupCreateBody) =>
      apiFetch<ServerGroup>('api/nova/servergroups/', { method: 'POST', body }),
    invalidates: [serverGroupQueries.all()],
    successMessage: (_data, body) => t(SERVER_GROUP_CREATED, { name: body.name }),
    errorMessage: msg('Unable to create the server group.'),
    inlineErrors: true,
  }),
};

export async function removeServerGroup(group: ServerGroup): Promise<void> {
  await apiFetch<unknown>(itemPath(group.id), { method: 'DELETE' });
}
