import { Type, type Static } from 'typebox';
import { AllProjects, neutronListQuery } from './listQuery';
import { ListOf, Nullable, type List } from '../common';
import { HostRoute } from './subnets';

const Name = Type.String({ maxLength: 255 });
const Id = Type.String({ minLength: 1, maxLength: 64 });
const Ip = Type.String({ minLength: 2, maxLength: 64 });

/** A router's external gateway, with its network's name resolved for the table. */
export const RouterGateway = Type.Object({
  network_id: Type.String(),
  network_name: Type.String(),
  /** Absent without the ext-gw-mode extension. */
  enable_snat: Type.Optional(Type.Boolean()),
  external_fixed_ips: Type.Array(
    Type.Object({ subnet_id: Type.String(), ip_address: Type.String() }),
  ),
});
export type RouterGateway = Static<typeof RouterGateway>;

/** A router (spec 2 §1 "Router", issue 10): Neutron's fields, gateway resolved. */
export const Router = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  project_id: Type.String(),
  status: Type.String(),
  admin_state_up: Type.Boolean(),
  external_gateway: Nullable(RouterGateway),
  routes: Type.Array(HostRoute),
  /** Shown to admins only (l3-ha, dvr policy). */
  ha: Type.Optional(Type.Boolean()),
  distributed: Type.Optional(Type.Boolean()),
  availability_zones: Type.Array(Type.String()),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});
export type Router = Static<typeof Router>;
export const RouterList = ListOf(Router);
export type RouterList = List<Router>;

/** GET /api/neutron/routers/: the project's own unless an admin asks for every project's. */
export const RouterListQuery = neutronListQuery({ all_projects: AllProjects });
export type RouterListQuery = Static<typeof RouterListQuery>;

/** POST /api/neutron/routers/: SNAT, HA, distributed and project are admin fields by policy. */
export const RouterCreateBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Name),
    admin_state_up: Type.Optional(Type.Boolean()),
    external_network_id: Type.Optional(Id),
    enable_snat: Type.Optional(Type.Boolean()),
    ha: Type.Optional(Type.Boolean()),
    distributed: Type.Optional(Type.Boolean()),
    project_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type RouterCreateBody = Static<typeof RouterCreateBody>;

export const RouterUpdateBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Name),
    admin_state_up: Type.Optional(Type.Boolean()),
    ha: Type.Optional(Type.Boolean()),
    distributed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RouterUpdateBody = Static<typeof RouterUpdateBody>;

/** PUT /api/neutron/routers/:id/gateway/: the external network (and SNAT where allowed). */
export const RouterGatewayBody = Type.Object(
  { network_id: Id, enable_snat: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type RouterGatewayBody = Static<typeof RouterGatewayBody>;

/** One interface of a router: a port of it, with its subnet and network named. */
export const RouterInterface = Type.Object({
  port_id: Type.String(),
  name: Type.String(),
  status: Type.String(),
  admin_state_up: Type.Boolean(),
  device_owner: Type.String(),
  network_id: Type.String(),
  network_name: Type.String(),
  fixed_ips: Type.Array(
    Type.Object({
      subnet_id: Type.String(),
      subnet_name: Type.String(),
      cidr: Type.String(),
      ip_address: Type.String(),
    }),
  ),
});
export type RouterInterface = Static<typeof RouterInterface>;
export const RouterInterfaceList = ListOf(RouterInterface);
export type RouterInterfaceList = List<RouterInterface>;

/**
 * POST /api/neutron/routers/:id/interfaces/: a subnet, on its gateway IP or on `ip_address`
 * (then a port with that address is made first, as Neutron's add_router_interface takes a
 * subnet or a port, not both).
 */
export const RouterInterfaceBody = Type.Object(
  { subnet_id: Id, ip_address: Type.Optional(Ip) },
  { additionalProperties: false },
);
export type RouterInterfaceBody = Static<typeof RouterInterfaceBody>;

export const RouterInterfaceParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  port_id: Type.String({ minLength: 1, maxLength: 255 }),
});
export type RouterInterfaceParams = Static<typeof RouterInterfaceParams>;

/** PATCH /api/neutron/routers/:id/routes/: static routes added and removed (extraroute). */
export const RouterRoutesBody = Type.Object(
  {
    add: Type.Optional(Type.Array(HostRoute, { maxItems: 100 })),
    remove: Type.Optional(Type.Array(HostRoute, { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type RouterRoutesBody = Static<typeof RouterRoutesBody>;

/** GET /api/neutron/extensions/: the aliases the cloud's Neutron has (SNAT needs ext-gw-mode). */
export const NeutronExtension = Type.Object({ alias: Type.String(), name: Type.String() });
export type NeutronExtension = Static<typeof NeutronExtension>;
export const NeutronExtensionList = ListOf(NeutronExtension);
export type NeutronExtensionList = List<NeutronExtension>;
