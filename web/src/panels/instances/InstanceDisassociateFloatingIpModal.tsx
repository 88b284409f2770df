import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { floatingIpMutations, floatingIpQueries } from '../../data/neutron/floatingIps';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { SelectField } from '../../ui/fields/SelectField';

/**
 * Disassociate Floating IP from an instance's row: its floating IPs (Neutron's, by the instance
 * they forward to); the one chosen goes back to the project, still allocated.
 */
export function InstanceDisassociateFloatingIpModal({
  target,
  onClose,
}: ModalProps<Instance>): ReactNode {
  const { t } = useTranslation();
  const floating = useQuery(floatingIpQueries.list());
  const mine = (floating.data ?? []).filter((f) => f.instance_id === target.id);
  const [chosen, setChosen] = useState('');
  const selected = mine.find((f) => f.id === chosen) ?? (mine.length === 1 ? mine[0] : undefined);
  const disassociate = useMutation(floatingIpMutations.disassociate);
  return (
    <ModalForm
      title={t('Disassociate Floating IP')}
      submitLabel={t('Disassociate')}
      description={t('Choose the floating IP of "{{name}}" to disassociate.', {
        name: target.name || target.id,
      })}
      isValid={selected !== undefined}
      onClose={onClose}
      onSubmit={async () => {
        if (!selected) return undefined;
        await disassociate.mutateAsync(selected);
        return { updated: [target.id] };
      }}
    >
      <SelectField
        label={t('Floating IP')}
        isRequired
        value={selected?.id ?? ''}
        onChange={setChosen}
        placeholder={
          floating.isPending
            ? t('Loading…')
            : mine.length === 0
              ? t('No floating IP is associated')
              : t('Select a floating IP')
        }
        options={mine.map((f) => ({
          value: f.id,
          label: `${f.floating_ip_address} → ${f.fixed_ip_address ?? ''}`,
        }))}
      />
    </ModalForm>
  );
}
