import { i18n } from '../i18n/i18n';
import { currentTimeZone } from '../settings/timeZone';

// Building a formatter costs far more than using one, and a table formats a date per row.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  locale: string | readonly string[] | undefined,
  timeZone: string,
  style: 'datetime' | 'date',
): Intl.DateTimeFormat {
  const key = `${String(locale)}|${timeZone}|${style}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale as string | string[] | undefined, {
      dateStyle: 'medium',
      ...(style === 'datetime' && { timeStyle: 'medium' }),
      timeZone,
    });
    formatters.set(key, cached);
  }
  return cached;
}

/** English leaves the date style to the browser's locale; another language uses its own. */
function userLocale(): string | undefined {
  const language = i18n.language;
  return !language || language === 'en' ? undefined : language;
}

function parse(value: string): Date | undefined {
  // Glance and Nova sometimes omit the zone; their timestamps are UTC.
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function format(
  style: 'datetime' | 'date',
  value: string | null | undefined,
  locale: string | readonly string[] | undefined,
  timeZone: string | undefined,
): string {
  if (!value) return '';
  const date = parse(value);
  if (!date) return value;
  return formatter(locale ?? userLocale(), timeZone ?? currentTimeZone(), style).format(date);
}

/**
 * A timestamp from the API (ISO 8601) in the user's locale and time zone (the Settings page's,
 * else the browser's), e.g. "26 Nov 2026, 17:20:05". Every date the app shows goes through
 * here. Empty for no value; the raw text when it does not parse, so nothing is hidden.
 */
export function formatDateTime(
  value: string | null | undefined,
  locale?: string | readonly string[],
  timeZone?: string,
): string {
  return format('datetime', value, locale, timeZone);
}

/** The day alone of a timestamp, in the same zone (a day in UTC may be another day here). */
export function formatDate(
  value: string | null | undefined,
  locale?: string | readonly string[],
  timeZone?: string,
): string {
  return format('date', value, locale, timeZone);
}
