import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorize } from '../../core/policy';
import { INTERFACES } from '../../core/service';
import type { CloudContext } from '../../core/service';
import { hexId } from '../../core/ids';
import { endpoints, regions, services } from './model';
import type { EndpointDoc, RegionDoc, ServiceDoc } from './model';
import { listLinks, notFoundFault, queryString, selfLink } from './http';

export interface CatalogEndpoint {
  id: string;
  interface: string;
  region_id: string;
  region: string;
  url: string;
}

export interface CatalogEntry {
  id: string;
  type: string;
  name: string;
  endpoints: CatalogEndpoint[];
}

/** The endpoint URL as stored in Keystone: the path under the current base; `$(project_id)s` kept. */
const endpointUrl = (
  ctx: CloudContext,
  request: FastifyRequest | undefined,
  e: EndpointDoc,
): string => `${ctx.baseUrl(request)}${e.path}`;

/** The service catalog of a scoped token, with `$(project_id)s` substituted as Keystone does. */
export const renderCatalog = (
  ctx: CloudContext,
  request: FastifyRequest | undefined,
  projectId: string | undefined,
): CatalogEntry[] => {
  const endpointCol = ctx.store.collection(endpoints);
  // A service switched off as `absent` (core/knobs.ts) is left out of new tokens.
  return ctx.store
    .collection(services)
    .all()
    .filter((s) => s.enabled && ctx.knobs.inCatalog(s.type))
    .map((s) => ({
      id: s.id,
      type: s.type,
      name: s.name,
      endpoints: endpointCol
        .where('service_id', s.id)
        .filter((e) => e.enabled)
        .map((e) => ({
          id: e.id,
          interface: e.interface,
          region_id: e.region_id,
          region: e.region_id,
          url: endpointUrl(ctx, request, e).replaceAll('$(project_id)s', projectId ?? ''),
        })),
    }));
};

/**
 * Makes the catalog list every hosted service in its regions, so a data directory made before a
 * service existed gains its endpoints on the next start.
 */
export const syncCatalog = (ctx: CloudContext): void => {
  const regionCol = ctx.store.collection(regions);
  const serviceCol = ctx.store.collection(services);
  const endpointCol = ctx.store.collection(endpoints);
  const declarations = ctx.services.flatMap((hosted) => [
    hosted.catalog,
    ...(hosted.extraCatalog ?? []),
  ]);
  for (const declared of declarations) {
    for (const region of declared.regions) {
      if (!regionCol.get(region)) {
        regionCol.insert({ id: region, description: '', parent_region_id: null });
      }
    }
    const service =
      serviceCol.findOne('type', declared.type) ??
      serviceCol.insert({
        id: hexId(),
        type: declared.type,
        name: declared.name,
        description: declared.description,
        enabled: true,
      });
    const existing = endpointCol.where('service_id', service.id);
    for (const region of declared.regions) {
      for (const iface of INTERFACES) {
        const current = existing.find((e) => e.region_id === region && e.interface === iface);
        if (!current) {
          endpointCol.insert({
            id: hexId(),
            service_id: service.id,
            region_id: region,
            interface: iface,
            path: declared.path,
            enabled: true,
          });
        } else if (current.path !== declared.path) {
          endpointCol.put({ ...current, path: declared.path });
        }
      }
    }
  }
};

const regionView = (ctx: CloudContext, request: FastifyRequest, r: RegionDoc): object => ({
  id: r.id,
  description: r.description,
  parent_region_id: r.parent_region_id,
  links: selfLink(ctx, request, `/regions/${r.id}`),
});

const serviceView = (ctx: CloudContext, request: FastifyRequest, s: ServiceDoc): object => ({
  id: s.id,
  type: s.type,
  name: s.name,
  description: s.description,
  enabled: s.enabled,
  links: selfLink(ctx, request, `/services/${s.id}`),
});

const endpointView = (ctx: CloudContext, request: FastifyRequest, e: EndpointDoc): object => ({
  id: e.id,
  interface: e.interface,
  region_id: e.region_id,
  region: e.region_id,
  service_id: e.service_id,
  url: endpointUrl(ctx, request, e),
  enabled: e.enabled,
  links: selfLink(ctx, request, `/endpoints/${e.id}`),
});

export const catalogRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;

  app.get('/regions', async (request) => {
    authorize(request, 'identity', 'identity:list_regions', {});
    const parent = queryString(request.query, 'parent_region_id');
    const list = store
      .collection(regions)
      .all()
      .filter((r) => parent === undefined || r.parent_region_id === parent);
    return {
      regions: list.map((r) => regionView(ctx, request, r)),
      links: listLinks(ctx, request),
    };
  });

  app.get<{ Params: { id: string } }>('/regions/:id', async (request) => {
    authorize(request, 'identity', 'identity:get_region', {});
    const region = store.collection(regions).get(request.params.id);
    if (!region) throw notFoundFault('region', request.params.id);
    return { region: regionView(ctx, request, region) };
  });

  app.get('/services', async (request) => {
    authorize(request, 'identity', 'identity:list_services', {});
    const type = queryString(request.query, 'type');
    const list = store
      .collection(services)
      .all()
      .filter((s) => type === undefined || s.type === type);
    return {
      services: list.map((s) => serviceView(ctx, request, s)),
      links: listLinks(ctx, request),
    };
  });

  app.get<{ Params: { id: string } }>('/services/:id', async (request) => {
    authorize(request, 'identity', 'identity:get_service', {});
    const service = store.collection(services).get(request.params.id);
    if (!service) throw notFoundFault('service', request.params.id);
    return { service: serviceView(ctx, request, service) };
  });

  app.get('/endpoints', async (request) => {
    authorize(request, 'identity', 'identity:list_endpoints', {});
    const iface = queryString(request.query, 'interface');
    const serviceId = queryString(request.query, 'service_id');
    const regionId = queryString(request.query, 'region_id');
    const list = store
      .collection(endpoints)
      .all()
      .filter((e) => iface === undefined || e.interface === iface)
      .filter((e) => serviceId === undefined || e.service_id === serviceId)
      .filter((e) => regionId === undefined || e.region_id === regionId);
    return {
      endpoints: list.map((e) => endpointView(ctx, request, e)),
      links: listLinks(ctx, request),
    };
  });

  app.get<{ Params: { id: string } }>('/endpoints/:id', async (request) => {
    authorize(request, 'identity', 'identity:get_endpoint', {});
    const endpoint = store.collection(endpoints).get(request.params.id);
    if (!endpoint) throw notFoundFault('endpoint', request.params.id);
    return { endpoint: endpointView(ctx, request, endpoint) };
  });
};
