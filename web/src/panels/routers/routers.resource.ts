import { projectCells } from '../../shared/projects/projectNames';
import { createElement } from 'react';
import type { Router } from '@skydeck/contract';
import { ROUTER_TOUCHED, removeRouter, routerQueries } from '../../data/neutron/routers';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { booleanColumn, labelColumn, nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { textFacet, optionsFacet } from '../../registry/facets';
import { booleanField, customTab, dateField, field, overviewTab } from '../../registry/fields';
import { policy, type Column } from '../../registry/types';
import { RouterInterfaces } from './RouterInterfaces';
import { RouterRoutes } from './RouterRoutes';

const ADMIN = '/admin/routers';
const CREATE = policy('network', 'create_router');
const UPDATE = policy('network', 'update_router');
const DELETE = policy('network', 'delete_router');
const ownTarget = (r: Router): { project_id: string } => ({ project_id: r.project_id });

export const ROUTER_STATUS_LABELS = {
  ACTIVE: msg('Active'),
  BUILD: msg('Build'),
  DOWN: msg('Down'),
  ERROR: msg('Error'),
};
const ADMIN_STATE_LABELS = { UP: msg('UP'), DOWN: msg('DOWN') };

export const ROUTER_IN_USE = msg(
  'Router {{name}} still has interfaces. Delete its interfaces first, then the router.',
);

const remove = {
  requires: [DELETE],
  remove: removeRouter,
  inUse: ROUTER_IN_USE,
  invalidates: ROUTER_TOUCHED,
  policyTarget: ownTarget,
};

const adminOnly = (column: Column<Router>): Column<Router> => ({ ...column, panels: [ADMIN] });
const gatewayName = (r: Router): string =>
  r.external_gateway ? r.external_gateway.network_name || r.external_gateway.network_id : '-';
const gatewayIps = (r: Router): string =>
  r.external_gateway?.external_fixed_ips.map((ip) => ip.ip_address).join(', ') || '-';

/** Routers: the project's (/project/routers) and every project's (/admin/routers), issue 10. */
export const routers = defineResource<Router>({
  key: (r) => r.id,
  label: (r) => r.name || r.id,
  list: (scope, filters) => asList(routerQueries.list(scope.path === ADMIN, filters)),
  detail: (id) => asDetail(routerQueries.detail(id)),
  columns: [
    adminOnly(
      textColumn('project_id', msg('Project'), (r) => r.project_id, {
        priority: 2,
        ...projectCells((r: { project_id?: string | null }) => r.project_id),
      }),
    ),
    nameColumn<Router>({
      priority: 1,
      defaultSort: true,
      linkToDetails: true,
      fallback: (r) => `(${r.id.slice(0, 13)})`,
    }),
    labelColumn('status', msg('Status'), (r) => r.status, {
      priority: 1,
      labels: ROUTER_STATUS_LABELS,
      color: (s) => (s === 'ACTIVE' ? 'green' : s === 'ERROR' ? 'red' : 'grey'),
    }),
    textColumn('external_network', msg('External Network'), gatewayName, { priority: 1 }),
    labelColumn('admin_state', msg('Admin State'), (r) => (r.admin_state_up ? 'UP' : 'DOWN'), {
      priority: 2,
      labels: ADMIN_STATE_LABELS,
    }),
    adminOnly(booleanColumn('ha', msg('HA Mode'), (r) => r.ha, { priority: 3 })),
    adminOnly(
      booleanColumn('distributed', msg('Distributed'), (r) => r.distributed, { priority: 3 }),
    ),
    textColumn(
      'availability_zones',
      msg('Availability Zones'),
      (r) => r.availability_zones.join(', '),
      { priority: 3 },
    ),
  ],
  facets: [
    textFacet('name', msg('Name'), (r) => r.name),
    optionsFacet(
      'status',
      msg('Status'),
      Object.entries(ROUTER_STATUS_LABELS).map(([key, label]) => ({ key, label })),
      (r: Router) => r.status,
    ),
    { ...textFacet<Router>('project_id', msg('Project ID'), (r) => r.project_id), panels: [ADMIN] },
  ],
  actions: {
    table: [
      modalAction('create', msg('Create Router'), [CREATE], () =>
        import('./RouterModals').then((m) => m.CreateRouterModal),
      ),
    ],
    row: [
      modalAction<Router>(
        'set-gateway',
        msg('Set Gateway'),
        [UPDATE],
        () => import('./RouterModals').then((m) => m.SetGatewayModal),
        { policyTarget: ownTarget, primary: true, allowed: (r) => r.external_gateway === null },
      ),
      modalAction<Router>(
        'clear-gateway',
        msg('Clear Gateway'),
        [UPDATE],
        () => import('./RouterModals').then((m) => m.ClearGatewayModal),
        { policyTarget: ownTarget, danger: true, allowed: (r) => r.external_gateway !== null },
      ),
      modalAction<Router>(
        'edit',
        msg('Edit Router'),
        [UPDATE],
        () => import('./RouterModals').then((m) => m.EditRouterModal),
        { policyTarget: ownTarget },
      ),
      deleteAction<Router>({ ...remove, label: msg('Delete Router') }),
    ],
    batch: [deleteAction<Router[]>({ ...remove, label: msg('Delete Routers') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (r) => r.name || '-'),
      field(msg('ID'), (r) => r.id),
      field(msg('Description'), (r) => r.description || '-'),
      field(msg('Project ID'), (r) => r.project_id),
      field(msg('Status'), (r) => {
        const label = (ROUTER_STATUS_LABELS as Record<string, string>)[r.status];
        return label ? t(label) : r.status;
      }),
      field(msg('Admin State'), (r) => t(ADMIN_STATE_LABELS[r.admin_state_up ? 'UP' : 'DOWN'])),
      field(msg('External Network'), gatewayName),
      field(msg('External Fixed IPs'), gatewayIps),
      field(msg('SNAT'), (r) =>
        r.external_gateway?.enable_snat === undefined
          ? '-'
          : r.external_gateway.enable_snat
            ? t(msg('Enabled'))
            : t(msg('Disabled')),
      ),
      booleanField(msg('HA Mode'), (r) => r.ha ?? null),
      booleanField(msg('Distributed'), (r) => r.distributed ?? null),
      field(msg('Availability Zones'), (r) => r.availability_zones.join(', ') || '-'),
      dateField(msg('Created'), (r) => r.created_at ?? null),
      dateField(msg('Updated'), (r) => r.updated_at ?? null),
    ]),
    customTab('interfaces', msg('Interfaces'), (r) =>
      createElement(RouterInterfaces, { router: r }),
    ),
    customTab('routes', msg('Static Routes'), (r) => createElement(RouterRoutes, { router: r })),
  ],
});
