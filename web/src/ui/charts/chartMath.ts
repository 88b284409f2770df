/** Shared arithmetic of the line and bar charts: scales, ticks, paths and time labels. */

/** Spec 1 §9: a chart redraws for a new size 400 ms after the last resize. */
export const RESIZE_DEBOUNCE_MS = 400;

/** A linear map from a value domain onto pixels; an empty domain maps to the range's start. */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
): (value: number) => number {
  const span = d1 - d0;
  return (value) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

/**
 * Round tick values from 0 to at least `max` (steps of 1, 2 or 5 × 10^k), about `count` of
 * them: the y axis of usage, which is never negative.
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  // Rounded, so 0.1 + 0.2 prints as 0.3.
  for (let i = 0; i * step < max + step; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/** `M x y L x y …` through the points, in order; '' for none. */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points
    .map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x.toFixed(2)} ${p.y.toFixed(2)}`)
    .join(' ');
}

/** The chart's timestamps are naive UTC (spec 1 §9): read them as UTC, never local time. */
export const parseNaiveUtc = (x: string): number =>
  Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(x) ? x : `${x}Z`);

/** The hover text of a moment: GMT, as the spec asks ("Fri, 27 Nov 2026 00:00:00 GMT"). */
export const gmtLabel = (ms: number): string => new Date(ms).toUTCString();

/** An axis label: the UTC day, or the UTC hour when points are less than a day apart. */
export function axisLabel(ms: number, hourly: boolean): string {
  const iso = new Date(ms).toISOString();
  return hourly ? iso.slice(11, 16) : iso.slice(5, 10);
}

/** About `count` evenly spread indices of `length` points, always the first and the last. */
export function tickIndices(length: number, count: number): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const every = (length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round(i * every));
}

/** The index of the point nearest to pixel `px` among points spread evenly over [0, width]. */
export function nearestIndex(px: number, width: number, length: number): number {
  if (length <= 1 || width <= 0) return 0;
  const i = Math.round((px / width) * (length - 1));
  return Math.min(Math.max(i, 0), length - 1);
}
