import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Network, NetworkUpdateBody } from '@skydeck/contract';
import { networkMutations } from '../../data/neutron/networks';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { onAdminPanel } from '../../ui/ModalForm/openedFrom';
import { NetworkFields, type NetworkFormValues } from './NetworkFields';

/** Edit Network: name and admin state; on the admin panel also shared and external. */
export function EditNetworkModal({ target, onClose }: ModalProps<Network>): ReactNode {
  const { t } = useTranslation();
  // Modals render outside the router: the address says which panel opened this one.
  const admin = onAdminPanel();
  const update = useMutation(networkMutations.update);
  const form = useForm<NetworkFormValues>({
    name: target.name,
    admin_state_up: target.admin_state_up,
    shared: target.shared,
    external: target.external,
    provider_network_type: '',
    provider_physical_network: '',
    provider_segmentation_id: '',
    qos_policy_id: target.qos_policy_id ?? '',
  });
  return (
    <ModalForm
      title={t('Edit Network')}
      submitLabel={t('Save Changes')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const v = form.values;
        const body: NetworkUpdateBody = { name: v.name.trim(), admin_state_up: v.admin_state_up };
        // Only what changed: a member may not send shared or external at all.
        if (admin && v.shared !== target.shared) body.shared = v.shared;
        if (admin && v.external !== target.external) body.external = v.external;
        const qos = v.qos_policy_id === '' ? null : v.qos_policy_id;
        if (qos !== (target.qos_policy_id ?? null)) body.qos_policy_id = qos;
        await update.mutateAsync({ id: target.id, body });
        return { updated: [target.id] };
      }}
    >
      <NetworkFields form={form} admin={admin} editing />
    </ModalForm>
  );
}
