import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api, type LimitUsage, USAGE_PAGE_MAX } from '@skydeck/contract';
import { sessionOf } from '../../../lib/sessionOf';
import { serve } from '../../serve';
import {
  INSTANCE_CSV_HEADER,
  PROJECT_CSV_HEADER,
  csvLine,
  instanceCsvLine,
  instanceUsage,
  novaPeriod,
  projectCsvLine,
  projectTotals,
  sumTotals,
  totalsOf,
} from '../../../services/nova/usage';
import { usageSeries } from '../../../services/nova/usageSeries';
import type { RouteDeps } from '../../deps';

/** A page of the overview's instance table unless the query asks for another size. */
const DEFAULT_PAGE = 20;

/** Nova's and Cinder's absolute limits that feed the summary: name → [limit key, used key]. */
const NOVA_LIMITS = {
  instances: ['maxTotalInstances', 'totalInstancesUsed'],
  cores: ['maxTotalCores', 'totalCoresUsed'],
  ram: ['maxTotalRAMSize', 'totalRAMUsed'],
} as const;
const CINDER_LIMITS = {
  volumes: ['maxTotalVolumes', 'totalVolumesUsed'],
  snapshots: ['maxTotalSnapshots', 'totalSnapshotsUsed'],
  gigabytes: ['maxTotalVolumeGigabytes', 'totalGigabytesUsed'],
} as const;
const NEUTRON_LIMITS = ['floatingip', 'security_group', 'network', 'port', 'router'] as const;

const fromAbsolute = (
  absolute: object,
  keys: Record<string, readonly [string, string]>,
): LimitUsage[] =>
  Object.entries(keys).flatMap(([name, [max, used]]) => {
    const values = absolute as Record<string, unknown>;
    const limit = values[max];
    if (typeof limit !== 'number') return [];
    const inUse = values[used];
    return [{ name, limit, used: typeof inUse === 'number' ? inUse : 0 }];
  });

/** A project name may hold anything; the header gets a plain ASCII file name. */
const csvFileName = (what: string, start: string, end: string): string =>
  `attachment; filename="${what.replace(/[^\w.-]/g, '_')}-usage-${start}-${end}.csv"`;

/**
 * /api/nova/usage/… — the project and admin overviews (issue 13): Nova's simple tenant usage
 * for whole UTC days, its CSV, and the limit summary of the project's pie charts.
 */
export const usageRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.usage.project'], async (request, reply) => {
    const { start, end, limit, marker } = request.query;
    const period = novaPeriod(start, end);
    if ('error' in period) return reply.code(400).send({ message: period.error });
    const { project } = sessionOf(request).session;
    const usage = request.openstack.nova.usage;
    // Two Nova calls per page: the page of servers (2.40 paging) and the period's totals.
    const [page, whole] = await Promise.all([
      usage.projectPage(project.id, { ...period, limit: limit ?? DEFAULT_PAGE, marker }),
      usage.project(project.id, period),
    ]);
    return {
      start,
      end,
      totals: totalsOf(whole),
      items: (page.usage?.server_usages ?? []).map(instanceUsage),
      next: page.next,
    };
  });

  serve(
    app,
    api['nova.usage.projectCsv'],
    async (request, reply) => {
      const { start, end } = request.query;
      const checked = novaPeriod(start, end);
      if ('error' in checked) return reply.code(400).send({ message: checked.error });
      const period = checked;
      const { project } = sessionOf(request).session;
      const usage = request.openstack.nova.usage;
      // The first page is read before answering, so a refusal is still a clean JSON error.
      const first = await usage.projectPage(project.id, { ...period, limit: USAGE_PAGE_MAX });
      async function* lines(): AsyncGenerator<string> {
        yield csvLine(INSTANCE_CSV_HEADER);
        let page = first;
        for (;;) {
          for (const s of page.usage?.server_usages ?? []) yield instanceCsvLine(instanceUsage(s));
          if (page.next === null) return;
          page = await usage.projectPage(project.id, {
            ...period,
            limit: USAGE_PAGE_MAX,
            marker: page.next,
          });
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', csvFileName(project.name, start, end))
        .code(200)
        .send(Readable.from(lines()));
    },
    // A download link: the browser navigates to it (no X-Requested-With).
    { config: { navigable: true } },
  );

  type AnyRequest = Parameters<Parameters<typeof serve>[2]>[0];

  /** Names are a nicety: an operator without list_projects still sees the ids. */
  const projectNames = async (request: AnyRequest): Promise<Map<string, string>> => {
    const names = new Map<string, string>();
    try {
      for (const p of await request.openstack.keystone.listProjects()) names.set(p.id, p.name);
    } catch {
      // ids only
    }
    return names;
  };

  const allProjects = async (request: AnyRequest, start: string, end: string) => {
    const [usages, names] = await Promise.all([
      request.openstack.nova.usage.all({ start, end, detailed: true }),
      projectNames(request),
    ]);
    return usages.map((u) => projectTotals(u, names.get(u.tenant_id)));
  };

  serve(app, api['nova.usage.series'], async (request, reply) => {
    const { start, end, metric } = request.query;
    const period = novaPeriod(start, end);
    if ('error' in period) return reply.code(400).send({ message: period.error });
    // One Nova call: before 2.40 the detailed answer holds every server of the period, whose
    // start and end place it in each interval (no call per interval or per project).
    const [usages, names] = await Promise.all([
      request.openstack.nova.usage.all({ ...period, detailed: true }),
      projectNames(request),
    ]);
    return usageSeries({ usages, names, start, end, metric: metric ?? 'vcpus', now: Date.now() });
  });

  serve(app, api['nova.usage.all'], async (request, reply) => {
    const { start, end } = request.query;
    const period = novaPeriod(start, end);
    if ('error' in period) return reply.code(400).send({ message: period.error });
    const items = await allProjects(request, period.start, period.end);
    return { start, end, totals: sumTotals(items), items };
  });

  serve(
    app,
    api['nova.usage.allCsv'],
    async (request, reply) => {
      const { start, end } = request.query;
      const period = novaPeriod(start, end);
      if ('error' in period) return reply.code(400).send({ message: period.error });
      const items = await allProjects(request, period.start, period.end);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', csvFileName('projects', start, end))
        .code(200)
        .send(Readable.from([csvLine(PROJECT_CSV_HEADER), ...items.map(projectCsvLine)]));
    },
    { config: { navigable: true } },
  );

  serve(app, api['nova.usage.limits'], async (request) => {
    const { project } = sessionOf(request).session;
    const openstack = request.openstack;
    // A service missing from the catalog (or refusing) leaves its charts out, not the page.
    const [nova, cinder, neutron] = await Promise.allSettled([
      openstack.nova.limits.get(),
      openstack.cinder.limits.get(),
      openstack.neutron.system.quotaDetails(project.id),
    ]);
    const items: LimitUsage[] = [];
    if (nova.status === 'fulfilled') items.push(...fromAbsolute(nova.value.absolute, NOVA_LIMITS));
    if (cinder.status === 'fulfilled') {
      items.push(...fromAbsolute(cinder.value.absolute, CINDER_LIMITS));
    }
    if (neutron.status === 'fulfilled') {
      for (const name of NEUTRON_LIMITS) {
        const detail = neutron.value[name];
        if (detail) items.push({ name, limit: detail.limit, used: detail.used });
      }
    }
    return { items };
  });
};
