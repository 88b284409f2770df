import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type KeystoneUser, type UserRoleAssignment, routeTable as api } from '@skydeck/contract';
import { OpenStackHttpError, type User } from '@skydeck/openstack-client';
import { serve } from '../../serve';
import { sessionOf } from '../../../lib/sessionOf';
import { identityList } from '../../../services/keystone/identityPage';
import { forgetLists } from '../../../services/listCache';
import { contextDomainId } from '../../../services/keystone/domainContext';
import { registerKeystoneDeleteMany, registerKeystoneItem } from './keystoneCrud';
import { refused, toRole } from './domains';
import type { RouteDeps } from '../../deps';

/** The allowlist of a user's fields: never Keystone's options or federation data. */
export const toUser = (u: User): KeystoneUser => ({
  id: u.id,
  name: u.name,
  domain_id: u.domain_id,
  enabled: u.enabled,
  email: u.email ?? null,
  description: u.description ?? null,
  default_project_id: u.default_project_id ?? null,
  password_expires_at: u.password_expires_at ?? null,
});

/** `current` names the signed-in user (spec 3 §7: users by id or the value current). */
const userId = (request: FastifyRequest, id: string): string =>
  id === 'current' ? sessionOf(request).session.user.id : id;

/** /api/keystone/users/ and /api/keystone/roles/. */
export const keystoneUserRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['keystone.users.list'], async (request) => {
    const { domain_id: asked, ...paging } = request.query;
    const domain_id = contextDomainId(request, asked);
    const keystone = request.openstack.keystone;
    // Spec 3 §6: without list_users only the current user is listed.
    const read = (): Promise<readonly User[]> =>
      keystone.listUsers({ domain_id }).catch(async (error: unknown) => {
        if (!refused(error)) throw error;
        return [await keystone.getUser(sessionOf(request).session.user.id)];
      });
    return identityList(sessionOf(request).sessionId, 'users', { domain_id }, read, paging, toUser);
  });

  serve(app, api['keystone.users.create'], async (request, reply) => {
    forgetLists('users');
    const { project_id, role_id, ...rest } = request.body;
    const keystone = request.openstack.keystone;
    const domainId = contextDomainId(request, rest.domain_id);
    const created = await keystone.createUser({
      ...rest,
      ...(domainId && { domain_id: domainId }),
      ...(project_id ? { default_project_id: project_id } : {}),
    });
    if (project_id && role_id) {
      try {
        await keystone.grantProjectUserRole(project_id, created.id, role_id);
      } catch (error) {
        // No half-made user: one without the role on its project could not use it.
        await keystone.deleteUser(created.id).catch(() => undefined);
        throw error;
      }
    }
    return reply.code(201).send(toUser(created));
  });

  const forgetUsers = (): void => forgetLists('users');

  registerKeystoneDeleteMany(
    app,
    api['keystone.users.deleteMany'],
    (request, id) => request.openstack.keystone.deleteUser(id),
    forgetUsers,
  );

  registerKeystoneItem(
    app,
    {
      get: api['keystone.users.get'],
      update: api['keystone.users.update'],
      delete: api['keystone.users.delete'],
    },
    {
      get: async (request, id) => toUser(await request.openstack.keystone.getUser(id)),
      update: async (request, id, body) =>
        toUser(await request.openstack.keystone.updateUser(id, body)),
      remove: (request, id) => request.openstack.keystone.deleteUser(id),
      id: userId,
      changing: forgetUsers,
    },
  );

  serve(app, api['keystone.users.changeOwnPassword'], async (request, reply) => {
    const { session } = sessionOf(request);
    const { original_password, password } = request.body;
    try {
      await request.openstack.keystone.changePassword(session.user.id, original_password, password);
    } catch (error) {
      // Keystone answers a wrong current password with 401; the session is still good, so the
      // user gets the form back (400) instead of being signed out.
      if (error instanceof OpenStackHttpError && error.status === 401) {
        return reply.code(400).send({ message: 'The current password is incorrect.' });
      }
      throw error;
    }
    return reply.code(204).send(null);
  });

  serve(app, api['keystone.users.roleAssignments'], async (request) => {
    const id = userId(request, request.params.id);
    const assignments = await request.openstack.keystone.listRoleAssignments({
      'user.id': id,
      effective: true,
      include_names: true,
    });
    const items: UserRoleAssignment[] = [];
    for (const a of assignments) {
      const { project, domain, system } = a.scope;
      const scope = project
        ? { kind: 'project' as const, id: project.id, name: project.name ?? project.id }
        : domain
          ? { kind: 'domain' as const, id: domain.id, name: domain.name ?? domain.id }
          : system
            ? { kind: 'system' as const, id: 'all', name: 'all' }
            : undefined;
      if (!scope) continue;
      // An effective assignment through a group names the group in its membership link.
      const viaGroup = a.links.membership?.match(/\/groups\/([^/]+)\/users\//)?.[1];
      items.push({
        role: { id: a.role.id, name: a.role.name ?? a.role.id },
        scope,
        ...(viaGroup ? { group: { id: viaGroup, name: viaGroup } } : {}),
      });
    }
    return { items };
  });

  serve(app, api['keystone.users.groups'], async (request) => ({
    items: (
      await request.openstack.keystone.listUserGroups(userId(request, request.params.id))
    ).map((g) => ({
      id: g.id,
      name: g.name,
      domain_id: g.domain_id,
      description: g.description ?? null,
    })),
  }));

  serve(app, api['keystone.roles.list'], async (request) => ({
    items: (await request.openstack.keystone.listRoles()).map(toRole),
  }));
};
