import type {
  DomainCreateBody,
  DomainUpdateBody,
  KeystoneDomain,
  Role,
  RoleCreateBody,
  RoleUpdateBody,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { roleQueries } from './users';

/** Domains (/api/keystone/domains/). */
export const domainQueries = {
  all: () => resourceKey('keystone.domains'),
  list: () =>
    routeQuery('keystone.domains.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the domains.') },
    }),
  detail: (id: string) =>
    routeQuery(
      'keystone.domains.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the domain.'), silentStatuses: [404] } },
    ),
};

export const domainMutations = {
  create: mutation({
    fn: (body: DomainCreateBody) => api('keystone.domains.create', { body }),
    invalidates: [domainQueries.all()],
    successMessage: (_d, body) =>
      t(msg('Domain "{{name}}" was successfully created.'), { name: body.name }),
    errorMessage: msg('Unable to create domain.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: DomainUpdateBody }) =>
      api('keystone.domains.update', { params: { id }, body }),
    invalidates: [domainQueries.all()],
    successMessage: (d) => t(msg('Domain "{{name}}" was successfully updated.'), { name: d.name }),
    errorMessage: msg('Unable to modify domain.'),
    inlineErrors: true,
  }),
};

export async function removeDomain(domain: KeystoneDomain): Promise<void> {
  await api('keystone.domains.delete', { params: { id: domain.id } });
}

export const roleDetail = (id: string) =>
  routeQuery(
    'keystone.roles.get',
    { params: { id } },
    { meta: { errorMessage: msg('Unable to retrieve the role.'), silentStatuses: [404] } },
  );

export const roleMutations = {
  create: mutation({
    fn: (body: RoleCreateBody) => api('keystone.roles.create', { body }),
    invalidates: [roleQueries.all()],
    successMessage: (_d, body) =>
      t(msg('Role "{{name}}" was successfully created.'), { name: body.name }),
    errorMessage: msg('Unable to create role.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: RoleUpdateBody }) =>
      api('keystone.roles.update', { params: { id }, body }),
    invalidates: [roleQueries.all()],
    successMessage: (d) => t(msg('Role "{{name}}" was successfully updated.'), { name: d.name }),
    errorMessage: msg('Unable to update role.'),
    inlineErrors: true,
  }),
};

export async function removeRole(role: Role): Promise<void> {
  await api('keystone.roles.delete', { params: { id: role.id } });
}
