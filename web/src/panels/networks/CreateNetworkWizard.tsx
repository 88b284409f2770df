import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { NetworkCreateBody } from '@skydeck/contract';
import { networkMutations, removeNetwork } from '../../data/neutron/networks';
import { subnetMutations } from '../../data/neutron/subnets';
import type { ModalProps } from '../../registry/types';
import { useForm } from '../../ui/ModalForm/useForm';
import { WizardFrame, type StepErrors } from '../../ui/WizardFrame/WizardFrame';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { onAdminPanel } from '../../ui/ModalForm/openedFrom';
import { NetworkFields, networkFieldErrors, type NetworkFormValues } from './NetworkFields';
import { SubnetDetailFields, SubnetMainFields } from './SubnetFields';
import {
  EMPTY_SUBNET,
  subnetCreateBody,
  subnetFieldErrors,
  type SubnetFieldErrors,
  type SubnetFormValues,
} from './subnetForm';

const MAIN_FIELDS = ['subnetpool_id', 'cidr', 'gateway_ip'] as const;
const DETAIL_FIELDS = [
  'allocation_pools',
  'dns_nameservers',
  'host_routes',
  'ipv6_address_mode',
] as const;

const pick = (
  errors: SubnetFieldErrors,
  keys: readonly (keyof SubnetFormValues)[],
): StepErrors | undefined => {
  const fields: Record<string, string> = {};
  for (const key of keys) {
    const message = errors[key];
    if (message) fields[key] = message;
  }
  return Object.keys(fields).length > 0 ? { fields } : undefined;
};

/**
 * Create Network (issue 10): the network, then optionally a subnet and its details. The subnet
 * steps are checked with subnetRules before anything is sent; a subnet Neutron still refuses
 * leaves no half-made network behind.
 */
export function CreateNetworkWizard({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  // Modals render outside the router: the address says which panel opened this one.
  const admin = onAdminPanel();
  const createNetwork = useMutation(networkMutations.create);
  const createSubnet = useMutation(subnetMutations.create);
  const network = useForm<NetworkFormValues>(
    {
      name: '',
      admin_state_up: true,
      shared: false,
      external: false,
      provider_network_type: '',
      provider_physical_network: '',
      provider_segmentation_id: '',
      qos_policy_id: '',
      with_subnet: true,
    },
    (v) => networkFieldErrors(v, t),
  );
  const subnet = useForm<SubnetFormValues>(EMPTY_SUBNET);
  const errors = (): SubnetFieldErrors => subnetFieldErrors(subnet.values, t);
  const withSubnet = network.values.with_subnet === true;

  const networkBody = (): NetworkCreateBody => {
    const v = network.values;
    const body: NetworkCreateBody = { name: v.name.trim(), admin_state_up: v.admin_state_up };
    if (v.qos_policy_id !== '') body.qos_policy_id = v.qos_policy_id;
    if (admin) {
      body.shared = v.shared;
      body.external = v.external;
      if (v.provider_network_type) {
        body.provider_network_type = v.provider_network_type as NonNullable<
          NetworkCreateBody['provider_network_type']
        >;
      }
      if (v.provider_physical_network.trim()) {
        body.provider_physical_network = v.provider_physical_network.trim();
      }
      if (v.provider_segmentation_id.trim()) {
        body.provider_segmentation_id = Number(v.provider_segmentation_id.trim());
      }
    }
    return body;
  };

  return (
    <WizardFrame
      title={t('Create Network')}
      finishLabel={t('Create')}
      onClose={onClose}
      steps={[
        {
          id: 'network',
          name: t('Network'),
          validate: () => {
            const found = networkFieldErrors(network.values, t);
            const fields = Object.fromEntries(
              Object.entries(found).filter((e): e is [string, string] => e[1] !== undefined),
            );
            return Object.keys(fields).length > 0 ? { fields } : undefined;
          },
          render: () => (
            <>
              <NetworkFields form={network} admin={admin} />
              <CheckboxField
                label={t('Create Subnet')}
                checked={withSubnet}
                onChange={(checked) => network.setValue('with_subnet', checked)}
                error={undefined}
              />
            </>
          ),
        },
        ...(withSubnet
          ? [
              {
                id: 'subnet',
                name: t('Subnet'),
                validate: () => pick(errors(), MAIN_FIELDS),
                render: ({ errors: shown }: { errors: Record<string, string> }) => (
                  <SubnetMainFields form={subnet} errors={shown} />
                ),
              },
              {
                id: 'subnet-details',
                name: t('Subnet Details'),
                validate: () => pick(errors(), DETAIL_FIELDS),
                render: ({ errors: shown }: { errors: Record<string, string> }) => (
                  <SubnetDetailFields form={subnet} errors={shown} />
                ),
              },
            ]
          : []),
      ]}
      onSubmit={async () => {
        const created = await createNetwork.mutateAsync(networkBody());
        if (withSubnet) {
          try {
            await createSubnet.mutateAsync(subnetCreateBody(created.id, subnet.values));
          } catch (error) {
            // The wizard shows the subnet's error; the network goes too, so a retry starts clean.
            await removeNetwork(created).catch(() => undefined);
            throw error;
          }
        }
        return { created: [created.id] };
      }}
    />
  );
}
