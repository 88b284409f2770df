import type { LaunchBody, LaunchStep } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { ApiError } from '../../api/http';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { snapshotQueries } from '../cinder/snapshots';
import { volumeQueries } from '../cinder/volumes';
import { imageQueries } from '../glance/images';
import { instanceQueries } from './servers';

/**
 * What the Launch Instance wizard reads besides the resources' own lists (spec 3 §7 "Compute and
 * related"), and its launch. The boot sources are read as the wizard lists them: active images
 * by name, available bootable volumes, available volume snapshots.
 */
export const launchQueries = {
  limits: () =>
    routeQuery('nova.limits', undefined, {
      meta: { errorMessage: msg('Unable to retrieve the limits.') },
    }),
  /** Compute zones (not Cinder's): the Details step's choice. */
  availabilityZones: () =>
    routeQuery('nova.availabilityZones', undefined, {
      map: (r) => r.items.filter((z) => z.zoneState.available).map((z) => z.zoneName),
      meta: { errorMessage: msg('Unable to retrieve the availability zones.') },
    }),
  // The boot sources, read through their own modules (one owner per key: data/owners.test.ts).
  images: () => imageQueries.bootable(),
  volumes: () => volumeQueries.bootable(),
  volumeSnapshots: () => snapshotQueries.available(),
};

/** Field → message of one step, as the server's 400 has them (spec 1 §3). */
export type StepFieldErrors = Record<string, string>;

interface ValidationBody {
  errors?: Record<string, StepFieldErrors>;
}

/**
 * Asks the server whether `step` (and, with `from`, every step before it down to `from`) passes
 * (spec 1 §4: going forward validates on the server). Resolves to the errors by step, empty
 * when all pass; other failures reject as any call does.
 */
export async function validateLaunchSteps(
  body: LaunchBody,
  step: LaunchStep,
  from?: LaunchStep,
): Promise<Record<string, StepFieldErrors>> {
  try {
    await api('nova.servers.create', {
      body,
      query: { validate: step, ...(from && { validate_from: from }) },
    });
    return {};
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      const errors = (error.body as ValidationBody | undefined)?.errors;
      if (errors) return errors;
      // A body the schema refused: the message says what, under the step asked.
      return { [step]: { __all__: error.message } };
    }
    throw error;
  }
}

export const LAUNCH_SCHEDULED = msg('Scheduled creation of {{count}} instance');

export const launchMutations = {
  launch: mutation({
    fn: (body: LaunchBody) => api('nova.servers.create', { body }),
    invalidates: [instanceQueries.all(), resourceKey('nova.limits')],
    // Spec 3 §8: an info toast, the instances only scheduled.
    successType: 'info',
    successMessage: (_data, body) => t(LAUNCH_SCHEDULED, { count: body.instance_count ?? 1 }),
    errorMessage: msg('Unable to create the server.'),
    inlineErrors: true,
  }),
};
