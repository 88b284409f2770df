import { describe, expect, it } from 'vitest';
import type { Fault } from './faults';
import { Microversion, negotiateMicroversion } from './microversion';

const range = {
  serviceType: 'compute',
  legacyHeaders: ['x-openstack-nova-api-version'],
  min: Microversion.of('2.1'),
  max: Microversion.of('2.93'),
};

describe('negotiateMicroversion', () => {
  it('defaults to the minimum and maps latest to the maximum', () => {
    expect(negotiateMicroversion({}, range).toString()).toBe('2.1');
    expect(
      negotiateMicroversion({ 'openstack-api-version': 'compute latest' }, range).toString(),
    ).toBe('2.93');
  });

  it('prefers the standard header, ignores other services, and reads the legacy one', () => {
    const headers = {
      'openstack-api-version': 'volume 3.5, compute 2.60',
      'x-openstack-nova-api-version': '2.10',
    };
    expect(negotiateMicroversion(headers, range).toString()).toBe('2.60');
    expect(
      negotiateMicroversion({ 'x-openstack-nova-api-version': '2.10' }, range).toString(),
    ).toBe('2.10');
  });

  it('compares numerically', () => {
    expect(Microversion.of('2.10').atLeast('2.9')).toBe(true);
    expect(Microversion.of('2.9').below('2.10')).toBe(true);
  });

  it('rejects malformed (400) and out-of-range (406) versions', () => {
    const fault = (value: string): Fault | undefined => {
      try {
        negotiateMicroversion({ 'openstack-api-version': `compute ${value}` }, range);
      } catch (e) {
        return e as Fault;
      }
      return undefined;
    };
    expect(fault('2.x')?.status).toBe(400);
    expect(fault('2.94')?.status).toBe(406);
    expect(fault('2.94')?.message).toBe(
      'Version 2.94 is not supported by the API. Minimum is 2.1 and maximum is 2.93.',
    );
    expect(fault('2.01')?.status).toBe(400);
  });
});
