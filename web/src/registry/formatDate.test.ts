import { describe, expect, it } from 'vitest';
import { formatDateTime } from './formatDate';

describe('formatDateTime', () => {
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
});
