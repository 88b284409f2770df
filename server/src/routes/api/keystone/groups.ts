import type { FastifyPluginAsync } from 'fastify';
import { type KeystoneGroup, routeTable as api } from '@skydeck/contract';
import type { Group } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import { contextDomainId } from '../../../services/keystone/domainContext';
import { registerKeystoneDeleteMany, registerKeystoneItem } from './keystoneCrud';
import { toUser } from './users';
import type { RouteDeps } from '../../deps';

/** The allowlist of a group's fields. */
export const toGroup = (g: Group): KeystoneGroup => ({
  id: g.id,
  name: g.name,
  domain_id: g.domain_id,
  description: g.description ?? '',
});

/** /api/keystone/groups/: the Groups panel, its members and bulk delete. */
export const keystoneGroupRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['keystone.groups.list'], async (request) => {
    const { domain_id, name__icontains } = request.query;
    const groups = await request.openstack.keystone.listGroups({
      domain_id: contextDomainId(request, domain_id),
    });
    // Keystone filters names exactly; the table's facet finds a part of the name, any case.
    const needle = name__icontains?.toLowerCase();
    return {
      items: groups
        .filter((g) => needle === undefined || g.name.toLowerCase().includes(needle))
        .map(toGroup),
    };
  });

  serve(app, api['keystone.groups.create'], async (request, reply) => {
    const domainId = contextDomainId(request, request.body.domain_id);
    const created = await request.openstack.keystone.createGroup({
      ...request.body,
      ...(domainId && { domain_id: domainId }),
    });
    return reply.code(201).send(toGroup(created));
  });

  registerKeystoneDeleteMany(app, api['keystone.groups.deleteMany'], (request, id) =>
    request.openstack.keystone.deleteGroup(id),
  );

  registerKeystoneItem(
    app,
    {
      get: api['keystone.groups.get'],
      update: api['keystone.groups.update'],
      delete: api['keystone.groups.delete'],
    },
    {
      get: async (request, id) => toGroup(await request.openstack.keystone.getGroup(id)),
      update: async (request, id, body) =>
        toGroup(await request.openstack.keystone.updateGroup(id, body)),
      remove: (request, id) => request.openstack.keystone.deleteGroup(id),
    },
  );

  serve(app, api['keystone.groups.members'], async (request) => ({
    items: (await request.openstack.keystone.listGroupUsers(request.params.id)).map(toUser),
  }));

  serveNoContent(app, api['keystone.groups.addMember'], async (request) => {
    const { id, userId } = request.params;
    await request.openstack.keystone.addUserToGroup(id, userId);
  });

  serveNoContent(app, api['keystone.groups.removeMember'], async (request) => {
    const { id, userId } = request.params;
    await request.openstack.keystone.removeUserFromGroup(id, userId);
  });
};
