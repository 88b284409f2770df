import { createElement } from 'react';
import type { Project } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { booleanColumn, nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, asPage, defineResource } from '../../registry/defineResource';
import { serverFacet } from '../../registry/facets';
import { booleanField, customTab, field, overviewTab } from '../../registry/fields';
import { clearDomainContextAction } from '../../ui/ConfirmChangeModal/domainContextActions';
import { policy } from '../../registry/types';
import { projectQueries, removeProject } from '../../data/keystone/projects';
import { ProjectMembers } from './ProjectMembers';

/** Changing a project's limits: Nova's rule stands for the three services (all admin-only). */
const QUOTAS = policy('compute', 'os_compute_api:os-quota-sets:update');
const CREATE = policy('identity', 'identity:create_project');
const UPDATE = policy('identity', 'identity:update_project');
const DELETE = policy('identity', 'identity:delete_project');
const GRANT = policy('identity', 'identity:create_grant');

const remove = {
  requires: [DELETE],
  remove: removeProject,
  invalidates: [projectQueries.all()],
};

/** Projects (/identity/projects, issue 12): paged and filtered by the server. */
export const projects = defineResource<Project>({
  key: (p) => p.id,
  label: (p) => p.name || p.id,
  // Every panel of the type pages on the server (Keystone's list is whole; the server cuts it).
  list: (_scope, filters) => asList(projectQueries.filtered(filters)),
  paging: {
    when: () => true,
    page: (_scope, filters, page) => asPage(projectQueries.page(filters, page)),
  },
  detail: (id) => asDetail(projectQueries.detail(id)),
  columns: [
    nameColumn<Project>({
      priority: 1,
      defaultSort: true,
      serverSort: 'name',
      linkToDetails: true,
      fallback: (p) => p.id,
    }),
    textColumn('description', msg('Description'), (p) => p.description ?? '', {
      priority: 2,
      sortable: false,
    }),
    textColumn('id', msg('Project ID'), (p) => p.id, { priority: 2, serverSort: 'id' }),
    textColumn('domain', msg('Domain ID'), (p) => p.domain_id, { priority: 3, sortable: false }),
    booleanColumn('enabled', msg('Enabled'), (p) => p.enabled, {
      priority: 1,
      serverSort: 'enabled',
    }),
  ],
  facets: [serverFacet('name', msg('Name'))],
  actions: {
    table: [
      modalAction('create', msg('Create Project'), [CREATE], () =>
        import('./ProjectWizard').then((m) => m.CreateProjectWizard),
      ),
      clearDomainContextAction(),
    ],
    row: [
      modalAction<Project>(
        'edit',
        msg('Edit Project'),
        [UPDATE, GRANT],
        () => import('./ProjectWizard').then((m) => m.EditProjectWizard),
        { primary: true },
      ),
      modalAction<Project>(
        'set-active',
        msg('Set as Active Project'),
        [],
        () => import('./ProjectStateModals').then((m) => m.SetActiveProjectModal),
        { allowed: (p) => p.enabled },
      ),
      modalAction<Project>(
        'enable',
        msg('Enable Project'),
        [UPDATE],
        () => import('./ProjectStateModals').then((m) => m.EnableProjectModal),
        { allowed: (p) => !p.enabled },
      ),
      modalAction<Project>(
        'disable',
        msg('Disable Project'),
        [UPDATE],
        () => import('./ProjectStateModals').then((m) => m.DisableProjectModal),
        { allowed: (p) => p.enabled },
      ),
      modalAction<Project>('quotas', msg('Modify Quotas'), [QUOTAS], () =>
        import('./ProjectStateModals').then((m) => m.ModifyQuotasModal),
      ),
      deleteAction<Project>({ ...remove, label: msg('Delete Project') }),
    ],
    batch: [deleteAction<Project[]>({ ...remove, label: msg('Delete Projects') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (p) => p.name),
      field(msg('Project ID'), (p) => p.id),
      field(msg('Description'), (p) => p.description ?? ''),
      field(msg('Domain ID'), (p) => p.domain_id),
      booleanField(msg('Enabled'), (p) => p.enabled),
    ]),
    customTab('members', msg('Members'), (p) => createElement(ProjectMembers, { project: p })),
  ],
});
