import type { Image } from '@skydeck/contract';
import { msg } from '../i18n/msg';
import { modalAction } from '../registry/actions';
import { policy, setting } from '../registry/types';

/** Spec 2 §6: launching needs compute:create (os_compute_api:servers:create in Zed). */
export const LAUNCH_POLICY = policy('compute', 'os_compute_api:servers:create');

/**
 * Launch Instance as a table action (the instances panel adds it to `actions.table`): opens the
 * wizard with nothing preset.
 */
export const launchInstanceAction = modalAction(
  'launch',
  msg('Launch Instance'),
  [LAUNCH_POLICY, setting('LAUNCH_INSTANCE_NG_ENABLED')],
  () => import('./LaunchInstanceWizard').then((m) => m.LaunchInstanceModal),
  { primary: true },
);

/**
 * The classic one-page form (spec 1 §4), offered beside the wizard when
 * LAUNCH_INSTANCE_LEGACY_ENABLED (as Horizon offers both when both settings are on).
 */
export const classicLaunchAction = modalAction(
  'launch-classic',
  msg('Launch Instance (Classic)'),
  [LAUNCH_POLICY, setting('LAUNCH_INSTANCE_LEGACY_ENABLED')],
  () => import('./ClassicLaunchForm').then((m) => m.ClassicLaunchForm),
);

/** Spec 3 §9: images of these container formats cannot boot. */
const NON_BOOTABLE = ['aki', 'ari'];

/**
 * Images → Launch (spec 2 §6): an active, bootable image, preset as the wizard's source (an
 * instance snapshot as one).
 */
export const launchFromImageAction = modalAction<Image>(
  'launch',
  msg('Launch'),
  [LAUNCH_POLICY],
  () => import('./LaunchFromImage').then((m) => m.LaunchFromImage),
  {
    allowed: (image) =>
      image.status.toLowerCase() === 'active' &&
      !NON_BOOTABLE.includes((image.container_format ?? '').toLowerCase()),
  },
);
