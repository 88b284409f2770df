import type { ApplicationCredential } from '@skydeck/contract';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { booleanColumn, nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { textFacet } from '../../registry/facets';
import { booleanField, dateField, field, overviewTab } from '../../registry/fields';
import { formatDateTime } from '../../registry/formatDate';
import { policy } from '../../registry/types';
import {
  applicationCredentialQueries,
  removeApplicationCredential,
} from '../../data/keystone/applicationCredentials';

const CREATE = policy('identity', 'identity:create_application_credential');
const DELETE = policy('identity', 'identity:delete_application_credential');

const remove = {
  requires: [DELETE],
  remove: removeApplicationCredential,
  invalidates: [applicationCredentialQueries.all()],
};

const roleNames = (c: ApplicationCredential): string => c.roles.map((r) => r.name).join(', ');
const expiry = (c: ApplicationCredential): string =>
  c.expires_at ? formatDateTime(c.expires_at) : t(msg('Never'));
const rules = (c: ApplicationCredential): string =>
  c.access_rules.map((r) => `${r.service} ${r.method} ${r.path}`).join('\n');

/** The signed-in user's application credentials (/identity/application_credentials). */
export const applicationCredentials = defineResource<ApplicationCredential>({
  key: (c) => c.id,
  label: (c) => c.name,
  list: () => asList(applicationCredentialQueries.list()),
  detail: (id) => asDetail(applicationCredentialQueries.detail(id)),
  columns: [
    nameColumn<ApplicationCredential>({ priority: 1, defaultSort: true, linkToDetails: true }),
    textColumn('description', msg('Description'), (c) => c.description, { priority: 3 }),
    textColumn('project', msg('Project'), (c) => c.project_name ?? c.project_id, { priority: 3 }),
    textColumn('expires', msg('Expiration'), (c) => c.expires_at ?? '', {
      priority: 2,
      cell: expiry,
    }),
    textColumn('roles', msg('Roles'), roleNames, { priority: 2 }),
    booleanColumn('unrestricted', msg('Unrestricted'), (c) => c.unrestricted, { priority: 3 }),
  ],
  facets: [textFacet('name', msg('Name'), (c) => c.name), textFacet('id', msg('ID'), (c) => c.id)],
  actions: {
    table: [
      modalAction('create', msg('Create Application Credential'), [CREATE], () =>
        import('./CreateApplicationCredentialModal').then(
          (m) => m.CreateApplicationCredentialModal,
        ),
      ),
    ],
    row: [
      deleteAction<ApplicationCredential>({
        ...remove,
        label: msg('Delete Application Credential'),
      }),
    ],
    batch: [
      deleteAction<ApplicationCredential[]>({
        ...remove,
        label: msg('Delete Application Credentials'),
      }),
    ],
  },
  details: [
    overviewTab([
      field(msg('Name'), (c) => c.name),
      field(msg('ID'), (c) => c.id),
      field(msg('Description'), (c) => c.description ?? ''),
      field(msg('Project'), (c) => c.project_name ?? ''),
      field(msg('Project ID'), (c) => c.project_id),
      dateField(msg('Expiration'), (c) => c.expires_at),
      field(msg('Roles'), roleNames),
      booleanField(msg('Unrestricted'), (c) => c.unrestricted),
      field(msg('Access Rules'), rules),
    ]),
  ],
});
