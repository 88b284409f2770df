import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { KeystoneDomain } from '@skydeck/contract';
import { domainMutations } from '../../data/keystone/domains';
import type { ModalProps } from '../../registry/types';
import { ConfirmChangeModal } from '../../ui/ConfirmChangeModal/ConfirmChangeModal';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';

function DomainForm({
  domain,
  onClose,
}: {
  domain?: KeystoneDomain;
  onClose: ModalProps<undefined>['onClose'];
}): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(domainMutations.create);
  const update = useMutation(domainMutations.update);
  const form = useForm(
    {
      name: domain?.name ?? '',
      description: domain?.description ?? '',
      enabled: domain?.enabled ?? true,
    },
    (v) => ({ name: v.name.trim() === '' ? t('This field is required.') : undefined }),
  );
  return (
    <ModalForm
      title={domain ? t('Edit Domain') : t('Create Domain')}
      submitLabel={domain ? t('Save') : t('Create Domain')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const v = form.values;
        const body = { name: v.name.trim(), description: v.description, enabled: v.enabled };
        if (domain) {
          await update.mutateAsync({ id: domain.id, body });
          return { updated: [domain.id] };
        }
        const created = await create.mutateAsync(body);
        return { created: [created.id] };
      }}
    >
      <TextField label={t('Name')} isRequired maxLength={64} {...form.bind('name')} />
      <TextAreaField label={t('Description')} {...form.bind('description')} />
      <CheckboxField
        label={t('Enabled')}
        checked={form.values.enabled}
        onChange={(checked) => form.setValue('enabled', checked)}
      />
    </ModalForm>
  );
}

export function CreateDomainModal({ onClose }: ModalProps<undefined>): ReactNode {
  return <DomainForm onClose={onClose} />;
}

export function EditDomainModal({ target, onClose }: ModalProps<KeystoneDomain>): ReactNode {
  return <DomainForm domain={target} onClose={onClose} />;
}

function ToggleDomain({
  target,
  onClose,
  enabled,
}: ModalProps<KeystoneDomain> & { enabled: boolean }): ReactNode {
  const { t } = useTranslation();
  const update = useMutation(domainMutations.update);
  return (
    <ConfirmChangeModal
      title={enabled ? t('Enable Domain') : t('Disable Domain')}
      question={
        enabled
          ? t('Enable the domain {{name}}?', { name: target.name })
          : t('Disable the domain {{name}}? Its users cannot sign in while it is disabled.', {
              name: target.name,
            })
      }
      onClose={onClose}
      onConfirm={async () => {
        await update.mutateAsync({ id: target.id, body: { enabled } });
        return { updated: [target.id] };
      }}
    />
  );
}

export function EnableDomainModal(props: ModalProps<KeystoneDomain>): ReactNode {
  return <ToggleDomain {...props} enabled />;
}

export function DisableDomainModal(props: ModalProps<KeystoneDomain>): ReactNode {
  return <ToggleDomain {...props} enabled={false} />;
}
