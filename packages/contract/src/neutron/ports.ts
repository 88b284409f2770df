import { Type, type Static } from 'typebox';
import { ListOf, Nullable, type List } from '../common';
import type { VNIC_TYPES } from './portRules';

export const PortFixedIp = Type.Object({ subnet_id: Type.String(), ip_address: Type.String() });

/** An address another host may use on this port (Neutron's allowed-address-pairs). */
export const PortAddressPair = Type.Object({
  ip_address: Type.String(),
  mac_address: Type.Optional(Type.String()),
});
export type PortAddressPair = Static<typeof PortAddressPair>;

const VnicTypeSchema = Type.Union([
  Type.Literal('normal'),
  Type.Literal('direct'),
  Type.Literal('direct-physical'),
  Type.Literal('macvtap'),
  Type.Literal('baremetal'),
  Type.Literal('virtio-forwarder'),
]);
// The schema and the constant list the same types.
export const _vnicTypesMatch: (typeof VNIC_TYPES)[number] extends Static<typeof VnicTypeSchema>
  ? true
  : never = true;

/** A port (spec 2 §3 "Port"). */
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
  allowed_address_pairs: Type.Array(PortAddressPair),
  qos_policy_id: Type.Optional(Nullable(Type.String())),
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

const Name = Type.String({ maxLength: 255 });
const Uuid = Type.String({ minLength: 1, maxLength: 64 });
/** Six colon-separated octets, as Neutron takes a MAC (it refuses other spellings). */
const Mac = Type.String({ pattern: '^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$' });
// Neutron checks the addresses themselves; here only their size, so junk is a 400 either way.
const Address = Type.String({ minLength: 1, maxLength: 64 });

/** A fixed IP asked for: a subnet (Neutron picks the address), an address, or both. */
export const PortFixedIpRequest = Type.Object(
  // An empty address is "any free one of the subnet", as a form sends it.
  { subnet_id: Type.Optional(Uuid), ip_address: Type.Optional(Type.String({ maxLength: 64 })) },
  { additionalProperties: false },
);
export type PortFixedIpRequest = Static<typeof PortFixedIpRequest>;

/** An address pair asked for: an IP or CIDR, and a MAC (default: the port's own). */
export const PortAddressPairRequest = Type.Object(
  { ip_address: Address, mac_address: Type.Optional(Mac) },
  { additionalProperties: false },
);

/** Fields create and update share (what Neutron lets change after creation). */
const portFields = {
  name: Type.Optional(Name),
  description: Type.Optional(Name),
  admin_state_up: Type.Optional(Type.Boolean()),
  device_id: Type.Optional(Type.String({ maxLength: 255 })),
  device_owner: Type.Optional(Type.String({ maxLength: 255 })),
  fixed_ips: Type.Optional(Type.Array(PortFixedIpRequest, { maxItems: 64 })),
  /** Admin (policy): another MAC than Neutron's choice. */
  mac_address: Type.Optional(Mac),
  port_security_enabled: Type.Optional(Type.Boolean()),
  security_groups: Type.Optional(Type.Array(Uuid, { maxItems: 64 })),
  vnic_type: Type.Optional(VnicTypeSchema),
  allowed_address_pairs: Type.Optional(Type.Array(PortAddressPairRequest, { maxItems: 64 })),
  qos_policy_id: Type.Optional(Nullable(Uuid)),
};

/** POST /api/neutron/ports/. */
export const PortCreateBody = Type.Object(
  { network_id: Uuid, project_id: Type.Optional(Uuid), ...portFields },
  { additionalProperties: false },
);
export type PortCreateBody = Static<typeof PortCreateBody>;

/** PATCH /api/neutron/ports/:id/: only the fields sent change. */
export const PortUpdateBody = Type.Object(portFields, { additionalProperties: false });
export type PortUpdateBody = Static<typeof PortUpdateBody>;
