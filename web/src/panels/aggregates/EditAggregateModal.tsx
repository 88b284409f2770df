import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Aggregate } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { TextField } from '../../ui/fields/TextField';
import { aggregateChanges, validateAggregate } from './aggregateForm';
import { aggregateMutations, aggregateQueries } from '../../data/nova/computeAdmin';

/** Edit Host Aggregate: its name and availability zone. */
export function EditAggregateModal({ target, onClose }: ModalProps<Aggregate>): ReactNode {
  const { t } = useTranslation();
  const others = (useQuery(aggregateQueries.list()).data ?? []).filter((a) => a.id !== target.id);
  const update = useMutation(aggregateMutations.update);
  const form = useForm({ name: target.name, zone: target.availability_zone ?? '' }, (v) =>
    validateAggregate(v, others, target.availability_zone),
  );
  return (
    <ModalForm
      title={t('Edit Host Aggregate')}
      submitLabel={t('Save')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const body = aggregateChanges(target, form.values);
        if (body) await update.mutateAsync({ id: target.id, body });
        return { updated: [target.id] };
      }}
    >
      <TextField label={t('Name')} isRequired maxLength={255} {...form.bind('name')} />
      <TextField label={t('Availability Zone')} maxLength={255} {...form.bind('zone')} />
    </ModalForm>
  );
}
