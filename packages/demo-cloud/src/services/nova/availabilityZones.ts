import type { FastifyInstance } from 'fastify';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { novaTime } from '../../core/time';

/** The demo cloud's one compute host, in the default zone `nova`. */
export const COMPUTE_HOST = 'demo-compute';
export const DEFAULT_ZONE = 'nova';

export const availabilityZoneRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get('/os-availability-zone', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-availability-zone:list', {});
    return {
      availabilityZoneInfo: [
        { zoneName: DEFAULT_ZONE, zoneState: { available: true }, hosts: null },
      ],
    };
  });

  app.get('/os-availability-zone/detail', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-availability-zone:detail', {});
    const service = (): object => ({
      available: true,
      active: true,
      updated_at: novaTime(ctx.now()),
    });
    return {
      availabilityZoneInfo: [
        {
          zoneName: 'internal',
          zoneState: { available: true },
          hosts: {
            'demo-controller': { 'nova-conductor': service(), 'nova-scheduler': service() },
          },
        },
        {
          zoneName: DEFAULT_ZONE,
          zoneState: { available: true },
          hosts: { [COMPUTE_HOST]: { 'nova-compute': service() } },
        },
      ],
    };
  });
};
