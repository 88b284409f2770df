/**
 * The Name facet finds a part of a name in any case ("cirros" finds "cirros-0.6.2-x86_64-disk"),
 * but Glance's own `name` filter is an exact match. So a name search lists the images matching
 * the other filters and keeps the names containing the text; a page is then cut from that
 * result by marker, as Glance would.
 */
export function nameContains(query: string): (image: { name?: string | null }) => boolean {
  const needle = query.trim().toLowerCase();
  return (image) => (image.name ?? '').toLowerCase().includes(needle);
}

/** One page of `size` after the image `marker` (which must be in the list: else a 400, as Glance). */
export function pageAfter<T extends { id: string }>(
  items: readonly T[],
  marker: string | undefined,
  size: number,
): { page: T[]; more: boolean } | undefined {
  let start = 0;
  if (marker !== undefined) {
    const at = items.findIndex((item) => item.id === marker);
    if (at < 0) return undefined;
    start = at + 1;
  }
  return { page: items.slice(start, start + size), more: items.length > start + size };
}
