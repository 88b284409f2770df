import { describe, expect, it } from 'vitest';
import { zonedToUtc } from './zonedTime';

describe('zonedToUtc', () => {
  it('converts a wall-clock time in the zone to UTC', () => {
    expect(zonedToUtc('2030-01-15', '10:30', 'UTC')).toBe('2030-01-15T10:30:00');
    expect(zonedToUtc('2030-01-15', '10:30', 'Europe/Berlin')).toBe('2030-01-15T09:30:00');
    expect(zonedToUtc('2030-07-15', '10:30', 'Europe/Berlin')).toBe('2030-07-15T08:30:00');
    expect(zonedToUtc('2030-01-01', '01:00', 'America/New_York')).toBe('2030-01-01T06:00:00');
    expect(zonedToUtc('2030-03-01', '00:00', 'Asia/Kolkata')).toBe('2030-02-28T18:30:00');
  });

  it('midnight when no time is given; nothing for a date that does not exist', () => {
    expect(zonedToUtc('2030-01-15', '', 'UTC')).toBe('2030-01-15T00:00:00');
    expect(zonedToUtc('2030-02-30', '10:00', 'UTC')).toBeUndefined();
    expect(zonedToUtc('2030-01-15', '25:00', 'UTC')).toBeUndefined();
    expect(zonedToUtc('soon', '', 'UTC')).toBeUndefined();
  });
});
