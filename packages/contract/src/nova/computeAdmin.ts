import { Type, type Static } from 'typebox';
import { ListOf, NoContent, Nullable, StringMap, type List } from '../common';
import { IdParams } from '../keystone/projects';
import { route, routes } from '../route';

/** A server on a hypervisor (`with_servers`). */
export const HypervisorServer = Type.Object({ id: Type.String(), name: Type.String() });
export type HypervisorServer = Static<typeof HypervisorServer>;

/** A compute node with its usage (admin › Hypervisors). Sizes: RAM in MiB, disk in GiB. */
export const Hypervisor = Type.Object({
  id: Type.String(),
  hypervisor_hostname: Type.String(),
  hypervisor_type: Type.String(),
  host_ip: Type.String(),
  /** up or down. */
  state: Type.String(),
  /** enabled or disabled (its compute service's status). */
  status: Type.String(),
  /** The compute service's host (aggregates and services name hosts, not nodes). */
  host: Type.String(),
  disabled_reason: Nullable(Type.String()),
  vcpus: Type.Number(),
  vcpus_used: Type.Number(),
  memory_mb: Type.Number(),
  memory_mb_used: Type.Number(),
  local_gb: Type.Number(),
  local_gb_used: Type.Number(),
  running_vms: Type.Number(),
  /** Only in the single hypervisor's answer. */
  servers: Type.Optional(Type.Array(HypervisorServer)),
});
export type Hypervisor = Static<typeof Hypervisor>;
export const HypervisorList = ListOf(Hypervisor);
export type HypervisorList = List<Hypervisor>;

/** Used and total over every hypervisor (the panel's charts). */
export const HypervisorSummary = Type.Object({
  count: Type.Number(),
  vcpus: Type.Number(),
  vcpus_used: Type.Number(),
  memory_mb: Type.Number(),
  memory_mb_used: Type.Number(),
  local_gb: Type.Number(),
  local_gb_used: Type.Number(),
  running_vms: Type.Number(),
});
export type HypervisorSummary = Static<typeof HypervisorSummary>;

/** A Nova service (nova-compute, nova-scheduler, …). */
export const ComputeService = Type.Object({
  id: Type.String(),
  binary: Type.String(),
  host: Type.String(),
  zone: Type.String(),
  status: Type.String(),
  state: Type.String(),
  updated_at: Nullable(Type.String()),
  disabled_reason: Nullable(Type.String()),
});
export type ComputeService = Static<typeof ComputeService>;
export const ComputeServiceList = ListOf(ComputeService);
export type ComputeServiceList = List<ComputeService>;

export const ComputeServiceListQuery = Type.Object(
  {
    binary: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    host: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type ComputeServiceListQuery = Static<typeof ComputeServiceListQuery>;

/**
 * Enable, or disable with an optional reason (Nova keeps at most 255 characters). One object,
 * not a union: the server's validator strips unknown properties while it tries each branch.
 */
export const ComputeServiceUpdateBody = Type.Object(
  {
    status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
    /** Only with `disabled`. */
    disabled_reason: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type ComputeServiceUpdateBody = Static<typeof ComputeServiceUpdateBody>;

export const Aggregate = Type.Object({
  id: Type.String(),
  uuid: Type.Optional(Type.String()),
  name: Type.String(),
  availability_zone: Nullable(Type.String()),
  hosts: Type.Array(Type.String()),
  metadata: StringMap,
  created_at: Type.String(),
  updated_at: Nullable(Type.String()),
});
export type Aggregate = Static<typeof Aggregate>;
export const AggregateList = ListOf(Aggregate);
export type AggregateList = List<Aggregate>;

const AggregateName = Type.String({ minLength: 1, maxLength: 255 });
const ZoneName = Type.String({ minLength: 1, maxLength: 255 });
const HostName = Type.String({ minLength: 1, maxLength: 255 });
/** More hosts than one request should add or remove one Nova call at a time. */
export const AGGREGATE_HOSTS_MAX = 200;

export const AggregateCreateBody = Type.Object(
  {
    name: AggregateName,
    availability_zone: Type.Optional(ZoneName),
    /** Added one by one after the create. */
    hosts: Type.Optional(Type.Array(HostName, { maxItems: AGGREGATE_HOSTS_MAX })),
  },
  { additionalProperties: false },
);
export type AggregateCreateBody = Static<typeof AggregateCreateBody>;

export const AggregateUpdateBody = Type.Object(
  {
    name: Type.Optional(AggregateName),
    /** Nova can rename a zone but never remove it ("does not support empty named availability zone"). */
    availability_zone: Type.Optional(ZoneName),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AggregateUpdateBody = Static<typeof AggregateUpdateBody>;

export const AggregateHostsBody = Type.Object(
  {
    add: Type.Array(HostName, { maxItems: AGGREGATE_HOSTS_MAX }),
    remove: Type.Array(HostName, { maxItems: AGGREGATE_HOSTS_MAX }),
  },
  { additionalProperties: false },
);
export type AggregateHostsBody = Static<typeof AggregateHostsBody>;

/** Admin › Compute: hypervisors, compute services and host aggregates (issue 9). */
export const novaComputeAdminRoutes = {
  ...routes('nova.hypervisors', {
    list: route({
      method: 'GET',
      path: '/api/nova/hypervisors/',
      response: { 200: HypervisorList },
    }),
    summary: route({
      method: 'GET',
      path: '/api/nova/hypervisors/summary/',
      response: { 200: HypervisorSummary },
    }),
    get: route({
      method: 'GET',
      path: '/api/nova/hypervisors/:id/',
      params: IdParams,
      response: { 200: Hypervisor },
    }),
  }),
  ...routes('nova.services', {
    list: route({
      method: 'GET',
      path: '/api/nova/services/',
      query: ComputeServiceListQuery,
      response: { 200: ComputeServiceList },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/nova/services/:id/',
      params: IdParams,
      body: ComputeServiceUpdateBody,
      response: { 200: ComputeService },
    }),
  }),
  ...routes('nova.aggregates', {
    list: route({
      method: 'GET',
      path: '/api/nova/aggregates/',
      response: { 200: AggregateList },
    }),
    create: route({
      method: 'POST',
      path: '/api/nova/aggregates/',
      body: AggregateCreateBody,
      response: { 201: Aggregate },
    }),
    get: route({
      method: 'GET',
      path: '/api/nova/aggregates/:id/',
      params: IdParams,
      response: { 200: Aggregate },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/nova/aggregates/:id/',
      params: IdParams,
      body: AggregateUpdateBody,
      response: { 200: Aggregate },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/nova/aggregates/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
    hosts: route({
      method: 'POST',
      path: '/api/nova/aggregates/:id/hosts/',
      params: IdParams,
      body: AggregateHostsBody,
      response: { 200: Aggregate },
    }),
  }),
};
