import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance, InstanceAction } from '@skydeck/contract';
import { instanceQueries } from '../../data/nova/servers';
import { msg } from '../../i18n/msg';
import { textColumn } from '../../registry/columns';
import { dateField } from '../../registry/fields';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';

const started = dateField<InstanceAction>(msg('Start Time'), (a) => a.start_time);

const columns: Column<InstanceAction>[] = [
  textColumn<InstanceAction>('request_id', msg('Request ID'), (a) => a.request_id),
  textColumn<InstanceAction>('action', msg('Action'), (a) => a.action),
  textColumn<InstanceAction>('start_time', msg('Start Time'), (a) => a.start_time, {
    defaultSort: 'desc',
    cell: (a) => started.value(a),
  }),
  textColumn<InstanceAction>('user_id', msg('User ID'), (a) => a.user_id),
  textColumn<InstanceAction>('message', msg('Message'), (a) => a.message),
];

/** The Action Log tab: what was done to the instance, by whom and when (os-instance-actions). */
export function InstanceActionLog({ instance }: { instance: Instance }): ReactNode {
  const { t } = useTranslation();
  const actions = useQuery(instanceQueries.actionLog(instance.id));
  if (actions.isPending) return <Spinner size="lg" aria-label={t('Loading')} />;
  return (
    <ItemTable
      label={t('Action Log')}
      columns={columns}
      items={actions.data ?? []}
      rowKey={(a) => a.request_id}
    />
  );
}
