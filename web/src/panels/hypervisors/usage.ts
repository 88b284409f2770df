import { formatSize, type SizeUnit } from '../../registry/formatSize';

/** "3 of 16" or, with a unit, "1.5 GB of 32 GB" (used first, as operators read it). */
export function usedOfTotal(used: number, total: number, unit?: SizeUnit): string {
  return unit ? `${formatSize(used, unit)} / ${formatSize(total, unit)}` : `${used} / ${total}`;
}

/** Percent used, 0–100, rounded; 0 for an empty total (a host with nothing to offer). */
export function percentUsed(used: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}
