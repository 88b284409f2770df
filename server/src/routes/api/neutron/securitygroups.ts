import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { sessionOf } from '../../../lib/sessionOf';
import { serve } from '../../serve';
import { serveItemPassThrough } from '../../serveItem';
import type { RouteDeps } from '../../deps';
import { toRule } from './l3views';
import { toSecurityGroup } from './views';

/**
 * /api/neutron/securitygroups/ — the project's groups (the panel, the launch wizard's choices),
 * created, edited and deleted, and their rules added and deleted.
 */
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

  serve(app, api['neutron.securitygroups.create'], async (request, reply) => {
    const { name, description } = request.body;
    const created = await request.openstack.neutron.securityGroups.create({
      name,
      ...(description !== undefined && { description }),
    });
    return reply.code(201).send(toSecurityGroup(created));
  });

  serveItemPassThrough(
    app,
    {
      get: api['neutron.securitygroups.get'],
      update: api['neutron.securitygroups.update'],
      delete: api['neutron.securitygroups.delete'],
    },
    (request) => request.openstack.neutron.securityGroups,
    toSecurityGroup,
  );

  serve(app, api['neutron.securitygroups.createRule'], async (request, reply) => {
    const created = await request.openstack.neutron.securityGroupRules.create({
      ...request.body,
      security_group_id: request.params.id,
    });
    return reply.code(201).send(toRule(created));
  });

  serve(app, api['neutron.securitygroups.deleteRule'], async (request, reply) => {
    const { id, rule_id } = request.params;
    // A rule id under another group's path is refused rather than deleted: the path says which
    // group the user meant.
    const rule = await request.openstack.neutron.securityGroupRules.get(rule_id);
    if (rule.security_group_id !== id) {
      return reply
        .code(404)
        .send({ message: `Security group rule ${rule_id} could not be found.` });
    }
    await request.openstack.neutron.securityGroupRules.delete(rule_id);
    return reply.code(204).send(null);
  });
};
