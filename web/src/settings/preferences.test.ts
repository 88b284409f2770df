import { describe, expect, it } from 'vitest';
import { isTimeZone, preferencesFromCookieHeader, timeZones } from './preferences';

describe('preferences', () => {
  it('offers the IANA zones, UTC among them', () => {
    const zones = timeZones();
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones.every(isTimeZone)).toBe(true);
  });

  it('reads a request’s cookies for a page rendered on the server', () => {
    expect(
      preferencesFromCookieHeader(
        'sessionid=x; skydeck_language=de; skydeck_timezone=Europe%2FBerlin',
      ),
    ).toEqual({ language: 'de', timeZone: 'Europe/Berlin' });
    expect(preferencesFromCookieHeader(undefined)).toEqual({ language: 'en', timeZone: undefined });
    expect(
      preferencesFromCookieHeader('skydeck_language=xx; skydeck_timezone=Mars%2FOlympus'),
    ).toEqual({ language: 'en', timeZone: undefined });
    expect(preferencesFromCookieHeader('skydeck_timezone=%E0%A4%A')).toEqual({
      language: 'en',
      timeZone: undefined,
    });
  });
});
