/**
 * The Name facet finds a part of a name in any case ("cirros" finds "cirros-0.6.2-x86_64-disk"),
 * but Glance's own `name` filter is an exact match. So a name search reads the images matching
 * the other filters and keeps the names containing the text: a page from its marker on until
 * the page is full (readFilteredPage in lib/listPage.ts), a whole list all of them.
 */
export function nameContains(query: string): (image: { name?: string | null }) => boolean {
  const needle = query.trim().toLowerCase();
  return (image) => (image.name ?? '').toLowerCase().includes(needle);
}
