import { Type, type Static } from 'typebox';
import { ListOf, Nullable, type List } from '../common';

const Id = Type.String({ minLength: 1, maxLength: 64 });

/**
 * A floating IP (spec 2 §3 "Floating IP"): Neutron's fields, its pool named, and the instance
 * its port belongs to, when it is associated with one.
 */
export const FloatingIp = Type.Object({
  id: Type.String(),
  floating_ip_address: Type.String(),
  pool_id: Type.String(),
  pool_name: Type.String(),
  description: Type.String(),
  project_id: Type.String(),
  status: Type.String(),
  port_id: Nullable(Type.String()),
  fixed_ip_address: Nullable(Type.String()),
  router_id: Nullable(Type.String()),
  instance_id: Nullable(Type.String()),
  instance_name: Nullable(Type.String()),
  dns_name: Type.Optional(Type.String()),
  dns_domain: Type.Optional(Type.String()),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});
export type FloatingIp = Static<typeof FloatingIp>;
export const FloatingIpList = ListOf(FloatingIp);
export type FloatingIpList = List<FloatingIp>;

export const FloatingIpListQuery = Type.Object({
  /** Admin: every project's floating IPs (by default the current project's). */
  all_projects: Type.Optional(Type.Boolean()),
  port_id: Type.Optional(Id),
  floating_ip_address: Type.Optional(Type.String({ maxLength: 64 })),
});
export type FloatingIpListQuery = Static<typeof FloatingIpListQuery>;

/** A pool: an external network floating IPs are allocated from. */
export const FloatingIpPool = Type.Object({ id: Type.String(), name: Type.String() });
export type FloatingIpPool = Static<typeof FloatingIpPool>;
export const FloatingIpPoolList = ListOf(FloatingIpPool);
export type FloatingIpPoolList = List<FloatingIpPool>;

/** POST /api/network/floatingip/ (spec 2 §7): allocate from `pool_id`. */
export const FloatingIpAllocateBody = Type.Object(
  {
    pool_id: Id,
    description: Type.Optional(Type.String({ maxLength: 255 })),
    dns_name: Type.Optional(Type.String({ maxLength: 255 })),
    dns_domain: Type.Optional(Type.String({ maxLength: 255 })),
    /** Admin: a given address, or another project's. */
    floating_ip_address: Type.Optional(Type.String({ minLength: 2, maxLength: 64 })),
    project_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type FloatingIpAllocateBody = Static<typeof FloatingIpAllocateBody>;

/**
 * PATCH /api/network/floatingip/ (spec 2 §7): associate `address_id` with `port_id` (and one of
 * its fixed IPs), or, without `port_id`, disassociate it.
 */
export const FloatingIpAssociateBody = Type.Object(
  {
    address_id: Id,
    port_id: Type.Optional(Id),
    fixed_ip_address: Type.Optional(Type.String({ minLength: 2, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type FloatingIpAssociateBody = Static<typeof FloatingIpAssociateBody>;

/**
 * A port address a floating IP can go to: "instance name: ip" as an operator reads it, or the
 * port's name for a port of no instance.
 */
export const FloatingIpTarget = Type.Object({
  port_id: Type.String(),
  ip_address: Type.String(),
  label: Type.String(),
  instance_id: Nullable(Type.String()),
  instance_name: Nullable(Type.String()),
  network_id: Type.String(),
});
export type FloatingIpTarget = Static<typeof FloatingIpTarget>;
export const FloatingIpTargetList = ListOf(FloatingIpTarget);
export type FloatingIpTargetList = List<FloatingIpTarget>;

/**
 * GET /api/network/floatingip/targets/: the project's ports (and their IPv4 addresses) that a
 * floating IP of `pool_id` can reach (a router of that network has an interface on the subnet);
 * `instance_id` or `port_id` narrows to one instance or port.
 */
export const FloatingIpTargetQuery = Type.Object({
  pool_id: Type.Optional(Id),
  instance_id: Type.Optional(Id),
  port_id: Type.Optional(Id),
});
export type FloatingIpTargetQuery = Static<typeof FloatingIpTargetQuery>;
