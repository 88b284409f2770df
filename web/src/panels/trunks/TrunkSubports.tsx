import type { ReactNode } from 'react';
import { Link, useLocation, type Location } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import type { Trunk, TrunkSubport } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { textColumn } from '../../registry/columns';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';

/**
 * Spec 2 §2: a port id links to {dashboard}/networks/ports/{port_id}/detail, the dashboard being
 * the one the page belongs to. Read from the router's location, not the window, so the link is the
 * same in the server's document.
 */
export const portDetailHref = (
  id: string,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
): string => {
  const admin = pathname.includes('/admin/') || search.includes('nav=%2Fadmin');
  return `${admin ? '/admin' : '/project'}/networks/ports/${encodeURIComponent(id)}/detail`;
};

export function PortLink({ id }: { id: string }): ReactNode {
  return <Link to={portDetailHref(id, useLocation())}>{id}</Link>;
}

const columns: Column<TrunkSubport>[] = [
  textColumn('segmentation_type', msg('Segmentation Type'), (s) => s.segmentation_type),
  textColumn('segmentation_id', msg('Segmentation ID'), (s) => String(s.segmentation_id), {
    defaultSort: true,
  }),
  textColumn('port_id', msg('Port ID'), (s) => s.port_id, {
    cell: (s) => <PortLink id={s.port_id} />,
  }),
];

/** The subports table of a trunk's details (spec 2 §2). */
export function TrunkSubports({ trunk }: { trunk: Trunk }): ReactNode {
  const { t } = useTranslation();
  return (
    <ItemTable
      label={t('Subports')}
      columns={columns}
      items={trunk.sub_ports}
      rowKey={(s) => s.port_id}
    />
  );
}
