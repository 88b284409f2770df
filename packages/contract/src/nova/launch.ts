import { Type, type Static } from 'typebox';
import { StringMap } from '../common';
import { AvailabilityZoneList } from '../cinder/misc';
import { route, routes } from '../route';
import type { LaunchInstanceDefaultsShape } from './launchConstants';

export * from './launchConstants';

/** Spelled out: a union mapped from the array would type as never. */
export const LaunchStepSchema = Type.Union([
  Type.Literal('details'),
  Type.Literal('source'),
  Type.Literal('flavor'),
  Type.Literal('networks'),
  Type.Literal('ports'),
  Type.Literal('security_groups'),
  Type.Literal('keypair'),
  Type.Literal('configuration'),
  Type.Literal('server_groups'),
  Type.Literal('scheduler_hints'),
  Type.Literal('metadata'),
]);

const Id = Type.String({ minLength: 1, maxLength: 255 });

/** A network to attach, with an optional fixed IPv4 address on it (spec 3 §3 nics). */
export const LaunchNetwork = Type.Object(
  {
    id: Id,
    v4_fixed_ip: Type.Optional(Type.String({ maxLength: 45 })),
  },
  { additionalProperties: false },
);
export type LaunchNetwork = Static<typeof LaunchNetwork>;

/**
 * The wizard's model as it is sent (spec 3 §3 "New instance spec"). Fields a step has not
 * filled yet may be left out; each step's rules (spec 3 §5) say what is required, and answer
 * per-field messages instead of a schema error, so the wizard can show them beside the field.
 * One source, one key pair and one server group at most (spec 3 §9): single values here.
 */
export const LaunchBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 255 })),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    availability_zone: Type.Optional(Type.String({ maxLength: 255 })),
    /** Not bounded here: the rule's own message says what is wrong (spec 3 §5). */
    instance_count: Type.Optional(Type.Integer()),
    source_type: Type.Optional(
      Type.Union([
        Type.Literal('image'),
        Type.Literal('snapshot'),
        Type.Literal('volume'),
        Type.Literal('volume_snapshot'),
      ]),
    ),
    source_id: Type.Optional(Type.String({ maxLength: 255 })),
    /** Boot from a new volume made from the image or instance snapshot. */
    vol_create: Type.Optional(Type.Boolean()),
    vol_size: Type.Optional(Type.Integer()),
    vol_delete_on_instance_delete: Type.Optional(Type.Boolean()),
    flavor_id: Type.Optional(Type.String({ maxLength: 255 })),
    networks: Type.Optional(Type.Array(LaunchNetwork, { maxItems: 64 })),
    ports: Type.Optional(Type.Array(Id, { maxItems: 64 })),
    /** Ids when the cloud has a network service, names otherwise (spec 3 §3). */
    security_groups: Type.Optional(Type.Array(Id, { maxItems: 64 })),
    key_name: Type.Optional(Type.String({ maxLength: 255 })),
    admin_pass: Type.Optional(Type.String({ maxLength: 255 })),
    config_drive: Type.Optional(Type.Boolean()),
    /** Plain text; the server base64-encodes it for Nova. Checked against 16 KiB of UTF-8. */
    user_data: Type.Optional(Type.String({ maxLength: 65536 })),
    disk_config: Type.Optional(Type.Union([Type.Literal('AUTO'), Type.Literal('MANUAL')])),
    server_group: Type.Optional(Type.String({ maxLength: 255 })),
    scheduler_hints: Type.Optional(StringMap),
    metadata: Type.Optional(StringMap),
  },
  { additionalProperties: false },
);
export type LaunchBody = Static<typeof LaunchBody>;

/**
 * `?validate=<step>` checks that step only (going forward); with `validate_from` every step
 * from there up to `validate` (a forward jump in the navigation, spec 1 §4). Nothing is
 * created; the answer is 200 when the steps pass, 400 with the errors otherwise.
 */
export const LaunchQuery = Type.Object({
  validate: Type.Optional(LaunchStepSchema),
  validate_from: Type.Optional(LaunchStepSchema),
});
export type LaunchQuery = Static<typeof LaunchQuery>;

/**
 * Step slug → field → message (translated on the server's side: English). `__all__` holds a
 * step's general errors (spec 1 §3). A 400 of the launch route carries these beside `message`
 * (the first error), so a client that reads only `message` still learns what is wrong.
 */
export const LaunchErrors = Type.Record(Type.String(), Type.Record(Type.String(), Type.String()));
export type LaunchErrors = Static<typeof LaunchErrors>;

/**
 * The launch route's 400. The rule fields are optional: a body the schema refuses (not a
 * number where one is due) answers the plain `{ message }` of every other route.
 */
export const LaunchValidation = Type.Object({
  message: Type.String(),
  has_errors: Type.Optional(Type.Boolean()),
  errors: Type.Optional(LaunchErrors),
  workflow_slug: Type.Optional(Type.Literal('launch_instance')),
});
export type LaunchValidation = Static<typeof LaunchValidation>;

/** A scheduled launch (Nova answers 202): the first server's id, and how many were asked for. */
export const LaunchResult = Type.Object({
  id: Type.String(),
  count: Type.Integer(),
  /** Nova's reservation id of a multiple create; absent for one. */
  reservation_id: Type.Optional(Type.String()),
});
export type LaunchResult = Static<typeof LaunchResult>;

/** What a validate-only call answers when the steps pass. */
export const LaunchValid = Type.Object({
  has_errors: Type.Literal(false),
  errors: LaunchErrors,
  workflow_slug: Type.Literal('launch_instance'),
});
export type LaunchValid = Static<typeof LaunchValid>;

/**
 * The wizard's defaults an operator may change (LAUNCH_INSTANCE_DEFAULTS, spec 3 §7).
 * `create_volume`: boot image sources from a new volume by default; `hide_create_volume` hides
 * that choice; `default_availability_zone` preselects a zone (`Any` for none).
 */
export const LaunchInstanceDefaults = Type.Object({
  config_drive: Type.Boolean(),
  create_volume: Type.Boolean(),
  hide_create_volume: Type.Boolean(),
  disable_image: Type.Boolean(),
  disable_instance_snapshot: Type.Boolean(),
  disable_volume: Type.Boolean(),
  disable_volume_snapshot: Type.Boolean(),
  enable_scheduler_hints: Type.Boolean(),
  default_availability_zone: Type.String(),
});
export type LaunchInstanceDefaults = Static<typeof LaunchInstanceDefaults>;
// The plain interface (web side, no TypeBox) and the schema must agree.
const _same: LaunchInstanceDefaultsShape = {} as LaunchInstanceDefaults;
void _same;

/** OPENSTACK_HYPERVISOR_FEATURES as far as the wizard reads it (spec 3 §5 requires_keypair). */
export const HypervisorFeatures = Type.Object({ requires_keypair: Type.Boolean() });
export type HypervisorFeatures = Static<typeof HypervisorFeatures>;

/**
 * POST /api/nova/servers/ — launch (spec 3 §3) or, with `validate`, check steps only; GET
 * /api/nova/availzones/ — the zones the Details step offers (spec 3 §7, §9).
 */
export const novaLaunchRoutes = {
  ...routes('nova.servers', {
    create: route({
      method: 'POST',
      path: '/api/nova/servers/',
      query: LaunchQuery,
      body: LaunchBody,
      // The 400 is listed so its per-step errors are serialised (an ApiError with more fields).
      response: { 202: LaunchResult, 200: LaunchValid, 400: LaunchValidation },
    }),
  }),
  ...routes('nova', {
    availabilityZones: route({
      method: 'GET',
      path: '/api/nova/availzones/',
      response: { 200: AvailabilityZoneList },
    }),
  }),
};
