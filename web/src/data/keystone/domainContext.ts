import type { KeystoneDomain } from '@skydeck/contract';
import { api, resourceKey } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/**
 * The admin's domain context (issue 12), kept in the server-side session: while set, the
 * identity panels list and create projects, users and groups in that domain. Both calls answer
 * the new session; invalidating every keystone query re-reads the session and the lists.
 */
export const domainContextMutations = {
  set: mutation({
    fn: (domain: KeystoneDomain) =>
      api('keystone.setDomainContext', { body: { domain_id: domain.id } }),
    invalidates: [resourceKey('keystone')],
    successMessage: (_d, domain) =>
      t(msg('Domain context updated to Domain {{name}}.'), { name: domain.name }),
    errorMessage: msg('Unable to set domain context.'),
    inlineErrors: true,
  }),
  clear: mutation({
    fn: () => api('keystone.clearDomainContext', {}),
    invalidates: [resourceKey('keystone')],
    successMessage: () => t(msg('Domain context cleared.')),
    errorMessage: msg('Unable to clear domain context.'),
    inlineErrors: true,
  }),
};
