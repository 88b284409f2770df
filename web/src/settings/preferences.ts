import { serverEnvironment } from '../api/environment';
import { readCookie, webRoot } from '../api/http';

/**
 * The signed-in browser's own preferences, kept in cookies so they outlive the session and so
 * the server could read them for the first paint: the language and the time zone (the page size
 * is the API_RESULT_PAGE_SIZE cookie the tables already read, see ResourceTable/pageParams).
 */
export const LANGUAGE_COOKIE = 'skydeck_language';
export const TIMEZONE_COOKIE = 'skydeck_timezone';
/**
 * The browser's own zone, written by the app on every load (main.tsx): the server renders a
 * page's dates in the zone the browser will hydrate them in, when the user chose none.
 */
export const BROWSER_TIMEZONE_COOKIE = 'skydeck_browser_timezone';

/** The languages with a complete catalogue; English is the source language. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export function isLanguage(value: string | undefined): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

/** Cookies are the document's, or while the server renders a page, its request's. */
const hasCookies = (): boolean =>
  typeof document !== 'undefined' || serverEnvironment() !== undefined;

/** The chosen language; English when none was chosen or the cookie names an unknown one. */
export function storedLanguage(): LanguageCode {
  const value = hasCookies() ? readCookie(LANGUAGE_COOKIE) : undefined;
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

/** The chosen time zone, else the browser's (on the server: as the browser last said it). */
export function storedTimeZone(): string {
  const value = hasCookies() ? readCookie(TIMEZONE_COOKIE) : undefined;
  if (isTimeZone(value)) return value;
  const browser = serverEnvironment() ? readCookie(BROWSER_TIMEZONE_COOKIE) : undefined;
  return isTimeZone(browser) ? browser : browserTimeZone();
}

/** Tells a server that renders pages first the zone this browser shows dates in. */
export function rememberBrowserTimeZone(): void {
  const zone = browserTimeZone();
  if (readCookie(BROWSER_TIMEZONE_COOKIE) !== zone) {
    writePreferenceCookie(BROWSER_TIMEZONE_COOKIE, zone);
  }
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
