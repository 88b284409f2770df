/**
 * The launch wizard's constants without TypeBox, so the web app can import values
 * (`@skydeck/contract/launchConstants`) and ship no schema code.
 */

/**
 * The Launch Instance wizard's steps (spec 3 §2), by slug, in their order. Validation errors
 * are keyed by these (spec 1 §3 "Workflow validation response").
 */
export const LAUNCH_STEPS = [
  'details',
  'source',
  'flavor',
  'networks',
  'ports',
  'security_groups',
  'keypair',
  'configuration',
  'server_groups',
  'scheduler_hints',
  'metadata',
] as const;
export type LaunchStep = (typeof LAUNCH_STEPS)[number];
/** Boot sources (spec 3 §3 `source_type`): an instance snapshot is an image of Glance. */
export const LAUNCH_SOURCE_TYPES = ['image', 'snapshot', 'volume', 'volume_snapshot'] as const;
export type LaunchSourceType = (typeof LAUNCH_SOURCE_TYPES)[number];

/** The customization script's limit in bytes (spec 3 §9). */
export const USER_DATA_MAX_BYTES = 16384;
/** Image size to GB (spec 3 §9). */
export const GIB = 1073741824;

/** LAUNCH_INSTANCE_DEFAULTS (the schema is LaunchInstanceDefaults in launch.ts). */
export interface LaunchInstanceDefaultsShape {
  config_drive: boolean;
  create_volume: boolean;
  hide_create_volume: boolean;
  disable_image: boolean;
  disable_instance_snapshot: boolean;
  disable_volume: boolean;
  disable_volume_snapshot: boolean;
  enable_scheduler_hints: boolean;
  default_availability_zone: string;
}

export const DEFAULT_LAUNCH_INSTANCE_DEFAULTS: LaunchInstanceDefaultsShape = {
  config_drive: false,
  create_volume: true,
  hide_create_volume: false,
  disable_image: false,
  disable_instance_snapshot: false,
  disable_volume: false,
  disable_volume_snapshot: false,
  enable_scheduler_hints: true,
  default_availability_zone: 'Any',
};
