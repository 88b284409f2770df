import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { sessionOf } from '../../../lib/sessionOf';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';
import { toSecurityGroup } from './views';

/** /api/neutron/securitygroups/ — read-only for now (the launch wizard's choices). */
export const securityGroupRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['neutron.securitygroups.list'], async (request) => {
    const { name, all_projects } = request.query;
    // Neutron shows an admin every project's groups; the project's own are what it can use.
    const projectId = all_projects === true ? undefined : sessionOf(request).session.project.id;
    const { items, truncated } = await request.openstack.neutron.securityGroups.listAll({
      filters: { name, project_id: projectId },
    });
    return {
      items: items.map(toSecurityGroup),
      has_more_data: truncated,
      has_prev_data: false,
    };
  });

  serve(app, api['neutron.securitygroups.get'], async (request) =>
    toSecurityGroup(await request.openstack.neutron.securityGroups.get(request.params.id)),
  );
};
