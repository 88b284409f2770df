import type { FastifyInstance } from 'fastify';
import { queryValue } from '../../core/paging';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { novaDbTime } from '../../core/time';
import { COMPUTE_HOSTS, CONTROLLER_HOST, INTERNAL_ZONE, zoneOfHost } from './hosts';
import { atLeast } from './http';
import type { Json } from './http';

/** The services of the demo cloud; stable ids so 2.53+ clients can address them. */
const SERVICES = [
  {
    id: 1,
    uuid: 'c0a5d1c6-5f4e-4f7e-9d0b-6f1b2a3c4d01',
    binary: 'nova-scheduler',
    host: CONTROLLER_HOST,
  },
  {
    id: 2,
    uuid: 'c0a5d1c6-5f4e-4f7e-9d0b-6f1b2a3c4d02',
    binary: 'nova-conductor',
    host: CONTROLLER_HOST,
  },
  ...COMPUTE_HOSTS.map((h) => ({
    id: h.serviceId,
    uuid: h.serviceUuid,
    binary: 'nova-compute',
    host: h.name,
  })),
] as const;

/** GET /os-services (read only): every service enabled and up. */
export const serviceRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get('/os-services', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-services:list', {});
    const binary = queryValue(request.query, 'binary');
    const host = queryValue(request.query, 'host');
    const services = SERVICES.filter((s) => binary === undefined || s.binary === binary)
      .filter((s) => host === undefined || s.host === host)
      .map((s): Json => ({
        // Service ids became uuids in 2.53.
        id: atLeast(request, '2.53') ? s.uuid : s.id,
        binary: s.binary,
        host: s.host,
        zone: s.binary === 'nova-compute' ? zoneOfHost(ctx.store, s.host) : INTERNAL_ZONE,
        status: 'enabled',
        state: 'up',
        updated_at: novaDbTime(ctx.now()),
        disabled_reason: null,
        ...(atLeast(request, '2.11') ? { forced_down: false } : {}),
      }));
    return { services };
  });
};
