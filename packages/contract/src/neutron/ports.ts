import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';

export const PortFixedIp = Type.Object({ subnet_id: Type.String(), ip_address: Type.String() });

/** A port (spec 2 §3 "Port"), read-only for now: what the details tab and the launch wizard use. */
export const Port = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  network_id: Type.String(),
  project_id: Type.String(),
  status: Type.String(),
  admin_state_up: Type.Boolean(),
  mac_address: Type.String(),
  fixed_ips: Type.Array(PortFixedIp),
  device_id: Type.String(),
  device_owner: Type.String(),
  security_groups: Type.Array(Type.String()),
  port_security_enabled: Type.Optional(Type.Boolean()),
  vnic_type: Type.Optional(Type.String()),
  /** The id of the trunk whose parent this port is. */
  trunk_id: Type.Optional(Type.String()),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});
export type Port = Static<typeof Port>;
export const PortList = ListOf(Port);
export type PortList = List<Port>;

/** GET /api/neutron/ports/: by network or by device (an instance's ports). */
export const PortListQuery = Type.Object({
  network_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  device_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  device_owner: Type.Optional(Type.String({ maxLength: 255 })),
  status: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.Optional(Type.String({ maxLength: 255 })),
});
export type PortListQuery = Static<typeof PortListQuery>;
