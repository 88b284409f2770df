import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';

/** GET /api/nova/limits/ — Nova's absolute limits, name → number (-1 is unlimited). */
export const NovaLimits = Type.Record(Type.String(), Type.Number());
export type NovaLimits = Static<typeof NovaLimits>;
export const NovaLimitsQuery = Type.Object({ reserved: Type.Optional(Type.Boolean()) });
export type NovaLimitsQuery = Static<typeof NovaLimitsQuery>;

export const Extension = Type.Object({
  name: Type.String(),
  alias: Type.String(),
  description: Type.Optional(Type.String()),
  updated: Type.Optional(Type.String()),
});
export type Extension = Static<typeof Extension>;
export const ExtensionList = ListOf(Extension);
export type ExtensionList = List<Extension>;

/**
 * GET /api/nova/features/{feature} — whether the cloud's compute API supports a feature
 * (decided by microversion). Known names are the keys of NOVA_FEATURES.
 */
export const NOVA_FEATURES = {
  servergroup_soft_policies: '2.15',
  servergroup_user_info: '2.13',
  servergroup_policy_rules: '2.64',
  flavor_description: '2.55',
  keypair_type: '2.2',
  keypair_generation: '2.1',
  instance_description: '2.19',
  multiattach: '2.60',
} as const;
export type NovaFeature = keyof typeof NOVA_FEATURES;
export const FeatureParams = Type.Object({ feature: Type.String({ maxLength: 64 }) });
export type FeatureParams = Static<typeof FeatureParams>;
export const FeatureAnswer = Type.Boolean();
export type FeatureAnswer = Static<typeof FeatureAnswer>;
