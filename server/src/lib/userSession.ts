import type { CatalogService, UserSession } from '@skydeck/contract';
import type { AuthResult, CatalogEntry } from '@skydeck/openstack-client';
import type { SessionData } from '../plugins/sessionStore';

/** The token's catalog with region and region_id always filled (older Keystones send one). */
export const toCatalog = (entries: readonly CatalogEntry[] | undefined): CatalogService[] =>
  (entries ?? []).map((entry) => ({
    id: entry.id,
    type: entry.type,
    name: entry.name ?? '',
    endpoints: entry.endpoints.map((endpoint) => {
      const region = endpoint.region_id ?? endpoint.region ?? '';
      return {
        id: endpoint.id,
        interface: endpoint.interface,
        region,
        region_id: region,
        url: endpoint.url,
      };
    }),
  }));

/** Regions in catalog order. */
export const catalogRegions = (catalog: readonly CatalogService[]): string[] => {
  const regions = new Set<string>();
  for (const service of catalog) {
    for (const endpoint of service.endpoints) {
      if (endpoint.region_id) regions.add(endpoint.region_id);
    }
  }
  return [...regions];
};

/**
 * The region to use: the one asked for if the catalog has it, else the first configured one it
 * has, else the first region offering compute, else the first region at all.
 */
export const chooseRegion = (
  catalog: readonly CatalogService[],
  regions: readonly string[],
  wanted: readonly (string | undefined)[],
): string => {
  for (const region of wanted) {
    if (region && regions.includes(region)) return region;
  }
  const compute = catalog.find((s) => s.type === 'compute')?.endpoints[0]?.region_id;
  return compute || regions[0] || '';
};

/** A session from a project-scoped token. */
export const sessionFromAuth = (
  auth: AuthResult,
  wantedRegions: readonly (string | undefined)[],
): SessionData => {
  const body = auth.body;
  const project = body.project;
  if (!project) throw new Error('sessionFromAuth needs a project-scoped token');
  const catalog = toCatalog(body.catalog);
  const regions = catalogRegions(catalog);
  return {
    token: auth.token,
    expiresAt: Date.parse(body.expires_at),
    user: {
      id: body.user.id,
      name: body.user.name,
      domainId: body.user.domain.id,
      domainName: body.user.domain.name,
    },
    project: {
      id: project.id,
      name: project.name,
      domainId: project.domain.id,
      domainName: project.domain.name,
    },
    roles: (body.roles ?? []).map((role) => role.name),
    catalog,
    region: chooseRegion(catalog, regions, wantedRegions),
    regions,
    createdAt: Date.now(),
  };
};

/** What the browser may know about its session: everything but the token. */
export const toUserSession = (session: SessionData): UserSession => ({
  id: session.user.id,
  username: session.user.name,
  user_domain_id: session.user.domainId,
  user_domain_name: session.user.domainName,
  project_id: session.project.id,
  project_name: session.project.name,
  project_domain_id: session.project.domainId,
  roles: session.roles,
  is_superuser: session.roles.includes('admin'),
  services_region: session.region,
  available_services_regions: session.regions,
  token_expires_at: new Date(session.expiresAt).toISOString(),
  ...(session.domainContext && { domain_context: session.domainContext }),
});
