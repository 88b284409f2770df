import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { heatError, stackNotFound } from './http';
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

/** heat's time format: `2014-06-03T20:59:46Z`. */
export const heatTime = (iso: string | null): string | null =>
  iso === null ? null : `${iso.slice(0, 19)}Z`;

export const stackStatus = (s: StackDoc): string => `${s.action}_${s.status}`;

/** The path prefix of a tenant's API, absolute. */
export const tenantBase = (ctx: CloudContext, request: FastifyRequest, tenantId: string): string =>
  `${ctx.baseUrl(request)}/orchestration/v1/${tenantId}`;

export const stackLink = (ctx: CloudContext, request: FastifyRequest, s: StackDoc): string =>
  `${tenantBase(ctx, request, s.project_id)}/stacks/${s.name}/${s.id}`;

/** A stack of the tenant by id or name. */
export const findStack = (
  ctx: CloudContext,
  tenantId: string,
  nameOrId: string,
): StackDoc | undefined => {
  const col = ctx.store.collection(stacks);
  const byId = col.get(nameOrId);
  if (byId && byId.project_id === tenantId) return byId;
  return col.where('name', nameOrId).find((s) => s.project_id === tenantId);
};

/** The stack of a `/stacks/{name}/{id}` path; 404 unless both match in the tenant. */
export const stackOf = (ctx: CloudContext, params: StackParams): StackDoc => {
  const s = ctx.store.collection(stacks).get(params.stack_id);
  if (!s || s.project_id !== params.tenant_id || s.name !== params.stack_name) {
    throw stackNotFound(s ? params.stack_name : params.stack_id);
  }
  return s;
};
