import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';
import { AllProjects, neutronListQuery } from './listQuery';

/** A subport: a port carried by the trunk on a VLAN (or inheriting the port's segment). */
export const TrunkSubport = Type.Object({
  port_id: Type.String(),
  segmentation_type: Type.String(),
  segmentation_id: Type.Integer(),
});
export type TrunkSubport = Static<typeof TrunkSubport>;

/** A trunk (spec 2 §3 "Trunk"), with the derived admin_state, name_or_id and subport_count. */
export const Trunk = Type.Object({
  id: Type.String(),
  name: Type.String(),
  name_or_id: Type.String(),
  description: Type.String(),
  project_id: Type.String(),
  /** The parent port. */
  port_id: Type.String(),
  status: Type.String(),
  admin_state_up: Type.Boolean(),
  admin_state: Type.Union([Type.Literal('UP'), Type.Literal('DOWN')]),
  sub_ports: Type.Array(TrunkSubport),
  subport_count: Type.Integer(),
  revision_number: Type.Optional(Type.Integer()),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});
export type Trunk = Static<typeof Trunk>;
export const TrunkList = ListOf(Trunk);
export type TrunkList = List<Trunk>;

const Id = Type.String({ minLength: 1, maxLength: 64 });

/** GET /api/neutron/trunks/: the project's trunks, or every project's (admin). */
export const TrunkListQuery = neutronListQuery({
  port_id: Type.Optional(Id),
  admin_state_up: Type.Optional(Type.Boolean()),
  all_projects: AllProjects,
});
export type TrunkListQuery = Static<typeof TrunkListQuery>;

/** A subport asked for: vlan with an id 1–4094, or inherit without one (spec 2 §4). */
export const TrunkSubportRequest = Type.Union([
  Type.Object(
    {
      port_id: Id,
      segmentation_type: Type.Literal('vlan'),
      segmentation_id: Type.Integer({ minimum: 1, maximum: 4094 }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { port_id: Id, segmentation_type: Type.Literal('inherit') },
    { additionalProperties: false },
  ),
]);
export type TrunkSubportRequest = Static<typeof TrunkSubportRequest>;

const Subports = Type.Array(TrunkSubportRequest, { maxItems: 4094 });

export const TrunkCreateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 255 })),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    admin_state_up: Type.Optional(Type.Boolean()),
    port_id: Id,
    sub_ports: Type.Optional(Subports),
  },
  { additionalProperties: false },
);
export type TrunkCreateBody = Static<typeof TrunkCreateBody>;

/** One side of the edit pair: the trunk's editable fields and its whole subport list. */
export const TrunkEditSide = Type.Object(
  {
    name: Type.String({ maxLength: 255 }),
    description: Type.String({ maxLength: 255 }),
    admin_state_up: Type.Boolean(),
    sub_ports: Subports,
  },
  { additionalProperties: false },
);
export type TrunkEditSide = Static<typeof TrunkEditSide>;

/**
 * PATCH /api/neutron/trunks/:id/ (spec 2 §7): the old and the new trunk as a pair; the server
 * changes what differs (fields, then removed and added subports).
 */
export const TrunkUpdateBody = Type.Tuple([TrunkEditSide, TrunkEditSide]);
export type TrunkUpdateBody = Static<typeof TrunkUpdateBody>;
