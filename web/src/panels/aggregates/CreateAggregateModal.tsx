import { useState, type ReactNode } from 'react';
import { FormGroup } from '@patternfly/react-core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { TextField } from '../../ui/fields/TextField';
import { HostPicker } from './HostPicker';
import { validateAggregate } from './aggregateForm';
import {
  aggregateMutations,
  aggregateQueries,
  computeServiceQueries,
} from '../../data/nova/computeAdmin';

/** Create Host Aggregate: name, optional availability zone, and the hosts to add at once. */
export function CreateAggregateModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const others = useQuery(aggregateQueries.list()).data ?? [];
  const services = useQuery(computeServiceQueries.list()).data ?? [];
  const create = useMutation(aggregateMutations.create);
  const [hosts, setHosts] = useState<string[]>([]);
  const form = useForm({ name: '', zone: '' }, (v) => validateAggregate(v, others));
  const zone = form.values.zone.trim();
  return (
    <ModalForm
      title={t('Create Host Aggregate')}
      submitLabel={t('Create Host Aggregate')}
      variant="large"
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const created = await create.mutateAsync({
          name: form.values.name.trim(),
          ...(zone ? { availability_zone: zone } : {}),
          ...(hosts.length > 0 ? { hosts } : {}),
        });
        return { created: [created.id] };
      }}
    >
      <TextField label={t('Name')} isRequired maxLength={255} {...form.bind('name')} />
      <TextField
        label={t('Availability Zone')}
        maxLength={255}
        helperText={t('Hosts of the aggregate form this availability zone; leave empty for none.')}
        {...form.bind('zone')}
      />
      <FormGroup label={t('Hosts')} role="group" fieldId="aggregate-hosts">
        <HostPicker
          hosts={[...new Set(services.map((s) => s.host))]}
          chosen={hosts}
          onChange={setHosts}
        />
      </FormGroup>
    </ModalForm>
  );
}
