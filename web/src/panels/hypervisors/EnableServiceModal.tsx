import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { ComputeService } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { computeServiceMutations } from '../../data/nova/computeAdmin';

/** Enable Service: the host takes new instances again (Nova clears the disabled reason). */
export function EnableServiceModal({ target, onClose }: ModalProps<ComputeService>): ReactNode {
  const { t } = useTranslation();
  const enable = useMutation(computeServiceMutations.enable);
  return (
    <ModalForm
      title={t('Enable Service')}
      submitLabel={t('Enable Service')}
      description={t('New instances may be scheduled to {{host}} again.', { host: target.host })}
      onClose={onClose}
      onSubmit={async () => {
        await enable.mutateAsync(target);
        return { updated: [target.id] };
      }}
    >
      {target.disabled_reason
        ? t('Disabled because: {{reason}}', { reason: target.disabled_reason })
        : null}
    </ModalForm>
  );
}
