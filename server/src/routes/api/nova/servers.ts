import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { sessionOf } from '../../../lib/sessionOf';
import { getInstance, listInstances, type InstanceCaller } from '../../../services/nova/instances';
import { instanceIdsOf, instancesByIds } from '../../../services/nova/instancesByIds';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/**
 * Who asks for instances: the session's project, with the configured page size. Shared by the
 * list and details routes and the action routes (an edit answers the instance as details do).
 */
export const instanceCallerOf = (request: FastifyRequest, pageSize: number): InstanceCaller => {
  const { project } = sessionOf(request).session;
  return { projectId: project.id, projectName: project.name, pageSize };
};

/**
 * /api/nova/servers/ — the instances list and details (issue 9). A page is assembled in a
 * constant number of upstream calls whatever its size (services/nova/instances.ts).
 */
export const serverRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const callerOf = (request: FastifyRequest): InstanceCaller =>
    instanceCallerOf(request, deps.config.settings.API_RESULT_PAGE_SIZE);

  serve(app, api['nova.servers.list'], async (request) => {
    const { ids } = request.query;
    if (ids !== undefined) {
      return instancesByIds(request.openstack, instanceIdsOf(ids), callerOf(request));
    }
    return listInstances(request.openstack, request.query, callerOf(request));
  });

  serve(app, api['nova.servers.get'], async (request) =>
    getInstance(request.openstack, request.params.id, callerOf(request)),
  );
};
