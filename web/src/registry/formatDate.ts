/**
 * A timestamp from the API (ISO 8601) in the user's locale and time zone, e.g. "26 Nov 2026,
 * 17:20". Empty for no value; the raw text when it does not parse, so nothing is hidden.
 */
export function formatDateTime(
  value: string | null | undefined,
  locale?: string | readonly string[],
  timeZone?: string,
): string {
  if (!value) return '';
  // Glance and Nova sometimes omit the zone; their timestamps are UTC.
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale as string | string[] | undefined, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    ...(timeZone && { timeZone }),
  }).format(date);
}
