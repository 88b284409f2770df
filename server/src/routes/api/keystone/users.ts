import type { FastifyPluginAsync } from 'fastify';
import { type KeystoneUser, type Role, routeTable as api } from '@skydeck/contract';
import type { Role as UpstreamRole, User } from '@skydeck/openstack-client';
import { serve } from '../../serve';
import { identityPage, wantsIdentityPage } from '../../../services/keystone/identityPage';
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

const toRole = (r: UpstreamRole): Role => ({
  id: r.id,
  name: r.name,
  domain_id: r.domain_id,
  description: r.description ?? null,
});

const DEFAULT_PAGE = 20;

/** /api/keystone/users/ and /api/keystone/roles/. */
export const keystoneUserRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['keystone.users.list'], async (request) => {
    const { domain_id, ...paging } = request.query;
    const all = await request.openstack.keystone.listUsers({ domain_id });
    if (!wantsIdentityPage(paging) && paging.name__icontains === undefined) {
      return { items: all.map(toUser) };
    }
    return identityPage(
      all,
      paging,
      wantsIdentityPage(paging) ? DEFAULT_PAGE : all.length || 1,
      toUser,
    );
  });

  serve(app, api['keystone.roles.list'], async (request) => ({
    items: (await request.openstack.keystone.listRoles()).map(toRole),
  }));
};
