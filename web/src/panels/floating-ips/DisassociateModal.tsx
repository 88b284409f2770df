import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { FloatingIp } from '@skydeck/contract';
import { floatingIpMutations } from '../../data/neutron/floatingIps';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { mappedText } from './mappedText';

/** Disassociate: a confirmation naming what the address forwards to now. */
export function DisassociateModal({ target, onClose }: ModalProps<FloatingIp>): ReactNode {
  const { t } = useTranslation();
  const disassociate = useMutation(floatingIpMutations.disassociate);
  return (
    <ModalForm
      title={t('Confirm Disassociate')}
      submitLabel={t('Disassociate')}
      submitVariant="danger"
      variant="small"
      onClose={onClose}
      onSubmit={async () => {
        await disassociate.mutateAsync(target);
        return { updated: [target.id] };
      }}
    >
      <p>
        {t('You have selected "{{address}}", mapped to {{mapped}}. It will no longer reach it.', {
          address: target.floating_ip_address,
          mapped: mappedText(target),
        })}
      </p>
    </ModalForm>
  );
}
