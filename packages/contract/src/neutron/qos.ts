import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';
import type { QOS_RULE_TYPES } from './qosRules';

const RuleTypeSchema = Type.Union([
  Type.Literal('bandwidth_limit'),
  Type.Literal('dscp_marking'),
  Type.Literal('minimum_bandwidth'),
  Type.Literal('minimum_packet_rate'),
]);
// The schema and the constant list the same types.
export const _qosRuleTypesMatch: (typeof QOS_RULE_TYPES)[number] extends Static<
  typeof RuleTypeSchema
>
  ? true
  : never = true;

/** A rule of a policy, any type: the columns of the detail rules table (spec 2 §2). */
export const QosRule = Type.Object({
  id: Type.String(),
  type: Type.String(),
  direction: Type.Optional(Type.String()),
  max_kbps: Type.Optional(Type.Integer()),
  max_burst_kbps: Type.Optional(Type.Integer()),
  min_kbps: Type.Optional(Type.Integer()),
  min_kpps: Type.Optional(Type.Integer()),
  dscp_mark: Type.Optional(Type.Integer()),
});
export type QosRule = Static<typeof QosRule>;

/** A QoS policy (spec 2 §3 "QoS policy"). */
export const QosPolicy = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  shared: Type.Boolean(),
  is_default: Type.Boolean(),
  project_id: Type.String(),
  rules: Type.Array(QosRule),
  revision_number: Type.Optional(Type.Integer()),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});
export type QosPolicy = Static<typeof QosPolicy>;
export const QosPolicyList = ListOf(QosPolicy);
export type QosPolicyList = List<QosPolicy>;

export const QosPolicyListQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 255 })),
  shared: Type.Optional(Type.Boolean()),
  project_id: Type.Optional(Type.String({ maxLength: 64 })),
});
export type QosPolicyListQuery = Static<typeof QosPolicyListQuery>;

const Name = Type.String({ maxLength: 255 });

export const QosPolicyCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    description: Type.Optional(Name),
    shared: Type.Optional(Type.Boolean()),
    is_default: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type QosPolicyCreateBody = Static<typeof QosPolicyCreateBody>;

export const QosPolicyUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    description: Type.Optional(Name),
    shared: Type.Optional(Type.Boolean()),
    is_default: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type QosPolicyUpdateBody = Static<typeof QosPolicyUpdateBody>;

const Rate = Type.Integer({ minimum: 0, maximum: 2147483647 });

/**
 * POST /api/neutron/qos_policies/:id/rules/: one rule of `type` with that type's fields; the
 * server checks the fields belong to the type (Neutron names no field in its 400s).
 */
export const QosRuleCreateBody = Type.Object(
  {
    type: RuleTypeSchema,
    direction: Type.Optional(
      Type.Union([Type.Literal('ingress'), Type.Literal('egress'), Type.Literal('any')]),
    ),
    max_kbps: Type.Optional(Rate),
    max_burst_kbps: Type.Optional(Rate),
    min_kbps: Type.Optional(Rate),
    min_kpps: Type.Optional(Rate),
    dscp_mark: Type.Optional(Type.Integer({ minimum: 0, maximum: 56 })),
  },
  { additionalProperties: false },
);
export type QosRuleCreateBody = Static<typeof QosRuleCreateBody>;

export const QosRuleParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  type: RuleTypeSchema,
  rule_id: Type.String({ minLength: 1, maxLength: 64 }),
});
export type QosRuleParams = Static<typeof QosRuleParams>;
