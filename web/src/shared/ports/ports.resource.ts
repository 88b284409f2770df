import { createElement } from 'react';
import type { Port } from '@skydeck/contract';
import { portQueries, removePort } from '../../data/neutron/ports';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { labelColumn, nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { booleanField, customTab, dateField, field, overviewTab } from '../../registry/fields';
import { policy, type ModalProps } from '../../registry/types';
import { PortAddressPairs, PortFixedIps, PortNetwork, PortSecurityGroups } from './portCells';

const UPDATE = policy('network', 'update_port');
const DELETE = policy('network', 'delete_port');
const ownTarget = (p: Port): { project_id: string } => ({ project_id: p.project_id });

export const PORT_STATUS_LABELS = {
  ACTIVE: msg('Active'),
  DOWN: msg('Down'),
  BUILD: msg('Build'),
  ERROR: msg('Error'),
};
const ADMIN_STATE_LABELS = { UP: msg('UP'), DOWN: msg('DOWN') };
const adminState = (p: Port): 'UP' | 'DOWN' => (p.admin_state_up ? 'UP' : 'DOWN');
const ips = (p: Port): string => p.fixed_ips.map((ip) => ip.ip_address).join(', ');

const remove = {
  requires: [DELETE],
  remove: removePort,
  invalidates: [portQueries.all()],
  policyTarget: ownTarget,
  // A router's or DHCP agent's port goes with its owner, never from here.
  allowed: (p: Port) => !p.device_owner.startsWith('network:'),
};

/**
 * Ports (issue 10): every port of a network, with Create on that network (the network's Ports
 * tab), or the caller's ports (the details page, reached from a trunk's subports or a link).
 */
export function portsResource(networkId?: string) {
  return defineResource<Port>({
    key: (p) => p.id,
    label: (p) => p.name || p.id,
    list: () => asList(networkId ? portQueries.ofNetwork(networkId) : portQueries.list()),
    detail: (id) => asDetail(portQueries.detail(id)),
    indexPath: (scope) => scope?.path ?? '/project/networks',
    columns: [
      nameColumn<Port>({
        priority: 1,
        defaultSort: true,
        linkToDetails: true,
        fallback: (p) => `(${p.id.slice(0, 13)})`,
      }),
      textColumn('fixed_ips', msg('Fixed IPs'), ips, { priority: 1 }),
      textColumn('mac_address', msg('MAC Address'), (p) => p.mac_address, { priority: 2 }),
      textColumn('device_owner', msg('Attached Device'), (p) => p.device_owner || '-', {
        priority: 2,
      }),
      labelColumn('status', msg('Status'), (p) => p.status, {
        priority: 1,
        labels: PORT_STATUS_LABELS,
        color: (s) => (s === 'ACTIVE' ? 'green' : s === 'ERROR' ? 'red' : 'grey'),
      }),
      labelColumn('admin_state', msg('Admin State'), adminState, {
        priority: 1,
        labels: ADMIN_STATE_LABELS,
      }),
    ],
    actions: {
      table: networkId
        ? [
            modalAction<undefined>(
              'create',
              msg('Create Port'),
              [policy('network', 'create_port')],
              () =>
                import('./PortModals').then(
                  (m) =>
                    ({ onClose }: ModalProps<undefined>) =>
                      createElement(m.CreatePortFromNetwork, { networkId, onClose }),
                ),
            ),
          ]
        : [],
      row: [
        modalAction<Port>(
          'edit',
          msg('Edit Port'),
          [UPDATE],
          () => import('./PortModals').then((m) => m.EditPortModal),
          { policyTarget: ownTarget, primary: true },
        ),
        deleteAction<Port>({ ...remove, label: msg('Delete Port') }),
      ],
      batch: [deleteAction<Port[]>({ ...remove, label: msg('Delete Ports') })],
    },
    details: [
      overviewTab([
        field(msg('Name'), (p) => p.name || '-'),
        field(msg('ID'), (p) => p.id),
        field(msg('Network'), (p) => createElement(PortNetwork, { id: p.network_id })),
        field(msg('Project ID'), (p) => p.project_id),
        field(msg('MAC Address'), (p) => p.mac_address),
        field(msg('Status'), (p) => {
          const label = (PORT_STATUS_LABELS as Record<string, string>)[p.status];
          return label ? t(label) : p.status;
        }),
        field(msg('Admin State'), (p) => t(ADMIN_STATE_LABELS[adminState(p)])),
        booleanField(msg('Port Security Enabled'), (p) => p.port_security_enabled ?? true),
        field(msg('VNIC Type'), (p) => p.vnic_type ?? '-'),
        field(msg('Device Owner'), (p) => p.device_owner || '-'),
        field(msg('Device ID'), (p) => p.device_id || '-'),
        field(msg('QoS Policy'), (p) => p.qos_policy_id ?? '-'),
        field(msg('Trunk'), (p) => p.trunk_id ?? '-'),
        dateField(msg('Created'), (p) => p.created_at ?? null),
        dateField(msg('Updated'), (p) => p.updated_at ?? null),
      ]),
      customTab('fixed_ips', msg('Fixed IPs'), (p) => createElement(PortFixedIps, { port: p })),
      customTab('security_groups', msg('Security Groups'), (p) =>
        createElement(PortSecurityGroups, { port: p }),
      ),
      customTab('address_pairs', msg('Allowed Address Pairs'), (p) =>
        createElement(PortAddressPairs, { port: p }),
      ),
    ],
  });
}

/** The declaration of the manifest entry: the details page and the caller's ports. */
export const ports = portsResource();
