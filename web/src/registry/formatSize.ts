/** Size units of spec 1 §9, in steps of 1024. */
export const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * A size given in `unit` (flavor RAM comes in MB, disk in GB, image size in B), shown in the
 * largest unit that keeps the number at least 1: 512 MB stays "512 MB", 2048 MB is "2 GB".
 */
export function formatSize(value: number | null | undefined, unit: SizeUnit = 'B'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  let index = SIZE_UNITS.indexOf(unit);
  let size = value;
  while (Math.abs(size) >= 1024 && index < SIZE_UNITS.length - 1) {
    size /= 1024;
    index += 1;
  }
  return `${numberFormat.format(size)} ${SIZE_UNITS[index] ?? unit}`;
}

/** The same size in bytes, so columns of mixed units sort as sizes, not as strings. */
export function toBytes(value: number, unit: SizeUnit = 'B'): number {
  return value * 1024 ** SIZE_UNITS.indexOf(unit);
}
