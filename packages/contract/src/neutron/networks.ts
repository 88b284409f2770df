import { Type, type Static } from 'typebox';
import { ListOf, Nullable, type List } from '../common';
import { SortDir } from '../glance/images';
import { neutronListQuery } from './listQuery';

/** A subnet as a network row shows it: enough for "name 10.0.0.0/24". */
export const NetworkSubnetRef = Type.Object({
  id: Type.String(),
  name: Type.String(),
  cidr: Type.String(),
  ip_version: Type.Integer(),
});
export type NetworkSubnetRef = Static<typeof NetworkSubnetRef>;

/**
 * A network as the BFF answers it (spec 2 §3 "Net", spec 1 §3): Neutron's fields, with the
 * extension-prefixed ones renamed (`router:external` → `external`, `provider:*` → `provider_*`,
 * admin only) and the subnets resolved to their names and CIDRs.
 */
export const Network = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  project_id: Type.String(),
  status: Type.String(),
  admin_state_up: Type.Boolean(),
  shared: Type.Boolean(),
  external: Type.Boolean(),
  mtu: Type.Optional(Type.Integer()),
  port_security_enabled: Type.Optional(Type.Boolean()),
  availability_zones: Type.Array(Type.String()),
  availability_zone_hints: Type.Array(Type.String()),
  /** Subnet ids, as Neutron lists them. */
  subnet_ids: Type.Array(Type.String()),
  /** The subnets the caller may see, in the order of subnet_ids. */
  subnets: Type.Array(NetworkSubnetRef),
  provider_network_type: Type.Optional(Nullable(Type.String())),
  provider_physical_network: Type.Optional(Nullable(Type.String())),
  provider_segmentation_id: Type.Optional(Nullable(Type.Integer())),
  /** With Neutron's qos extension: the policy its ports get by default (null: none). */
  qos_policy_id: Type.Optional(Nullable(Type.String())),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});
export type Network = Static<typeof Network>;
export const NetworkList = ListOf(Network);
export type NetworkList = List<Network>;

const Name = Type.String({ maxLength: 255 });
const Id = Type.String({ minLength: 1, maxLength: 255 });

/**
 * GET /api/neutron/networks/ — Neutron's filters. `mine=true` is the project panel's list: the
 * project's own networks plus the shared and external ones (what its instances can use), always
 * whole. Otherwise paging as GET /api/cinder/volumes/ (every network unless paginate, limit,
 * marker or prev_marker ask for one page).
 */
export const NetworkListQuery = neutronListQuery({
  shared: Type.Optional(Type.Boolean()),
  external: Type.Optional(Type.Boolean()),
  admin_state_up: Type.Optional(Type.Boolean()),
  mine: Type.Optional(Type.Boolean()),
  paginate: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  marker: Type.Optional(Id),
  prev_marker: Type.Optional(Id),
  sort_key: Type.Optional(
    Type.Union([
      Type.Literal('name'),
      Type.Literal('status'),
      Type.Literal('shared'),
      Type.Literal('admin_state_up'),
      Type.Literal('id'),
    ]),
  ),
  sort_dir: Type.Optional(SortDir),
});
export type NetworkListQuery = Static<typeof NetworkListQuery>;

const QosPolicyId = Type.String({ minLength: 1, maxLength: 64 });

/** POST /api/neutron/networks/: provider fields, project and external need an admin. */
export const NetworkCreateBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Name),
    admin_state_up: Type.Optional(Type.Boolean()),
    shared: Type.Optional(Type.Boolean()),
    external: Type.Optional(Type.Boolean()),
    port_security_enabled: Type.Optional(Type.Boolean()),
    mtu: Type.Optional(Type.Integer({ minimum: 68, maximum: 65535 })),
    availability_zone_hints: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 32 }),
    ),
    project_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    provider_network_type: Type.Optional(
      Type.Union([
        Type.Literal('flat'),
        Type.Literal('vlan'),
        Type.Literal('vxlan'),
        Type.Literal('gre'),
        Type.Literal('geneve'),
        Type.Literal('local'),
      ]),
    ),
    provider_physical_network: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    provider_segmentation_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 16777215 })),
    qos_policy_id: Type.Optional(QosPolicyId),
  },
  { additionalProperties: false },
);
export type NetworkCreateBody = Static<typeof NetworkCreateBody>;

/** PATCH /api/neutron/networks/:id/: only what Neutron lets change. */
export const NetworkUpdateBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Name),
    admin_state_up: Type.Optional(Type.Boolean()),
    shared: Type.Optional(Type.Boolean()),
    external: Type.Optional(Type.Boolean()),
    port_security_enabled: Type.Optional(Type.Boolean()),
    mtu: Type.Optional(Type.Integer({ minimum: 68, maximum: 65535 })),
    /** null takes the policy off. */
    qos_policy_id: Type.Optional(Nullable(QosPolicyId)),
  },
  { additionalProperties: false },
);
export type NetworkUpdateBody = Static<typeof NetworkUpdateBody>;
