import { Type, type Static } from 'typebox';
import { HypervisorFeatures, LaunchInstanceDefaults } from './nova/launch';

/**
 * GET /api/settings/ — the operator settings the web app reads (spec 2 §9). Every key is
 * listed here so the response schema is an allowlist: nothing else in the server config leaks.
 */
export const Settings = Type.Object({
  AJAX_POLL_INTERVAL: Type.Integer({ minimum: 500 }),
  API_RESULT_PAGE_SIZE: Type.Integer({ minimum: 1 }),
  TOAST_DELAY: Type.Integer({ minimum: 0 }),
  HORIZON_IMAGES_UPLOAD_MODE: Type.Union([
    Type.Literal('off'),
    Type.Literal('legacy'),
    Type.Literal('direct'),
  ]),
  HORIZON_ACTIVE_IMAGE_VERSION: Type.Integer(),
  IMAGES_ALLOW_LOCATION: Type.Boolean(),
  CREATE_IMAGE_DEFAULTS: Type.Object({
    image_visibility: Type.Union([
      Type.Literal('public'),
      Type.Literal('private'),
      Type.Literal('shared'),
    ]),
  }),
  FILTER_DATA_FIRST: Type.Record(Type.String(), Type.Boolean()),
  OPENSTACK_IMAGE_FORMATS: Type.Array(Type.String()),
  OPENSTACK_KEYSTONE_BACKEND: Type.Object({
    name: Type.String(),
    can_edit_user: Type.Boolean(),
    can_edit_group: Type.Boolean(),
    can_edit_project: Type.Boolean(),
    can_edit_domain: Type.Boolean(),
    can_edit_role: Type.Boolean(),
  }),
  ENABLE_SCHEDULER_HINTS: Type.Boolean(),
  LAUNCH_INSTANCE_DEFAULTS: LaunchInstanceDefaults,
  OPENSTACK_HYPERVISOR_FEATURES: HypervisorFeatures,
  /** The classic one-page launch form (spec 1 §4); off by default. */
  LAUNCH_INSTANCE_LEGACY_ENABLED: Type.Boolean(),
  /** The Launch Instance wizard (spec 3 §2); on by default. */
  LAUNCH_INSTANCE_NG_ENABLED: Type.Boolean(),
});
export type Settings = Static<typeof Settings>;
