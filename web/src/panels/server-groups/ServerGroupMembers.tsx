import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ServerGroup } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { nameColumn, textColumn } from '../../registry/columns';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';

interface Member {
  id: string;
  name: string;
}

// Instance names need the servers API, which has no panel yet: the id stands in for the name.
const columns: Column<Member>[] = [
  nameColumn<Member>({
    title: msg('Instance Name'),
    defaultSort: true,
    cell: (m, ctx) => <Link to={ctx.detailsHref}>{m.name}</Link>,
  }),
  textColumn<Member>('id', msg('Instance ID'), (m) => m.id),
];

/** The members tab of a server group's details (spec 2 §2). */
export function ServerGroupMembers({ group }: { group: ServerGroup }): ReactNode {
  const { t } = useTranslation();
  const members = group.members.map((id) => ({ id, name: id }));
  return (
    <ItemTable
      label={t('Members')}
      columns={columns}
      items={members}
      rowKey={(m) => m.id}
      href={(m) => `/project/instances/${encodeURIComponent(m.id)}/`}
    />
  );
}
