import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { launch, stepRange } from '../../../services/nova/launch';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/**
 * POST /api/nova/servers/ — the Launch Instance wizard's launch (spec 3 §3) and its per-step
 * validation (spec 1 §4: going forward validates on the server). `?validate=<step>` (with
 * `validate_from` for a forward jump) checks and creates nothing: 200 when the steps pass, 400
 * with `errors` by step and field otherwise. A launch checks every step first and answers 202.
 */
export const launchRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  serve(app, api['nova.servers.create'], async (request, reply) => {
    const { validate, validate_from } = request.query;
    const outcome = await launch(request.openstack, request.body, {
      requiresKeypair: deps.config.settings.OPENSTACK_HYPERVISOR_FEATURES.requires_keypair,
      validateOnly: validate ? stepRange(validate, validate_from) : undefined,
    });
    switch (outcome.kind) {
      case 'invalid':
        return reply.code(400).send({
          message: outcome.message,
          has_errors: true,
          errors: outcome.errors,
          workflow_slug: 'launch_instance',
        });
      case 'valid':
        return reply
          .code(200)
          .send({ has_errors: false, errors: {}, workflow_slug: 'launch_instance' });
      case 'launched':
        return reply.code(202).send(outcome.result);
    }
  });

  // Members see zone names and state only (the hosts are an admin's detail listing).
  serve(app, api['nova.availabilityZones'], async (request) => ({
    items: (await request.openstack.nova.availabilityZones.list()).map((zone) => ({
      zoneName: zone.zoneName,
      zoneState: { available: zone.zoneState.available },
    })),
  }));
};
