/** Spec 1 §9: row polling never waits longer than this. */
export const ROW_POLL_CAP_MS = 30_000;

/**
 * How long to wait before re-reading the rows still in transition (spec 1 §2, §9): the poll
 * interval times a count that grows with each re-read of the same rows, capped at 30 s. A row
 * that keeps building for minutes is then asked about every 30 s, not every 2.5 s; when the set
 * of changing rows changes, the count starts again (a new query).
 */
export function rowPollDelay(interval: number, reads: number): number {
  return Math.min(interval * (Math.max(0, reads) + 1), Math.max(interval, ROW_POLL_CAP_MS));
}
