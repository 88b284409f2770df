import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';

/** A Neutron agent (L3, DHCP, Open vSwitch, metadata…) as `GET /v2.0/agents` answers it. */
export interface NeutronAgent {
  id: string;
  agent_type: string;
  binary: string;
  host: string;
  topic?: string;
  admin_state_up: boolean;
  alive: boolean;
  availability_zone?: string | null;
  heartbeat_timestamp?: string | null;
  started_at?: string | null;
  created_at?: string | null;
  description?: string | null;
}

export interface NeutronSystemCalls {
  /** Admin: every agent (a Neutron without the `agent` extension answers 404). */
  agents(options?: CallOptions): Promise<NeutronAgent[]>;
  /** The quotas a new project gets (`quotas/{project}/default`). */
  quotaDefaults(projectId: string, options?: CallOptions): Promise<Record<string, number>>;
  /** A project's quotas with what is used (`quotas/{project}/details`, quota-details extension). */
  quotaDetails(projectId: string, options?: CallOptions): Promise<Record<string, QuotaDetail>>;
  /** A project's limits (`quotas/{project}`). */
  quota(projectId: string, options?: CallOptions): Promise<Record<string, number>>;
  /** Admin: changes the given limits of a project (`PUT quotas/{project}`). */
  updateQuota(
    projectId: string,
    quotas: Readonly<Record<string, number>>,
    options?: CallOptions,
  ): Promise<Record<string, number>>;
}

const numbersOf = (set: Record<string, unknown> | undefined): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(set ?? {})) {
    if (typeof value === 'number') out[key] = value;
  }
  return out;
};

/** One resource of `quotas/{project}/details`: the limit (-1: none), used and reserved. */
export interface QuotaDetail {
  limit: number;
  used: number;
  reserved: number;
}

export function neutronSystemCalls(http: ServiceHttp): NeutronSystemCalls {
  return {
    agents: async (call = {}) =>
      (await http.json<{ agents?: NeutronAgent[] }>({ ...call, path: 'agents' })).agents ?? [],
    async quotaDefaults(projectId, call = {}) {
      const answer = await http.json<{ quota?: Record<string, unknown> }>({
        ...call,
        path: urlPath`quotas/${projectId}/default`,
      });
      const out: Record<string, number> = {};
      for (const [key, value] of Object.entries(answer.quota ?? {})) {
        if (typeof value === 'number') out[key] = value;
      }
      return out;
    },
    async quota(projectId, call = {}) {
      const answer = await http.json<{ quota?: Record<string, unknown> }>({
        ...call,
        path: urlPath`quotas/${projectId}`,
      });
      return numbersOf(answer.quota);
    },
    async updateQuota(projectId, quotas, call = {}) {
      const answer = await http.json<{ quota?: Record<string, unknown> }>({
        ...call,
        method: 'PUT',
        path: urlPath`quotas/${projectId}`,
        json: { quota: quotas },
      });
      return numbersOf(answer.quota);
    },
    async quotaDetails(projectId, call = {}) {
      const answer = await http.json<{ quota?: Record<string, Partial<QuotaDetail>> }>({
        ...call,
        path: urlPath`quotas/${projectId}/details`,
      });
      const out: Record<string, QuotaDetail> = {};
      for (const [key, value] of Object.entries(answer.quota ?? {})) {
        if (typeof value?.limit === 'number') {
          out[key] = { limit: value.limit, used: value.used ?? 0, reserved: value.reserved ?? 0 };
        }
      }
      return out;
    },
  };
}
