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

/** A security group (read-only for now): the launch wizard's choices and their rules. */
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
