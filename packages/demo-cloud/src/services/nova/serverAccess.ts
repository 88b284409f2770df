import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault } from '../../core/faults';
import type { CloudContext } from '../../core/service';
import { isAdminContext } from './flavors';
import { servers } from './model';
import type { ServerDoc } from './model';

export const serverNotFound = (id: string): Fault =>
  new Fault(404, `Instance ${id} could not be found.`);

/**
 * A server as nova's DB API finds it for the caller: another project's server does not exist
 * for a non-admin (project_only), and a deleted one only where the API reads deleted rows.
 */
export const loadServer = (
  ctx: CloudContext,
  request: FastifyRequest,
  id: string,
  options: { deleted?: boolean } = {},
): ServerDoc => {
  const server = ctx.store.collection(servers).get(id);
  if (!server || (server.deleted && !options.deleted)) throw serverNotFound(id);
  if (!isAdminContext(request) && server.project_id !== callerOf(request).project?.id) {
    throw serverNotFound(id);
  }
  return server;
};

export const saveServer = (
  ctx: CloudContext,
  id: string,
  change: (s: ServerDoc) => Partial<ServerDoc>,
): ServerDoc | undefined =>
  ctx.store
    .collection(servers)
    .update(id, (s) => ({ ...s, ...change(s), updated_at: ctx.now().toISOString() }));
