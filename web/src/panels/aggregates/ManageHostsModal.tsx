import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Aggregate } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { HostPicker } from './HostPicker';
import { hostChanges } from './aggregateForm';
import { aggregateMutations, computeServiceQueries } from '../../data/nova/computeAdmin';

/** Manage Hosts: the aggregate's hosts chosen from the compute services' hosts. */
export function ManageHostsModal({ target, onClose }: ModalProps<Aggregate>): ReactNode {
  const { t } = useTranslation();
  const services = useQuery(computeServiceQueries.list()).data ?? [];
  const change = useMutation(aggregateMutations.hosts);
  const [hosts, setHosts] = useState<string[]>(target.hosts);
  return (
    <ModalForm
      title={t('Manage Hosts of {{name}}', { name: target.name })}
      submitLabel={t('Save')}
      variant="large"
      onClose={onClose}
      onSubmit={async () => {
        const body = hostChanges(target.hosts, hosts);
        if (body.add.length > 0 || body.remove.length > 0) {
          await change.mutateAsync({ id: target.id, body });
        }
        return { updated: [target.id] };
      }}
    >
      <HostPicker
        hosts={[...new Set(services.map((s) => s.host))]}
        chosen={hosts}
        onChange={setHosts}
      />
    </ModalForm>
  );
}
