import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { interfaceMutations } from '../../data/nova/serverActions';
import { instanceQueries } from '../../data/nova/servers';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { SelectField } from '../../ui/fields/SelectField';

/** Detach Interface: one of the instance's ports, named by its addresses. */
export function InstanceDetachInterfaceModal({ target, onClose }: ModalProps<Instance>): ReactNode {
  const { t } = useTranslation();
  const interfaces = useQuery(instanceQueries.interfaces(target.id));
  const [portId, setPortId] = useState('');
  const detach = useMutation(interfaceMutations.detach);
  const items = interfaces.data ?? [];
  return (
    <ModalForm
      title={t('Detach Interface')}
      submitLabel={t('Detach Interface')}
      submitVariant="danger"
      description={t('Detach a network interface from "{{name}}".', {
        name: target.name || target.id,
      })}
      isValid={items.some((i) => i.port_id === portId)}
      onClose={onClose}
      onSubmit={async () => {
        await detach.mutateAsync({ instance: target, portId });
        return { updated: [target.id] };
      }}
    >
      <SelectField
        label={t('Port')}
        isRequired
        value={portId}
        onChange={setPortId}
        placeholder={
          interfaces.isPending
            ? t('Loading…')
            : items.length === 0
              ? t('The instance has no interface')
              : t('Select a port')
        }
        options={items.map((i) => ({
          value: i.port_id,
          label: `${i.fixed_ips.map((ip) => ip.ip_address).join(', ') || i.port_id} (${i.port_id})`,
        }))}
      />
    </ModalForm>
  );
}
