// Pure QoS constants (no TypeBox): the web's forms offer what the server accepts.

/** The rule types of Neutron's qos extension this dashboard manages (spec 2 §2). */
export const QOS_RULE_TYPES = [
  'bandwidth_limit',
  'dscp_marking',
  'minimum_bandwidth',
  'minimum_packet_rate',
] as const;
export type QosRuleType = (typeof QOS_RULE_TYPES)[number];

/** The fields each rule type takes, and which are required. */
export const QOS_RULE_FIELDS: Readonly<
  Record<QosRuleType, { required: readonly string[]; optional: readonly string[] }>
> = {
  bandwidth_limit: { required: ['max_kbps'], optional: ['max_burst_kbps', 'direction'] },
  dscp_marking: { required: ['dscp_mark'], optional: [] },
  minimum_bandwidth: { required: ['min_kbps'], optional: ['direction'] },
  minimum_packet_rate: { required: ['min_kpps'], optional: ['direction'] },
};

/** The DSCP marks Neutron accepts: 0 and the even values of the standard classes. */
export const DSCP_MARKS = [
  0, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 46, 48, 56,
] as const;
