import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { queryValue } from '../../core/paging';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { badRequest, heatError, stackNotFound } from './http';
import { stacks } from './model';
import type { StackDoc } from './model';

export interface TenantParams {
  readonly tenant_id: string;
}

export interface StackParams extends TenantParams {
  readonly stack_name: string;
  readonly stack_id: string;
}

/**
 * heat's policy check of a call under /v1/{tenant_id}: the rule with the path's project as
 * target, and a token scoped to another project refused (heat's tenant_local).
 */
export const enforce = (request: FastifyRequest, rule: string, tenantId: string): void => {
  authorize(request, 'orchestration', rule, { project_id: tenantId });
  const caller = callerOf(request);
  if (caller.system === undefined && caller.project?.id !== tenantId) {
    throw heatError(403, 'HTTPForbidden', 'Access was denied to this resource.');
  }
};

/**
 * heat's context_is_admin (`role:admin and is_admin_project:True`, or a system admin): such a
 * caller lists every project's stacks.
 */
export const isHeatAdmin = (request: FastifyRequest): boolean => {
  const caller = callerOf(request);
  const admin = caller.roles.some((r) => r.name === 'admin');
  return admin && (caller.system === 'all' || caller.project?.name === 'admin');
};

/** heat-api's boolean query parameters: only `true` and `false` (any case); absent is false. */
export const boolQuery = (request: FastifyRequest, name: string): boolean => {
  const value = queryValue(request.query, name);
  if (value === undefined) return false;
  if (value.toLowerCase() === 'true') return true;
  if (value.toLowerCase() === 'false') return false;
  throw badRequest(
    `Unrecognized value "${value}" for "${name}", acceptable values are: true, false.`,
  );
};

/** heat-api's integer query parameters (`limit`): non-negative integers. */
export const intQuery = (request: FastifyRequest, name: string): number | undefined => {
  const value = queryValue(request.query, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value.trim())) throw badRequest(`Only integer is acceptable by '${name}'.`);
  const n = Number(value);
  if (n < 0) {
    throw badRequest(
      `Value '${value}' is invalid for '${name}' which only accepts non-negative integer.`,
    );
  }
  return n;
};

/** heat's time format: `2014-06-03T20:59:46Z`. */
export const heatTime = (iso: string | null | undefined): string | null =>
  iso === null || iso === undefined ? null : `${iso.slice(0, 19)}Z`;

export const stackStatus = (s: StackDoc): string => `${s.action}_${s.status}`;

export const isDeleted = (s: StackDoc): boolean => s.action === 'DELETE' && s.status === 'COMPLETE';

/** The path prefix of a tenant's API, absolute. */
export const tenantBase = (ctx: CloudContext, request: FastifyRequest, tenantId: string): string =>
  `${ctx.baseUrl(request)}/orchestration/v1/${tenantId}`;

export const stackLink = (ctx: CloudContext, request: FastifyRequest, s: StackDoc): string =>
  `${tenantBase(ctx, request, s.project_id)}/stacks/${s.name}/${s.id}`;

/** A stack of the tenant by id or name, a live one before a deleted one of the same name. */
export const findStack = (
  ctx: CloudContext,
  tenantId: string,
  nameOrId: string,
): StackDoc | undefined => {
  const col = ctx.store.collection(stacks);
  const byId = col.get(nameOrId);
  if (byId && byId.project_id === tenantId) return byId;
  const named = col.where('name', nameOrId).filter((s) => s.project_id === tenantId);
  return named.find((s) => !isDeleted(s)) ?? named.at(-1);
};

/**
 * The stack of a `/stacks/{name}/{id}` path; 404 unless both match in the tenant. A deleted
 * stack still answers where heat shows it (show, template, events), not elsewhere. Heat's
 * admin (context_is_admin) reaches every project's stack by name and id through its own
 * tenant's path, as the lab's Heat answers.
 */
export const stackOf = (
  ctx: CloudContext,
  request: FastifyRequest<{ Params: StackParams }>,
  { deleted = false }: { deleted?: boolean } = {},
): StackDoc => {
  const params = request.params;
  const s = ctx.store.collection(stacks).get(params.stack_id);
  const tenantOk = s?.project_id === params.tenant_id || isHeatAdmin(request);
  if (!s || !tenantOk || s.name !== params.stack_name) {
    throw stackNotFound(params.stack_name);
  }
  if (!deleted && isDeleted(s)) throw stackNotFound(params.stack_name);
  return s;
};
