import type { Aggregate } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { textFacet } from '../../registry/facets';
import { dateField, field, keyValueField, overviewTab } from '../../registry/fields';
import { policy } from '../../registry/types';
import { aggregateQueries, removeAggregate } from '../../data/nova/computeAdmin';

const rule = (name: string) => policy('compute', `os_compute_api:os-aggregates:${name}`);
const CREATE = rule('create');
const UPDATE = rule('update');
const HOSTS = [rule('add_host'), rule('remove_host')];
const METADATA = rule('set_metadata');
const DELETE = rule('delete');

const metadataText = (a: Aggregate): string =>
  Object.entries(a.metadata)
    .map(([key, value]) => `${key} = ${value}`)
    .join(', ');

// Nova refuses to delete an aggregate with hosts; say so before asking.
const remove = {
  requires: [DELETE],
  remove: removeAggregate,
  invalidates: [aggregateQueries.all()],
  allowed: (a: Aggregate) => a.hosts.length === 0,
  notAllowed: msg('Remove the hosts of these aggregates before deleting them: {{names}}'),
};

/** Host aggregates, an admin panel (issue 9 "Admin compute"). */
export const aggregates = defineResource<Aggregate>({
  key: (a) => a.id,
  label: (a) => a.name,
  list: () => asList(aggregateQueries.list()),
  detail: (id) => asDetail(aggregateQueries.detail(id)),
  columns: [
    nameColumn({ priority: 1, defaultSort: true, linkToDetails: true }),
    textColumn('zone', msg('Availability Zone'), (a) => a.availability_zone ?? '', {
      priority: 1,
    }),
    textColumn('hosts', msg('Hosts'), (a) => a.hosts.join(', '), { priority: 1 }),
    textColumn('metadata', msg('Metadata'), metadataText, { priority: 2 }),
  ],
  facets: [
    textFacet('name', msg('Name'), (a) => a.name),
    textFacet('zone', msg('Availability Zone'), (a) => a.availability_zone ?? ''),
    textFacet('host', msg('Host'), (a) => a.hosts.join(' ')),
  ],
  actions: {
    table: [
      modalAction('create', msg('Create Host Aggregate'), [CREATE], () =>
        import('./CreateAggregateModal').then((m) => m.CreateAggregateModal),
      ),
    ],
    row: [
      modalAction<Aggregate>(
        'manage-hosts',
        msg('Manage Hosts'),
        HOSTS,
        () => import('./ManageHostsModal').then((m) => m.ManageHostsModal),
        { primary: true },
      ),
      modalAction<Aggregate>('edit', msg('Edit Host Aggregate'), [UPDATE], () =>
        import('./EditAggregateModal').then((m) => m.EditAggregateModal),
      ),
      modalAction<Aggregate>('update-metadata', msg('Update Metadata'), [METADATA], () =>
        import('./AggregateMetadataModal').then((m) => m.AggregateMetadataModal),
      ),
      deleteAction<Aggregate>({ ...remove, label: msg('Delete Host Aggregate') }),
    ],
    batch: [deleteAction<Aggregate[]>({ ...remove, label: msg('Delete Host Aggregates') })],
  },
  summary: [field(msg('ID'), (a) => a.id), keyValueField(msg('Metadata'), (a) => a.metadata)],
  details: [
    overviewTab([
      field(msg('Name'), (a) => a.name),
      field(msg('ID'), (a) => a.id),
      field(msg('UUID'), (a) => a.uuid ?? ''),
      field(msg('Availability Zone'), (a) => a.availability_zone ?? ''),
      field(msg('Hosts'), (a) => a.hosts.join(', ')),
      keyValueField(msg('Metadata'), (a) => a.metadata),
      dateField(msg('Created'), (a) => a.created_at),
      dateField(msg('Updated'), (a) => a.updated_at),
    ]),
  ],
});
