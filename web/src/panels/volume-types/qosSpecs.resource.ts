import type { QosSpec } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { keyValueColumnText } from './qosText';
import { nameColumn, textColumn } from '../../registry/columns';
import { asList, defineResource } from '../../registry/defineResource';
import { textFacet } from '../../registry/facets';
import { policy } from '../../registry/types';
import { qosSpecQueries, removeQosSpec, volumeTypeQueries } from '../../data/cinder/volumeTypes';

const rule = (name: string) => [policy('volume', `volume_extension:qos_specs_manage:${name}`)];

const remove = {
  requires: rule('delete'),
  remove: removeQosSpec,
  invalidates: [qosSpecQueries.all(), volumeTypeQueries.all()],
  body: msg(
    'You have selected "{{names}}". A QoS spec is removed from the volume types it is associated with, and is not recoverable.',
  ),
};

/** Admin › Volume Types, the QoS Specs table below the types (issue 11). */
export const qosSpecs = defineResource<QosSpec>({
  key: (q) => q.id,
  label: (q) => q.name,
  list: () => asList(qosSpecQueries.list()),
  columns: [
    nameColumn<QosSpec>({ priority: 1, defaultSort: true }),
    textColumn<QosSpec>('consumer', msg('Consumer'), (q) => q.consumer, { priority: 1 }),
    textColumn<QosSpec>('specs', msg('Specs'), (q) => keyValueColumnText(q.specs), {
      priority: 1,
    }),
  ],
  facets: [textFacet('name', msg('Name'), (q) => q.name)],
  actions: {
    table: [
      modalAction('create', msg('Create QoS Spec'), rule('create'), () =>
        import('./QosSpecModals').then((m) => m.CreateQosSpecModal),
      ),
    ],
    row: [
      modalAction<QosSpec>('edit', msg('Edit QoS Spec'), rule('update'), () =>
        import('./QosSpecModals').then((m) => m.EditQosSpecModal),
      ),
      deleteAction<QosSpec>({ ...remove, label: msg('Delete QoS Spec') }),
    ],
    batch: [deleteAction<QosSpec[]>({ ...remove, label: msg('Delete QoS Specs') })],
  },
});
