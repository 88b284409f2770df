import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Facet } from '../../registry/types';

/** What the toolbar needs of a facet; `match` stays with the table. */
export type FacetDescriptor = Pick<
  Facet<never>,
  'id' | 'label' | 'options' | 'server' | 'singleton'
>;

export interface FacetChip {
  facet: string;
  value: string;
}

/** The free-text search parameter. */
export const SEARCH_PARAM = 'q';

const NO_RESETS: readonly string[] = [];

export interface FacetParams {
  /** Chips in URL order; several chips of one facet are alternatives. */
  chips: FacetChip[];
  /** Free-text search. */
  q: string;
  add: (facet: string, value: string) => void;
  remove: (facet: string, value: string) => void;
  removeFacet: (facet: string) => void;
  clearAll: () => void;
  setQ: (q: string) => void;
}

/**
 * The chips a URL's query holds, in URL order: what the table shows, and what the panel's route
 * reads to start the list query before the table renders.
 */
export function chipsOf(params: URLSearchParams, facets: readonly FacetDescriptor[]): FacetChip[] {
  const byId = new Map(facets.map((f) => [f.id, f]));
  const list: FacetChip[] = [];
  const seen = new Set<string>();
  for (const [facet, value] of params) {
    const descriptor = byId.get(facet);
    if (!descriptor || value === '') continue;
    // A hand-edited URL may repeat a singleton facet; the last one wins, as when picking.
    const id = descriptor.singleton ? facet : `${facet}\u0000${value}`;
    if (descriptor.singleton) {
      const at = list.findIndex((c) => c.facet === facet);
      if (at >= 0) list.splice(at, 1);
    } else if (seen.has(id)) {
      continue;
    }
    seen.add(id);
    list.push({ facet, value });
  }
  return list;
}

/**
 * Facet state lives in the URL (?name=web&q=db), so a filtered list can be bookmarked, shared
 * and restored with Back; other query parameters (tab, nav) are left alone, except `resets`:
 * parameters a changed filter makes meaningless (a server page's marker), removed with it.
 */
export function useFacetParams(
  facets: readonly FacetDescriptor[],
  resets: readonly string[] = NO_RESETS,
): FacetParams {
  const [params, setParams] = useSearchParams();
  const byId = useMemo(() => new Map(facets.map((f) => [f.id, f])), [facets]);

  const chips = useMemo(() => chipsOf(params, facets), [params, facets]);

  const q = params.get(SEARCH_PARAM) ?? '';

  // React Router hands a functional update the parameters of the render its setter came from,
  // so a late call (the search box's debounce timer) or a second call before the next render
  // would drop what changed in between. Each change starts from the latest parameters instead.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      if (chipsChanged(latest.current, next, byId)) {
        for (const name of resets) next.delete(name);
      }
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams, byId, resets],
  );

  const add = useCallback(
    (facet: string, value: string) => {
      const trimmed = value.trim();
      if (!trimmed) return;
      update((next) => {
        if (byId.get(facet)?.singleton) next.delete(facet);
        if (!next.getAll(facet).includes(trimmed)) next.append(facet, trimmed);
      });
    },
    [update, byId],
  );
  const remove = useCallback(
    (facet: string, value: string) => update((next) => next.delete(facet, value)),
    [update],
  );
  const removeFacet = useCallback(
    (facet: string) => update((next) => next.delete(facet)),
    [update],
  );
  const clearAll = useCallback(
    () =>
      update((next) => {
        for (const id of byId.keys()) next.delete(id);
        next.delete(SEARCH_PARAM);
      }),
    [update, byId],
  );
  const setQ = useCallback(
    (value: string) =>
      update((next) => {
        if (value) next.set(SEARCH_PARAM, value);
        else next.delete(SEARCH_PARAM);
      }),
    [update],
  );

  return { chips, q, add, remove, removeFacet, clearAll, setQ };
}

/** Whether the facet parameters differ (free text and other parameters aside). */
function chipsChanged(
  before: URLSearchParams,
  after: URLSearchParams,
  facets: ReadonlyMap<string, unknown>,
): boolean {
  const of = (params: URLSearchParams): string =>
    JSON.stringify([...params].filter(([name]) => facets.has(name)));
  return of(before) !== of(after);
}

/** The server-side facets' values, as passed to `list(scope, filters)`. */
export function serverFilters(
  facets: readonly FacetDescriptor[],
  chips: readonly FacetChip[],
): Record<string, string> {
  const server = new Set(facets.filter((f) => f.server).map((f) => f.id));
  const filters: Record<string, string> = {};
  for (const chip of chips) if (server.has(chip.facet)) filters[chip.facet] = chip.value;
  return filters;
}
