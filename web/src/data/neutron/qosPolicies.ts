import type {
  QosPolicy,
  QosPolicyCreateBody,
  QosPolicyUpdateBody,
  QosRuleCreateBody,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** QoS policies (/api/neutron/qos_policies/, spec 2 §7), with their rules. */
export const qosPolicyQueries = {
  all: () => resourceKey('neutron.qos_policies'),
  list: () =>
    routeQuery('neutron.qos_policies.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the qos policies.') },
    }),
  detail: (id: string) =>
    routeQuery(
      'neutron.qos_policies.get',
      { params: { id } },
      {
        meta: { errorMessage: msg('Unable to retrieve the qos policy.'), silentStatuses: [404] },
      },
    ),
};

export const QOS_POLICY_CREATED = msg('QoS Policy {{name}} was successfully created');
export const QOS_POLICY_UPDATED = msg('QoS Policy {{name}} was successfully updated');
export const QOS_RULE_CREATED = msg('The rule was successfully added');

export const qosPolicyMutations = {
  create: mutation({
    fn: (body: QosPolicyCreateBody) => api('neutron.qos_policies.create', { body }),
    invalidates: [qosPolicyQueries.all()],
    successMessage: (p) => t(QOS_POLICY_CREATED, { name: p.name }),
    errorMessage: msg('Unable to create the qos policy.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: QosPolicyUpdateBody }) =>
      api('neutron.qos_policies.update', { params: { id }, body }),
    invalidates: [qosPolicyQueries.all()],
    successMessage: (p) => t(QOS_POLICY_UPDATED, { name: p.name }),
    errorMessage: msg('Unable to update the qos policy.'),
    inlineErrors: true,
  }),
  createRule: mutation({
    fn: ({ id, body }: { id: string; body: QosRuleCreateBody }) =>
      api('neutron.qos_policies.createRule', { params: { id }, body }),
    invalidates: [qosPolicyQueries.all()],
    successMessage: () => t(QOS_RULE_CREATED),
    errorMessage: msg('Unable to create the qos rule.'),
    inlineErrors: true,
  }),
};

export async function removeQosPolicy(policy: QosPolicy): Promise<void> {
  await api('neutron.qos_policies.delete', { params: { id: policy.id } });
}

export async function removeQosRule(
  policyId: string,
  rule: { id: string; type: string },
): Promise<void> {
  await api('neutron.qos_policies.deleteRule', {
    params: { id: policyId, type: rule.type as QosRuleCreateBody['type'], rule_id: rule.id },
  });
}
