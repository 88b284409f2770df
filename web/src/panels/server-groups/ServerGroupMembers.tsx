import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import type { ServerGroup } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { nameColumn, textColumn } from '../../registry/columns';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';

interface Member {
  id: string;
  name: string;
}

// The link goes to the instance's page, which the instances panel will bring.
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
  // Names come with the group's answer; a member the server could not name shows its id.
  const members = group.members.map((id) => ({ id, name: group.member_names?.[id] || id }));
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
