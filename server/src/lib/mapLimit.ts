/**
 * Deletes of metadata keys in flight at once (Nova and Cinder take one call per key): enough that
 * a long removal list takes seconds, not minutes, and few enough not to flood the service.
 */
export const METADATA_DELETE_CONCURRENCY = 8;

/**
 * Maps over items with at most `limit` calls in flight, keeping the input order. Used where one
 * answer needs a call per item (flavor extra specs) so a long list neither runs one by one nor
 * floods the upstream service.
 */
export const mapLimit = async <T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> => {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  const workers = Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker);
  await Promise.all(workers);
  return results;
};
