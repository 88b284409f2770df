import type { Flavor } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import {
  booleanColumn,
  nameColumn,
  numberColumn,
  sizeColumn,
  textColumn,
} from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { booleanFacet, numberFacet, textFacet } from '../../registry/facets';
import { booleanField, field, keyValueField, overviewTab, sizeField } from '../../registry/fields';
import { policy } from '../../registry/types';
import { flavorQueries, removeFlavor } from '../../data/nova/flavors';

const CREATE = policy('compute', 'os_compute_api:os-flavor-manage:create');
// Editing re-creates the flavor under its id (the server cannot resize one in place).
const EDIT = [CREATE, policy('compute', 'os_compute_api:os-flavor-manage:delete')];
const MODIFY_ACCESS = [
  policy('compute', 'os_compute_api:os-flavor-access:add_tenant_access'),
  policy('compute', 'os_compute_api:os-flavor-access:remove_tenant_access'),
];

const isPublic = (f: Flavor): boolean => f['os-flavor-access:is_public'];

const remove = {
  // Spec 2 §6: deleting a flavor is always offered; Nova has the last word.
  requires: [],
  remove: removeFlavor,
  invalidates: [flavorQueries.all()],
  // Singular and plural through i18next ({{count}}: the catalogue's _one/_other forms).
  body: msg('You have selected "{{names}}". Deleted flavor is not recoverable.'),
};

/** Flavors, an admin panel (spec 2 §2, §3, §6, §8, §9). */
export const flavors = defineResource<Flavor>({
  key: (f) => f.id,
  label: (f) => f.name,
  list: () => asList(flavorQueries.list()),
  detail: (id) => asDetail(flavorQueries.detail(id)),
  columns: [
    nameColumn({ priority: 1, linkToDetails: true }),
    numberColumn('vcpus', msg('VCPUs'), (f) => f.vcpus, { priority: 2 }),
    sizeColumn('ram', msg('RAM'), (f) => f.ram, { priority: 1, unit: 'MB', defaultSort: true }),
    sizeColumn('disk', msg('Root Disk'), (f) => f.disk, { priority: 2, unit: 'GB' }),
    textColumn('id', msg('ID'), (f) => f.id, { priority: 1 }),
    booleanColumn('public', msg('Public'), isPublic, { priority: 2 }),
  ],
  facets: [
    textFacet('name', msg('Name'), (f) => f.name),
    numberFacet('vcpus', msg('VCPUs'), (f) => f.vcpus),
    numberFacet('ram', msg('RAM (MB)'), (f) => f.ram),
    numberFacet('disk', msg('Root Disk (GB)'), (f) => f.disk),
    booleanFacet('public', msg('Public'), isPublic),
  ],
  actions: {
    table: [
      modalAction('create', msg('Create Flavor'), [CREATE], () =>
        import('./CreateFlavorModal').then((m) => m.CreateFlavorModal),
      ),
    ],
    row: [
      modalAction<Flavor>('edit', msg('Edit Flavor'), EDIT, () =>
        import('./EditFlavorModal').then((m) => m.EditFlavorModal),
      ),
      // Spec 2 §6: always allowed.
      modalAction<Flavor>('update-metadata', msg('Update Metadata'), [], () =>
        import('./FlavorMetadataModal').then((m) => m.FlavorMetadataModal),
      ),
      modalAction<Flavor>(
        'modify-access',
        msg('Modify Access'),
        MODIFY_ACCESS,
        () => import('./ModifyAccessModal').then((m) => m.ModifyAccessModal),
        { allowed: (f) => !isPublic(f) },
      ),
      deleteAction<Flavor>({ ...remove, label: msg('Delete Flavor') }),
    ],
    batch: [deleteAction<Flavor[]>({ ...remove, label: msg('Delete Flavors') })],
  },
  summary: [field(msg('ID'), (f) => f.id), keyValueField(msg('Extra Specs'), (f) => f.extras)],
  details: [
    overviewTab([
      field(msg('Name'), (f) => f.name),
      field(msg('ID'), (f) => f.id),
      field(msg('Description'), (f) => f.description ?? ''),
      field(msg('VCPUs'), (f) => f.vcpus),
      sizeField(msg('RAM'), (f) => f.ram, 'MB'),
      sizeField(msg('Root Disk'), (f) => f.disk, 'GB'),
      sizeField(msg('Ephemeral Disk'), (f) => f['OS-FLV-EXT-DATA:ephemeral'], 'GB'),
      sizeField(msg('Swap Disk'), (f) => f.swap, 'MB'),
      field(msg('RX/TX Factor'), (f) => f.rxtx_factor),
      booleanField(msg('Public'), isPublic),
      booleanField(msg('Disabled'), (f) => f['OS-FLV-DISABLED:disabled']),
      keyValueField(msg('Extra Specs'), (f) => f.extras),
    ]),
  ],
});
