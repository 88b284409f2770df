import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Network, Subnet } from '@skydeck/contract';
import { subnetMutations } from '../../data/neutron/subnets';
import type { ActionResult } from '../../registry/types';
import { WizardFrame } from '../../ui/WizardFrame/WizardFrame';
import { useForm } from '../../ui/ModalForm/useForm';
import { SubnetDetailFields, SubnetMainFields } from './SubnetFields';
import {
  EMPTY_SUBNET,
  subnetCreateBody,
  subnetFieldErrors,
  subnetFormOf,
  subnetUpdateBody,
  type SubnetFieldErrors,
  type SubnetFormValues,
} from './subnetForm';

const stepErrors = (errors: SubnetFieldErrors, keys: readonly (keyof SubnetFormValues)[]) => {
  const fields: Record<string, string> = {};
  for (const key of keys) {
    const message = errors[key];
    if (message) fields[key] = message;
  }
  return Object.keys(fields).length > 0 ? { fields } : undefined;
};

const MAIN = ['subnetpool_id', 'cidr', 'gateway_ip'] as const;
const DETAILS = [
  'allocation_pools',
  'dns_nameservers',
  'host_routes',
  'ipv6_address_mode',
] as const;

interface SubnetWizardProps {
  network: Network;
  /** Absent: create. */
  subnet?: Subnet;
  onClose: (result?: ActionResult) => void;
}

/** Create Subnet and Edit Subnet: the two subnet steps of Create Network, on their own. */
export function SubnetWizard({ network, subnet, onClose }: SubnetWizardProps): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(subnetMutations.create);
  const update = useMutation(subnetMutations.update);
  const form = useForm<SubnetFormValues>(subnet ? subnetFormOf(subnet) : EMPTY_SUBNET);
  const errors = (): SubnetFieldErrors => subnetFieldErrors(form.values, t, subnet?.cidr);
  const editing = subnet !== undefined;
  return (
    <WizardFrame
      title={editing ? t('Edit Subnet') : t('Create Subnet')}
      finishLabel={editing ? t('Save') : t('Create')}
      description={t('Network: {{name}}', { name: network.name || network.id })}
      onClose={onClose}
      steps={[
        {
          id: 'subnet',
          name: t('Subnet'),
          validate: () => stepErrors(errors(), MAIN),
          render: ({ errors: shown }) => (
            <SubnetMainFields form={form} errors={shown} editing={editing} />
          ),
        },
        {
          id: 'subnet-details',
          name: t('Subnet Details'),
          validate: () => stepErrors(errors(), DETAILS),
          render: ({ errors: shown }) => (
            <SubnetDetailFields form={form} errors={shown} editing={editing} />
          ),
        },
      ]}
      onSubmit={async () => {
        if (subnet) {
          await update.mutateAsync({ id: subnet.id, body: subnetUpdateBody(form.values) });
          return { updated: [subnet.id] };
        }
        const created = await create.mutateAsync(subnetCreateBody(network.id, form.values));
        return { created: [created.id] };
      }}
    />
  );
}
