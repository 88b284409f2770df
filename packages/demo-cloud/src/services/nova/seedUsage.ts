import type { CloudContext } from '../../core/service';
import { servers } from './model';
import { scaleServers } from './seedServers';

const DAY_MS = 86_400_000;
/** The usage history the overview benchmark reads: servers over the last 90 days. */
export const USAGE_DAYS = 90;

/**
 * The usage scale seed (`scale: { usage_servers: N }`): N more servers as the servers seed
 * makes them, then spread over the last 90 days, and every third one deleted some days after
 * its launch, so simple tenant usage has whole, partial and finished lifetimes to add up.
 * Deterministic (no randomness): the same request gives the same history.
 */
export const scaleUsageServers = (ctx: CloudContext, count: number): void => {
  const col = ctx.store.collection(servers);
  const before = new Set(col.all().map((s) => s.id));
  scaleServers(ctx, count);
  const now = ctx.now().getTime();
  const added = col.all().filter((s) => !before.has(s.id));
  added.forEach((s, i) => {
    // Launch times walk back over the 90 days; lifetimes of 1 to 20 days for the deleted ones.
    const launched = now - Math.floor(((i * 7919) % (USAGE_DAYS * 24)) * (DAY_MS / 24)) - 60_000;
    const at = new Date(launched).toISOString();
    const ended = i % 3 === 0 ? Math.min(now - 1000, launched + ((i % 20) + 1) * DAY_MS) : null;
    col.update(s.id, (doc) => ({
      ...doc,
      created_at: at,
      updated_at: at,
      launched_at: at,
      ...(ended === null
        ? {}
        : {
            deleted: true,
            deleted_at: new Date(ended).toISOString(),
            terminated_at: new Date(ended).toISOString(),
            vm_state: 'deleted',
          }),
    }));
  });
};
