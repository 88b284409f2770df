import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { ServerGroupPolicy } from '@skydeck/contract';
import { shellQueries } from '../../data/shell';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import { POLICY_LABELS, policyChoices } from './serverGroupPolicies';
import { serverGroupMutations } from '../../data/nova/serverGroups';

/** Create Server Group (spec 2 §5: name and policy required). */
export function CreateServerGroupModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const soft = useQuery(shellQueries.novaFeature('servergroup_soft_policies')).data === true;
  const create = useMutation(serverGroupMutations.create);
  const choices = policyChoices(soft);
  const form = useForm({ name: '', policy: '' }, (v) => ({
    name: v.name.trim() === '' ? t('This field is required.') : undefined,
    policy: v.policy === '' ? t('This field is required.') : undefined,
  }));
  return (
    <ModalForm
      title={t('Create Server Group')}
      submitLabel={t('Create Server Group')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const group = await create.mutateAsync({
          name: form.values.name.trim(),
          policy: form.values.policy as ServerGroupPolicy,
        });
        return { created: [group.id] };
      }}
    >
      <TextField label={t('Name')} isRequired maxLength={255} {...form.bind('name')} />
      <SelectField
        label={t('Policy')}
        isRequired
        placeholder={t('Select a policy')}
        {...form.bind('policy')}
        options={choices.map((p) => ({ value: p, label: t(POLICY_LABELS[p]) }))}
      />
    </ModalForm>
  );
}
