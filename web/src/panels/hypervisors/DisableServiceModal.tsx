import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { ComputeService } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { computeServiceMutations } from '../../data/nova/computeAdmin';

/** Disable Service: no new instances are scheduled to the host; the reason is kept by Nova. */
export function DisableServiceModal({ target, onClose }: ModalProps<ComputeService>): ReactNode {
  const { t } = useTranslation();
  const disable = useMutation(computeServiceMutations.disable);
  const form = useForm({ reason: '' }, (v) => ({
    reason: v.reason.length > 255 ? t('At most 255 characters.') : undefined,
  }));
  return (
    <ModalForm
      title={t('Disable Service')}
      submitLabel={t('Disable Service')}
      submitVariant="danger"
      isValid={form.isValid}
      description={t(
        'No new instances will be scheduled to {{host}}; the instances on it keep running.',
        { host: target.host },
      )}
      onClose={onClose}
      onSubmit={async () => {
        const reason = form.values.reason.trim();
        await disable.mutateAsync({
          id: target.id,
          body: { status: 'disabled', ...(reason ? { disabled_reason: reason } : {}) },
        });
        return { updated: [target.id] };
      }}
    >
      <TextAreaField label={t('Reason')} maxLength={255} {...form.bind('reason')} />
    </ModalForm>
  );
}
