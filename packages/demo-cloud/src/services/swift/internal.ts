import type { CloudContext } from '../../core/service';
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
