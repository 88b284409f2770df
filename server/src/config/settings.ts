import { DEFAULT_LAUNCH_INSTANCE_DEFAULTS, type Settings } from '@skydeck/contract';

/**
 * Defaults of the settings the web app reads (GET /api/settings/). Each can be overridden by
 * SKYDECK_<NAME> (numbers and booleans as text, objects and lists as JSON; a list may also be
 * a comma-separated string) or by the `settings:` map of the SKYDECK_CONFIG file.
 */
export const DEFAULT_SETTINGS: Settings = {
  AJAX_POLL_INTERVAL: 2500,
  API_RESULT_PAGE_SIZE: 20,
  TOAST_DELAY: 3000,
  HORIZON_IMAGES_UPLOAD_MODE: 'legacy',
  HORIZON_ACTIVE_IMAGE_VERSION: 2,
  IMAGES_ALLOW_LOCATION: false,
  CREATE_IMAGE_DEFAULTS: { image_visibility: 'shared' },
  FILTER_DATA_FIRST: {
    'admin.instances': false,
    'admin.images': false,
    'admin.networks': false,
    'admin.routers': false,
    'admin.volumes': false,
    'identity.application_credentials': false,
    'identity.groups': false,
    'identity.projects': false,
    'identity.roles': false,
    'identity.users': false,
  },
  OPENSTACK_IMAGE_FORMATS: [
    'aki',
    'ami',
    'ari',
    'docker',
    'iso',
    'ova',
    'ploop',
    'qcow2',
    'raw',
    'vdi',
    'vhd',
    'vmdk',
  ],
  OPENSTACK_KEYSTONE_BACKEND: {
    name: 'native',
    can_edit_user: true,
    can_edit_group: true,
    can_edit_project: true,
    can_edit_domain: true,
    can_edit_role: true,
  },
  ENABLE_SCHEDULER_HINTS: true,
  LAUNCH_INSTANCE_DEFAULTS: DEFAULT_LAUNCH_INSTANCE_DEFAULTS,
  OPENSTACK_HYPERVISOR_FEATURES: { requires_keypair: false },
  LAUNCH_INSTANCE_LEGACY_ENABLED: false,
  LAUNCH_INSTANCE_NG_ENABLED: true,
};

export const SETTING_NAMES = Object.keys(DEFAULT_SETTINGS) as Array<keyof Settings>;
