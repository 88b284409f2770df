import { compareMicroversions, highestMicroversion } from '../http/microversion';
import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';
import type {
  NormalizedServerGroup,
  ServerGroup,
  ServerGroupPolicy,
  ServerGroupResponse,
  ServerGroupRules,
  ServerGroupsResponse,
} from './types';

/** 2.64: `policy` + `rules` instead of the `policies` list. */
const POLICY_AND_RULES = '2.64';
/** 2.15: soft-affinity and soft-anti-affinity. */
const SOFT_POLICIES = '2.15';
const BASE = '2.1';

export interface ServerGroupListOptions extends CallOptions {
  /** Every project's groups (admin). */
  allProjects?: boolean;
  limit?: number;
  offset?: number;
}

export interface ServerGroupCreate {
  name: string;
  policy: ServerGroupPolicy;
  /** Needs 2.64. */
  rules?: ServerGroupRules;
}

export interface ServerGroupCalls {
  list(options?: ServerGroupListOptions): Promise<NormalizedServerGroup[]>;
  get(id: string, options?: CallOptions): Promise<NormalizedServerGroup>;
  create(group: ServerGroupCreate, options?: CallOptions): Promise<NormalizedServerGroup>;
  delete(id: string, options?: CallOptions): Promise<void>;
}

export function normalizeServerGroup(group: ServerGroup): NormalizedServerGroup {
  const policy = group.policy ?? group.policies?.[0] ?? '';
  return {
    ...group,
    policy,
    policies: group.policies ?? (policy === '' ? [] : [policy]),
    rules: group.rules ?? {},
  };
}

function createBody(group: ServerGroupCreate, version: string): Record<string, unknown> {
  if (compareMicroversions(version, POLICY_AND_RULES) < 0) {
    return { name: group.name, policies: [group.policy] };
  }
  const body: Record<string, unknown> = { name: group.name, policy: group.policy };
  if (group.rules !== undefined) body['rules'] = group.rules;
  return body;
}

export function serverGroupCalls(ctx: NovaContext): ServerGroupCalls {
  return {
    async list(options = {}) {
      const { allProjects, limit, offset, ...call } = options;
      const answer = await ctx.call<ServerGroupsResponse>(
        { want: POLICY_AND_RULES },
        {
          ...call,
          path: 'os-server-groups',
          // Nova checks only that the key is present, so false must leave it out.
          query: { all_projects: allProjects ? 'True' : undefined, limit, offset },
        },
      );
      return answer.server_groups.map(normalizeServerGroup);
    },
    async get(id, call = {}) {
      const answer = await ctx.call<ServerGroupResponse>(
        { want: POLICY_AND_RULES },
        { ...call, path: urlPath`os-server-groups/${id}` },
      );
      return normalizeServerGroup(answer.server_group);
    },
    async create(group, call = {}) {
      const need = highestMicroversion(
        group.rules === undefined ? undefined : POLICY_AND_RULES,
        group.policy.startsWith('soft-') ? SOFT_POLICIES : undefined,
      );
      const answer = await ctx.call<ServerGroupResponse>(
        { want: POLICY_AND_RULES, need },
        (version) => ({
          ...call,
          method: 'POST',
          path: 'os-server-groups',
          json: { server_group: createBody(group, version) },
        }),
      );
      return normalizeServerGroup(answer.server_group);
    },
    async delete(id, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`os-server-groups/${id}` },
      );
    },
  };
}
