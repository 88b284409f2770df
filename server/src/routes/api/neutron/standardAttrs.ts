import { pickDefined } from '../../../lib/pickDefined';

// What every Neutron mapper does with the standard attributes all its resources carry, written
// once so that networks, subnets, ports, routers, groups, trunks and QoS policies agree.

/** Neutron's identity fields of a standard-attribute resource. */
export interface NeutronIdentity {
  id: string;
  name: string;
  description?: string;
  project_id: string;
}

/** The contract's identity fields: a description Neutron leaves out is ''. */
export interface IdentityFields {
  id: string;
  name: string;
  description: string;
  project_id: string;
}

export const identityFieldsOf = (r: NeutronIdentity): IdentityFields => ({
  id: r.id,
  name: r.name,
  description: r.description ?? '',
  project_id: r.project_id,
});

/** created_at and updated_at, when Neutron's timestamp extension adds them. */
export interface Timestamps {
  created_at?: string;
  updated_at?: string;
}

/** Copies the timestamps Neutron answered onto `out`; an absent one stays absent. */
export const withTimestamps = <T extends Timestamps>(out: T, from: Timestamps): T =>
  Object.assign(out, pickDefined(from, ['created_at', 'updated_at']));
