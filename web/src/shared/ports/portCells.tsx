import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Port } from '@skydeck/contract';
import { networkQueries } from '../../data/neutron/networks';
import { securityGroupQueries } from '../../data/neutron/securityGroups';
import { msg } from '../../i18n/msg';
import { textColumn } from '../../registry/columns';
import { detailsPath } from '../../registry/defineResource';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';

/** The port's network by name, linked to its details. */
export function PortNetwork({ id }: { id: string }): ReactNode {
  const network = useQuery({ ...networkQueries.detail(id), retry: false });
  return <Link to={detailsPath('OS::Neutron::Net', id)}>{network.data?.name || id}</Link>;
}

type FixedIpRow = Port['fixed_ips'][number];

function SubnetName({ networkId, subnetId }: { networkId: string; subnetId: string }): ReactNode {
  const network = useQuery({ ...networkQueries.detail(networkId), retry: false });
  const subnet = network.data?.subnets.find((s) => s.id === subnetId);
  return subnet ? `${subnet.name || subnet.id} (${subnet.cidr})` : subnetId;
}

/** The details tab of the port's fixed IPs. */
export function PortFixedIps({ port }: { port: Port }): ReactNode {
  const { t } = useTranslation();
  const columns: Column<FixedIpRow>[] = [
    textColumn('ip_address', msg('IP Address'), (ip) => ip.ip_address, { defaultSort: true }),
    textColumn('subnet', msg('Subnet'), (ip) => ip.subnet_id, {
      cell: (ip) => <SubnetName networkId={port.network_id} subnetId={ip.subnet_id} />,
    }),
  ];
  return (
    <ItemTable
      label={t('Fixed IPs')}
      columns={columns}
      items={port.fixed_ips}
      rowKey={(ip) => `${ip.subnet_id}/${ip.ip_address}`}
    />
  );
}

interface GroupRow {
  id: string;
  name: string;
}

/** The details tab of the port's security groups, by name, linked to their rules. */
export function PortSecurityGroups({ port }: { port: Port }): ReactNode {
  const { t } = useTranslation();
  const groups = useQuery(securityGroupQueries.list());
  const rows: GroupRow[] = port.security_groups.map((id) => ({
    id,
    name: groups.data?.find((g) => g.id === id)?.name ?? id,
  }));
  const columns: Column<GroupRow>[] = [
    textColumn('name', msg('Name'), (g) => g.name, {
      defaultSort: true,
      cell: (g) => <Link to={detailsPath('OS::Neutron::SecurityGroup', g.id)}>{g.name}</Link>,
    }),
    textColumn('id', msg('ID'), (g) => g.id),
  ];
  return (
    <ItemTable label={t('Security Groups')} columns={columns} items={rows} rowKey={(g) => g.id} />
  );
}

type PairRow = Port['allowed_address_pairs'][number];

/** The details tab of the port's allowed address pairs. */
export function PortAddressPairs({ port }: { port: Port }): ReactNode {
  const { t } = useTranslation();
  const columns: Column<PairRow>[] = [
    textColumn('ip_address', msg('IP Address or CIDR'), (p) => p.ip_address, {
      defaultSort: true,
    }),
    textColumn('mac_address', msg('MAC Address'), (p) => p.mac_address ?? port.mac_address),
  ];
  return (
    <ItemTable
      label={t('Allowed Address Pairs')}
      columns={columns}
      items={port.allowed_address_pairs}
      rowKey={(p) => `${p.ip_address}/${p.mac_address ?? ''}`}
    />
  );
}
