import type { Instance } from '@skydeck/contract';
import { instanceQueries } from '../../data/nova/servers';
import { removeInstance } from '../../data/nova/serverActions';
import { msg } from '../../i18n/msg';
import { deleteAction, linkAction, modalAction, type ModalComponent } from '../../registry/actions';
import { service, type Action } from '../../registry/types';
import { instanceCanAttach } from '../../shared/volumes/attachRules';
import {
  OPERATIONS,
  canAssociateFloatingIp,
  canChangeInterfaces,
  canConsole,
  canDisassociateFloatingIp,
  canLiveMigrate,
  canRetrievePassword,
  canRebuild,
  canResize,
  canSnapshot,
  compute,
  consoleHref,
  floatingIpUpdate,
  instanceTarget,
  notDeleting,
  type OperationDecl,
} from './instanceActionRules';

/** The confirm-and-run modal bound to one operation (one component per operation, cached). */
const loadOperation = <Target extends Instance | Instance[]>(
  decl: OperationDecl,
): (() => Promise<ModalComponent<Target>>) => {
  return () =>
    import('./InstanceOperationModal').then(
      (m) => m.operationModal(decl) as unknown as ModalComponent<Target>,
    );
};

const rowOperation = (decl: OperationDecl): Action<Instance> =>
  modalAction<Instance>(decl.id, decl.label, decl.requires, loadOperation<Instance>(decl), {
    allowed: decl.can,
    policyTarget: instanceTarget,
    ...(decl.danger && { danger: true }),
  });

const batchOperation = (decl: OperationDecl): Action<Instance[]> =>
  modalAction<Instance[]>(
    decl.id,
    decl.batchLabel ?? decl.label,
    decl.requires,
    loadOperation<Instance[]>(decl),
    {
      // Enabled when any selected instance can; the run skips (and names) the others.
      allowed: (items) => items.some(decl.can),
      ...(decl.danger && { danger: true }),
    },
  );

const removal = {
  requires: compute('servers:delete'),
  remove: removeInstance,
  invalidates: [instanceQueries.all()],
  allowed: notDeleting,
  policyTarget: instanceTarget,
};

/** Row actions, in menu order (the panel's declaration spreads them into `actions.row`). */
export const instanceRowActions: Action<Instance>[] = [
  modalAction<Instance>(
    'snapshot',
    msg('Create Snapshot'),
    compute('servers:create_image'),
    () => import('./InstanceSnapshotModal').then((m) => m.InstanceSnapshotModal),
    // In the menu only: a button beside each row's menu made the table wider than a
    // 1400 px window with the sidebar open, and cut the menus off.
    { allowed: canSnapshot, policyTarget: instanceTarget },
  ),
  modalAction<Instance>(
    'edit',
    msg('Edit Instance'),
    compute('servers:update'),
    () => import('./InstanceEditModal').then((m) => m.InstanceEditModal),
    { allowed: notDeleting, policyTarget: instanceTarget },
  ),
  linkAction<Instance>('console', msg('Console'), consoleHref, compute('os-remote-consoles'), {
    allowed: canConsole,
    policyTarget: instanceTarget,
  }),
  modalAction<Instance>(
    'retrieve-password',
    msg('Retrieve Password'),
    compute('os-server-password:show'),
    () => import('./InstancePasswordModal').then((m) => m.InstancePasswordModal),
    { allowed: canRetrievePassword, policyTarget: instanceTarget },
  ),
  modalAction<Instance>(
    'update-metadata',
    msg('Update Metadata'),
    compute('server-metadata:update'),
    () => import('./InstanceMetadataModal').then((m) => m.InstanceMetadataModal),
    { allowed: notDeleting, policyTarget: instanceTarget },
  ),
  modalAction<Instance>(
    'associate-floating-ip',
    msg('Associate Floating IP'),
    floatingIpUpdate,
    // The shared modal (web/src/shared/network), preset to this instance's ports.
    () =>
      import('../../shared/network/AssociateFloatingIpModal').then(
        (m) => m.AssociateFloatingIpForInstance,
      ),
    { allowed: canAssociateFloatingIp, policyTarget: instanceTarget },
  ),
  modalAction<Instance>(
    'disassociate-floating-ip',
    msg('Disassociate Floating IP'),
    floatingIpUpdate,
    () =>
      import('./InstanceDisassociateFloatingIpModal').then(
        (m) => m.InstanceDisassociateFloatingIpModal,
      ),
    { allowed: canDisassociateFloatingIp, policyTarget: instanceTarget, danger: true },
  ),
  // The shared volume modals (web/src/shared/volumes), opened on the instance.
  modalAction<Instance>(
    'attach-volume',
    msg('Attach Volume'),
    [service('volume'), ...compute('os-volumes-attachments:create')],
    () => import('../../shared/volumes/AttachVolumeModal').then((m) => m.AttachVolumeModal),
    { allowed: (i) => notDeleting(i) && instanceCanAttach(i), policyTarget: instanceTarget },
  ),
  modalAction<Instance>(
    'detach-volume',
    msg('Detach Volume'),
    [service('volume'), ...compute('os-volumes-attachments:delete')],
    () => import('../../shared/volumes/DetachVolumeModal').then((m) => m.DetachVolumeModal),
    {
      allowed: (i) => notDeleting(i) && instanceCanAttach(i),
      policyTarget: instanceTarget,
      danger: true,
    },
  ),
  modalAction<Instance>(
    'attach-interface',
    msg('Attach Interface'),
    compute('os-attach-interfaces:create'),
    () => import('./InstanceAttachInterfaceModal').then((m) => m.InstanceAttachInterfaceModal),
    { allowed: canChangeInterfaces, policyTarget: instanceTarget },
  ),
  modalAction<Instance>(
    'detach-interface',
    msg('Detach Interface'),
    compute('os-attach-interfaces:delete'),
    () => import('./InstanceDetachInterfaceModal').then((m) => m.InstanceDetachInterfaceModal),
    { allowed: canChangeInterfaces, policyTarget: instanceTarget, danger: true },
  ),
  rowOperation(OPERATIONS.start),
  rowOperation(OPERATIONS.stop),
  rowOperation(OPERATIONS.softReboot),
  rowOperation(OPERATIONS.hardReboot),
  rowOperation(OPERATIONS.pause),
  rowOperation(OPERATIONS.unpause),
  rowOperation(OPERATIONS.suspend),
  rowOperation(OPERATIONS.resume),
  rowOperation(OPERATIONS.shelve),
  rowOperation(OPERATIONS.unshelve),
  rowOperation(OPERATIONS.lock),
  rowOperation(OPERATIONS.unlock),
  rowOperation(OPERATIONS.rescue),
  rowOperation(OPERATIONS.unrescue),
  modalAction<Instance>(
    'resize',
    msg('Resize Instance'),
    compute('servers:resize'),
    () => import('./InstanceResizeModal').then((m) => m.InstanceResizeModal),
    { allowed: canResize, policyTarget: instanceTarget },
  ),
  rowOperation(OPERATIONS.confirmResize),
  rowOperation(OPERATIONS.revertResize),
  modalAction<Instance>(
    'rebuild',
    msg('Rebuild Instance'),
    compute('servers:rebuild'),
    () => import('./InstanceRebuildModal').then((m) => m.InstanceRebuildModal),
    { allowed: canRebuild, policyTarget: instanceTarget, danger: true },
  ),
  // Admin (Nova's default policy): shown only where the rule allows.
  rowOperation(OPERATIONS.migrate),
  modalAction<Instance>(
    'live-migrate',
    msg('Live Migrate Instance'),
    compute('os-migrate-server:migrate_live'),
    () => import('./InstanceLiveMigrateModal').then((m) => m.InstanceLiveMigrateModal),
    { allowed: canLiveMigrate, policyTarget: instanceTarget },
  ),
  modalAction<Instance>(
    'reset-state',
    msg('Reset State'),
    compute('os-admin-actions:reset_state'),
    () => import('./InstanceResetStateModal').then((m) => m.InstanceResetStateModal),
    { allowed: notDeleting, policyTarget: instanceTarget, danger: true },
  ),
  deleteAction<Instance>({ ...removal, label: msg('Delete Instance') }),
];

/**
 * Batch actions over the selected rows: the everyday ones only (each is a toolbar button); the
 * rest are a row's.
 */
export const instanceBatchActions: Action<Instance[]>[] = [
  batchOperation(OPERATIONS.start),
  batchOperation(OPERATIONS.stop),
  batchOperation(OPERATIONS.softReboot),
  batchOperation(OPERATIONS.pause),
  deleteAction<Instance[]>({ ...removal, label: msg('Delete Instances') }),
];
