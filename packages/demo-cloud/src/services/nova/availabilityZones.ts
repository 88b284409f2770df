import type { FastifyInstance } from 'fastify';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { novaDbTime } from '../../core/time';
import { CONTROLLER_HOST, INTERNAL_ZONE, zonesWithHosts } from './hosts';

export const availabilityZoneRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get('/os-availability-zone', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-availability-zone:list', {});
    return {
      availabilityZoneInfo: [...zonesWithHosts(ctx.store).keys()].map((zoneName) => ({
        zoneName,
        zoneState: { available: true },
        hosts: null,
      })),
    };
  });

  app.get('/os-availability-zone/detail', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-availability-zone:detail', {});
    const service = (): object => ({
      available: true,
      active: true,
      updated_at: novaDbTime(ctx.now()),
    });
    return {
      availabilityZoneInfo: [
        {
          zoneName: INTERNAL_ZONE,
          zoneState: { available: true },
          hosts: {
            [CONTROLLER_HOST]: { 'nova-conductor': service(), 'nova-scheduler': service() },
          },
        },
        ...[...zonesWithHosts(ctx.store)].map(([zoneName, hosts]) => ({
          zoneName,
          zoneState: { available: true },
          hosts: Object.fromEntries(hosts.map((h) => [h, { 'nova-compute': service() }])),
        })),
      ],
    };
  });
};
