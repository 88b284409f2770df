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
  microversionHeaders,
  readBody,
  request,
  toHttpError,
} from './http/request';
export type {
  CallOptions,
  FetchLike,
  HttpMethod,
  Microversion,
  RawRequestOptions,
  RequestBody,
  RequestOptions,
} from './http/request';
export { createServiceHttp } from './http/serviceHttp';
export type { ServiceBinding, ServiceHttp } from './http/serviceHttp';
export { buildQuery, encodeSegment, joinUrl, urlPath, withQuery } from './http/url';
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
export { normalizeServerGroup } from './nova/serverGroups';
export type {
  ServerGroupCalls,
  ServerGroupCreate,
  ServerGroupListOptions,
} from './nova/serverGroups';
export type { LimitCalls, LimitsOptions } from './nova/limits';
export type { ExtensionCalls } from './nova/extensions';
export type { AvailabilityZoneCalls, AvailabilityZoneListOptions } from './nova/availabilityZones';
export type * from './nova/types';

export { createOpenStackClient } from './openStackClient';
export type { OpenStackClient, OpenStackClientOptions } from './openStackClient';
