import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { serverActionMutations } from '../../data/nova/serverActions';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';
import { resetStateBody } from './instanceActionRules';

/**
 * Reset State (admin): sets Nova's record to active or error without touching the guest, for
 * an instance stuck in a task.
 */
export function InstanceResetStateModal({ target, onClose }: ModalProps<Instance>): ReactNode {
  const { t } = useTranslation();
  const act = useMutation(serverActionMutations.act);
  const form = useForm<{ state: 'active' | 'error' }>({ state: 'active' });
  return (
    <ModalForm
      title={t('Reset State')}
      submitLabel={t('Reset State')}
      submitVariant="danger"
      description={t(
        'Only the record of "{{name}}" changes: the guest is not touched. Use it for an instance stuck in a task.',
        { name: target.name || target.id },
      )}
      onClose={onClose}
      onSubmit={async () => {
        await act.mutateAsync({ instance: target, body: resetStateBody(form.values.state) });
        return { updated: [target.id] };
      }}
    >
      <SelectField
        label={t('State')}
        isRequired
        value={form.values.state}
        onChange={(value) => form.setValue('state', value === 'error' ? 'error' : 'active')}
        options={[
          { value: 'active', label: t('Active') },
          { value: 'error', label: t('Error') },
        ]}
      />
    </ModalForm>
  );
}
