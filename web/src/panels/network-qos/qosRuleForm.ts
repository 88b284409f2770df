import type { QosRuleCreateBody } from '@skydeck/contract';
import { DSCP_MARKS, type QosRuleType } from '@skydeck/contract/neutronRules';
import type { FieldErrors } from '../../ui/ModalForm/useForm';

export interface QosRuleFormValues {
  type: QosRuleType;
  direction: string;
  max_kbps: string;
  max_burst_kbps: string;
  min_kbps: string;
  min_kpps: string;
  dscp_mark: string;
}

export const emptyRuleForm = (): QosRuleFormValues => ({
  type: 'bandwidth_limit',
  direction: 'egress',
  max_kbps: '',
  max_burst_kbps: '',
  min_kbps: '',
  min_kpps: '',
  dscp_mark: '',
});

/** The directions a rule type takes: a minimum packet rate may also be "any". */
export const directionsOf = (type: QosRuleType): string[] =>
  type === 'dscp_marking'
    ? []
    : type === 'minimum_packet_rate'
      ? ['egress', 'ingress', 'any']
      : ['egress', 'ingress'];

const RATE_MAX = 2147483647;
const wholeNumber = (text: string): number | undefined =>
  /^\d+$/.test(text.trim()) && Number(text) <= RATE_MAX ? Number(text) : undefined;

type Translate = (key: string) => string;

/** Field messages: each type's required rate, whole and in range; a DSCP mark Neutron knows. */
export function ruleFormErrors(v: QosRuleFormValues, t: Translate): FieldErrors<QosRuleFormValues> {
  const errors: FieldErrors<QosRuleFormValues> = {};
  const rate = (key: 'max_kbps' | 'min_kbps' | 'min_kpps', required: boolean): void => {
    const text = v[key].trim();
    if (text === '') {
      if (required) errors[key] = t('This field is required.');
    } else if (wholeNumber(text) === undefined) {
      errors[key] = t('Enter a whole number from 0 to 2147483647.');
    }
  };
  if (v.type === 'bandwidth_limit') {
    rate('max_kbps', true);
    const burst = v.max_burst_kbps.trim();
    if (burst !== '' && wholeNumber(burst) === undefined) {
      errors.max_burst_kbps = t('Enter a whole number from 0 to 2147483647.');
    }
  }
  if (v.type === 'minimum_bandwidth') rate('min_kbps', true);
  if (v.type === 'minimum_packet_rate') rate('min_kpps', true);
  if (v.type === 'dscp_marking') {
    const mark = wholeNumber(v.dscp_mark);
    if (v.dscp_mark.trim() === '') errors.dscp_mark = t('This field is required.');
    else if (mark === undefined || !(DSCP_MARKS as readonly number[]).includes(mark)) {
      errors.dscp_mark = t(
        'Enter a DSCP mark: 0, 8 to 40 in steps of 2 (but 42 and 44), 46, 48 or 56.',
      );
    }
  }
  return errors;
}

/** The POST body of the form's rule: only its type's fields. */
export function ruleBody(v: QosRuleFormValues): QosRuleCreateBody {
  const direction = v.direction as NonNullable<QosRuleCreateBody['direction']>;
  switch (v.type) {
    case 'bandwidth_limit':
      return {
        type: v.type,
        max_kbps: Number(v.max_kbps),
        ...(v.max_burst_kbps.trim() !== '' && { max_burst_kbps: Number(v.max_burst_kbps) }),
        direction,
      };
    case 'minimum_bandwidth':
      return { type: v.type, min_kbps: Number(v.min_kbps), direction };
    case 'minimum_packet_rate':
      return { type: v.type, min_kpps: Number(v.min_kpps), direction };
    case 'dscp_marking':
      return { type: v.type, dscp_mark: Number(v.dscp_mark) };
  }
}
