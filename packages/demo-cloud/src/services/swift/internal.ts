import type { CloudContext } from '../../core/service';
import { swiftTimestamp } from './http';
import { accountOf, swiftDbOf } from './model';
import type { ContainerTotals } from './model';

export type { ContainerTotals } from './model';

/**
 * What other services (quotas, usage) may read of Swift: the totals of a project's account, as
 * `X-Account-Container-Count`, `-Object-Count` and `-Bytes-Used` report them.
 */
export const containerStats = (ctx: CloudContext, projectId: string): ContainerTotals =>
  swiftDbOf(ctx.store).accountTotals(accountOf(projectId));

/** The Swift account name of a project (`AUTH_<project id>`). */
export const swiftAccountOf = (projectId: string): string => accountOf(projectId);

/**
 * Heat's OS::Swift::Container: a container in the project's account, written as its member
 * would (the account is created when first written). Returns false when it already existed.
 */
export const createContainerFor = (
  ctx: CloudContext,
  spec: {
    readonly projectId: string;
    readonly name: string;
    readonly readAcl?: string | null;
    readonly writeAcl?: string | null;
    readonly meta?: Record<string, string>;
  },
): boolean => {
  const db = swiftDbOf(ctx.store);
  const account = accountOf(spec.projectId);
  const now = swiftTimestamp(ctx.now());
  return ctx.store.transaction(() => {
    if (!db.getAccount(account)) {
      db.putAccount({ account, created_at: now, put_timestamp: now, meta: {} });
    }
    const existing = db.getContainer(account, spec.name);
    db.putContainer({
      account,
      name: spec.name,
      created_at: existing?.created_at ?? now,
      put_timestamp: now,
      read_acl: spec.readAcl ?? existing?.read_acl ?? null,
      write_acl: spec.writeAcl ?? existing?.write_acl ?? null,
      meta: { ...existing?.meta, ...spec.meta },
    });
    return existing === undefined;
  });
};

/** A container of the project's account: its object count and bytes, undefined when absent. */
export const containerOfProject = (
  ctx: CloudContext,
  projectId: string,
  name: string,
): { readonly objectCount: number; readonly bytesUsed: number } | undefined => {
  const row = swiftDbOf(ctx.store).getContainer(accountOf(projectId), name);
  return row ? { objectCount: row.object_count, bytesUsed: row.bytes_used } : undefined;
};

/** Deletes an empty container; false while it holds objects (Swift's 409), true when gone. */
export const deleteContainerFor = (ctx: CloudContext, projectId: string, name: string): boolean => {
  const db = swiftDbOf(ctx.store);
  const account = accountOf(projectId);
  const row = db.getContainer(account, name);
  if (!row) return true;
  if (row.object_count > 0) return false;
  db.deleteContainer(account, name);
  return true;
};
