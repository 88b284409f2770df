import type { TopologyRouter, TopologyServer } from '@skydeck/contract';

// The drawing rules of spec 1 §4 "Network topology" and §7's name cutting, kept pure.

/** Names are cut at this many units (spec 1 §7). */
export const NAME_UNITS = 9;

/** A character above code 255 is drawn wide and counts 2 units. */
const unitsOf = (char: string): number => ((char.codePointAt(0) ?? 0) > 255 ? 2 : 1);

/** A device's name as drawn: whole when it fits in 9 units, else what fits and "..". */
export function cutName(name: string, max = NAME_UNITS): string {
  const chars = [...name];
  if (chars.reduce((sum, c) => sum + unitsOf(c), 0) <= max) return name;
  let used = 0;
  let out = '';
  for (const c of chars) {
    if (used + unitsOf(c) > max) break;
    used += unitsOf(c);
    out += c;
  }
  return `${out}..`;
}

type Device = Pick<TopologyServer | TopologyRouter, 'status' | 'task'>;

/** BUILD, or a delete under way, is drawn as loading (and closes the device's balloon). */
export const isLoading = (device: Device): boolean =>
  device.status.toUpperCase() === 'BUILD' || device.task === 'deleting';

/** Only ACTIVE is drawn active; every other status is down. */
export const isActive = (status: string): boolean => status === 'ACTIVE';

/** Spec 1 §9 sizes. */
export const FLAT = {
  normal: { column: 270, minHeight: 500 },
  small: { column: 100, minHeight: 400 },
} as const;
export type FlatMode = keyof typeof FLAT;

/** Small when the networks' normal columns would not fit the canvas. */
export const defaultFlatMode = (networks: number, canvasWidth: number): FlatMode =>
  networks * FLAT.normal.column > canvasWidth ? 'small' : 'normal';

export const RADIUS = { external: 35, network: 30, router: 25, instance: 20 } as const;
export const ZOOM = { min: 0.1, max: 1.5 } as const;
export const CENTRE_MS = 1500;
/** Spec 1 §9: the page reloads every 10 s. */
export const RELOAD_MS = 10_000;

export const clampZoom = (k: number): number => Math.min(ZOOM.max, Math.max(ZOOM.min, k));
