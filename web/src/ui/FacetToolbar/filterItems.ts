import type { Column, Facet } from '../../registry/types';
import type { FacetChip } from './useFacetParams';

/** The text a column shows for an item, for free-text search. */
export function columnText<T>(column: Column<T>, item: T): string {
  if (column.text) return column.text(item);
  const v = column.value(item);
  return v === null || v === undefined ? '' : String(v);
}

/**
 * Each item's searchable text, lower-cased, computed once per list and set of shown columns:
 * a keystroke then only scans strings (10,000 rows in a few ms) instead of formatting every
 * cell of every row again. Columns are joined by a newline, which a typed search never holds.
 */
export function searchTexts<T>(
  items: readonly T[],
  columns: readonly Column<T>[],
): ReadonlyMap<T, string> {
  return new Map(
    items.map((item) => [
      item,
      columns.map((column) => columnText(column, item).toLowerCase()).join('\n'),
    ]),
  );
}

/**
 * Client-side facets and free text (spec 2 §2 search box): every facet must match (chips of one
 * facet are alternatives) and the free text must appear in one of the shown columns.
 * Server-side facets were already applied by the list call.
 */
export function filterItems<T>(
  items: readonly T[],
  facets: readonly Facet<T>[],
  chips: readonly FacetChip[],
  q: string,
  columns: readonly Column<T>[],
  /** The items' searchTexts() for these columns, when the caller keeps them. */
  texts?: ReadonlyMap<T, string>,
): T[] {
  const groups = new Map<Facet<T>, string[]>();
  for (const chip of chips) {
    const facet = facets.find((f) => f.id === chip.facet);
    if (!facet?.match || facet.server) continue;
    groups.set(facet, [...(groups.get(facet) ?? []), chip.value]);
  }
  const needle = q.trim().toLowerCase();
  if (groups.size === 0 && !needle) return [...items];
  return items.filter((item) => {
    for (const [facet, values] of groups) {
      if (!values.some((value) => facet.match?.(item, value))) return false;
    }
    if (!needle) return true;
    const text = texts?.get(item);
    if (text !== undefined) return text.includes(needle);
    return columns.some((column) => columnText(column, item).toLowerCase().includes(needle));
  });
}
