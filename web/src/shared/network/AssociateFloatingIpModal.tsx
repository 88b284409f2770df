import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { FloatingIp, FloatingIpPool, FloatingIpTarget } from '@skydeck/contract';
import { floatingIpMutations, floatingIpQueries } from '../../data/neutron/floatingIps';
import type { ActionResult, ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { SelectField, type SelectOption } from '../../ui/fields/SelectField';

/** What the modal is opened for: a port, or an instance (whose ports are offered). */
export interface AssociatePreset {
  portId?: string;
  instanceId?: string;
}

export interface AssociateFloatingIpModalProps {
  /** The floating IP to associate (its row action); absent: pick a free one or allocate one. */
  floatingIp?: FloatingIp;
  /** Narrows the ports offered to one port or one instance's (the instance row action). */
  preset?: AssociatePreset;
  onClose: (result?: ActionResult) => void;
}

interface Values {
  /** A free floating IP's id, or `pool:<network id>` to allocate one from that pool first. */
  address: string;
  /** `<port id> <fixed ip>` of the chosen target. */
  target: string;
}

const POOL = 'pool:';
export const targetKey = (target: FloatingIpTarget): string =>
  `${target.port_id} ${target.ip_address}`;

/**
 * The choices of the address select: the free floating IPs, then one "allocate from" entry per
 * pool, so a project with no free address can still associate in one step.
 */
export function addressOptions(
  free: readonly FloatingIp[],
  pools: readonly FloatingIpPool[],
  allocateLabel: (pool: string) => string,
): SelectOption[] {
  return [
    ...free.map((f) => ({
      value: f.id,
      label: f.pool_name ? `${f.floating_ip_address} (${f.pool_name})` : f.floating_ip_address,
    })),
    ...pools.map((p) => ({ value: `${POOL}${p.id}`, label: allocateLabel(p.name || p.id) })),
  ];
}

/** The pool a choice of the address select draws from. */
export function poolOfChoice(choice: string, free: readonly FloatingIp[]): string | undefined {
  if (choice.startsWith(POOL)) return choice.slice(POOL.length);
  return free.find((f) => f.id === choice)?.pool_id;
}

/**
 * Associate Floating IP: an address (given, free, or allocated now from a pool) and the port
 * address it forwards to, listed as "instance: ip" and only where a router of the pool's
 * network reaches the port's subnet.
 */
export function AssociateFloatingIpModal({
  floatingIp,
  preset = {},
  onClose,
}: AssociateFloatingIpModalProps): ReactNode {
  const { t } = useTranslation();
  const fips = useQuery({ ...floatingIpQueries.list(), enabled: floatingIp === undefined });
  const pools = useQuery({ ...floatingIpQueries.pools(), enabled: floatingIp === undefined });
  const free = floatingIp ? [floatingIp] : (fips.data ?? []).filter((f) => f.port_id === null);
  const form = useForm<Values>({ address: floatingIp?.id ?? '', target: '' }, (v) => ({
    address: v.address === '' ? t('This field is required.') : undefined,
    target: v.target === '' ? t('This field is required.') : undefined,
  }));
  const poolId = poolOfChoice(form.values.address, free);
  const targets = useQuery({
    ...floatingIpQueries.targets({
      ...(poolId !== undefined && { pool_id: poolId }),
      ...(preset.instanceId !== undefined && { instance_id: preset.instanceId }),
      ...(preset.portId !== undefined && { port_id: preset.portId }),
    }),
    enabled: poolId !== undefined,
  });
  const allocate = useMutation(floatingIpMutations.allocate);
  const associate = useMutation(floatingIpMutations.associate);
  const targetList = targets.data ?? [];
  // One port address to choose from is chosen already.
  const only = targetList.length === 1 ? targetList[0] : undefined;
  const targetValue = form.values.target || (only ? targetKey(only) : '');

  return (
    <ModalForm
      title={t('Manage Floating IP Associations')}
      submitLabel={t('Associate')}
      isValid={form.values.address !== '' && targetValue !== ''}
      onClose={onClose}
      onSubmit={async () => {
        const target = targetList.find((x) => targetKey(x) === targetValue);
        if (!target) return undefined;
        let addressId = form.values.address;
        if (addressId.startsWith(POOL)) {
          const created = await allocate.mutateAsync({ pool_id: addressId.slice(POOL.length) });
          addressId = created.id;
        }
        const fip = await associate.mutateAsync({
          body: {
            address_id: addressId,
            port_id: target.port_id,
            fixed_ip_address: target.ip_address,
          },
          targetLabel: target.label,
        });
        return { updated: [fip.id] };
      }}
    >
      <SelectField
        label={t('IP Address')}
        isRequired
        isDisabled={floatingIp !== undefined}
        placeholder={t('Select an IP address')}
        options={addressOptions(free, floatingIp ? [] : (pools.data ?? []), (pool) =>
          t('Allocate a new floating IP from {{pool}}', { pool }),
        )}
        {...form.bind('address')}
        onChange={(value) => form.setValues(() => ({ address: value, target: '' }))}
      />
      <SelectField
        label={t('Port to be associated')}
        isRequired
        isDisabled={poolId === undefined}
        placeholder={
          poolId !== undefined && targets.isSuccess && targetList.length === 0
            ? t('No ports available')
            : t('Select a port')
        }
        helperText={
          poolId !== undefined && targets.isSuccess && targetList.length === 0
            ? t(
                'No port is reachable from this pool: a router with a gateway on its network needs an interface on the port’s subnet.',
              )
            : undefined
        }
        options={targetList.map((x) => ({ value: targetKey(x), label: x.label }))}
        {...form.bind('target')}
        value={targetValue}
      />
    </ModalForm>
  );
}

/** The floating IP panel's row action. */
export function AssociateFloatingIpAction({ target, onClose }: ModalProps<FloatingIp>): ReactNode {
  return <AssociateFloatingIpModal floatingIp={target} onClose={onClose} />;
}

/** An instance's row action ("Associate Floating IP"): its ports are the choices. */
export function AssociateFloatingIpForInstance({
  target,
  onClose,
}: ModalProps<{ id: string }>): ReactNode {
  return <AssociateFloatingIpModal preset={{ instanceId: target.id }} onClose={onClose} />;
}
