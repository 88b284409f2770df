import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import { pageAfterMarker, parseLimit, queryValue } from '../../core/paging';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { COMPUTE_HOSTS, hostUsage } from './hosts';
import type { ComputeHost, HostUsage } from './hosts';
import { atLeast, nextLink, parseBoolString } from './http';
import type { Json } from './http';
import { serviceState } from './services';
import type { Store } from '../../store/store';

/** Memory the host keeps for itself ([DEFAULT] reserved_host_memory_mb). */
const RESERVED_HOST_MEMORY_MB = 512;
const HYPERVISOR_TYPE = 'QEMU';
/** QEMU 7.2.0 as nova encodes versions. */
const HYPERVISOR_VERSION = 7002000;

const CPU_INFO = {
  arch: 'x86_64',
  model: 'EPYC-Rome',
  vendor: 'AMD',
  topology: { cells: 1, sockets: 1, cores: 8, threads: 2 },
  features: ['aes', 'avx', 'avx2', 'sse4.2', 'svm', 'x2apic'],
};

const idOf = (request: FastifyRequest, h: ComputeHost): string | number =>
  atLeast(request, '2.53') ? h.uuid : h.id;

const findHypervisor = (request: FastifyRequest, id: string): ComputeHost => {
  const found = atLeast(request, '2.53')
    ? COMPUTE_HOSTS.find((h) => h.uuid === id)
    : COMPUTE_HOSTS.find((h) => String(h.id) === id);
  if (!found) {
    if (atLeast(request, '2.53') && !/^[0-9a-f-]{36}$/i.test(id))
      throw badRequest(`Invalid uuid ${id}`);
    throw new Fault(404, `Hypervisor with ID ${id} could not be found.`);
  }
  return found;
};

const UPTIME = ' 08:32:11 up 93 days, 18:25, 12 users,  load average: 0.20, 0.12, 0.14';

/** A hypervisor's status is its compute service's (disabled by an admin, with a reason). */
const briefView = (store: Store, request: FastifyRequest, h: ComputeHost): Json => ({
  id: idOf(request, h),
  hypervisor_hostname: h.name,
  state: 'up',
  status: serviceState(store, h.serviceUuid).status,
});

const detailView = (
  store: Store,
  request: FastifyRequest,
  h: ComputeHost,
  used: HostUsage | undefined,
): Json => {
  const view: Json = {
    ...briefView(store, request, h),
    host_ip: h.hostIp,
    hypervisor_type: HYPERVISOR_TYPE,
    hypervisor_version: HYPERVISOR_VERSION,
    service: {
      host: h.name,
      id: atLeast(request, '2.53') ? h.serviceUuid : h.serviceId,
      disabled_reason: serviceState(store, h.serviceUuid).disabled_reason,
    },
  };
  if (atLeast(request, '2.88')) {
    view['uptime'] = UPTIME;
    return view;
  }
  const memoryUsed = (used?.memoryMb ?? 0) + RESERVED_HOST_MEMORY_MB;
  const diskUsed = used?.localGb ?? 0;
  return {
    ...view,
    // A JSON string until 2.28 made it an object.
    cpu_info: atLeast(request, '2.28') ? CPU_INFO : JSON.stringify(CPU_INFO),
    current_workload: 0,
    disk_available_least: h.localGb - diskUsed,
    free_disk_gb: h.localGb - diskUsed,
    free_ram_mb: h.memoryMb - memoryUsed,
    local_gb: h.localGb,
    local_gb_used: diskUsed,
    memory_mb: h.memoryMb,
    memory_mb_used: memoryUsed,
    running_vms: used?.servers.length ?? 0,
    vcpus: h.vcpus,
    vcpus_used: used?.vcpus ?? 0,
  };
};

export const hypervisorRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;

  const withServers = (request: FastifyRequest, view: Json, used: HostUsage | undefined): Json => {
    const raw = queryValue(request.query, 'with_servers');
    if (!atLeast(request, '2.53') || raw === undefined || !parseBoolString(raw)) return view;
    const list = used?.servers ?? [];
    return list.length > 0
      ? { ...view, servers: list.map((s) => ({ name: s.instance_name, uuid: s.id })) }
      : view;
  };

  const list = (request: FastifyRequest, detail: boolean): Json => {
    authorize(
      request,
      'compute',
      `os_compute_api:os-hypervisors:${detail ? 'list-detail' : 'list'}`,
      {},
    );
    const usage = hostUsage(store);
    let hosts = [...COMPUTE_HOSTS];
    const pattern = atLeast(request, '2.53')
      ? queryValue(request.query, 'hypervisor_hostname_pattern')
      : undefined;
    if (pattern !== undefined) {
      hosts = hosts.filter((h) => h.name.includes(pattern));
      if (hosts.length === 0)
        throw new Fault(404, `No hypervisor matching '${pattern}' could be found.`);
    }
    const paged = atLeast(request, '2.33');
    const page = pageAfterMarker(hosts, {
      limit: paged ? parseLimit(queryValue(request.query, 'limit')) : undefined,
      marker: paged ? queryValue(request.query, 'marker') : undefined,
      key: (h) => String(idOf(request, h)),
      missingMarker: (m) => badRequest(`marker [${m}] not found`),
    });
    const body: Json = {
      hypervisors: page.items.map((h) =>
        withServers(
          request,
          detail ? detailView(store, request, h, usage.get(h.name)) : briefView(store, request, h),
          usage.get(h.name),
        ),
      ),
    };
    const last = page.items[page.items.length - 1];
    if (paged && page.full && last) {
      body['hypervisors_links'] = nextLink(
        ctx,
        request,
        detail ? '/os-hypervisors/detail' : '/os-hypervisors',
        String(idOf(request, last)),
      );
    }
    return body;
  };

  app.get('/os-hypervisors', async (request) => list(request, false));
  app.get('/os-hypervisors/detail', async (request) => list(request, true));

  app.get('/os-hypervisors/statistics', async (request) => {
    // Removed in 2.88: placement is the place to ask.
    if (atLeast(request, '2.88')) throw new Fault(404, 'The resource could not be found.');
    authorize(request, 'compute', 'os_compute_api:os-hypervisors:statistics', {});
    const usage = hostUsage(store);
    const stats = {
      count: 0,
      current_workload: 0,
      disk_available_least: 0,
      free_disk_gb: 0,
      free_ram_mb: 0,
      local_gb: 0,
      local_gb_used: 0,
      memory_mb: 0,
      memory_mb_used: 0,
      running_vms: 0,
      vcpus: 0,
      vcpus_used: 0,
    };
    for (const h of COMPUTE_HOSTS) {
      const used = usage.get(h.name);
      const memoryUsed = (used?.memoryMb ?? 0) + RESERVED_HOST_MEMORY_MB;
      const diskUsed = used?.localGb ?? 0;
      stats.count += 1;
      stats.disk_available_least += h.localGb - diskUsed;
      stats.free_disk_gb += h.localGb - diskUsed;
      stats.free_ram_mb += h.memoryMb - memoryUsed;
      stats.local_gb += h.localGb;
      stats.local_gb_used += diskUsed;
      stats.memory_mb += h.memoryMb;
      stats.memory_mb_used += memoryUsed;
      stats.running_vms += used?.servers.length ?? 0;
      stats.vcpus += h.vcpus;
      stats.vcpus_used += used?.vcpus ?? 0;
    }
    return { hypervisor_statistics: stats };
  });

  app.get<{ Params: { id: string } }>('/os-hypervisors/:id', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-hypervisors:show', {});
    const host = findHypervisor(request, request.params.id);
    const used = hostUsage(store).get(host.name);
    return { hypervisor: withServers(request, detailView(store, request, host, used), used) };
  });

  app.get<{ Params: { id: string } }>('/os-hypervisors/:id/uptime', async (request) => {
    if (atLeast(request, '2.88')) throw new Fault(404, 'The resource could not be found.');
    authorize(request, 'compute', 'os_compute_api:os-hypervisors:uptime', {});
    const host = findHypervisor(request, request.params.id);
    return { hypervisor: { ...briefView(store, request, host), uptime: UPTIME } };
  });

  // Before 2.53: search by host name pattern, and the servers of matching hypervisors.
  app.get<{ Params: { id: string } }>('/os-hypervisors/:id/search', async (request) => {
    if (atLeast(request, '2.53')) throw new Fault(404, 'The resource could not be found.');
    authorize(request, 'compute', 'os_compute_api:os-hypervisors:search', {});
    const hosts = COMPUTE_HOSTS.filter((h) => h.name.includes(request.params.id));
    if (hosts.length === 0)
      throw new Fault(404, 'No hypervisor matching ' + `'${request.params.id}' could be found.`);
    return { hypervisors: hosts.map((h) => briefView(store, request, h)) };
  });

  app.get<{ Params: { id: string } }>('/os-hypervisors/:id/servers', async (request) => {
    if (atLeast(request, '2.53')) throw new Fault(404, 'The resource could not be found.');
    authorize(request, 'compute', 'os_compute_api:os-hypervisors:servers', {});
    const hosts = COMPUTE_HOSTS.filter((h) => h.name.includes(request.params.id));
    if (hosts.length === 0)
      throw new Fault(404, `No hypervisor matching '${request.params.id}' could be found.`);
    const usage = hostUsage(store);
    return {
      hypervisors: hosts.map((h) => {
        const list = usage.get(h.name)?.servers ?? [];
        return {
          ...briefView(store, request, h),
          ...(list.length > 0
            ? { servers: list.map((s) => ({ name: s.instance_name, uuid: s.id })) }
            : {}),
        };
      }),
    };
  });
};
