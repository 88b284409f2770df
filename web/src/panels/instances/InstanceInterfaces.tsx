import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { labelColumn, textColumn } from '../../registry/columns';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';

interface AddressRow {
  network: string;
  addr: string;
  version: number;
  type: 'fixed' | 'floating';
  mac: string | null;
}

const TYPE_LABELS = { fixed: msg('Fixed IP'), floating: msg('Floating IP') };

const columns: Column<AddressRow>[] = [
  textColumn<AddressRow>('network', msg('Network'), (r) => r.network, { defaultSort: true }),
  textColumn<AddressRow>('addr', msg('IP Address'), (r) => r.addr),
  labelColumn<AddressRow>('type', msg('Type'), (r) => r.type, {
    labels: TYPE_LABELS,
    color: (type) => (type === 'floating' ? 'blue' : 'grey'),
  }),
  textColumn<AddressRow>('version', msg('IP Version'), (r) => `IPv${r.version}`),
  textColumn<AddressRow>('mac', msg('MAC Address'), (r) => r.mac),
];

/** The Interfaces tab: every address of the instance by network, fixed and floating. */
export function InstanceInterfaces({ instance }: { instance: Instance }): ReactNode {
  const { t } = useTranslation();
  const rows = (instance.addresses ?? []).flatMap(({ network, ips }) =>
    ips.map((ip) => ({ network, ...ip })),
  );
  return (
    <ItemTable
      label={t('Interfaces')}
      columns={columns}
      items={rows}
      rowKey={(r) => `${r.network} ${r.addr}`}
    />
  );
}
