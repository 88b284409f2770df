import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { FloatingIpAllocateBody } from '@skydeck/contract';
import { floatingIpMutations, floatingIpQueries } from '../../data/neutron/floatingIps';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';

/** Allocate Floating IP: a pool (an external network), a description and optional DNS. */
export function AllocateFloatingIpModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const pools = useQuery(floatingIpQueries.pools());
  const allocate = useMutation(floatingIpMutations.allocate);
  const first = pools.data?.[0]?.id ?? '';
  const form = useForm({ pool_id: '', description: '', dns_domain: '', dns_name: '' });
  // The only or first pool is chosen until the user picks another.
  const poolId = form.values.pool_id || first;
  return (
    <ModalForm
      title={t('Allocate Floating IP')}
      submitLabel={t('Allocate IP')}
      isValid={poolId !== ''}
      onClose={onClose}
      description={t('Allocate a floating IP from a given floating IP pool.')}
      onSubmit={async () => {
        const v = form.values;
        const body: FloatingIpAllocateBody = { pool_id: poolId };
        if (v.description.trim() !== '') body.description = v.description.trim();
        if (v.dns_domain.trim() !== '') body.dns_domain = v.dns_domain.trim();
        if (v.dns_name.trim() !== '') body.dns_name = v.dns_name.trim();
        const fip = await allocate.mutateAsync(body);
        return { created: [fip.id] };
      }}
    >
      <SelectField
        label={t('Pool')}
        isRequired
        placeholder={
          pools.isSuccess && pools.data.length === 0 ? t('No pools available') : undefined
        }
        options={(pools.data ?? []).map((p) => ({ value: p.id, label: p.name || p.id }))}
        {...form.bind('pool_id')}
        value={poolId}
      />
      <TextField label={t('Description')} maxLength={255} {...form.bind('description')} />
      <TextField
        label={t('DNS Domain')}
        maxLength={255}
        helperText={t(
          'With DNS integration: the zone the name is published in, ending with a dot.',
        )}
        {...form.bind('dns_domain')}
      />
      <TextField label={t('DNS Name')} maxLength={255} {...form.bind('dns_name')} />
    </ModalForm>
  );
}
