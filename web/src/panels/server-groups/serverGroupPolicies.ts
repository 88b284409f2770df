import type { ServerGroupPolicy } from '@skydeck/contract';
import { msg, type Msg } from '../../i18n/msg';

/** Spec 2 §9: the soft policies only when the cloud supports them (servergroup_soft_policies). */
export const POLICY_LABELS: Record<ServerGroupPolicy, Msg> = {
  affinity: msg('Affinity'),
  'anti-affinity': msg('Anti Affinity'),
  'soft-affinity': msg('Soft Affinity'),
  'soft-anti-affinity': msg('Soft Anti Affinity'),
};

export function policyChoices(soft: boolean): ServerGroupPolicy[] {
  return soft
    ? ['affinity', 'anti-affinity', 'soft-affinity', 'soft-anti-affinity']
    : ['affinity', 'anti-affinity'];
}
