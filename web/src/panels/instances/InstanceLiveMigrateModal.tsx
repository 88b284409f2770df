import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { computeServiceQueries } from '../../data/nova/computeAdmin';
import { serverActionMutations } from '../../data/nova/serverActions';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import { AUTOMATIC_HOST, hostChoices, liveMigrateBody } from './instanceActionRules';

/**
 * Live Migrate (admin): the scheduler's choice, or a host from the compute services. When the
 * services cannot be listed the host is typed (empty: the scheduler chooses).
 */
export function InstanceLiveMigrateModal({ target, onClose }: ModalProps<Instance>): ReactNode {
  const { t } = useTranslation();
  const act = useMutation(serverActionMutations.act);
  const services = useQuery(computeServiceQueries.list());
  const form = useForm({ host: AUTOMATIC_HOST });
  const hosts = services.data ? hostChoices(target, services.data) : [];
  return (
    <ModalForm
      title={t('Live Migrate')}
      submitLabel={t('Migrate')}
      description={target.host ? t('Current host: {{host}}', { host: target.host }) : undefined}
      onClose={onClose}
      onSubmit={async () => {
        await act.mutateAsync({ instance: target, body: liveMigrateBody(form.values.host.trim()) });
        return { updated: [target.id] };
      }}
    >
      {services.isError ? (
        <TextField
          label={t('New Host')}
          maxLength={255}
          helperText={t('Leave empty to let the scheduler choose.')}
          {...form.bind('host')}
        />
      ) : (
        <SelectField
          label={t('New Host')}
          {...form.bind('host')}
          options={[
            { value: AUTOMATIC_HOST, label: t('Automatically schedule new host.') },
            ...hosts.map((h) => ({ value: h, label: h })),
          ]}
        />
      )}
    </ModalForm>
  );
}
