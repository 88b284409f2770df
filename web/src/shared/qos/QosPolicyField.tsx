import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { qosPolicyQueries } from '../../data/neutron/qosPolicies';
import { shellQueries } from '../../data/shell';
import type { FieldBinding } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';

/**
 * The QoS policy of a port or a network (value '' is none). Only where Neutron has the qos
 * extension: elsewhere there is no field, and the policy list is never asked for (it would
 * answer 404 with an error toast).
 */
export function QosPolicyField(binding: FieldBinding<string>): ReactNode {
  const { t } = useTranslation();
  // The shell's query owns the extension list (the sidebar and the permission checks read it).
  const extensions = useQuery(shellQueries.extensions('network'));
  const hasQos = (extensions.data?.items ?? []).some((e) => e.alias === 'qos');
  const policies = useQuery({ ...qosPolicyQueries.list(), enabled: hasQos });
  if (!hasQos || !policies.isSuccess) return null;
  const options = policies.data.map((p) => ({ value: p.id, label: p.name || p.id }));
  // A policy the user cannot list (another project's) still shows as the current choice.
  if (binding.value !== '' && !options.some((o) => o.value === binding.value)) {
    options.push({ value: binding.value, label: binding.value });
  }
  return (
    <SelectField
      label={t('QoS Policy')}
      placeholder={t('No policy')}
      options={options}
      {...binding}
    />
  );
}
