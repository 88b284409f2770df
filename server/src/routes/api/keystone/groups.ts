import type { FastifyPluginAsync } from 'fastify';
import { type KeystoneGroup, routeTable as api } from '@skydeck/contract';
import type { Group } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import { mapLimit } from '../../../lib/mapLimit';
import { contextDomainId } from '../../../services/keystone/domainContext';
import { failureText } from './projects';
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

  serve(app, api['keystone.groups.deleteMany'], async (request) => {
    const keystone = request.openstack.keystone;
    const deleted: string[] = [];
    const failed: { id: string; message: string }[] = [];
    await mapLimit([...new Set(request.body.ids)], 4, async (id) => {
      try {
        await keystone.deleteGroup(id);
        deleted.push(id);
      } catch (error) {
        failed.push({ id, message: failureText(error) });
      }
    });
    return { deleted, failed };
  });

  serve(app, api['keystone.groups.get'], async (request) =>
    toGroup(await request.openstack.keystone.getGroup(request.params.id)),
  );

  serve(app, api['keystone.groups.update'], async (request) =>
    toGroup(await request.openstack.keystone.updateGroup(request.params.id, request.body)),
  );

  serveNoContent(app, api['keystone.groups.delete'], (request) =>
    request.openstack.keystone.deleteGroup(request.params.id),
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
