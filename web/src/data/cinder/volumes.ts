import type { VolumeCreateBody } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** Volumes (/api/cinder/volumes/) and what creating one needs to know (spec 2 §7 "Volumes"). */
export const volumeQueries = {
  all: () => resourceKey('cinder.volumes'),
  types: () =>
    routeQuery('cinder.volumetypes.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the volume types.') },
    }),
  defaultType: () =>
    routeQuery('cinder.volumetypes.default', undefined, { meta: { silentStatuses: [404] } }),
  availabilityZones: () =>
    routeQuery('cinder.availabilityZones', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the availability zones.') },
    }),
  limits: () =>
    routeQuery('cinder.limits', undefined, {
      meta: { errorMessage: msg('Unable to retrieve the limits.') },
    }),
};

export const CREATING_VOLUME = msg('Creating volume {{name}}');

export const volumeMutations = {
  create: mutation({
    fn: (body: VolumeCreateBody) => api('cinder.volumes.create', { body }),
    invalidates: [volumeQueries.all(), volumeQueries.limits().queryKey],
    successMessage: (volume, body) =>
      t(CREATING_VOLUME, { name: volume.name || body.name || volume.id }),
    successType: 'info',
    errorMessage: msg('Unable to create the volume.'),
    inlineErrors: true,
  }),
};
