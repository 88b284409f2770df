import { useState, type ReactNode } from 'react';
import { Button, Flex, Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Network, Subnet } from '@skydeck/contract';
import { useRequirements } from '../../api/permissions';
import { SUBNET_INVALIDATES, removeSubnet, subnetQueries } from '../../data/neutron/subnets';
import { t as translate } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { nameColumn, textColumn } from '../../registry/columns';
import { policy, type Column } from '../../registry/types';
import { confirm } from '../../ui/ConfirmDialog/confirm';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';
import { toast } from '../../ui/Toasts/toast';
import { SubnetWizard } from './SubnetModals';

const CREATE = policy('network', 'create_subnet');
const UPDATE = policy('network', 'update_subnet');
const DELETE = policy('network', 'delete_subnet');

const SUBNET_DELETED = msg('Deleted Subnet: {{names}}.');
const SUBNET_DELETE_FAILED = msg('Unable to delete Subnet: {{names}}. {{reason}}');

type Editing = { kind: 'create' } | { kind: 'edit'; subnet: Subnet } | undefined;

/** The subnets tab of a network's details: the list, and Create, Edit and Delete Subnet. */
export function NetworkSubnets({ network }: { network: Network }): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const subnets = useQuery(subnetQueries.ofNetwork(network.id));
  const target = { project_id: network.project_id };
  const access = useRequirements([
    { requirements: [CREATE], target },
    { requirements: [UPDATE], target },
    { requirements: [DELETE], target },
  ]);
  const [canCreate, canUpdate, canDelete] = access.allowed;
  const [editing, setEditing] = useState<Editing>(undefined);

  const remove = async (subnet: Subnet): Promise<void> => {
    const name = subnet.name || subnet.cidr;
    const confirmed = await confirm({
      action: t('Delete Subnet'),
      title: t('Confirm Delete Subnet'),
      body: t('You have selected "{{names}}". Deleted Subnet is not recoverable.', { names: name }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await removeSubnet(subnet);
      toast.success(translate(SUBNET_DELETED, { names: name }));
    } catch (error) {
      // Neutron's reason (a port still uses an address) tells the user what to do.
      const reason = error instanceof Error ? error.message : '';
      toast.error(translate(SUBNET_DELETE_FAILED, { names: name, reason }));
    }
    await Promise.all(
      SUBNET_INVALIDATES.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };

  const columns: Column<Subnet>[] = [
    nameColumn<Subnet>({ defaultSort: true, fallback: (s) => s.id }),
    textColumn('cidr', msg('Network Address'), (s) => s.cidr),
    textColumn('ip_version', msg('IP Version'), (s) => `IPv${s.ip_version}`),
    textColumn('gateway_ip', msg('Gateway IP'), (s) => s.gateway_ip ?? '-'),
    {
      id: 'actions',
      title: msg('Actions'),
      priority: 1,
      sortable: false,
      value: () => '',
      cell: (s) => (
        <Flex spaceItems={{ default: 'spaceItemsSm' }}>
          {canUpdate && (
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('Edit Subnet {{name}}', { name: s.name || s.cidr })}
              onClick={() => setEditing({ kind: 'edit', subnet: s })}
            >
              {t('Edit Subnet')}
            </Button>
          )}
          {canDelete && (
            <Button
              variant="danger"
              size="sm"
              aria-label={t('Delete Subnet {{name}}', { name: s.name || s.cidr })}
              onClick={() => void remove(s)}
            >
              {t('Delete Subnet')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            {canCreate && (
              <Button variant="primary" onClick={() => setEditing({ kind: 'create' })}>
                {t('Create Subnet')}
              </Button>
            )}
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      <ItemTable
        label={t('Subnets')}
        columns={columns}
        items={subnets.data ?? []}
        rowKey={(s) => s.id}
      />
      {editing && (
        <SubnetWizard
          network={network}
          subnet={editing.kind === 'edit' ? editing.subnet : undefined}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
