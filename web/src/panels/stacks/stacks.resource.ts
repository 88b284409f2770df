import { createElement } from 'react';
import { Link } from 'react-router';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { labelColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { optionsFacet, textFacet } from '../../registry/facets';
import { customTab, dateField, field, overviewTab } from '../../registry/fields';
import { formatDateTime } from '../../registry/formatDate';
import { policy, type PanelScope } from '../../registry/types';
import {
  isStackInProgress,
  removeStack,
  stackQueries,
  type StackRow as Stack,
} from '../../data/heat/stacks';
import {
  StackEventsTab,
  StackOutputs,
  StackParameters,
  StackResourcesTab,
  StackTemplateTab,
} from './StackTabs';
import { StackTopologyTab } from './StackTopologyTab';
import { STACK_STATUS_LABELS, stackStatusColor, stackStatusText } from './stackStatus';

const ADMIN_PANEL = '/admin/stacks';
const isAdmin = (scope: PanelScope): boolean => scope.path === ADMIN_PANEL;

/** The statuses the Status facet offers, in the order a user looks for them. */
const STATUS_OPTIONS = [
  'CREATE_COMPLETE',
  'CREATE_FAILED',
  'CREATE_IN_PROGRESS',
  'UPDATE_COMPLETE',
  'UPDATE_FAILED',
  'UPDATE_IN_PROGRESS',
  'CHECK_COMPLETE',
  'SUSPEND_COMPLETE',
  'RESUME_COMPLETE',
  'DELETE_IN_PROGRESS',
  'DELETE_FAILED',
  'ROLLBACK_COMPLETE',
].map((key) => ({ key, label: STACK_STATUS_LABELS[key] ?? key }));

const remove = {
  requires: [policy('orchestration', 'stacks:delete')],
  remove: removeStack,
  invalidates: [stackQueries.all()],
  allowed: (s: Stack) => s.stack_status !== 'DELETE_IN_PROGRESS',
};

const actionModal = (
  id: 'check' | 'suspend' | 'resume',
  label: ReturnType<typeof msg>,
  allowed: (s: Stack) => boolean,
) =>
  modalAction<Stack[]>(
    id,
    label,
    [policy('orchestration', `actions:${id}`)],
    () => import('./StackActionModal').then((m) => m.stackActionModal(id)),
    { allowed: (stacks) => stacks.length > 0 && stacks.every(allowed) },
  );

const settled = (s: Stack): boolean => !isStackInProgress(s.stack_status);

/** Stacks: the project panel and the admin one with the project column (issue 13). */
export const stacks = defineResource<Stack>({
  key: (s) => s.id,
  label: (s) => s.stack_name,
  list: (scope) => asList(stackQueries.list(isAdmin(scope))),
  detail: (id) => asDetail(stackQueries.detail(id)),
  transitional: (s) => isStackInProgress(s.stack_status),
  columns: [
    {
      ...textColumn<Stack>('project', msg('Project'), (s) => s.project, { priority: 1 }),
      panels: [ADMIN_PANEL],
    },
    textColumn<Stack>('name', msg('Stack Name'), (s) => s.stack_name, {
      priority: 1,
      cell: (s, ctx) => createElement(Link, { to: ctx.detailsHref }, s.stack_name),
    }),
    textColumn<Stack>('created', msg('Created'), (s) => s.creation_time, {
      priority: 1,
      defaultSort: true,
      cell: (s) => formatDateTime(s.creation_time ?? undefined),
    }),
    textColumn<Stack>('updated', msg('Updated'), (s) => s.updated_time, {
      priority: 2,
      cell: (s) => (s.updated_time ? formatDateTime(s.updated_time) : '-'),
    }),
    labelColumn<Stack>('status', msg('Status'), (s) => s.stack_status, {
      priority: 1,
      inProgress: (s) => isStackInProgress(s.stack_status),
      labels: STACK_STATUS_LABELS,
      color: stackStatusColor,
    }),
    textColumn<Stack>('reason', msg('Status Reason'), (s) => s.stack_status_reason, {
      priority: 2,
    }),
  ],
  facets: [
    textFacet('name', msg('Stack Name'), (s) => s.stack_name),
    textFacet('id', msg('ID'), (s) => s.id),
    optionsFacet('status', msg('Status'), STATUS_OPTIONS, (s) => s.stack_status),
  ],
  actions: {
    table: [
      modalAction('launch', msg('Launch Stack'), [policy('orchestration', 'stacks:create')], () =>
        import('./LaunchStackModal').then((m) => m.LaunchStackModal),
      ),
      modalAction(
        'preview',
        msg('Preview Stack'),
        [policy('orchestration', 'stacks:preview')],
        () => import('./LaunchStackModal').then((m) => m.PreviewStackModal),
      ),
    ],
    row: [
      modalAction<Stack>(
        'update',
        msg('Change Stack Template'),
        [policy('orchestration', 'stacks:update')],
        () => import('./LaunchStackModal').then((m) => m.ChangeStackTemplateModal),
        { allowed: settled },
      ),
      deleteAction<Stack>({ ...remove, label: msg('Delete Stack') }),
    ],
    batch: [
      actionModal('check', msg('Check Stack'), settled),
      actionModal('suspend', msg('Suspend Stack'), settled),
      actionModal('resume', msg('Resume Stack'), settled),
      deleteAction<Stack[]>({ ...remove, label: msg('Delete Stacks') }),
    ],
  },
  details: [
    customTab('topology', msg('Topology'), (s) => createElement(StackTopologyTab, { stack: s })),
    overviewTab<Stack>([
      field(msg('Name'), (s) => s.stack_name),
      field(msg('ID'), (s) => s.id),
      field(msg('Description'), (s) => s.description ?? ''),
      field(msg('Status'), (s) => stackStatusText(s.stack_status)),
      field(msg('Status Reason'), (s) => s.stack_status_reason ?? ''),
      dateField(msg('Created'), (s) => s.creation_time),
      dateField(msg('Last Updated'), (s) => s.updated_time),
      field(msg('Timeout'), (s) => String(s.timeout_mins ?? '-')),
      field(msg('Rollback'), (s) =>
        s.disable_rollback === false ? msg('Enabled') : msg('Disabled'),
      ),
      field(msg('Outputs'), (s) => createElement(StackOutputs, { stack: s })),
      field(msg('Parameters'), (s) => createElement(StackParameters, { stack: s })),
    ]),
    customTab('resources', msg('Resources'), (s) => createElement(StackResourcesTab, { stack: s })),
    customTab('events', msg('Events'), (s) => createElement(StackEventsTab, { stack: s })),
    customTab('template', msg('Template'), (s) => createElement(StackTemplateTab, { stack: s })),
  ],
});
