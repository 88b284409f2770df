import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { serverActionMutations } from '../../data/nova/serverActions';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { editBody } from './instanceActionRules';

/** Edit Instance: name and description (PUT /api/nova/servers/:id/); unchanged closes as is. */
export function InstanceEditModal({ target, onClose }: ModalProps<Instance>): ReactNode {
  const { t } = useTranslation();
  const update = useMutation(serverActionMutations.update);
  const form = useForm({ name: target.name, description: target.description ?? '' }, (v) => ({
    name: v.name.trim() === '' ? t('This field is required.') : undefined,
  }));
  return (
    <ModalForm
      title={t('Edit Instance')}
      submitLabel={t('Save')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const body = editBody(target, form.values);
        if (!body) return undefined;
        await update.mutateAsync({ id: target.id, body });
        return { updated: [target.id] };
      }}
    >
      <TextField label={t('Name')} isRequired maxLength={255} {...form.bind('name')} />
      <TextAreaField label={t('Description')} maxLength={255} {...form.bind('description')} />
    </ModalForm>
  );
}
