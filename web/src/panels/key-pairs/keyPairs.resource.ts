import type { Keypair } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { textFacet } from '../../registry/facets';
import { copyableField, dateField, field, overviewTab } from '../../registry/fields';
import { policy } from '../../registry/types';
import { keyPairQueries, removeKeyPair } from '../../data/nova/keypairs';

const CREATE = policy('compute', 'os_compute_api:os-keypairs:create');
const DELETE = policy('compute', 'os_compute_api:os-keypairs:delete');

const remove = {
  requires: [DELETE],
  remove: removeKeyPair,
  invalidates: [keyPairQueries.all()],
};

/** Key pairs (spec 2 §2, §3, §5, §6, §8). */
export const keyPairs = defineResource<Keypair>({
  key: (kp) => kp.name,
  label: (kp) => kp.name,
  list: () => asList(keyPairQueries.list()),
  detail: (name) => asDetail(keyPairQueries.detail(name)),
  columns: [
    nameColumn({ priority: 1, defaultSort: true, linkToDetails: true }),
    textColumn('type', msg('Type'), (kp) => kp.type, { priority: 2 }),
    textColumn('fingerprint', msg('Fingerprint'), (kp) => kp.fingerprint, { priority: 3 }),
  ],
  facets: [textFacet('name', msg('Name'), (kp) => kp.name)],
  actions: {
    table: [
      modalAction('create', msg('Create Key Pair'), [CREATE], () =>
        import('./CreateKeyPairModal').then((m) => m.CreateKeyPairModal),
      ),
      modalAction('import', msg('Import Public Key'), [CREATE], () =>
        import('./ImportKeyPairModal').then((m) => m.ImportKeyPairModal),
      ),
    ],
    row: [deleteAction<Keypair>({ ...remove, label: msg('Delete Key Pair') })],
    batch: [deleteAction<Keypair[]>({ ...remove, label: msg('Delete Key Pairs') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (kp) => kp.name),
      field(msg('Type'), (kp) => kp.type),
      field(msg('Fingerprint'), (kp) => kp.fingerprint),
      dateField(msg('Created'), (kp) => kp.created_at),
      field(msg('User ID'), (kp) => kp.user_id ?? ''),
      copyableField(msg('Public Key'), (kp) => kp.public_key),
    ]),
  ],
});
