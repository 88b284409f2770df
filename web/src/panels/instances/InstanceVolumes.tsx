import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance, InstanceVolume } from '@skydeck/contract';
import { instanceQueries } from '../../data/nova/servers';
import { msg } from '../../i18n/msg';
import { sizeColumn, textColumn } from '../../registry/columns';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';

const columns: Column<InstanceVolume>[] = [
  textColumn<InstanceVolume>('name', msg('Name'), (v) => v.name ?? v.id, { defaultSort: true }),
  textColumn<InstanceVolume>('device', msg('Attached To'), (v) => v.device),
  sizeColumn<InstanceVolume>('size', msg('Size'), (v) => v.size, { unit: 'GB' }),
  textColumn<InstanceVolume>('id', msg('ID'), (v) => v.id),
];

/** The Volumes tab: what is attached to the instance, on which device. */
export function InstanceVolumes({ instance }: { instance: Instance }): ReactNode {
  const { t } = useTranslation();
  const volumes = useQuery(instanceQueries.volumes(instance.id));
  if (volumes.isPending) return <Spinner size="lg" aria-label={t('Loading')} />;
  return (
    <ItemTable
      label={t('Volumes Attached')}
      columns={columns}
      items={volumes.data ?? []}
      rowKey={(v) => v.id}
    />
  );
}
