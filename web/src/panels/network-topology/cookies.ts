import { readCookie, webRoot } from '../../api/http';
import type { FlatMode } from './rules';

// The page's remembered choices (spec 1 §2): each in its own cookie, for a year.

export const COOKIES = {
  view: 'topology_view',
  flatMode: 'topology_flat_mode',
  labels: 'topology_labels',
  collapse: 'topology_collapse',
} as const;

const write = (name: string, value: string): void => {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=${webRoot()}; max-age=31536000; SameSite=Lax`;
};

export type TopologyView = 'graph' | 'flat';

export const readView = (): TopologyView =>
  readCookie(COOKIES.view) === 'flat' ? 'flat' : 'graph';
export const writeView = (v: TopologyView): void => write(COOKIES.view, v);

/** Undefined: no choice yet (the default follows the canvas width). */
export const readFlatMode = (): FlatMode | undefined => {
  const v = readCookie(COOKIES.flatMode);
  return v === 'small' || v === 'normal' ? v : undefined;
};
export const writeFlatMode = (v: FlatMode): void => write(COOKIES.flatMode, v);

const readFlag = (name: string, fallback: boolean): boolean => {
  const v = readCookie(name);
  return v === 'true' ? true : v === 'false' ? false : fallback;
};
export const readLabels = (): boolean => readFlag(COOKIES.labels, true);
export const writeLabels = (v: boolean): void => write(COOKIES.labels, String(v));
export const readCollapse = (): boolean => readFlag(COOKIES.collapse, false);
export const writeCollapse = (v: boolean): void => write(COOKIES.collapse, String(v));
