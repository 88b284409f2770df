import { Type, type Static } from 'typebox';
import { Nullable } from '../common';

/**
 * POST /api/nova/servers/:id/console-output/ — the tail of the guest's console log (spec 1 §8:
 * a tail form, 35 lines by default). No `length`: the whole log as Nova keeps it.
 */
export const ConsoleOutputBody = Type.Object({
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
});
export type ConsoleOutputBody = Static<typeof ConsoleOutputBody>;

export const ConsoleOutput = Type.Object({ output: Type.String() });
export type ConsoleOutput = Static<typeof ConsoleOutput>;

/** One entry of an instance's action log (os-instance-actions), newest first. */
export const InstanceAction = Type.Object({
  action: Type.String(),
  request_id: Type.String(),
  start_time: Nullable(Type.String()),
  user_id: Nullable(Type.String()),
  project_id: Nullable(Type.String()),
  /** Nova's message for a failed action ("Error"); null when it went well. */
  message: Nullable(Type.String()),
});
export type InstanceAction = Static<typeof InstanceAction>;

/** GET /api/nova/servers/:id/actions/ */
export const InstanceActionList = Type.Object({ items: Type.Array(InstanceAction) });
export type InstanceActionList = Static<typeof InstanceActionList>;

/** One volume attached to an instance, named from Cinder (null when it cannot be read). */
export const InstanceVolume = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  device: Nullable(Type.String()),
  /** GiB */
  size: Nullable(Type.Integer()),
});
export type InstanceVolume = Static<typeof InstanceVolume>;

/** GET /api/nova/servers/:id/volumes/ */
export const InstanceVolumeList = Type.Object({ items: Type.Array(InstanceVolume) });
export type InstanceVolumeList = Static<typeof InstanceVolumeList>;

/** A security group of an instance. */
export const InstanceSecurityGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
});
export type InstanceSecurityGroup = Static<typeof InstanceSecurityGroup>;

/** GET /api/nova/servers/:id/security-groups/ */
export const InstanceSecurityGroupList = Type.Object({ items: Type.Array(InstanceSecurityGroup) });
export type InstanceSecurityGroupList = Static<typeof InstanceSecurityGroupList>;

/**
 * The console kinds the Console tab asks for (Horizon's CONSOLE_TYPE values): AUTO tries VNC,
 * SPICE, RDP, serial and MKS in that order and answers the first the cloud offers.
 */
const ConsoleKind = Type.Union([
  Type.Literal('VNC'),
  Type.Literal('SPICE'),
  Type.Literal('RDP'),
  Type.Literal('SERIAL'),
  Type.Literal('MKS'),
]);

/** POST /api/nova/servers/:id/console-info/ (spec 2 §7: optional console_type). */
export const ConsoleInfoBody = Type.Object({
  console_type: Type.Optional(Type.Union([Type.Literal('AUTO'), ConsoleKind])),
});
export type ConsoleInfoBody = Static<typeof ConsoleInfoBody>;

/** The console found: its kind and the URL (with a fresh token) the popup opens. */
export const ConsoleInfo = Type.Object({
  type: ConsoleKind,
  url: Type.String(),
});
export type ConsoleInfo = Static<typeof ConsoleInfo>;

/**
 * GET /api/nova/servers/:id/password/ — the admin password the guest posted, base64 of its
 * encryption with the key pair's RSA public key ('' when none). Only the browser decrypts it.
 */
export const EncryptedPassword = Type.Object({ encrypted_password: Type.String() });
export type EncryptedPassword = Static<typeof EncryptedPassword>;

/** One network interface (port) of an instance, as Nova's os-interface lists it. */
export const InstanceInterface = Type.Object({
  port_id: Type.String(),
  net_id: Type.String(),
  mac_addr: Nullable(Type.String()),
  port_state: Nullable(Type.String()),
  fixed_ips: Type.Array(Type.Object({ subnet_id: Type.String(), ip_address: Type.String() })),
});
export type InstanceInterface = Static<typeof InstanceInterface>;

/** GET /api/nova/servers/:id/interfaces/ */
export const InstanceInterfaceList = Type.Object({ items: Type.Array(InstanceInterface) });
export type InstanceInterfaceList = Static<typeof InstanceInterfaceList>;

const UuidText = Type.String({ minLength: 1, maxLength: 36, pattern: '^[0-9a-fA-F-]+$' });

/**
 * POST /api/nova/servers/:id/interfaces/ — attach a new port on `network_id` (with an optional
 * fixed IP) or an existing `port_id`; exactly one of the two.
 */
export const InterfaceAttachBody = Type.Object(
  {
    network_id: Type.Optional(UuidText),
    port_id: Type.Optional(UuidText),
    fixed_ip: Type.Optional(Type.String({ minLength: 1, maxLength: 45 })),
  },
  { additionalProperties: false },
);
export type InterfaceAttachBody = Static<typeof InterfaceAttachBody>;

/** DELETE /api/nova/servers/:id/interfaces/:portId/ */
export const InterfaceParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  portId: UuidText,
});
export type InterfaceParams = Static<typeof InterfaceParams>;
