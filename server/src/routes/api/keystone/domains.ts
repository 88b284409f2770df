import type { FastifyPluginAsync } from 'fastify';
import { type KeystoneDomain, type Role, routeTable as api } from '@skydeck/contract';
import {
  OpenStackHttpError,
  type Domain,
  type Role as UpstreamRole,
} from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';

const toDomain = (d: Domain): KeystoneDomain => ({
  id: d.id,
  name: d.name,
  description: d.description ?? '',
  enabled: d.enabled,
});

const toRole = (r: UpstreamRole): Role => ({
  id: r.id,
  name: r.name,
  domain_id: r.domain_id,
  description: r.description ?? null,
});

const refused = (error: unknown): boolean =>
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

  serve(app, api['keystone.domains.get'], async (request) =>
    toDomain(await request.openstack.keystone.getDomain(request.params.id)),
  );

  serve(app, api['keystone.domains.update'], async (request) =>
    toDomain(await request.openstack.keystone.updateDomain(request.params.id, request.body)),
  );

  serveNoContent(app, api['keystone.domains.delete'], (request) =>
    request.openstack.keystone.deleteDomain(request.params.id),
  );

  serve(app, api['keystone.roles.create'], async (request, reply) => {
    const created = await request.openstack.keystone.createRole(request.body);
    return reply.code(201).send(toRole(created));
  });

  serve(app, api['keystone.roles.get'], async (request) =>
    toRole(await request.openstack.keystone.getRole(request.params.id)),
  );

  serve(app, api['keystone.roles.update'], async (request) =>
    toRole(await request.openstack.keystone.updateRole(request.params.id, request.body)),
  );

  serveNoContent(app, api['keystone.roles.delete'], (request) =>
    request.openstack.keystone.deleteRole(request.params.id),
  );
};
