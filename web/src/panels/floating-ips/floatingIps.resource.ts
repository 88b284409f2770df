import { projectCells } from '../../shared/projects/projectNames';
import { createElement } from 'react';
import { Link } from 'react-router';
import type { FloatingIp } from '@skydeck/contract';
import {
  FLOATING_IP_TOUCHED,
  floatingIpQueries,
  releaseFloatingIp,
} from '../../data/neutron/floatingIps';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { labelColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { optionsFacet, textFacet } from '../../registry/facets';
import { dateField, field, overviewTab } from '../../registry/fields';
import { policy, type Column, type Facet } from '../../registry/types';
import { mappedText } from './mappedText';

const ADMIN = '/admin/floating_ips';
const CREATE = policy('network', 'create_floatingip');
const UPDATE = policy('network', 'update_floatingip');
const DELETE = policy('network', 'delete_floatingip');
const ownTarget = (f: FloatingIp): { project_id: string } => ({ project_id: f.project_id });

const STATUS_LABELS = { ACTIVE: msg('Active'), DOWN: msg('Down'), ERROR: msg('Error') };

const remove = {
  requires: [DELETE],
  remove: releaseFloatingIp,
  names: { one: msg('Floating IP'), many: msg('Floating IPs') },
  invalidates: FLOATING_IP_TOUCHED,
  policyTarget: ownTarget,
};

const adminOnly = <T extends Column<FloatingIp> | Facet<FloatingIp>>(item: T): T => ({
  ...item,
  panels: [ADMIN],
});

/** Floating IPs: the project's (allocate, associate, disassociate, release) and all (admin). */
export const floatingIps = defineResource<FloatingIp>({
  key: (f) => f.id,
  label: (f) => f.floating_ip_address,
  list: (scope) => asList(floatingIpQueries.list(scope.path === ADMIN)),
  detail: (id) => asDetail(floatingIpQueries.detail(id)),
  columns: [
    adminOnly(
      textColumn('project_id', msg('Project'), (f) => f.project_id, {
        priority: 2,
        ...projectCells((f: { project_id?: string | null }) => f.project_id),
      }),
    ),
    textColumn('floating_ip_address', msg('IP Address'), (f) => f.floating_ip_address, {
      priority: 1,
      defaultSort: true,
      cell: (f, ctx) => createElement(Link, { to: ctx.detailsHref }, f.floating_ip_address),
    }),
    textColumn('description', msg('Description'), (f) => f.description, { priority: 2 }),
    textColumn('dns_name', msg('DNS Name'), (f) => f.dns_name ?? '', { priority: 3 }),
    textColumn('mapped', msg('Mapped Fixed IP Address'), mappedText, { priority: 1 }),
    textColumn('pool', msg('Pool'), (f) => f.pool_name || f.pool_id, { priority: 1 }),
    labelColumn('status', msg('Status'), (f) => f.status, {
      priority: 1,
      labels: STATUS_LABELS,
      color: (s) => (s === 'ACTIVE' ? 'green' : s === 'ERROR' ? 'red' : 'grey'),
    }),
  ],
  facets: [
    textFacet('floating_ip_address', msg('IP Address'), (f) => f.floating_ip_address),
    textFacet('pool', msg('Pool'), (f) => f.pool_name),
    optionsFacet(
      'status',
      msg('Status'),
      Object.entries(STATUS_LABELS).map(([key, label]) => ({ key, label })),
      (f: FloatingIp) => f.status,
    ),
    adminOnly(textFacet<FloatingIp>('project_id', msg('Project ID'), (f) => f.project_id)),
  ],
  actions: {
    table: [
      modalAction('allocate', msg('Allocate IP To Project'), [CREATE], () =>
        import('./AllocateFloatingIpModal').then((m) => m.AllocateFloatingIpModal),
      ),
    ],
    row: [
      modalAction<FloatingIp>(
        'associate',
        msg('Associate'),
        [UPDATE],
        () =>
          import('../../shared/network/AssociateFloatingIpModal').then(
            (m) => m.AssociateFloatingIpAction,
          ),
        { policyTarget: ownTarget, primary: true, allowed: (f) => f.port_id === null },
      ),
      modalAction<FloatingIp>(
        'disassociate',
        msg('Disassociate'),
        [UPDATE],
        () => import('./DisassociateModal').then((m) => m.DisassociateModal),
        { policyTarget: ownTarget, primary: true, allowed: (f) => f.port_id !== null },
      ),
      deleteAction<FloatingIp>({ ...remove, label: msg('Release Floating IP') }),
    ],
    batch: [deleteAction<FloatingIp[]>({ ...remove, label: msg('Release Floating IPs') })],
  },
  summary: [
    field(msg('ID'), (f) => f.id),
    field(msg('Fixed IP Address'), (f) => f.fixed_ip_address ?? '-'),
    field(msg('Port ID'), (f) => f.port_id ?? '-'),
    field(msg('Router ID'), (f) => f.router_id ?? '-'),
  ],
  details: [
    overviewTab([
      field(msg('IP Address'), (f) => f.floating_ip_address),
      field(msg('ID'), (f) => f.id),
      field(msg('Description'), (f) => f.description || '-'),
      field(msg('Pool'), (f) => f.pool_name || f.pool_id),
      field(msg('Status'), (f) => f.status),
      field(msg('Mapped Fixed IP Address'), mappedText),
      field(msg('Port ID'), (f) => f.port_id ?? '-'),
      field(msg('Router ID'), (f) => f.router_id ?? '-'),
      field(msg('DNS Name'), (f) => f.dns_name || '-'),
      field(msg('Project ID'), (f) => f.project_id),
      dateField(msg('Created'), (f) => f.created_at ?? null),
    ]),
  ],
});
