import type { FastifyRequest } from 'fastify';
import type { Fault } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { Collection } from '../../store/collection';
import type { Store } from '../../store/store';
import { boolParam, callerProject, isAdmin } from './http';
import type { Json } from './http';

/**
 * Project scoping and policy of cinder's per-project rows (volumes, snapshots, backups,
 * attachments, groups, group snapshots). Cinder's DB queries outside an admin context are
 * filtered by the caller's project, so another project's row is the resource's 404 before any
 * policy is asked; the policy then checks the row's own project.
 */

/** A row that belongs to a project. */
export interface Owned {
  readonly id: string;
  readonly project_id: string;
}

/** The policy target of a row: its project (cinder's target_obj). */
export const targetOf = (doc: { readonly project_id: string }): Json => ({
  project_id: doc.project_id,
});

/** Checks a volume-service policy rule against the row's project (403 when refused). */
export const authorizeOn = (request: FastifyRequest, rule: string, doc: Owned): void => {
  authorize(request, 'volume', rule, targetOf(doc));
};

/** Whether the DB layer returns the row to the caller: an admin sees every project's. */
export const isVisible = (request: FastifyRequest, doc: Owned): boolean =>
  isAdmin(request) || doc.project_id === callerProject(request);

/** The row as the caller's DB query finds it, else the resource's 404. */
export const getOwned = <T extends Owned>(
  col: Collection<T>,
  request: FastifyRequest,
  id: string,
  notFound: (id: string) => Fault,
): T => {
  const doc = col.get(id);
  if (!doc || !isVisible(request, doc)) throw notFound(id);
  return doc;
};

/** getOwned, then the resource's get policy on the row (the API layer's `get`). */
export const loadOwned = <T extends Owned>(
  col: Collection<T>,
  request: FastifyRequest,
  id: string,
  notFound: (id: string) => Fault,
  getRule: string,
): T => {
  const doc = getOwned(col, request, id, notFound);
  authorizeOn(request, getRule, doc);
  return doc;
};

/**
 * Loads a row, checks `rule` on it and acts on it in one transaction, so a refusal anywhere
 * leaves nothing changed.
 */
export const actOn = <T extends Owned, R>(
  store: Store,
  request: FastifyRequest,
  load: () => T,
  rule: string,
  act: (doc: T) => R,
): R =>
  store.transaction(() => {
    const doc = load();
    authorizeOn(request, rule, doc);
    return act(doc);
  });

/** all_tenants of a list: honoured for admins only, strictly parsed. */
export const allTenants = (request: FastifyRequest, query: Json): boolean =>
  isAdmin(request) && query['all_tenants'] !== undefined && boolParam(query, 'all_tenants');

/** The rows a list starts from: every project's, or (by the indexed column) the caller's. */
export const scopedRows = <T extends Owned>(
  col: Collection<T>,
  request: FastifyRequest,
  everyone: boolean,
): T[] => (everyone ? col.all() : col.where('project_id', callerProject(request)));
