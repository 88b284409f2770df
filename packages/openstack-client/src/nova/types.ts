/**
 * Nova (compute v2.1) JSON as the service sends it. Comments name the microversion that adds or
 * removes a field; optional marks fields that depend on the microversion or the caller's role.
 */

export interface Link {
  rel: string;
  href: string;
  type?: string;
}

export interface Flavor {
  id: string;
  name: string;
  ram: number;
  vcpus: number;
  disk: number;
  'OS-FLV-EXT-DATA:ephemeral': number;
  'OS-FLV-DISABLED:disabled': boolean;
  'os-flavor-access:is_public': boolean;
  /** `""` for no swap before 2.75, `0` from 2.75. */
  swap: number | '';
  rxtx_factor: number;
  /** 2.55 */
  description?: string | null;
  /** 2.61; only the extra specs the caller's policy may see. */
  extra_specs?: Record<string, string>;
  links: Link[];
}

/** What this client returns: swap normalised to a number. */
export type NormalizedFlavor = Flavor & { swap: number };

export interface FlavorCreate {
  /** Omitted or null: Nova generates a UUID. */
  id?: string | null;
  name: string;
  ram: number;
  vcpus: number;
  disk: number;
  'OS-FLV-EXT-DATA:ephemeral'?: number;
  swap?: number;
  rxtx_factor?: number;
  'os-flavor-access:is_public'?: boolean;
  /** Needs 2.55. */
  description?: string | null;
}

export interface FlavorAccess {
  flavor_id: string;
  tenant_id: string;
}

export type KeypairType = 'ssh' | 'x509';

export interface Keypair {
  name: string;
  public_key: string;
  fingerprint: string;
  /** 2.2 */
  type?: KeypairType;
  /** On show and create. */
  user_id?: string;
  /** Show only. */
  created_at?: string;
  id?: number;
  deleted?: boolean;
  updated_at?: string | null;
  deleted_at?: string | null;
}

/** The create answer; `private_key` only when Nova generated the pair (≤ 2.91). */
export interface CreatedKeypair extends Keypair {
  private_key?: string;
}

export type ServerGroupPolicy =
  'affinity' | 'anti-affinity' | 'soft-affinity' | 'soft-anti-affinity';

export interface ServerGroupRules {
  /** Only with `anti-affinity`. */
  max_server_per_host?: number;
}

export interface ServerGroup {
  id: string;
  name: string;
  /** Below 2.64: a one-element list. */
  policies?: string[];
  /** 2.64 */
  policy?: string;
  /** 2.64 */
  rules?: ServerGroupRules;
  members: string[];
  /** Below 2.64; always `{}`. */
  metadata?: Record<string, string>;
  /** 2.13 */
  project_id?: string;
  /** 2.13 */
  user_id?: string;
}

/** What this client returns: both policy spellings present whatever the microversion. */
export type NormalizedServerGroup = ServerGroup & {
  policy: string;
  policies: string[];
  rules: ServerGroupRules;
};

export interface AbsoluteLimits {
  maxTotalCores: number;
  maxTotalInstances: number;
  maxTotalRAMSize: number;
  maxTotalKeypairs: number;
  maxServerMeta: number;
  maxServerGroups: number;
  maxServerGroupMembers: number;
  totalCoresUsed: number;
  totalInstancesUsed: number;
  totalRAMUsed: number;
  totalServerGroupsUsed: number;
  /** Removed in 2.39. */
  maxImageMeta?: number;
  /** Removed in 2.57. */
  maxPersonality?: number;
  maxPersonalitySize?: number;
  /** Removed in 2.36 (network quotas moved to Neutron). */
  maxSecurityGroups?: number;
  maxSecurityGroupRules?: number;
  maxTotalFloatingIps?: number;
  totalFloatingIpsUsed?: number;
  totalSecurityGroupsUsed?: number;
}

export interface Limits {
  absolute: AbsoluteLimits;
  /** Always empty since Newton. */
  rate: unknown[];
}

export interface Extension {
  name: string;
  alias: string;
  description: string;
  namespace: string;
  updated: string;
  links: Link[];
}

export interface AvailabilityZoneHostService {
  available: boolean;
  active: boolean;
  updated_at: string | null;
}

export interface AvailabilityZone {
  zoneName: string;
  zoneState: { available: boolean };
  /** Filled by the admin-only detail listing; null otherwise. */
  hosts: Record<string, Record<string, AvailabilityZoneHostService>> | null;
}

export interface Aggregate {
  id: number;
  /** 2.41 */
  uuid?: string;
  name: string;
  availability_zone: string | null;
  hosts: string[];
  metadata: Record<string, string>;
  created_at: string;
  updated_at: string | null;
  deleted: boolean;
  deleted_at: string | null;
}

/** The version document at the endpoint root (`GET /v2.1`). */
export interface VersionDoc {
  id: string;
  status: string;
  /** Highest microversion; `""` on a legacy v2.0 endpoint. */
  version: string;
  /** Lowest microversion; `""` on a legacy v2.0 endpoint. */
  min_version: string;
  updated: string;
  links: Link[];
  'media-types'?: { base: string; type: string }[];
}

// Envelopes, for servers (the demo cloud) that have to produce these answers.
export interface VersionResponse {
  version: VersionDoc;
}
export interface VersionsResponse {
  versions: VersionDoc[];
}
export interface FlavorResponse {
  flavor: Flavor;
}
export interface FlavorsResponse {
  flavors: Flavor[];
  flavors_links?: Link[];
}
export interface ExtraSpecsResponse {
  extra_specs: Record<string, string>;
}
export interface FlavorAccessResponse {
  flavor_access: FlavorAccess[];
}
export interface AggregateResponse {
  aggregate: Aggregate;
}
export interface AggregatesResponse {
  aggregates: Aggregate[];
}
export interface KeypairResponse {
  keypair: Keypair;
}
export interface CreatedKeypairResponse {
  keypair: CreatedKeypair;
}
export interface KeypairsResponse {
  keypairs: { keypair: Keypair }[];
  keypairs_links?: Link[];
}
export interface ServerGroupResponse {
  server_group: ServerGroup;
}
export interface ServerGroupsResponse {
  server_groups: ServerGroup[];
}
export interface LimitsResponse {
  limits: Limits;
}
export interface ExtensionsResponse {
  extensions: Extension[];
}
export interface AvailabilityZonesResponse {
  availabilityZoneInfo: AvailabilityZone[];
}
