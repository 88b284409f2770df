import { Type, type Static } from 'typebox';
import { ListOf, Nullable, type List } from '../common';

export const AllocationPool = Type.Object(
  { start: Type.String({ maxLength: 64 }), end: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);
export const HostRoute = Type.Object(
  { destination: Type.String({ maxLength: 64 }), nexthop: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);
export const Ipv6Mode = Type.Union([
  Type.Literal('slaac'),
  Type.Literal('dhcpv6-stateful'),
  Type.Literal('dhcpv6-stateless'),
]);
export type Ipv6Mode = Static<typeof Ipv6Mode>;

export const Subnet = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  network_id: Type.String(),
  project_id: Type.String(),
  ip_version: Type.Integer(),
  cidr: Type.String(),
  gateway_ip: Nullable(Type.String()),
  enable_dhcp: Type.Boolean(),
  allocation_pools: Type.Array(AllocationPool),
  dns_nameservers: Type.Array(Type.String()),
  host_routes: Type.Array(HostRoute),
  ipv6_ra_mode: Nullable(Type.String()),
  ipv6_address_mode: Nullable(Type.String()),
  subnetpool_id: Nullable(Type.String()),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});
export type Subnet = Static<typeof Subnet>;
export const SubnetList = ListOf(Subnet);
export type SubnetList = List<Subnet>;

/** GET /api/neutron/subnets/: by network (the details page's tab) or every visible subnet. */
export const SubnetListQuery = Type.Object({
  network_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  name: Type.Optional(Type.String({ maxLength: 255 })),
  ip_version: Type.Optional(Type.Union([Type.Literal(4), Type.Literal(6)])),
});
export type SubnetListQuery = Static<typeof SubnetListQuery>;

const Lists = {
  allocation_pools: Type.Optional(Type.Array(AllocationPool, { maxItems: 64 })),
  dns_nameservers: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 16 })),
  host_routes: Type.Optional(Type.Array(HostRoute, { maxItems: 64 })),
};

/**
 * POST /api/neutron/subnets/: a CIDR, or a subnet pool (with an optional prefix length).
 * `gateway_ip: null` means no gateway; absent, Neutron picks the first address.
 */
export const SubnetCreateBody = Type.Object(
  {
    network_id: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.Optional(Type.String({ maxLength: 255 })),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    ip_version: Type.Union([Type.Literal(4), Type.Literal(6)]),
    cidr: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    subnetpool_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    prefixlen: Type.Optional(Type.Integer({ minimum: 0, maximum: 128 })),
    gateway_ip: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    enable_dhcp: Type.Optional(Type.Boolean()),
    ...Lists,
    ipv6_ra_mode: Type.Optional(Ipv6Mode),
    ipv6_address_mode: Type.Optional(Ipv6Mode),
  },
  { additionalProperties: false },
);
export type SubnetCreateBody = Static<typeof SubnetCreateBody>;

/** PATCH /api/neutron/subnets/:id/: the CIDR, IP version and pool cannot change. */
export const SubnetUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 255 })),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    gateway_ip: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    enable_dhcp: Type.Optional(Type.Boolean()),
    ...Lists,
  },
  { additionalProperties: false },
);
export type SubnetUpdateBody = Static<typeof SubnetUpdateBody>;
