import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve, serveNoContent } from '../../serve';
import { quotaRows } from './system';
import type { RouteDeps } from '../../deps';

/**
 * A project's compute and network limits (the project workflow's Quotas step and Modify Quotas,
 * issue 12; the volume ones are cinder.quotas.*).
 */
export const projectQuotaRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.quotas.get'], async (request) => ({
    items: quotaRows(
      await request.openstack.nova.quotaDefaults.getProject(request.params.projectId),
    ),
  }));

  serveNoContent(app, api['nova.quotas.update'], async (request) => {
    await request.openstack.nova.quotaDefaults.updateProject(
      request.params.projectId,
      request.body,
    );
  });

  serve(app, api['neutron.quotas.get'], async (request) => ({
    items: quotaRows(await request.openstack.neutron.system.quota(request.params.projectId)),
  }));

  serve(app, api['neutron.quotas.update'], async (request, reply) => {
    const { projectId } = request.params;
    const neutron = request.openstack.neutron.system;
    // Neutron takes a limit below the usage unless asked to check (check_limit, which older
    // releases refuse as unknown): the usage is compared here, as Nova and Cinder do themselves.
    const lowered = Object.entries(request.body).filter(([, limit]) => limit !== -1);
    if (lowered.length > 0) {
      const details = await neutron.quotaDetails(projectId);
      const under = lowered.filter(([name, limit]) => limit < (details[name]?.used ?? 0));
      if (under.length > 0) {
        const text = under
          .map(
            ([name, limit]) =>
              `Quota limit ${limit} for ${name} must be greater than or equal to the ${details[name]?.used ?? 0} already used.`,
          )
          .join(' ');
        return reply.code(400).send({ message: text });
      }
    }
    await neutron.updateQuota(projectId, request.body);
    return reply.code(204).send(null);
  });
};
