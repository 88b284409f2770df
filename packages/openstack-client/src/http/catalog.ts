import { ServiceUnavailableError } from './errors';
import type { CatalogEntry, CatalogEndpoint, EndpointInterface } from '../keystone/types';

export interface EndpointQuery {
  /** Service type; known aliases are tried too (`block-storage` also finds `volumev3`). */
  type: string;
  /** Matches `region_id`, or the older `region` field. Omitted: the first region listed. */
  region?: string;
  /**
   * Interface, or interfaces in order of preference. Default `public`, exact: an operator who
   * publishes only an internal endpoint has to ask for it.
   */
  interface?: EndpointInterface | readonly EndpointInterface[];
  /** Optional service name, for catalogs that list two services of one type. */
  name?: string;
  /** Fills `%(tenant_id)s`, `$(project_id)s` and their variants in the URL. */
  projectId?: string;
  /**
   * API version segment (`v3`, `v2.1`) appended when the catalog URL has no version in its path;
   * a URL that already names a version is left alone.
   */
  version?: string;
}

export interface FoundEndpoint {
  url: string;
  interface: EndpointInterface;
  region?: string;
  serviceType: string;
  serviceName?: string;
  endpoint: CatalogEndpoint;
}

/**
 * Aliases from the OpenStack service-types authority, so catalogs written before the official
 * names (`volumev3`, `object-store` vs `object`) still resolve.
 */
const TYPE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  'block-storage': ['volumev3', 'volumev2', 'volume', 'block-store'],
  volumev3: ['block-storage', 'volume'],
  volume: ['block-storage', 'volumev3'],
  'load-balancer': ['octavia'],
};

export function findEndpoint(
  catalog: readonly CatalogEntry[],
  query: EndpointQuery,
): FoundEndpoint | undefined {
  const interfaces = toList(query.interface ?? 'public');
  for (const type of [query.type, ...(TYPE_ALIASES[query.type] ?? [])]) {
    const services = catalog.filter(
      (entry) => entry.type === type && (query.name === undefined || entry.name === query.name),
    );
    for (const wanted of interfaces) {
      for (const service of services) {
        const endpoint = service.endpoints.find(
          (candidate) => candidate.interface === wanted && matchesRegion(candidate, query.region),
        );
        if (endpoint) {
          return {
            url: finishUrl(endpoint.url, query),
            interface: wanted,
            region: endpoint.region_id ?? endpoint.region ?? undefined,
            serviceType: service.type,
            serviceName: service.name,
            endpoint,
          };
        }
      }
    }
  }
  return undefined;
}

/** As findEndpoint, but a missing service is a typed error (what a request handler wants). */
export function requireEndpoint(catalog: readonly CatalogEntry[], query: EndpointQuery): string {
  const found = findEndpoint(catalog, query);
  if (!found) throw new ServiceUnavailableError(query.type, query.region);
  return found.url;
}

/** Regions that offer the service type, in catalog order, for region pickers. */
export function regionsOf(catalog: readonly CatalogEntry[], type: string): string[] {
  const regions = new Set<string>();
  for (const entry of catalog) {
    if (entry.type !== type && !(TYPE_ALIASES[type] ?? []).includes(entry.type)) continue;
    for (const endpoint of entry.endpoints) {
      const region = endpoint.region_id ?? endpoint.region;
      if (region) regions.add(region);
    }
  }
  return [...regions];
}

/** Replace the project placeholders Keystone leaves in some catalogs (Swift, Heat, old Nova). */
export function substituteProject(url: string, projectId: string | undefined): string {
  if (!/[%$]\((tenant_id|project_id)\)s/.test(url)) return url;
  if (projectId === undefined) {
    throw new TypeError(`Endpoint ${url} needs a project id to be filled in`);
  }
  return url.replace(/[%$]\((tenant_id|project_id)\)s/g, encodeURIComponent(projectId));
}

/** Append a version segment to an unversioned endpoint URL; versioned URLs pass unchanged. */
export function withVersion(url: string, version: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return hasVersionSegment(trimmed) ? trimmed : `${trimmed}/${version}`;
}

function finishUrl(url: string, query: EndpointQuery): string {
  const filled = substituteProject(url, query.projectId).replace(/\/+$/, '');
  return query.version === undefined ? filled : withVersion(filled, query.version);
}

function hasVersionSegment(url: string): boolean {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return /(^|\/)v\d+(\.\d+)?(\/|$)/.test(path);
}

function matchesRegion(endpoint: CatalogEndpoint, region: string | undefined): boolean {
  if (region === undefined) return true;
  return endpoint.region_id === region || endpoint.region === region;
}

function toList<T>(value: T | readonly T[]): readonly T[] {
  return Array.isArray(value) ? (value as readonly T[]) : [value as T];
}
