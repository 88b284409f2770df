import type { ReactNode } from 'react';
import { Skeleton } from '@patternfly/react-core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { Link } from 'react-router';
import type { Hypervisor, HypervisorServer } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { nameColumn, textColumn } from '../../registry/columns';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';
import { hypervisorQueries } from '../../data/nova/computeAdmin';

const columns: Column<HypervisorServer>[] = [
  nameColumn<HypervisorServer>({
    title: msg('Instance Name'),
    defaultSort: true,
    cell: (s, ctx) => <Link to={ctx.detailsHref}>{s.name || s.id}</Link>,
  }),
  textColumn<HypervisorServer>('id', msg('Instance ID'), (s) => s.id),
];

/**
 * The instances on one hypervisor, read when its row is expanded (one call with the
 * hypervisor's servers, not a server list per host).
 */
export function HypervisorInstances({ hypervisor }: { hypervisor: Hypervisor }): ReactNode {
  const { t } = useTranslation();
  const detail = useQuery({
    ...hypervisorQueries.detail(hypervisor.id),
    enabled: hypervisor.running_vms > 0,
  });
  if (hypervisor.running_vms === 0) return t('No instances on this hypervisor.');
  if (detail.isError) return t('Unable to retrieve the instances of the hypervisor.');
  if (!detail.data) return <Skeleton screenreaderText={t('Loading')} />;
  return (
    <ItemTable
      label={t('Instances on {{host}}', { host: hypervisor.hypervisor_hostname })}
      columns={columns}
      items={detail.data.servers ?? []}
      rowKey={(s) => s.id}
      href={(s) => `/admin/instances/${encodeURIComponent(s.id)}/detail`}
    />
  );
}
