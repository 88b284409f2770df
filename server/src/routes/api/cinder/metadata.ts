import type { MetadataUpdate } from '@skydeck/contract';

/** A resource's key/value calls, as Cinder offers them for volumes, snapshots and types. */
export interface MetadataCalls {
  set(updated: Record<string, string>): Promise<unknown>;
  remove(key: string): Promise<unknown>;
}

/**
 * The metadata editor's `{ updated, removed }` as Cinder calls: one merge of the updated keys,
 * then one delete per removed key that was not also updated.
 */
export const applyMetadataUpdate = async (
  calls: MetadataCalls,
  { updated, removed }: MetadataUpdate,
): Promise<void> => {
  if (Object.keys(updated).length > 0) await calls.set(updated);
  for (const key of new Set(removed)) {
    if (!Object.hasOwn(updated, key)) await calls.remove(key);
  }
};
