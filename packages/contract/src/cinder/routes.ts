import {
  AvailabilityZoneList,
  CinderLimits,
  CinderPoolList,
  CinderServiceList,
  QosSpecList,
} from './misc';
import { CinderQuotaUpdate, ProjectIdParams, QuotaLimitList } from './quotasets';
import { Volume, VolumeCreateBody, VolumeList, VolumeListQuery } from './volumes';
import { cinderBackupRoutes } from './backups';
import { cinderVolumeActionRoutes } from './volumeActions';
import { VolumeSnapshotList, VolumeSnapshotListQuery } from './volumesnapshots';
import {
  VolumeType,
  VolumeTypeList,
  VolumeTypeListQuery,
  cinderQosSpecRoutes,
  cinderVolumeTypeAdminRoutes,
} from './volumetypes';
import { MetadataUpdate, NoContent, StringMap } from '../common';
import { IdParams } from '../keystone/projects';
import { ExtensionList } from '../nova/misc';
import { route, routes } from '../route';

/** GET and PATCH of one resource's metadata, as the metadata editor reads and writes it. */
const metadataRoutes = <const P extends string>(path: P) =>
  ({
    metadata: route({ method: 'GET', path, params: IdParams, response: { 200: StringMap } }),
    updateMetadata: route({
      method: 'PATCH',
      path,
      params: IdParams,
      body: MetadataUpdate,
      response: { 204: NoContent },
    }),
  }) as const;

/** /api/cinder/… (spec 2 §7 "Volumes"). */
export const cinderRoutes = {
  ...cinderVolumeActionRoutes,
  ...cinderBackupRoutes,
  ...cinderVolumeTypeAdminRoutes,
  ...cinderQosSpecRoutes,
  ...routes('cinder', {
    extensions: route({
      method: 'GET',
      path: '/api/cinder/extensions/',
      response: { 200: ExtensionList },
    }),
    services: route({
      method: 'GET',
      path: '/api/cinder/services/',
      response: { 200: CinderServiceList },
    }),
    pools: route({
      method: 'GET',
      path: '/api/cinder/pools/',
      response: { 200: CinderPoolList },
    }),
    qosSpecs: route({
      method: 'GET',
      path: '/api/cinder/qosspecs/',
      response: { 200: QosSpecList },
    }),
    limits: route({
      method: 'GET',
      path: '/api/cinder/tenantabsolutelimits/',
      response: { 200: CinderLimits },
    }),
    availabilityZones: route({
      method: 'GET',
      path: '/api/cinder/availzones/',
      response: { 200: AvailabilityZoneList },
    }),
  }),
  ...routes('cinder.volumes', {
    list: route({
      method: 'GET',
      path: '/api/cinder/volumes/',
      query: VolumeListQuery,
      response: { 200: VolumeList },
    }),
    create: route({
      method: 'POST',
      path: '/api/cinder/volumes/',
      body: VolumeCreateBody,
      response: { 201: Volume },
    }),
    get: route({
      method: 'GET',
      path: '/api/cinder/volumes/:id/',
      params: IdParams,
      response: { 200: Volume },
    }),
    ...metadataRoutes('/api/cinder/volumes/:id/metadata/'),
  }),
  ...routes('cinder.snapshots', {
    list: route({
      method: 'GET',
      path: '/api/cinder/volumesnapshots/',
      query: VolumeSnapshotListQuery,
      response: { 200: VolumeSnapshotList },
    }),
    ...metadataRoutes('/api/cinder/volumesnapshots/:id/metadata/'),
  }),
  ...routes('cinder.volumetypes', {
    list: route({
      method: 'GET',
      path: '/api/cinder/volumetypes/',
      query: VolumeTypeListQuery,
      response: { 200: VolumeTypeList },
    }),
    default: route({
      method: 'GET',
      path: '/api/cinder/volumetypes/default/',
      response: { 200: VolumeType },
    }),
    get: route({
      method: 'GET',
      path: '/api/cinder/volumetypes/:id/',
      params: IdParams,
      response: { 200: VolumeType },
    }),
    ...metadataRoutes('/api/cinder/volumetypes/:id/metadata/'),
  }),
  ...routes('cinder.quotas', {
    defaults: route({
      method: 'GET',
      path: '/api/cinder/quota-sets/defaults/',
      response: { 200: QuotaLimitList },
    }),
    updateDefaults: route({
      method: 'PATCH',
      path: '/api/cinder/quota-sets/defaults/',
      body: CinderQuotaUpdate,
      response: { 204: NoContent },
    }),
    /** A project's volume limits, per-type ones included (the project workflow's Quotas step). */
    get: route({
      method: 'GET',
      path: '/api/cinder/quota-sets/:projectId/',
      params: ProjectIdParams,
      response: { 200: QuotaLimitList },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/cinder/quota-sets/:projectId/',
      params: ProjectIdParams,
      body: CinderQuotaUpdate,
      response: { 204: NoContent },
    }),
  }),
};
