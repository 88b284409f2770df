import type { MetadataUpdate } from '@skydeck/contract';
import { METADATA_DELETE_CONCURRENCY, mapLimit } from '../../../lib/mapLimit';

/** A resource's key/value calls, as Cinder offers them for volumes, snapshots and types. */
export interface MetadataCalls {
  set(updated: Record<string, string>): Promise<unknown>;
  remove(key: string): Promise<unknown>;
}

/**
 * The metadata editor's `{ updated, removed }` as Cinder calls: one merge of the updated keys,
 * then one delete per removed key that was not also updated, a few at a time.
 */
export const applyMetadataUpdate = async (
  calls: MetadataCalls,
  { updated, removed }: MetadataUpdate,
): Promise<void> => {
  if (Object.keys(updated).length > 0) await calls.set(updated);
  const gone = [...new Set(removed)].filter((key) => !Object.hasOwn(updated, key));
  await mapLimit(gone, METADATA_DELETE_CONCURRENCY, (key) => calls.remove(key));
};
