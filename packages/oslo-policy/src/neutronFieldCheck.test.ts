import { describe, expect, it } from 'vitest';
import { neutronFieldCheck } from './neutronFieldCheck';

const check = (match: string, target: Record<string, unknown>): boolean =>
  neutronFieldCheck(match, target, {});

describe('neutronFieldCheck', () => {
  it('compares booleans after converting the policy value', () => {
    expect(check('networks:shared=True', { shared: true })).toBe(true);
    expect(check('networks:shared=True', { shared: false })).toBe(false);
    expect(check('networks:shared=true', { shared: true })).toBe(true);
  });

  it('keeps colons inside the field name', () => {
    expect(check('networks:router:external=True', { 'router:external': true })).toBe(true);
    expect(check('networks:router:external=True', { external: true })).toBe(false);
  });

  it('compares strings exactly and numbers numerically', () => {
    expect(check('rbac_policy:target_project=*', { target_project: '*' })).toBe(true);
    expect(check('rbac_policy:target_project=*', { target_project: 'p1' })).toBe(false);
    expect(check('ports:mtu=1500', { mtu: 1500 })).toBe(true);
  });

  it('matches a ~regex from the start of the value', () => {
    expect(check('port:device_owner=~^network:', { device_owner: 'network:dhcp' })).toBe(true);
    expect(check('port:device_owner=~network:', { device_owner: 'compute:nova' })).toBe(false);
    expect(check('port:device_owner=~dhcp', { device_owner: 'network:dhcp' })).toBe(false);
  });

  it('is false for a missing or null attribute and for a malformed match', () => {
    expect(check('networks:shared=True', {})).toBe(false);
    expect(check('networks:shared=True', { shared: null })).toBe(false);
    expect(check('networks-shared', { shared: true })).toBe(false);
  });
});
