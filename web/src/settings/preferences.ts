import { readCookie, webRoot } from '../api/http';

/**
 * The signed-in browser's own preferences, kept in cookies so they outlive the session and so
 * the server could read them for the first paint: the language and the time zone (the page size
 * is the API_RESULT_PAGE_SIZE cookie the tables already read, see ResourceTable/pageParams).
 */
export const LANGUAGE_COOKIE = 'skydeck_language';
export const TIMEZONE_COOKIE = 'skydeck_timezone';

/** The languages with a complete catalogue; English is the source language. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export function isLanguage(value: string | undefined): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

const hasDocument = (): boolean => typeof document !== 'undefined';

/** The chosen language; English when none was chosen or the cookie names an unknown one. */
export function storedLanguage(): LanguageCode {
  const value = hasDocument() ? readCookie(LANGUAGE_COOKIE) : undefined;
  return isLanguage(value) ? value : 'en';
}

/** The zones this browser knows (IANA names); UTC at least, which Intl always accepts. */
export function timeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

export function isTimeZone(value: string | undefined): value is string {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own zone, else UTC (a browser that reports none, or one Intl refuses). */
export function browserTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : 'UTC';
}

/** The chosen time zone, else the browser's. */
export function storedTimeZone(): string {
  const value = hasDocument() ? readCookie(TIMEZONE_COOKIE) : undefined;
  return isTimeZone(value) ? value : browserTimeZone();
}

/** A year, like the page size cookie: a preference, not a session. */
export function writePreferenceCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=${webRoot()}; max-age=31536000; SameSite=Lax`;
}

/**
 * The language and zone a request's Cookie header asks for, for a page rendered on the server
 * (which has no document.cookie): the same rules as the browser's, unknown values ignored.
 */
export function preferencesFromCookieHeader(header: string | undefined): {
  language: LanguageCode;
  timeZone: string | undefined;
} {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (!name) continue;
    try {
      cookies.set(name, decodeURIComponent(value.join('=')));
    } catch {
      // A malformed escape is no choice at all.
    }
  }
  const language = cookies.get(LANGUAGE_COOKIE);
  const zone = cookies.get(TIMEZONE_COOKIE);
  return {
    language: isLanguage(language) ? language : 'en',
    timeZone: isTimeZone(zone) ? zone : undefined,
  };
}
