import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/faults';
import { parseLimit, queryValue } from '../../core/paging';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { novaDbTime, novaTime } from '../../core/time';
import { atLeast, nextLink } from './http';
import type { Json } from './http';
import { servers } from './model';
import type { ServerDoc } from './model';

interface Period {
  readonly start: number;
  readonly stop: number;
  readonly detailed: boolean;
}

/** start/end as nova parses them (naive UTC, with or without microseconds); both default to now. */
const parsePeriod = (ctx: CloudContext, request: FastifyRequest): Period => {
  const parse = (raw: string | undefined, what: string): number => {
    if (raw === undefined || raw === '') return ctx.now().getTime();
    const normalized = raw.trim().replace(' ', 'T');
    const value = Date.parse(
      /[zZ]|[+-]\d\d:?\d\d$/.test(normalized) ? normalized : `${normalized}Z`,
    );
    if (Number.isNaN(value)) {
      throw badRequest(
        `Invalid ${what} time. The ${what} time should be a valid date-time, got ${raw}.`,
      );
    }
    return value;
  };
  const start = parse(queryValue(request.query, 'start'), 'start');
  const stop = parse(queryValue(request.query, 'end'), 'end');
  if (start > stop)
    throw badRequest('Invalid start time. The start time cannot occur after the end time.');
  // Nova cuts the period at now after checking it (simple_tenant_usage _index/_show): a period
  // reaching into the future counts to now, and its `stop` says so.
  const now = ctx.now().getTime();
  return {
    start,
    stop: Math.min(stop, now),
    detailed: queryValue(request.query, 'detailed') === '1',
  };
};

/** Hours a server ran within the period (nova's _hours_for): from launch to termination, clipped. */
const hoursFor = (s: ServerDoc, period: Period): number => {
  if (!s.launched_at) return 0;
  const launched = Date.parse(s.launched_at);
  const terminated = s.terminated_at ? Date.parse(s.terminated_at) : null;
  if (terminated !== null && terminated < period.start) return 0;
  if (launched > period.stop) return 0;
  const start = Math.max(launched, period.start);
  const stop = terminated === null ? period.stop : Math.min(period.stop, terminated);
  return Math.max(0, stop - start) / 3_600_000;
};

/** Servers alive at some point of the period (instance_get_active_by_window_joined). */
const activeIn = (s: ServerDoc, period: Period): boolean => {
  const terminated = s.terminated_at ? Date.parse(s.terminated_at) : null;
  if (terminated !== null && terminated < period.start) return false;
  // launched_at < end: a server that never launched is not in any window.
  return s.launched_at !== null && Date.parse(s.launched_at) < period.stop;
};

const serverUsage = (ctx: CloudContext, s: ServerDoc, period: Period): Json => {
  const hours = hoursFor(s, period);
  const started = s.launched_at ? Date.parse(s.launched_at) : null;
  const ended = s.terminated_at ? Date.parse(s.terminated_at) : null;
  return {
    instance_id: s.id,
    name: s.name,
    hours,
    memory_mb: s.flavor.ram,
    local_gb: s.flavor.disk,
    vcpus: s.flavor.vcpus,
    tenant_id: s.project_id,
    flavor: s.flavor.name,
    started_at: started === null ? null : novaDbTime(new Date(started)),
    ended_at: ended === null ? null : novaDbTime(new Date(ended)),
    state: s.deleted ? 'terminated' : s.vm_state,
    uptime: started === null ? 0 : Math.floor(((ended ?? ctx.now().getTime()) - started) / 1000),
  };
};

const tenantUsage = (
  ctx: CloudContext,
  projectId: string,
  list: ServerDoc[],
  period: Period,
  detailed: boolean,
): Json => {
  let hours = 0;
  let memory = 0;
  let vcpus = 0;
  let disk = 0;
  const usages = list.map((s) => {
    const u = serverUsage(ctx, s, period);
    const h = u['hours'] as number;
    hours += h;
    memory += s.flavor.ram * h;
    vcpus += s.flavor.vcpus * h;
    disk += s.flavor.disk * h;
    return u;
  });
  return {
    tenant_id: projectId,
    total_local_gb_usage: disk,
    total_vcpus_usage: vcpus,
    total_memory_mb_usage: memory,
    total_hours: hours,
    start: novaTime(new Date(period.start)),
    stop: novaTime(new Date(period.stop)),
    ...(detailed ? { server_usages: usages } : {}),
  };
};

/** Marker paging over the servers (2.40): the page's servers, and whether it is full. */
const pageOf = (
  request: FastifyRequest,
  list: ServerDoc[],
): { items: ServerDoc[]; full: boolean } => {
  if (!atLeast(request, '2.40')) return { items: list, full: false };
  const marker = queryValue(request.query, 'marker');
  const limit = parseLimit(queryValue(request.query, 'limit'));
  let start = 0;
  if (marker !== undefined) {
    const index = list.findIndex((s) => s.id === marker);
    if (index < 0) throw badRequest(`Marker ${marker} could not be found.`);
    start = index + 1;
  }
  const items = limit === undefined ? list.slice(start) : list.slice(start, start + limit);
  return { items, full: limit !== undefined && items.length === limit && limit > 0 };
};

export const tenantUsageRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const col = ctx.store.collection(servers);
  const byCreation = (a: ServerDoc, b: ServerDoc): number =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1;

  app.get('/os-simple-tenant-usage', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-simple-tenant-usage:list', {});
    const period = parsePeriod(ctx, request);
    const page = pageOf(
      request,
      col
        .all()
        .filter((s) => activeIn(s, period))
        .sort(byCreation),
    );
    const byProject = new Map<string, ServerDoc[]>();
    for (const s of page.items)
      byProject.set(s.project_id, [...(byProject.get(s.project_id) ?? []), s]);
    const body: Json = {
      tenant_usages: [...byProject].map(([projectId, list]) =>
        tenantUsage(ctx, projectId, list, period, period.detailed),
      ),
    };
    const last = page.items[page.items.length - 1];
    if (page.full && last)
      body['tenant_usages_links'] = nextLink(ctx, request, '/os-simple-tenant-usage', last.id);
    return body;
  });

  app.get<{ Params: { tenant: string } }>('/os-simple-tenant-usage/:tenant', async (request) => {
    const { tenant } = request.params;
    authorize(request, 'compute', 'os_compute_api:os-simple-tenant-usage:show', {
      project_id: tenant,
    });
    const period = parsePeriod(ctx, request);
    const page = pageOf(
      request,
      col
        .where('project_id', tenant)
        .filter((s) => activeIn(s, period))
        .sort(byCreation),
    );
    const body: Json = {
      tenant_usage: page.items.length > 0 ? tenantUsage(ctx, tenant, page.items, period, true) : {},
    };
    const last = page.items[page.items.length - 1];
    if (page.full && last) {
      body['tenant_usage_links'] = nextLink(
        ctx,
        request,
        `/os-simple-tenant-usage/${tenant}`,
        last.id,
      );
    }
    return body;
  });
};
