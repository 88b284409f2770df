import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import type { Router, RouterInterface } from '@skydeck/contract';
import { useRequirements } from '../../api/permissions';
import { networkQueries } from '../../data/neutron/networks';
import {
  ROUTER_TOUCHED,
  removeRouterInterface,
  routerMutations,
  routerQueries,
} from '../../data/neutron/routers';
import { t as translate } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { labelColumn, textColumn } from '../../registry/columns';
import { policy, type Column } from '../../registry/types';
import { confirm } from '../../ui/ConfirmDialog/confirm';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { EditableItemTable } from '../../ui/ResourceTable/EditableItemTable';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import { toast } from '../../ui/Toasts/toast';
import { parseIp } from '@skydeck/contract/subnetRules';

const ADD = policy('network', 'add_router_interface');
const REMOVE = policy('network', 'remove_router_interface');

const INTERFACE_REMOVED = msg('Deleted Interface: {{names}}.');
const INTERFACE_REMOVE_FAILED = msg('Unable to delete Interface: {{names}}. {{reason}}');

const OWNER_LABELS = {
  'network:router_interface': msg('Internal Interface'),
  'network:router_interface_distributed': msg('Distributed Interface'),
  'network:ha_router_replicated_interface': msg('HA Interface'),
};

const ipsOf = (i: RouterInterface): string => i.fixed_ips.map((ip) => ip.ip_address).join(', ');

/**
 * Add Interface: a subnet of the project's networks (external ones and those already attached
 * left out) and, optionally, the router's address on it (default: the subnet's gateway IP).
 */
export function AddInterfaceModal({
  router,
  attached,
  onClose,
}: {
  router: Router;
  attached: ReadonlySet<string>;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const networks = useQuery(networkQueries.mine());
  const add = useMutation(routerMutations.addInterface);
  const form = useForm({ subnet_id: '', ip_address: '' }, (v) => ({
    subnet_id: v.subnet_id === '' ? t('This field is required.') : undefined,
    ip_address:
      v.ip_address.trim() !== '' && !parseIp(v.ip_address.trim())
        ? t('Enter an IP address such as 10.0.0.5.')
        : undefined,
  }));
  const options = (networks.data ?? [])
    .filter((n) => !n.external)
    .flatMap((n) =>
      n.subnets
        .filter((s) => !attached.has(s.id))
        .map((s) => ({
          value: s.id,
          label: `${n.name || n.id}: ${s.cidr}${s.name ? ` (${s.name})` : ''}`,
        })),
    );
  return (
    <ModalForm
      title={t('Add Interface')}
      submitLabel={t('Submit')}
      isValid={form.isValid}
      onClose={onClose}
      description={t(
        'Connect the router to a subnet. Without an IP address the router takes the subnet’s gateway IP; give another address to attach it elsewhere on the subnet.',
      )}
      onSubmit={async () => {
        const ip = form.values.ip_address.trim();
        await add.mutateAsync({
          id: router.id,
          body: { subnet_id: form.values.subnet_id, ...(ip !== '' && { ip_address: ip }) },
        });
        return { updated: [router.id] };
      }}
    >
      <SelectField
        label={t('Subnet')}
        isRequired
        placeholder={options.length === 0 ? t('No subnets available') : t('Select Subnet')}
        options={options}
        {...form.bind('subnet_id')}
      />
      <TextField
        label={t('IP Address (optional)')}
        helperText={t('Leave empty to use the subnet’s gateway IP.')}
        {...form.bind('ip_address')}
      />
      <TextField
        label={t('Router Name')}
        isDisabled
        value={router.name || router.id}
        onChange={() => undefined}
      />
    </ModalForm>
  );
}

/** The Interfaces tab: the router's interface ports, Add Interface and Delete Interface. */
export function RouterInterfaces({ router }: { router: Router }): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const interfaces = useQuery(routerQueries.interfaces(router.id));
  const target = { project_id: router.project_id };
  const access = useRequirements([
    { requirements: [ADD], target },
    { requirements: [REMOVE], target },
  ]);
  const [canAdd, canRemove] = access.allowed;
  // Opened from a link (`?action=addinterface`, the topology's "add interface").
  const [search] = useSearchParams();
  const [adding, setAdding] = useState(() => search.get('action') === 'addinterface');
  const attached = new Set(
    (interfaces.data ?? []).flatMap((i) => i.fixed_ips.map((ip) => ip.subnet_id)),
  );

  const remove = async (i: RouterInterface): Promise<void> => {
    const name = ipsOf(i) || i.port_id;
    const confirmed = await confirm({
      action: t('Delete Interface'),
      title: t('Confirm Delete Interface'),
      body: t('You have selected "{{names}}". Deleted Interface is not recoverable.', {
        names: name,
      }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await removeRouterInterface(router.id, i.port_id);
      toast.success(translate(INTERFACE_REMOVED, { names: name }));
    } catch (error) {
      // Neutron's reason (a floating IP still needs the subnet) says what to do.
      const reason = error instanceof Error ? error.message : '';
      toast.error(translate(INTERFACE_REMOVE_FAILED, { names: name, reason }));
    }
    await Promise.all(
      ROUTER_TOUCHED.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };

  const columns: Column<RouterInterface>[] = [
    textColumn('name', msg('Name'), (i) => i.name || `(${i.port_id.slice(0, 13)})`, {
      defaultSort: true,
    }),
    textColumn('fixed_ips', msg('Fixed IPs'), ipsOf),
    textColumn('subnet', msg('Subnet'), (i) =>
      i.fixed_ips.map((ip) => `${ip.subnet_name || ip.subnet_id} (${ip.cidr})`).join(', '),
    ),
    textColumn('network', msg('Network'), (i) => i.network_name || i.network_id),
    labelColumn('status', msg('Status'), (i) => i.status, {
      color: (s) => (s === 'ACTIVE' ? 'green' : 'grey'),
    }),
    labelColumn('type', msg('Type'), (i) => i.device_owner, { labels: OWNER_LABELS }),
    textColumn('admin_state', msg('Admin State'), (i) => (i.admin_state_up ? t('UP') : t('DOWN'))),
  ];

  return (
    <>
      <EditableItemTable
        label={t('Interfaces')}
        columns={columns}
        items={interfaces.data ?? []}
        rowKey={(i) => i.port_id}
        addLabel={t('Add Interface')}
        canAdd={canAdd === true}
        onAdd={() => setAdding(true)}
        deleteLabel={t('Delete Interface')}
        deleteAriaLabel={(i) => t('Delete Interface {{name}}', { name: ipsOf(i) || i.port_id })}
        canDelete={canRemove === true}
        onDelete={(i) => void remove(i)}
      />
      {adding && canAdd !== false && (
        <AddInterfaceModal router={router} attached={attached} onClose={() => setAdding(false)} />
      )}
    </>
  );
}
