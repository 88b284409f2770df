import { urlPath } from '../http/url';
import { readCalls, writeCalls } from './collection';
import type { CallOptions } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';
import type { ReadCalls, WriteCalls } from './collection';
import type { NeutronStandardAttrs } from './types';

export interface NeutronSubport {
  port_id: string;
  segmentation_type: string;
  segmentation_id?: number;
}

export interface NeutronTrunk extends NeutronStandardAttrs {
  port_id: string;
  status: string;
  admin_state_up: boolean;
  sub_ports: NeutronSubport[];
}

export interface TrunkCreate {
  port_id: string;
  name?: string;
  description?: string;
  admin_state_up?: boolean;
  sub_ports?: NeutronSubport[];
}
export type TrunkUpdate = Partial<Pick<TrunkCreate, 'name' | 'description' | 'admin_state_up'>>;

export type TrunkCalls = ReadCalls<NeutronTrunk> &
  WriteCalls<NeutronTrunk, TrunkCreate, TrunkUpdate> & {
    /** PUT trunks/{id}/add_subports. */
    addSubports(
      id: string,
      subports: NeutronSubport[],
      options?: CallOptions,
    ): Promise<NeutronTrunk>;
    /** PUT trunks/{id}/remove_subports (by port id). */
    removeSubports(id: string, portIds: string[], options?: CallOptions): Promise<NeutronTrunk>;
  };

export function trunkCalls(http: ServiceHttp): TrunkCalls {
  return {
    ...readCalls<NeutronTrunk>(http, 'trunks', 'trunk', 'trunks'),
    ...writeCalls<NeutronTrunk, TrunkCreate, TrunkUpdate>(http, 'trunks', 'trunk'),
    // Both answer the trunk itself, not wrapped in {"trunk": …}.
    addSubports: (id, subports, call = {}) =>
      http.json<NeutronTrunk>({
        ...call,
        method: 'PUT',
        path: `trunks/${urlPath`${id}`}/add_subports`,
        json: { sub_ports: subports },
      }),
    removeSubports: (id, portIds, call = {}) =>
      http.json<NeutronTrunk>({
        ...call,
        method: 'PUT',
        path: `trunks/${urlPath`${id}`}/remove_subports`,
        json: { sub_ports: portIds.map((port_id) => ({ port_id })) },
      }),
  };
}

/** A rule as a policy lists it: its type, and that type's fields. */
export interface NeutronQosRule {
  id: string;
  type: string;
  qos_policy_id?: string;
  direction?: string;
  max_kbps?: number;
  max_burst_kbps?: number;
  min_kbps?: number;
  min_kpps?: number;
  dscp_mark?: number;
}

export interface NeutronQosPolicy extends NeutronStandardAttrs {
  shared: boolean;
  is_default?: boolean;
  rules: NeutronQosRule[];
}

export interface QosPolicyCreate {
  name: string;
  description?: string;
  shared?: boolean;
  is_default?: boolean;
}
export type QosPolicyUpdate = Partial<QosPolicyCreate>;

export type QosRuleFields = Omit<NeutronQosRule, 'id' | 'type' | 'qos_policy_id'>;

export type QosPolicyCalls = ReadCalls<NeutronQosPolicy> &
  WriteCalls<NeutronQosPolicy, QosPolicyCreate, QosPolicyUpdate> & {
    /** POST qos/policies/{id}/{type}_rules. */
    createRule(
      policyId: string,
      type: string,
      fields: QosRuleFields,
      options?: CallOptions,
    ): Promise<NeutronQosRule>;
    deleteRule(
      policyId: string,
      type: string,
      ruleId: string,
      options?: CallOptions,
    ): Promise<void>;
  };

export function qosPolicyCalls(http: ServiceHttp): QosPolicyCalls {
  return {
    ...readCalls<NeutronQosPolicy>(http, 'qos/policies', 'policy', 'policies'),
    ...writeCalls<NeutronQosPolicy, QosPolicyCreate, QosPolicyUpdate>(
      http,
      'qos/policies',
      'policy',
    ),
    async createRule(policyId, type, fields, call = {}) {
      const key = `${type}_rule`;
      const answer = await http.json<Record<string, Omit<NeutronQosRule, 'type'>>>({
        ...call,
        method: 'POST',
        path: `qos/policies/${urlPath`${policyId}`}/${urlPath`${type}`}_rules`,
        json: { [key]: fields },
      });
      const rule = answer[key];
      if (rule === undefined) throw new TypeError(`Neutron answered no ${key}`);
      return { ...rule, type };
    },
    async deleteRule(policyId, type, ruleId, call = {}) {
      await http.json<unknown>({
        ...call,
        method: 'DELETE',
        path: `qos/policies/${urlPath`${policyId}`}/${urlPath`${type}`}_rules/${urlPath`${ruleId}`}`,
      });
    },
  };
}
