import { urlPath } from '../http/url';
import { compareMicroversions } from '../http/microversion';
import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';
import type { Link } from './types';

export interface ServerName {
  id: string;
  name: string;
}

/** One page of the brief list: every project's servers (admin) or the token's project's. */
export interface ServerNamesOptions extends CallOptions {
  allTenants?: boolean;
  limit?: number;
  marker?: string;
}

interface ServersBriefResponse {
  servers: { id: string; name: string }[];
}

/** One address of a server, as Nova's `addresses` lists it under the network's name. */
export interface ServerAddress {
  addr: string;
  version: number;
  'OS-EXT-IPS:type'?: 'fixed' | 'floating' | string;
  'OS-EXT-IPS-MAC:mac_addr'?: string;
}

/** From 2.47 the flavor is embedded (no id); before, it is a reference to look up. */
export interface ServerFlavorRef {
  id?: string;
  original_name?: string;
  vcpus?: number;
  ram?: number;
  disk?: number;
  ephemeral?: number;
  swap?: number;
  extra_specs?: Record<string, string>;
  links?: Link[];
}

/**
 * A server of GET /servers/detail and /servers/{id}. Optional marks what depends on the
 * microversion, the caller's policy, or a cell that is down (2.69: only id, status, links,
 * tenant_id and created are then sure).
 */
export interface NovaServer {
  id: string;
  name?: string;
  status: string;
  tenant_id?: string;
  user_id?: string;
  metadata?: Record<string, string>;
  /** `""` for a server booted from a volume. */
  image?: { id: string; links?: Link[] } | '';
  flavor?: ServerFlavorRef;
  created?: string;
  updated?: string;
  addresses?: Record<string, ServerAddress[]>;
  key_name?: string | null;
  progress?: number;
  'OS-EXT-AZ:availability_zone'?: string;
  'OS-EXT-STS:task_state'?: string | null;
  'OS-EXT-STS:vm_state'?: string;
  'OS-EXT-STS:power_state'?: number;
  /** Admin (os-extended-server-attributes policy). */
  'OS-EXT-SRV-ATTR:host'?: string | null;
  'OS-EXT-SRV-ATTR:hypervisor_hostname'?: string | null;
  /** 2.9 */
  locked?: boolean;
  /** 2.19 */
  description?: string | null;
  links?: Link[];
}

/** Filters of GET /servers/detail this client sends (Nova's names). */
export interface ServerFilters {
  /** A regular expression (Nova matches it anywhere in the name). */
  name?: string;
  status?: string;
  image?: string;
  flavor?: string;
  /** A regular expression over the fixed IPv4 addresses. */
  ip?: string;
  ip6?: string;
  /** Nova 2.83 for non-admins. */
  availability_zone?: string;
  /** Admin. */
  host?: string;
  /** Admin; with all_tenants or a project other than the token's. */
  project_id?: string;
  all_tenants?: boolean;
}

export interface ServerListOptions extends CallOptions {
  filters?: ServerFilters;
  limit?: number;
  marker?: string;
  /** Nova's sort keys: created_at, display_name, updated_at, vm_state, … */
  sortKey?: string;
  sortDir?: 'asc' | 'desc';
}

export interface ServerPage {
  servers: NovaServer[];
  /** The microversion the answer has the shape of (whether the flavor is embedded). */
  microversion: string;
  /** Nova's `servers_links` next: the page was full (Nova caps a page at its max_limit). */
  hasNextLink: boolean;
}

export interface ServerShown {
  server: NovaServer;
  microversion: string;
}

interface ServersDetailResponse {
  servers: NovaServer[];
  servers_links?: Link[];
}

export interface ServerCalls {
  /**
   * Every server's id and name in one brief list (GET /servers): enough to name the members of
   * a server group without one call per member. Nova caps one page at its max_limit (1000).
   */
  names(options?: ServerNamesOptions): Promise<ServerName[]>;
  /** One page of GET /servers/detail. */
  list(options?: ServerListOptions): Promise<ServerPage>;
  get(id: string, options?: CallOptions): Promise<ServerShown>;
}

/**
 * The shape the server calls are written for: 2.47 embeds the flavor, 2.73 adds locked_reason,
 * 2.83 lets members filter by availability zone and the like. Lowered to what the cloud offers.
 */
export const SERVER_SHAPE = '2.90';
/** From here the flavor is embedded in the server (no flavor lookup needed). */
export const EMBEDDED_FLAVOR = '2.47';

export const embedsFlavor = (microversion: string): boolean =>
  // The legacy v2.0 API answers as 2.1 does.
  /^\d+\.\d+$/.test(microversion) && compareMicroversions(microversion, EMBEDDED_FLAVOR) >= 0;

export function serverCalls(ctx: NovaContext): ServerCalls {
  return {
    async names(options = {}) {
      const { allTenants, limit, marker, ...call } = options;
      const answer = await ctx.call<ServersBriefResponse>(
        { want: '2.1' },
        {
          ...call,
          path: 'servers',
          // Sent only when wanted: Nova reads a bare all_tenants as yes.
          query: { all_tenants: allTenants ? 'True' : undefined, limit, marker },
        },
      );
      return answer.servers.map(({ id, name }) => ({ id, name }));
    },

    async list(options = {}) {
      const { filters = {}, limit, marker, sortKey, sortDir, ...call } = options;
      const { all_tenants, ...rest } = filters;
      let microversion = '2.1';
      const answer = await ctx.call<ServersDetailResponse>({ want: SERVER_SHAPE }, (version) => {
        microversion = version;
        return {
          ...call,
          path: 'servers/detail',
          query: {
            ...rest,
            // Sent only when wanted: Nova reads a bare all_tenants as yes.
            all_tenants: all_tenants ? 'True' : undefined,
            limit,
            marker,
            sort_key: sortKey,
            sort_dir: sortDir,
          },
        };
      });
      return {
        servers: answer.servers,
        microversion,
        hasNextLink: (answer.servers_links ?? []).some((link) => link.rel === 'next'),
      };
    },

    async get(id, call = {}) {
      let microversion = '2.1';
      const answer = await ctx.call<{ server: NovaServer }>({ want: SERVER_SHAPE }, (version) => {
        microversion = version;
        return { ...call, path: urlPath`servers/${id}` };
      });
      return { server: answer.server, microversion };
    },
  };
}
