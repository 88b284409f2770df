import type { CinderLink } from './types';

/** The marker of a `*_links` next link, when Cinder says there is another page. */
export function nextMarkerOf(links: readonly CinderLink[] | undefined): string | undefined {
  const next = links?.find((link) => link.rel === 'next')?.href;
  if (!next) return undefined;
  try {
    return new URL(next, 'http://placeholder/').searchParams.get('marker') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Cinder's sort parameter: `key:dir`. */
export function sortParam(
  key: string | undefined,
  dir: 'asc' | 'desc' | undefined,
): string | undefined {
  if (key === undefined) return undefined;
  return dir === undefined ? key : `${key}:${dir}`;
}
