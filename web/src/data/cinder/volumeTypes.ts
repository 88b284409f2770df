import type {
  QosSpec,
  QosSpecCreateBody,
  QosSpecUpdateBody,
  VolumeType,
  VolumeTypeCreateBody,
  VolumeTypeEncryptionBody,
  VolumeTypeUpdateBody,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** Volume types as an admin manages them (/api/cinder/volumetypes/, issue 11). */
export const volumeTypeQueries = {
  all: () => resourceKey('cinder.volumetypes'),
  /** Every type, private ones included, each with its encryption. */
  adminList: () =>
    routeQuery(
      'cinder.volumetypes.list',
      { query: { all: true } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve volume types.') } },
    ),
  /** The types a project may choose (public ones, and private ones shared with it). */
  list: () =>
    routeQuery('cinder.volumetypes.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the volume types.') },
    }),
  default: () =>
    routeQuery('cinder.volumetypes.default', undefined, {
      meta: {
        errorMessage: msg('Unable to retrieve the default volume type.'),
        silentStatuses: [404, 500],
      },
    }),
  encryption: (id: string) =>
    routeQuery(
      'cinder.volumetypes.encryption',
      { params: { id } },
      {
        map: (r) => r.encryption,
        meta: { errorMessage: msg('Unable to retrieve the volume type encryption.') },
      },
    ),
  access: (id: string) =>
    routeQuery(
      'cinder.volumetypes.access',
      { params: { id } },
      {
        map: (r) => r.items.map((a) => a.project_id),
        meta: { errorMessage: msg('Unable to retrieve the volume type access list.') },
      },
    ),
};

/** QoS specs (/api/cinder/qosspecs/, admin). */
export const qosSpecQueries = {
  all: () => resourceKey('cinder.qosSpecs'),
  list: () =>
    routeQuery('cinder.qosSpecs', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve QoS specs.') },
    }),
  associations: (id: string) =>
    routeQuery(
      'cinder.qosspecs.associations',
      { params: { id } },
      {
        map: (r) => r.items,
        meta: { errorMessage: msg('Unable to retrieve the QoS spec associations.') },
      },
    ),
};

const typesAndQos = [volumeTypeQueries.all(), qosSpecQueries.all(), resourceKey('cinder.qosspecs')];

export const volumeTypeMutations = {
  create: mutation({
    fn: (body: VolumeTypeCreateBody) => api('cinder.volumetypes.create', { body }),
    invalidates: [volumeTypeQueries.all()],
    successMessage: (type) => t(msg('Created volume type "{{name}}".'), { name: type.name }),
    errorMessage: msg('Unable to create the volume type.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: VolumeTypeUpdateBody }) =>
      api('cinder.volumetypes.update', { params: { id }, body }),
    invalidates: [volumeTypeQueries.all()],
    successMessage: (type) => t(msg('Updated volume type "{{name}}".'), { name: type.name }),
    errorMessage: msg('Unable to update the volume type.'),
    inlineErrors: true,
  }),
  setEncryption: mutation({
    fn: ({ type, body }: { type: VolumeType; body: VolumeTypeEncryptionBody }) =>
      api('cinder.volumetypes.setEncryption', { params: { id: type.id }, body }),
    invalidates: [volumeTypeQueries.all()],
    successMessage: (_r, v) =>
      t(msg('Updated the encryption of volume type "{{name}}".'), { name: v.type.name }),
    errorMessage: msg('Unable to update the volume type encryption.'),
    inlineErrors: true,
  }),
  deleteEncryption: mutation({
    fn: (type: VolumeType) =>
      api('cinder.volumetypes.deleteEncryption', { params: { id: type.id } }),
    invalidates: [volumeTypeQueries.all()],
    successMessage: (_r, type) =>
      t(msg('Removed the encryption of volume type "{{name}}".'), { name: type.name }),
    errorMessage: msg('Unable to remove the volume type encryption.'),
    inlineErrors: true,
  }),
  /** Grants the added projects and revokes the removed ones. */
  updateAccess: mutation({
    fn: async ({ id, add, remove }: { id: string; add: string[]; remove: string[] }) => {
      for (const project of add) {
        await api('cinder.volumetypes.addAccess', { params: { id }, body: { project } });
      }
      for (const projectId of remove) {
        await api('cinder.volumetypes.removeAccess', { params: { id, projectId } });
      }
    },
    invalidates: [volumeTypeQueries.all()],
    successMessage: () => t(msg('Updated the volume type access.')),
    errorMessage: msg('Unable to update the volume type access.'),
    inlineErrors: true,
  }),
};

export const qosSpecMutations = {
  create: mutation({
    fn: (body: QosSpecCreateBody) => api('cinder.qosspecs.create', { body }),
    invalidates: typesAndQos,
    successMessage: (spec) => t(msg('Created QoS spec "{{name}}".'), { name: spec.name }),
    errorMessage: msg('Unable to create the QoS spec.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ spec, body }: { spec: QosSpec; body: QosSpecUpdateBody }) =>
      api('cinder.qosspecs.update', { params: { id: spec.id }, body }),
    invalidates: typesAndQos,
    successMessage: (_r, v) => t(msg('Updated QoS spec "{{name}}".'), { name: v.spec.name }),
    errorMessage: msg('Unable to update the QoS spec.'),
    inlineErrors: true,
  }),
  /** Moves the type to this spec (or to none: `specId` null), leaving its former spec first. */
  associate: mutation({
    fn: async ({ type, specId }: { type: VolumeType; specId: string | null }) => {
      const current = type.qos_specs_id ?? null;
      if (current === specId) return;
      if (current) {
        await api('cinder.qosspecs.disassociate', { params: { id: current, typeId: type.id } });
      }
      if (specId) {
        await api('cinder.qosspecs.associate', { params: { id: specId, typeId: type.id } });
      }
    },
    invalidates: typesAndQos,
    successMessage: (_r, v) =>
      t(msg('Updated the QoS spec of volume type "{{name}}".'), { name: v.type.name }),
    errorMessage: msg('Unable to change the QoS spec association.'),
    inlineErrors: true,
  }),
};

export const removeVolumeType = (type: VolumeType): Promise<unknown> =>
  api('cinder.volumetypes.delete', { params: { id: type.id } });

export const removeQosSpec = (spec: QosSpec): Promise<unknown> =>
  api('cinder.qosspecs.delete', { params: { id: spec.id } });
