import { Type, type Static } from 'typebox';
import { ListOf, Nullable, type List } from '../common';

export const SecurityGroupRule = Type.Object({
  id: Type.String(),
  direction: Type.String(),
  ethertype: Type.String(),
  protocol: Nullable(Type.String()),
  port_range_min: Nullable(Type.Integer()),
  port_range_max: Nullable(Type.Integer()),
  remote_ip_prefix: Nullable(Type.String()),
  remote_group_id: Nullable(Type.String()),
  description: Type.String(),
});
export type SecurityGroupRule = Static<typeof SecurityGroupRule>;

/** A security group with its rules (the panel, the launch wizard's choices). */
export const SecurityGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  project_id: Type.String(),
  stateful: Type.Optional(Type.Boolean()),
  rules: Type.Array(SecurityGroupRule),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});
export type SecurityGroup = Static<typeof SecurityGroup>;
export const SecurityGroupList = ListOf(SecurityGroup);
export type SecurityGroupList = List<SecurityGroup>;

/** GET /api/neutron/securitygroups/: the project's own groups unless an admin asks for all. */
export const SecurityGroupListQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 255 })),
  /** Admin: every project's groups (by default only the current project's). */
  all_projects: Type.Optional(Type.Boolean()),
});
export type SecurityGroupListQuery = Static<typeof SecurityGroupListQuery>;

/** POST /api/neutron/securitygroups/. */
export const SecurityGroupCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type SecurityGroupCreateBody = Static<typeof SecurityGroupCreateBody>;

/** PATCH /api/neutron/securitygroups/:id/. */
export const SecurityGroupUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type SecurityGroupUpdateBody = Static<typeof SecurityGroupUpdateBody>;

const Port = Type.Integer({ minimum: 0, maximum: 65535 });

/**
 * POST /api/neutron/securitygroups/:id/rules/: Neutron's rule, as sent. `protocol` is a name
 * (`tcp`, `udp`, `icmp`, `ipv6-icmp`…) or a number 0–255 as text; absent: any protocol. For
 * ICMP the port range carries the type (min) and code (max).
 */
export const SecurityGroupRuleCreateBody = Type.Object(
  {
    direction: Type.Union([Type.Literal('ingress'), Type.Literal('egress')]),
    ethertype: Type.Optional(Type.Union([Type.Literal('IPv4'), Type.Literal('IPv6')])),
    protocol: Type.Optional(Type.String({ minLength: 1, maxLength: 16, pattern: '^[a-z0-9-]+$' })),
    port_range_min: Type.Optional(Port),
    port_range_max: Type.Optional(Port),
    remote_ip_prefix: Type.Optional(Type.String({ minLength: 2, maxLength: 64 })),
    remote_group_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type SecurityGroupRuleCreateBody = Static<typeof SecurityGroupRuleCreateBody>;

export const SecurityGroupRuleParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  rule_id: Type.String({ minLength: 1, maxLength: 255 }),
});
export type SecurityGroupRuleParams = Static<typeof SecurityGroupRuleParams>;
