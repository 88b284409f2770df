// The public entry of @skydeck/openstack-client: typed clients for upstream OpenStack REST APIs.

export {
  MicroversionUnsupportedError,
  OpenStackHttpError,
  OpenStackNetworkError,
  OpenStackTimeoutError,
  ServiceUnavailableError,
} from './http/errors';
export type { OpenStackHttpErrorInit } from './http/errors';
export { parseFault } from './http/faults';
export type {
  ComputeFaultBody,
  KeystoneFaultBody,
  NeutronFaultBody,
  ParsedFault,
} from './http/faults';
export {
  DEFAULT_TIMEOUT_MS,
  defaultFetch,
  microversionHeaders,
  readBody,
  request,
  toHttpError,
} from './http/request';
export type {
  CallOptions,
  FetchContext,
  FetchLike,
  HttpMethod,
  Microversion,
  RawRequestOptions,
  RequestBody,
  RequestOptions,
} from './http/request';
export { nodeBodyOf, nodeStreamingFetch } from './http/nodeStreamingFetch';
export { createServiceHttp } from './http/serviceHttp';
export type { ServiceBinding, ServiceHttp } from './http/serviceHttp';
export {
  InvalidPathSegmentError,
  buildQuery,
  encodeSegment,
  joinUrl,
  urlPath,
  withQuery,
} from './http/url';
export type { QueryInit, QueryScalar, QueryValue } from './http/url';
export {
  findEndpoint,
  regionsOf,
  requireEndpoint,
  substituteProject,
  withVersion,
} from './http/catalog';
export type { EndpointQuery, FoundEndpoint } from './http/catalog';
export {
  capRange,
  chooseMicroversion,
  compareMicroversions,
  highestMicroversion,
  parseMicroversion,
  supportsMicroversion,
} from './http/microversion';
export type { MicroversionRange, MicroversionWish } from './http/microversion';

export { authenticatePassword, authenticateToken } from './keystone/tokens';
export type {
  AuthResult,
  AuthScope,
  DomainRef,
  PasswordAuthOptions,
  ProjectScope,
  TokenAuthOptions,
} from './keystone/tokens';
export { createKeystoneClient } from './keystone/client';
export { createApplicationCredentialClient } from './keystone/applicationCredentials';
export type {
  AccessRule,
  ApplicationCredential,
  ApplicationCredentialClient,
  ApplicationCredentialCreate,
} from './keystone/applicationCredentials';
export type { KeystoneClient, KeystoneClientOptions } from './keystone/client';
export { defineCollection, toKeystoneQuery } from './keystone/collection';
export type { Collection, CollectionSpec } from './keystone/collection';
export type * from './keystone/types';

export { createNovaClient } from './nova/client';
export type { NovaClient, NovaClientOptions } from './nova/client';
export { clearMicroversionCache, computeVersionRoot } from './nova/versions';
export { normalizeFlavor } from './nova/flavors';
export type { FlavorCalls, FlavorListOptions } from './nova/flavors';
export type {
  KeypairCalls,
  KeypairCreate,
  KeypairListOptions,
  KeypairUserOptions,
} from './nova/keypairs';
export type {
  ServerUsage,
  TenantUsage,
  UsageCalls,
  UsagePage,
  UsagePageOptions,
  UsagePeriod,
} from './nova/usage';
export { normalizeServerGroup } from './nova/serverGroups';
export type {
  ServerGroupCalls,
  ServerGroupCreate,
  ServerGroupListOptions,
} from './nova/serverGroups';
export { EMBEDDED_FLAVOR, SERVER_SHAPE, embedsFlavor } from './nova/servers';
export type {
  NovaServer,
  ServerAddress,
  ServerCalls,
  ServerFilters,
  ServerFlavorRef,
  ServerListOptions,
  ServerNamesOptions,
  ServerPage,
  ServerShown,
} from './nova/servers';
export type {
  ServerAction,
  ServerActionCalls,
  ServerSnapshot,
  ServerUpdate,
} from './nova/serverActions';
export type { LimitCalls, LimitsOptions } from './nova/limits';
export type { ExtensionCalls } from './nova/extensions';
export type { AvailabilityZoneCalls, AvailabilityZoneListOptions } from './nova/availabilityZones';
export type { AggregateCalls, AggregateCreate } from './nova/aggregates';
export type { Hypervisor, HypervisorCalls, HypervisorServer } from './nova/hypervisors';
export type { NovaService, ServiceCalls, ServiceListOptions, ServiceUpdate } from './nova/services';
export type { NovaQuotaDefaultCalls, NovaQuotaSet } from './nova/quotaDefaults';
export type { NeutronAgent, NeutronSystemCalls, QuotaDetail } from './neutron/system';
export type * from './nova/serverCreate';
export type * from './nova/volumeAttachments';
export type * from './nova/types';

export { createGlanceClient } from './glance/client';
export type { GlanceClient, GlanceClientOptions } from './glance/client';
export { clearImageVersionCache, imageVersionRoot } from './glance/versions';
export type { GlanceVersionInfo } from './glance/versions';
export {
  CORE_IMAGE_ATTRIBUTES,
  IMAGE_PATCH_MEDIA_TYPE,
  imageExtraProperties,
  imagePatch,
  jsonPointer,
} from './glance/images';
export type {
  ImageCalls,
  ImageChanges,
  ImageFilters,
  ImageListAll,
  ImageListAllOptions,
  ImageListOptions,
  ImagePage,
  ImageUpdateOptions,
  ImageUploadOptions,
} from './glance/images';
export type { ImageMemberCalls } from './glance/members';
export type { ImageTagCalls } from './glance/tags';
export type { MetadefCalls, NamespaceGetOptions, NamespaceListOptions } from './glance/metadefs';
export type { GlanceSchema, GlanceSchemaName, InfoCalls, SchemaCalls } from './glance/schemas';
export type * from './glance/types';

export { createCinderClient } from './cinder/client';
export type { CinderClient, CinderClientOptions } from './cinder/client';
export { clearVolumeMicroversionCache, volumeVersionRoot } from './cinder/versions';
export type {
  VolumeCalls,
  VolumeDeleteOptions,
  VolumeFilters,
  VolumeListOptions,
  VolumePage,
} from './cinder/volumes';
export type { VolumeTypeCalls, VolumeTypeListOptions } from './cinder/volumeTypes';
export type {
  SnapshotCalls,
  SnapshotCreate,
  SnapshotListOptions,
  SnapshotPage,
} from './cinder/snapshots';
export type {
  BackupCalls,
  BackupCreate,
  BackupListOptions,
  BackupPage,
  BackupResetStatus,
  BackupRestore,
} from './cinder/backups';
export type { CinderLimitCalls, CinderLimitsOptions } from './cinder/limits';
export type { CinderQuotaSetCalls } from './cinder/quotaSets';
export type {
  CinderAvailabilityZoneCalls,
  CinderExtensionCalls,
  CinderPool,
  CinderPoolCalls,
  CinderServiceCalls,
  CinderServiceListOptions,
  QosSpecCalls,
} from './cinder/misc';
export type * from './cinder/types';
export type * from './cinder/volumeActions';

export { createNeutronClient } from './neutron/client';
export type {
  NetworkCalls,
  NeutronClient,
  NeutronClientOptions,
  PortCalls,
  SecurityGroupCalls,
  SubnetCalls,
  SubnetPoolCalls,
} from './neutron/client';
export type {
  NeutronFilters,
  NeutronListOptions,
  ReadCalls,
  WriteCalls,
} from './neutron/collection';
export type * from './neutron/types';
export type {
  FloatingIpCalls,
  NeutronExtension,
  RouterCalls,
  SecurityGroupRuleCalls,
} from './neutron/l3';
export type * from './neutron/l3types';
export type * from './neutron/trunksQos';

export { createDiscoveryCache } from './http/discovery';
export type { DiscoveryCache } from './http/discovery';

export { createOpenStackClient } from './openStackClient';
export type { OpenStackClient, OpenStackClientOptions } from './openStackClient';

export { createSwiftClient, swiftPath } from './swift/client';
export type {
  ListOptions as SwiftListOptions,
  PutObjectOptions,
  SloSegment,
  SwiftClient,
  SwiftClientOptions,
  SwiftContainerEntry,
  SwiftContainerInfo,
  SwiftListingEntry,
  SwiftObjectInfo,
} from './swift/client';

export { createHeatClient } from './heat/client';
export type * from './heat/client';
