import type { KeystoneDomain } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { booleanColumn, nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { textFacet } from '../../registry/facets';
import { booleanField, field, overviewTab } from '../../registry/fields';
import {
  clearDomainContextAction,
  DOMAIN_CONTEXT_REQUIRES,
} from '../../ui/ConfirmChangeModal/domainContextActions';
import { policy, setting } from '../../registry/types';
import { domainQueries, removeDomain } from '../../data/keystone/domains';

const CREATE = policy('identity', 'identity:create_domain');
const UPDATE = policy('identity', 'identity:update_domain');
const DELETE = policy('identity', 'identity:delete_domain');
/** Spec 2 §9: OPENSTACK_KEYSTONE_BACKEND.can_edit_domain hides every edit of a domain. */
const EDITABLE = setting('OPENSTACK_KEYSTONE_BACKEND.can_edit_domain');

const remove = {
  requires: [DELETE, EDITABLE],
  remove: removeDomain,
  invalidates: [domainQueries.all()],
  // Keystone deletes a disabled domain only (spec 3 §6).
  allowed: (d: KeystoneDomain) => !d.enabled,
  notAllowed: msg('You are not allowed to delete domains: {{names}}'),
};

/** Domains (/identity/domains, spec 3 §2: name, description, id, enabled). */
export const domains = defineResource<KeystoneDomain>({
  key: (d) => d.id,
  label: (d) => d.name || d.id,
  list: () => asList(domainQueries.list()),
  detail: (id) => asDetail(domainQueries.detail(id)),
  columns: [
    nameColumn<KeystoneDomain>({
      priority: 1,
      defaultSort: true,
      linkToDetails: true,
      fallback: (d) => d.id,
    }),
    textColumn('description', msg('Description'), (d) => d.description ?? '', { priority: 2 }),
    textColumn('id', msg('Domain ID'), (d) => d.id, { priority: 2 }),
    booleanColumn('enabled', msg('Enabled'), (d) => d.enabled),
  ],
  facets: [textFacet('name', msg('Name'), (d) => d.name), textFacet('id', msg('ID'), (d) => d.id)],
  actions: {
    table: [
      modalAction('create', msg('Create Domain'), [CREATE, EDITABLE], () =>
        import('./DomainModals').then((m) => m.CreateDomainModal),
      ),
      clearDomainContextAction(),
    ],
    row: [
      modalAction<KeystoneDomain>(
        'edit',
        msg('Edit Domain'),
        [UPDATE, EDITABLE],
        () => import('./DomainModals').then((m) => m.EditDomainModal),
        { primary: true },
      ),
      modalAction<KeystoneDomain>(
        'enable',
        msg('Enable Domain'),
        [UPDATE, EDITABLE],
        () => import('./DomainModals').then((m) => m.EnableDomainModal),
        { allowed: (d) => !d.enabled },
      ),
      modalAction<KeystoneDomain>(
        'disable',
        msg('Disable Domain'),
        [UPDATE, EDITABLE],
        () => import('./DomainModals').then((m) => m.DisableDomainModal),
        { allowed: (d) => d.enabled },
      ),
      modalAction<KeystoneDomain>(
        'set-domain-context',
        msg('Set Domain Context'),
        DOMAIN_CONTEXT_REQUIRES,
        () =>
          import('../../ui/ConfirmChangeModal/DomainContextModals').then(
            (m) => m.SetDomainContextModal,
          ),
        // Keystone keeps a disabled domain's entities, but nobody can sign in to work there.
        { allowed: (d) => d.enabled },
      ),
      deleteAction<KeystoneDomain>({ ...remove, label: msg('Delete Domain') }),
    ],
    batch: [deleteAction<KeystoneDomain[]>({ ...remove, label: msg('Delete Domains') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (d) => d.name),
      field(msg('Domain ID'), (d) => d.id),
      field(msg('Description'), (d) => d.description ?? ''),
      booleanField(msg('Enabled'), (d) => d.enabled),
    ]),
  ],
});
