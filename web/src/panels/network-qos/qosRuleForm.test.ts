import { describe, expect, it } from 'vitest';
import { directionsOf, emptyRuleForm, ruleBody, ruleFormErrors } from './qosRuleForm';

const t = (key: string): string => key;

describe('QoS rule form', () => {
  it('offers "any" only to a minimum packet rate, and no direction to DSCP', () => {
    expect(directionsOf('minimum_packet_rate')).toContain('any');
    expect(directionsOf('bandwidth_limit')).not.toContain('any');
    expect(directionsOf('dscp_marking')).toEqual([]);
  });

  it('requires each type its rate, whole and in range, and a known DSCP mark', () => {
    expect(ruleFormErrors(emptyRuleForm(), t).max_kbps).toBe('This field is required.');
    expect(ruleFormErrors({ ...emptyRuleForm(), max_kbps: '1.5' }, t).max_kbps).toBeDefined();
    expect(
      ruleFormErrors({ ...emptyRuleForm(), max_kbps: '10', max_burst_kbps: '-1' }, t),
    ).toHaveProperty('max_burst_kbps');
    const dscp = { ...emptyRuleForm(), type: 'dscp_marking' as const };
    expect(ruleFormErrors({ ...dscp, dscp_mark: '42' }, t).dscp_mark).toBeDefined();
    expect(ruleFormErrors({ ...dscp, dscp_mark: '26' }, t)).toEqual({});
    expect(
      ruleFormErrors({ ...emptyRuleForm(), type: 'minimum_packet_rate' }, t).min_kpps,
    ).toBeDefined();
  });

  it("sends only the type's fields", () => {
    expect(ruleBody({ ...emptyRuleForm(), max_kbps: '1000', min_kbps: '5' })).toEqual({
      type: 'bandwidth_limit',
      max_kbps: 1000,
      direction: 'egress',
    });
    expect(ruleBody({ ...emptyRuleForm(), type: 'dscp_marking', dscp_mark: '10' })).toEqual({
      type: 'dscp_marking',
      dscp_mark: 10,
    });
    expect(
      ruleBody({
        ...emptyRuleForm(),
        type: 'minimum_packet_rate',
        min_kpps: '3',
        direction: 'any',
      }),
    ).toEqual({ type: 'minimum_packet_rate', min_kpps: 3, direction: 'any' });
  });
});
