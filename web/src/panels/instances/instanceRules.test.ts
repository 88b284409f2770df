import { describe, expect, it } from 'vitest';
import type { Instance } from '@skydeck/contract';
import { addressLines, addressText, ageOf, isTransitional, powerStateLabel } from './instanceRules';

const addresses: Instance['addresses'] = [
  {
    network: 'private',
    ips: [
      { addr: '10.0.0.5', version: 4, type: 'fixed', mac: 'fa:16:3e:00:00:01' },
      { addr: 'fd00::5', version: 6, type: 'fixed', mac: 'fa:16:3e:00:00:01' },
      { addr: '172.24.4.10', version: 4, type: 'floating', mac: 'fa:16:3e:00:00:01' },
    ],
  },
  { network: 'public', ips: [{ addr: '172.24.4.99', version: 4, type: 'fixed', mac: null }] },
];

describe('instance rules', () => {
  it('polls while Nova changes the instance, not while it waits for the user', () => {
    for (const status of ['BUILD', 'REBOOT', 'HARD_REBOOT', 'RESIZE', 'MIGRATING', 'REBUILD']) {
      expect(isTransitional({ status, task_state: null }), status).toBe(true);
    }
    for (const status of ['ACTIVE', 'SHUTOFF', 'ERROR', 'VERIFY_RESIZE', 'PAUSED']) {
      expect(isTransitional({ status, task_state: null }), status).toBe(false);
    }
    // Any task under way counts, whatever the status.
    expect(isTransitional({ status: 'ACTIVE', task_state: 'powering-off' })).toBe(true);
  });

  it("shows Nova's power_state numbers as words", () => {
    expect(powerStateLabel(1)).toBe('Running');
    expect(powerStateLabel(4)).toBe('Shut Down');
    expect(powerStateLabel(0)).toBe('No State');
    expect(powerStateLabel(9)).toBe('9');
    expect(powerStateLabel(null)).toBeNull();
  });

  it('groups the addresses by network, fixed and floating apart', () => {
    expect(addressLines({ addresses })).toEqual([
      { network: 'private', fixed: ['10.0.0.5', 'fd00::5'], floating: ['172.24.4.10'] },
      { network: 'public', fixed: ['172.24.4.99'], floating: [] },
    ]);
    expect(addressText({ addresses })).toBe(
      'private 10.0.0.5 fd00::5 172.24.4.10 public 172.24.4.99',
    );
  });

  it('tells the age in its largest whole unit', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(ageOf('2026-01-10T11:58:30Z', now)).toEqual({ unit: 'minute', count: 1 });
    expect(ageOf('2026-01-10T09:00:00Z', now)).toEqual({ unit: 'hour', count: 3 });
    expect(ageOf('2026-01-07T12:00:00Z', now)).toEqual({ unit: 'day', count: 3 });
    expect(ageOf('2025-10-10T12:00:00Z', now)).toEqual({ unit: 'month', count: 3 });
    expect(ageOf('2023-01-01T00:00:00Z', now)).toEqual({ unit: 'year', count: 3 });
    // A clock a little behind the server's is no negative age.
    expect(ageOf('2026-01-10T12:00:05Z', now)).toEqual({ unit: 'minute', count: 0 });
    expect(ageOf(null, now)).toBeNull();
    expect(ageOf('yesterday', now)).toBeNull();
  });
});
