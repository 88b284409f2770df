import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Network, Port } from '@skydeck/contract';
import { portQueries } from '../../data/neutron/ports';
import { msg } from '../../i18n/msg';
import { nameColumn, textColumn } from '../../registry/columns';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';

const columns: Column<Port>[] = [
  nameColumn<Port>({ defaultSort: true, fallback: (p) => `(${p.id.slice(0, 13)})` }),
  textColumn('fixed_ips', msg('Fixed IPs'), (p) =>
    p.fixed_ips.map((ip) => ip.ip_address).join(', '),
  ),
  textColumn('mac_address', msg('MAC Address'), (p) => p.mac_address),
  textColumn('device_owner', msg('Attached Device'), (p) => p.device_owner || '-'),
  textColumn('status', msg('Status'), (p) => p.status),
  textColumn('admin_state', msg('Admin State'), (p) => (p.admin_state_up ? 'UP' : 'DOWN')),
];

/** The ports tab of a network's details (read-only until ports get their own panel). */
export function NetworkPorts({ network }: { network: Network }): ReactNode {
  const { t } = useTranslation();
  const ports = useQuery(portQueries.ofNetwork(network.id));
  return (
    <ItemTable label={t('Ports')} columns={columns} items={ports.data ?? []} rowKey={(p) => p.id} />
  );
}
