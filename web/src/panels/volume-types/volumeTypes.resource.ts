import type { VolumeType } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { booleanColumn, nameColumn, textColumn } from '../../registry/columns';
import { asList, defineResource } from '../../registry/defineResource';
import { booleanFacet, textFacet } from '../../registry/facets';
import { policy } from '../../registry/types';
import { api } from '../../api/api';
import { removeVolumeType, volumeTypeQueries } from '../../data/cinder/volumeTypes';

const CREATE = [policy('volume', 'volume_extension:type_create')];
const UPDATE = [policy('volume', 'volume_extension:type_update')];
const DELETE = [policy('volume', 'volume_extension:type_delete')];
const rule = (name: string) => [policy('volume', name)];

const encryptionText = (v: VolumeType): string =>
  v.encryption
    ? [v.encryption.provider, v.encryption.control_location, v.encryption.cipher]
        .filter(Boolean)
        .join(', ')
    : '';

const remove = {
  requires: DELETE,
  remove: removeVolumeType,
  invalidates: [volumeTypeQueries.all()],
  // Cinder refuses the default type; the button says so before the round trip.
  allowed: (v: VolumeType) => !v.is_default,
  body: msg('You have selected "{{names}}". Deleted volume type is not recoverable.'),
  notAllowed: msg('The default volume type cannot be deleted: {{names}}'),
};

/** Admin › Volume Types, the first table of the Volume Types page (issue 11). */
export const volumeTypes = defineResource<VolumeType>({
  key: (v) => v.id,
  label: (v) => v.name,
  list: () => asList(volumeTypeQueries.adminList()),
  columns: [
    nameColumn<VolumeType>({ priority: 1, defaultSort: true }),
    textColumn<VolumeType>('description', msg('Description'), (v) => v.description, {
      priority: 2,
    }),
    booleanColumn<VolumeType>('default', msg('Default'), (v) => v.is_default, { priority: 1 }),
    booleanColumn<VolumeType>('public', msg('Public'), (v) => v.is_public, { priority: 1 }),
    textColumn<VolumeType>('encryption', msg('Encryption'), encryptionText, { priority: 2 }),
    textColumn<VolumeType>('qos', msg('Associated QoS Spec'), (v) => v.qos_specs_name, {
      priority: 2,
    }),
  ],
  facets: [
    textFacet('name', msg('Name'), (v) => v.name),
    booleanFacet('public', msg('Public'), (v) => v.is_public),
  ],
  actions: {
    table: [
      modalAction('create', msg('Create Volume Type'), CREATE, () =>
        import('./VolumeTypeModals').then((m) => m.CreateVolumeTypeModal),
      ),
    ],
    row: [
      modalAction<VolumeType>('edit', msg('Edit Volume Type'), UPDATE, () =>
        import('./VolumeTypeModals').then((m) => m.EditVolumeTypeModal),
      ),
      modalAction<VolumeType>(
        'extra-specs',
        msg('View Extra Specs'),
        rule('volume_extension:types_extra_specs:update'),
        () => import('./ExtraSpecsModal').then((m) => m.ExtraSpecsModal),
      ),
      modalAction<VolumeType>(
        'encryption',
        msg('Manage Encryption'),
        rule('volume_extension:volume_type_encryption:create'),
        () => import('./VolumeTypeModals').then((m) => m.EncryptionModal),
      ),
      deleteAction<VolumeType>({
        id: 'delete-encryption',
        label: msg('Delete Encryption'),
        requires: rule('volume_extension:volume_type_encryption:delete'),
        allowed: (v) => !!v.encryption,
        remove: (v) => api('cinder.volumetypes.deleteEncryption', { params: { id: v.id } }),
        invalidates: [volumeTypeQueries.all()],
        body: msg('Remove the encryption of "{{names}}"? Volumes created later are not encrypted.'),
      }),
      modalAction<VolumeType>(
        'access',
        msg('Manage Access'),
        rule('volume_extension:volume_type_access:addProjectAccess'),
        () => import('./VolumeTypeModals').then((m) => m.VolumeTypeAccessModal),
        { allowed: (v) => !v.is_public },
      ),
      modalAction<VolumeType>(
        'qos',
        msg('Manage QoS Spec Association'),
        rule('volume_extension:qos_specs_manage:update'),
        () => import('./VolumeTypeModals').then((m) => m.QosAssociationModal),
      ),
      deleteAction<VolumeType>({ ...remove, label: msg('Delete Volume Type') }),
    ],
    batch: [deleteAction<VolumeType[]>({ ...remove, label: msg('Delete Volume Types') })],
  },
});
