import { msg } from '../../i18n/msg';
import { modalAction } from '../../registry/actions';
import { policy, service, type Action } from '../../registry/types';

/** Who may set or clear it: an administrator who lists domains. */
export const DOMAIN_CONTEXT_REQUIRES = [
  service('identity'),
  policy('identity', 'identity:list_domains'),
];

/** "Clear Domain Context": on the Domains, Projects, Users and Groups tables. */
export const clearDomainContextAction = (): Action<undefined> =>
  modalAction('clear-domain-context', msg('Clear Domain Context'), DOMAIN_CONTEXT_REQUIRES, () =>
    import('./DomainContextModals').then((m) => m.ClearDomainContextModal),
  );
