/** The usage form's periods (spec 1 §3): `other` reveals the two date fields. */
export type PeriodKind = 'day' | 'week' | 'month' | 'year' | 'other';

export const PERIOD_KINDS: readonly PeriodKind[] = ['day', 'week', 'month', 'year', 'other'];

/** Whole UTC days, `yyyy-mm-dd`, both included. */
export interface Period {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

/** The longest period the server takes (ten years of days): Nova reads it in one answer. */
export const MAX_PERIOD_DAYS = 3653;

export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `yyyy-mm-dd` → ms at 00:00 UTC, or null when it is no real day (2026-02-30, 2026-2-1). */
export function parseIsoDay(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return null;
  return back.getUTCDate() === day ? ms : null;
}

/**
 * The period ending today (UTC) for a kind: today; the last 7 days; this month from its first;
 * this year from 1 January. `other` has no range of its own (the user's dates).
 */
export function periodOf(kind: Exclude<PeriodKind, 'other'>, now: Date): Period {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const end = isoDay(today);
  switch (kind) {
    case 'day':
      return { start: end, end };
    case 'week':
      return { start: isoDay(today - 6 * DAY_MS), end };
    case 'month':
      return { start: isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), end };
    case 'year':
      return { start: isoDay(Date.UTC(now.getUTCFullYear(), 0, 1)), end };
  }
}

/** Why two typed dates are no period, or null when they are one. */
export function periodProblem(
  start: string,
  end: string,
): 'start' | 'end' | 'order' | 'length' | null {
  const from = parseIsoDay(start);
  if (from === null) return 'start';
  const to = parseIsoDay(end);
  if (to === null) return 'end';
  if (from > to) return 'order';
  return to - from >= MAX_PERIOD_DAYS * DAY_MS ? 'length' : null;
}

/** The UTC days of a period, in order (the x axis of a daily chart). */
export function daysOf(period: Period): string[] {
  const from = parseIsoDay(period.start);
  const to = parseIsoDay(period.end);
  if (from === null || to === null) return [];
  const days: string[] = [];
  for (let ms = from; ms <= to; ms += DAY_MS) days.push(isoDay(ms));
  return days;
}
