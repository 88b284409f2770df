import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './formatDate';
import { resetTimeZone, setTimeZone } from '../settings/timeZone';
import { TIMEZONE_COOKIE } from '../settings/preferences';

describe('formatDateTime', () => {
  afterEach(() => {
    document.cookie = `${TIMEZONE_COOKIE}=; path=/; max-age=0`;
    resetTimeZone();
  });

  it("formats in the given locale and time zone (by default the user's)", () => {
    expect(formatDateTime('2026-11-26T17:20:05Z', 'en-GB', 'UTC')).toBe('26 Nov 2026, 17:20:05');
    expect(formatDateTime('2026-11-26T17:20:05Z', 'en-US', 'America/New_York')).toBe(
      'Nov 26, 2026, 12:20:05 PM',
    );
    expect(formatDateTime('2026-11-26T17:20:05Z', 'de-DE', 'Europe/Berlin')).toBe(
      '26.11.2026, 18:20:05',
    );
  });
  it('reads a timestamp without a zone as UTC (Nova)', () => {
    expect(formatDateTime('2026-11-26T17:20:05.000000', 'en-GB', 'UTC')).toBe(
      '26 Nov 2026, 17:20:05',
    );
  });
  it('shows nothing for no value, and unparseable text as it is', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });
  it('uses the time zone chosen in Settings, and follows a change at once', () => {
    setTimeZone('UTC');
    expect(formatDateTime('2026-11-26T17:20:05Z', 'en-GB')).toBe('26 Nov 2026, 17:20:05');
    setTimeZone('Asia/Tokyo');
    expect(formatDateTime('2026-11-26T17:20:05Z', 'en-GB')).toBe('27 Nov 2026, 02:20:05');
    expect(formatDate('2026-11-26T17:20:05Z', 'en-GB')).toBe('27 Nov 2026');
    expect(document.cookie).toContain(`${TIMEZONE_COOKIE}=Asia%2FTokyo`);
  });
  it('reads the zone from its cookie, and ignores an unknown one', () => {
    document.cookie = `${TIMEZONE_COOKIE}=America%2FNew_York; path=/`;
    resetTimeZone();
    expect(formatDateTime('2026-11-26T17:20:05Z', 'en-GB')).toBe('26 Nov 2026, 12:20:05');
    document.cookie = `${TIMEZONE_COOKIE}=Mars%2FOlympus; path=/`;
    resetTimeZone();
    expect(() => setTimeZone('Mars/Olympus')).toThrow(RangeError);
    expect(formatDateTime('2026-11-26T17:20:05Z', 'en-GB', 'UTC')).toBe('26 Nov 2026, 17:20:05');
  });
});
