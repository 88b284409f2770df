import type { Swift } from './context';
import type { ObjectRow } from './model';

export const isExpired = (row: ObjectRow, now: number): boolean =>
  row.delete_at !== null && row.delete_at <= now;

/** The live object of a call (an expired one is deleted on sight, as if the expirer had run). */
export const liveObject = (
  swift: Swift,
  account: string,
  container: string,
  name: string,
): ObjectRow | undefined => {
  const row = swift.db.getObject(account, container, name);
  if (row && isExpired(row, swift.now())) {
    expireObject(swift, row);
    return undefined;
  }
  return row;
};

const expireObject = (swift: Swift, row: ObjectRow): void => {
  const removed = swift.ctx.store.transaction(() =>
    swift.db.deleteObject(row.account, row.container, row.name),
  );
  if (removed) swift.files.discard(removed.file);
};

/** The object expirer's work, done lazily: removes objects whose X-Delete-At has passed. */
export const expireDue = (swift: Swift): void => {
  for (const row of swift.db.expired(swift.now(), 100)) expireObject(swift, row);
};
