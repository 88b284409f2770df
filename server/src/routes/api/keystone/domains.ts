import type { FastifyPluginAsync } from 'fastify';
import { type KeystoneDomain, type Role, routeTable as api } from '@skydeck/contract';
import {
  OpenStackHttpError,
  type Domain,
  type Role as UpstreamRole,
} from '@skydeck/openstack-client';
import { serve } from '../../serve';
import { registerKeystoneItem } from './keystoneCrud';
import type { RouteDeps } from '../../deps';

const toDomain = (d: Domain): KeystoneDomain => ({
  id: d.id,
  name: d.name,
  description: d.description ?? '',
  enabled: d.enabled,
});

/** The allowlist of a role's fields. */
export const toRole = (r: UpstreamRole): Role => ({
  id: r.id,
  name: r.name,
  domain_id: r.domain_id,
  description: r.description ?? null,
});

/** Keystone's policy refused the call (a 403). */
export const refused = (error: unknown): boolean =>
  error instanceof OpenStackHttpError && error.status === 403;

/** The default domain's id (Keystone's own, `default`, unless the deployment renamed it). */
const DEFAULT_DOMAIN_ID = 'default';

/** /api/keystone/domains/ and the roles' create, edit and delete. */
export const keystoneDomainRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['keystone.domains.list'], async (request) => {
    const keystone = request.openstack.keystone;
    try {
      return { items: (await keystone.listDomains()).map(toDomain) };
    } catch (error) {
      // Spec 3 §6: without list_domains only the default domain is shown.
      if (!refused(error)) throw error;
      const own = await keystone.getDomain(DEFAULT_DOMAIN_ID).catch(() => undefined);
      return { items: own ? [toDomain(own)] : [] };
    }
  });

  serve(app, api['keystone.domains.create'], async (request, reply) => {
    const created = await request.openstack.keystone.createDomain(request.body);
    return reply.code(201).send(toDomain(created));
  });

  registerKeystoneItem(
    app,
    {
      get: api['keystone.domains.get'],
      update: api['keystone.domains.update'],
      delete: api['keystone.domains.delete'],
    },
    {
      get: async (request, id) => toDomain(await request.openstack.keystone.getDomain(id)),
      update: async (request, id, body) =>
        toDomain(await request.openstack.keystone.updateDomain(id, body)),
      remove: (request, id) => request.openstack.keystone.deleteDomain(id),
    },
  );

  serve(app, api['keystone.roles.create'], async (request, reply) => {
    const created = await request.openstack.keystone.createRole(request.body);
    return reply.code(201).send(toRole(created));
  });

  registerKeystoneItem(
    app,
    {
      get: api['keystone.roles.get'],
      update: api['keystone.roles.update'],
      delete: api['keystone.roles.delete'],
    },
    {
      get: async (request, id) => toRole(await request.openstack.keystone.getRole(id)),
      update: async (request, id, body) =>
        toRole(await request.openstack.keystone.updateRole(id, body)),
      remove: (request, id) => request.openstack.keystone.deleteRole(id),
    },
  );
};
