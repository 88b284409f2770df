import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { FormState } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import { QosPolicyField } from '../../shared/qos/QosPolicyField';

export interface NetworkFormValues {
  name: string;
  admin_state_up: boolean;
  shared: boolean;
  external: boolean;
  provider_network_type: string;
  provider_physical_network: string;
  provider_segmentation_id: string;
  /** The QoS policy's id, '' for none (only with Neutron's qos extension). */
  qos_policy_id: string;
  /** Create Network only: go on to the subnet steps. */
  with_subnet?: boolean;
}

/** Which provider types take a physical network and which a segmentation id. */
const PHYSICAL = new Set(['flat', 'vlan']);
const SEGMENTED = new Set(['vlan', 'vxlan', 'gre', 'geneve']);

/** A segmentation id's range per provider type (VLAN tags; VNIs and keys are 24 bits here). */
export function segmentationError(type: string, value: string): boolean {
  if (value.trim() === '' || !SEGMENTED.has(type)) return false;
  const n = Number(value);
  const max = type === 'vlan' ? 4094 : 16777215;
  return !Number.isInteger(n) || n < 1 || n > max;
}

type Translate = (key: string) => string;

/** The admin's provider fields: a flat network names its physical network, ids in range. */
export function networkFieldErrors(
  v: NetworkFormValues,
  t: Translate,
): Partial<Record<keyof NetworkFormValues, string>> {
  const errors: Partial<Record<keyof NetworkFormValues, string>> = {};
  if (v.provider_network_type === 'flat' && v.provider_physical_network.trim() === '') {
    errors.provider_physical_network = t('This field is required.');
  }
  if (segmentationError(v.provider_network_type, v.provider_segmentation_id)) {
    errors.provider_segmentation_id = t('The segmentation ID is out of range.');
  }
  return errors;
}

/** The network's own fields; the admin panel adds sharing, external and provider fields. */
export function NetworkFields({
  form,
  admin,
  editing = false,
}: {
  form: FormState<NetworkFormValues>;
  admin: boolean;
  editing?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  const type = form.values.provider_network_type;
  return (
    <>
      <TextField label={t('Network Name')} maxLength={255} {...form.bind('name')} />
      <CheckboxField
        label={t('Enable Admin State')}
        description={t('If unchecked, the network is administratively down.')}
        checked={form.values.admin_state_up}
        onChange={(checked) => form.setValue('admin_state_up', checked)}
        error={undefined}
      />
      <QosPolicyField {...form.bind('qos_policy_id')} />
      {admin && (
        <>
          <CheckboxField
            label={t('Shared')}
            checked={form.values.shared}
            onChange={(checked) => form.setValue('shared', checked)}
            error={undefined}
          />
          <CheckboxField
            label={t('External Network')}
            checked={form.values.external}
            onChange={(checked) => form.setValue('external', checked)}
            error={undefined}
          />
        </>
      )}
      {admin && !editing && (
        <>
          <SelectField
            label={t('Provider Network Type')}
            options={[
              { value: '', label: t('Default') },
              { value: 'local', label: 'Local' },
              { value: 'flat', label: 'Flat' },
              { value: 'vlan', label: 'VLAN' },
              { value: 'vxlan', label: 'VXLAN' },
              { value: 'gre', label: 'GRE' },
              { value: 'geneve', label: 'Geneve' },
            ]}
            {...form.bind('provider_network_type')}
          />
          {PHYSICAL.has(type) && (
            <TextField
              label={t('Physical Network')}
              isRequired={type === 'flat'}
              maxLength={64}
              {...form.bind('provider_physical_network')}
            />
          )}
          {SEGMENTED.has(type) && (
            <TextField
              label={t('Segmentation ID')}
              helperText={
                type === 'vlan' ? t('VLAN ID, 1 to 4094.') : t('Segment ID, 1 to 16777215.')
              }
              {...form.bind('provider_segmentation_id')}
            />
          )}
        </>
      )}
    </>
  );
}
