import type { FastifyPluginAsync } from 'fastify';
import { type Project as ProjectShape, routeTable as api } from '@skydeck/contract';
import { OpenStackHttpError, type Project as KeystoneProject } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import { identityList } from '../../../services/keystone/identityPage';
import { listProjectMembers, setProjectMembers } from '../../../services/keystone/projectMembers';
import { forgetLists } from '../../../services/listCache';
import { contextDomainId } from '../../../services/keystone/domainContext';
import { sessionOf } from '../../../lib/sessionOf';
import { registerKeystoneDeleteMany, registerKeystoneItem } from './keystoneCrud';
import type { RouteDeps } from '../../deps';

/** The allowlist of a project's fields (the contract's shape, nothing else of Keystone's). */
export const toProject = (p: KeystoneProject): ProjectShape => ({
  id: p.id,
  name: p.name,
  description: p.description ?? '',
  domain_id: p.domain_id,
  enabled: p.enabled,
  parent_id: p.parent_id,
  is_domain: p.is_domain,
});

/**
 * /api/keystone/projects/ — `?user=current`: the projects the signed-in user can switch to;
 * `?user=<id>`: that user's projects; otherwise every project (Keystone allows it to admins),
 * a page at a time when the query asks for one. Create, edit, delete, members and grants.
 */
export const keystoneProjectRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['keystone.projects.list'], async (request) => {
    const { user, domain_id, name, enabled, ...paging } = request.query;
    const keystone = request.openstack.keystone;
    if (user === 'current') return { items: (await keystone.listAuthProjects()).map(toProject) };
    if (user) return { items: (await keystone.listUserProjects(user)).map(toProject) };
    const filters = { domain_id: contextDomainId(request, domain_id), name, enabled };
    return identityList(
      sessionOf(request).sessionId,
      'projects',
      filters,
      () => keystone.listProjects(filters),
      paging,
      toProject,
    );
  });

  serve(app, api['keystone.projects.create'], async (request, reply) => {
    forgetLists('projects');
    const domainId = contextDomainId(request, request.body.domain_id);
    const created = await request.openstack.keystone.createProject({
      ...request.body,
      ...(domainId && { domain_id: domainId }),
    });
    return reply.code(201).send(toProject(created));
  });

  const forgetProjects = (): void => forgetLists('projects');

  registerKeystoneDeleteMany(
    app,
    api['keystone.projects.deleteMany'],
    (request, id) => request.openstack.keystone.deleteProject(id),
    forgetProjects,
  );

  registerKeystoneItem(
    app,
    {
      get: api['keystone.projects.get'],
      update: api['keystone.projects.update'],
      delete: api['keystone.projects.delete'],
    },
    {
      get: async (request, id) => {
        const keystone = request.openstack.keystone;
        try {
          return toProject(await keystone.getProject(id));
        } catch (error) {
          // With the new defaults get_project wants a system or domain reader, while a
          // project-scoped admin may still list every project (list_projects is admin_required):
          // the details page of another project is read from the list then.
          if (!(error instanceof OpenStackHttpError) || error.status !== 403) throw error;
          const found = (await keystone.listProjects()).find((p) => p.id === id);
          if (!found) {
            throw new OpenStackHttpError({
              status: 404,
              service: 'identity',
              message: `Could not find project: ${id}.`,
              body: null,
            });
          }
          return toProject(found);
        }
      },
      update: async (request, id, body) =>
        toProject(await request.openstack.keystone.updateProject(id, body)),
      remove: (request, id) => request.openstack.keystone.deleteProject(id),
      changing: forgetProjects,
    },
  );

  serve(app, api['keystone.projects.members'], async (request) => ({
    items: await listProjectMembers(request.openstack.keystone, request.params.id),
  }));

  serveNoContent(app, api['keystone.projects.setMembers'], (request) =>
    setProjectMembers(request.openstack.keystone, request.params.id, request.body.members),
  );

  serveNoContent(app, api['keystone.projects.grant'], async (request) => {
    const { projectId, roleId, userId } = request.params;
    await request.openstack.keystone.grantProjectUserRole(projectId, userId, roleId);
  });

  serveNoContent(app, api['keystone.projects.revoke'], async (request) => {
    const { projectId, roleId, userId } = request.params;
    await request.openstack.keystone.revokeProjectUserRole(projectId, userId, roleId);
  });
};
