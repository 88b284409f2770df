import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { QosPolicy, QosPolicyUpdateBody } from '@skydeck/contract';
import { qosPolicyMutations } from '../../data/neutron/qosPolicies';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';

interface Values {
  name: string;
  description: string;
  shared: boolean;
  is_default: boolean;
}

function QosPolicyForm({
  target,
  onClose,
}: {
  target?: QosPolicy;
  onClose: ModalProps<unknown>['onClose'];
}): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(qosPolicyMutations.create);
  const update = useMutation(qosPolicyMutations.update);
  const form = useForm<Values>(
    {
      name: target?.name ?? '',
      description: target?.description ?? '',
      shared: target?.shared ?? false,
      is_default: target?.is_default ?? false,
    },
    (v) => ({ name: v.name.trim() === '' ? t('This field is required.') : undefined }),
  );
  return (
    <ModalForm
      title={target ? t('Edit QoS Policy') : t('Create QoS Policy')}
      submitLabel={target ? t('Save Changes') : t('Create QoS Policy')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const v = form.values;
        if (target) {
          // Only what changed: shared and default are an admin's by policy.
          const body: QosPolicyUpdateBody = {};
          if (v.name.trim() !== target.name) body.name = v.name.trim();
          if (v.description.trim() !== target.description) body.description = v.description.trim();
          if (v.shared !== target.shared) body.shared = v.shared;
          if (v.is_default !== target.is_default) body.is_default = v.is_default;
          await update.mutateAsync({ id: target.id, body });
          return { updated: [target.id] };
        }
        const created = await create.mutateAsync({
          name: v.name.trim(),
          description: v.description.trim(),
          ...(v.shared && { shared: true }),
          ...(v.is_default && { is_default: true }),
        });
        return { created: [created.id] };
      }}
    >
      <TextField label={t('Name')} isRequired maxLength={255} {...form.bind('name')} />
      <TextAreaField label={t('Description')} maxLength={255} {...form.bind('description')} />
      <CheckboxField
        label={t('Shared')}
        description={t('Other projects may use the policy.')}
        checked={form.values.shared}
        onChange={(checked) => form.setValue('shared', checked)}
      />
      <CheckboxField
        label={t('Default')}
        description={t('New networks of the project take this policy.')}
        checked={form.values.is_default}
        onChange={(checked) => form.setValue('is_default', checked)}
      />
    </ModalForm>
  );
}

export function CreateQosPolicyModal({ onClose }: ModalProps<undefined>): ReactNode {
  return <QosPolicyForm onClose={onClose} />;
}

export function EditQosPolicyModal({ target, onClose }: ModalProps<QosPolicy>): ReactNode {
  return <QosPolicyForm target={target} onClose={onClose} />;
}
