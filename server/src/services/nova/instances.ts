import {
  LIST_IDS_MAX,
  type Instance,
  type InstanceFlavor,
  type InstanceListQuery,
  type InstanceNetwork,
  type InstanceSortKey,
  type List,
} from '@skydeck/contract';
import {
  embedsFlavor,
  type NormalizedFlavor,
  type NovaServer,
  type OpenStackClient,
  type ServerFilters,
} from '@skydeck/openstack-client';
import { readPage, type PageRead } from '../../lib/listPage';

/** The clients a page is assembled from (fakes in unit tests). */
export type InstanceClients = Pick<OpenStackClient, 'nova' | 'glance' | 'keystone'>;

/** Who asks: their project (rows of it need no Keystone call) and the page size default. */
export interface InstanceCaller {
  projectId: string;
  projectName: string;
  pageSize: number;
}

/** Nova's largest page (its max_limit): also what paginate=false asks for. */
export const NOVA_MAX_LIMIT = 1000;

/** Nova's order when the request names none: newest first (then id, the same way). */
const NOVA_DEFAULT_SORT = { key: 'created_at', dir: 'desc' } as const;

/** The contract's sort keys in Nova's words. */
const NOVA_SORT_KEYS: Readonly<Record<InstanceSortKey, string>> = {
  name: 'display_name',
  created: 'created_at',
  updated: 'updated_at',
  status: 'vm_state',
  task_state: 'task_state',
  power_state: 'power_state',
  availability_zone: 'availability_zone',
  key_name: 'key_name',
  host: 'host',
};

/**
 * Nova matches `name` as a regular expression anywhere in the name (MySQL REGEXP or Python's
 * re.search): escaping every metacharacter makes a typed name literal ("web.1" no longer
 * matches "web-1", "db(2)" is no longer an error) while a part of a name still matches.
 */
export const literalPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The ip filter: a part of an address. Nova turns `\.` back into `.` for Neutron's substring
 * match, and its own regular expression then reads the dots literally.
 */
export const ipFilterOf = (ip: string): Pick<ServerFilters, 'ip' | 'ip6'> =>
  ip.includes(':') ? { ip6: ip } : { ip: ip.replace(/\./g, '\\.') };

/** The Nova filters of a list query; only an admin's asking for other projects lists them. */
export const novaFiltersOf = (query: InstanceListQuery, caller: InstanceCaller): ServerFilters => {
  const filters: ServerFilters = {};
  if (query.name !== undefined) filters.name = literalPattern(query.name);
  if (query.status !== undefined) filters.status = query.status;
  if (query.image !== undefined) filters.image = query.image;
  if (query.flavor !== undefined) filters.flavor = query.flavor;
  if (query.ip !== undefined) Object.assign(filters, ipFilterOf(query.ip));
  if (query.availability_zone !== undefined) filters.availability_zone = query.availability_zone;
  if (query.host !== undefined) filters.host = query.host;
  if (query.project_id !== undefined && query.project_id !== caller.projectId) {
    // Nova reads project_id only with all_tenants (an admin's); its own project is the default.
    filters.all_tenants = true;
    filters.project_id = query.project_id;
  }
  if (query.all_projects) filters.all_tenants = true;
  return filters;
};

/** Whether a query may list other projects' instances (their names then come from Keystone). */
const asksOtherProjects = (filters: ServerFilters): boolean => filters.all_tenants === true;

/** What a page's rows are named from: each looked up once per page, never once per row. */
export interface PageLookups {
  /** Below Nova 2.47 the server only references its flavor. */
  flavors?: ReadonlyMap<string, NormalizedFlavor>;
  imageNames: ReadonlyMap<string, string | null>;
  /** Absent: the caller may not see project names (they are then left out). */
  projectNames?: ReadonlyMap<string, string>;
}

const addressesOf = (server: NovaServer): InstanceNetwork[] =>
  Object.entries(server.addresses ?? {}).map(([network, ips]) => ({
    network,
    ips: ips.map((ip) => ({
      addr: ip.addr,
      version: ip.version,
      type: ip['OS-EXT-IPS:type'] === 'floating' ? 'floating' : 'fixed',
      mac: ip['OS-EXT-IPS-MAC:mac_addr'] ?? null,
    })),
  }));

const flavorOf = (server: NovaServer, lookups: PageLookups): InstanceFlavor | null => {
  const ref = server.flavor;
  if (!ref) return null;
  if (ref.id === undefined) {
    // Embedded (2.47+): a copy of the flavor as booted, named by its original name.
    return {
      name: ref.original_name ?? '',
      vcpus: ref.vcpus ?? null,
      ram: ref.ram ?? null,
      disk: ref.disk ?? null,
    };
  }
  const known = lookups.flavors?.get(ref.id);
  // A deleted flavor is still the instance's: its id is all there is to show.
  return known
    ? { id: ref.id, name: known.name, vcpus: known.vcpus, ram: known.ram, disk: known.disk }
    : { id: ref.id, name: ref.id, vcpus: null, ram: null, disk: null };
};

/** The answer for one server: an allowlist of Nova's fields, named as the contract names them. */
export const toInstance = (server: NovaServer, lookups: PageLookups): Instance => {
  const imageId = server.image && typeof server.image === 'object' ? server.image.id : undefined;
  const instance: Instance = {
    id: server.id,
    name: server.name ?? '',
    status: server.status,
    task_state: server['OS-EXT-STS:task_state'] ?? null,
    power_state: server['OS-EXT-STS:power_state'] ?? null,
    vm_state: server['OS-EXT-STS:vm_state'] ?? null,
    progress: server.progress ?? null,
    locked: server.locked ?? null,
    image: imageId ? { id: imageId, name: lookups.imageNames.get(imageId) ?? null } : null,
    flavor: flavorOf(server, lookups),
    addresses: addressesOf(server),
    key_name: server.key_name ?? null,
    // Nova answers "" for an instance not yet scheduled.
    availability_zone: server['OS-EXT-AZ:availability_zone'] || null,
    created: server.created ?? null,
    updated: server.updated ?? null,
    project_id: server.tenant_id ?? null,
    user_id: server.user_id ?? null,
    metadata: server.metadata ?? {},
    description: server.description ?? null,
  };
  if ('OS-EXT-SRV-ATTR:host' in server) instance.host = server['OS-EXT-SRV-ATTR:host'] ?? null;
  if ('OS-EXT-SRV-ATTR:hypervisor_hostname' in server) {
    instance.hypervisor_hostname = server['OS-EXT-SRV-ATTR:hypervisor_hostname'] ?? null;
  }
  if (lookups.projectNames && server.tenant_id) {
    instance.project_name = lookups.projectNames.get(server.tenant_id) ?? null;
  }
  return instance;
};

/** Flavors by id: one list (public and those the project may use; an admin's: all). */
const flavorsById = async (
  clients: InstanceClients,
): Promise<Map<string, NormalizedFlavor> | undefined> => {
  try {
    const flavors = await clients.nova.flavors.list({ isPublic: 'None' });
    return new Map(flavors.map((f) => [f.id, f]));
  } catch {
    // Names are a courtesy: a failed lookup leaves ids, it does not fail the page.
    return undefined;
  }
};

/** The distinct image ids' names: one Glance `id=in:` call per LIST_IDS_MAX ids (a short URL). */
const imageNamesOf = async (
  clients: InstanceClients,
  ids: readonly string[],
): Promise<Map<string, string | null>> => {
  const names = new Map<string, string | null>();
  if (ids.length === 0) return names;
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += LIST_IDS_MAX) chunks.push(ids.slice(i, i + LIST_IDS_MAX));
  try {
    const pages = await Promise.all(
      chunks.map((chunk) =>
        clients.glance.images.list({
          // Every image the caller may see, whoever shares it, so a booted image keeps its name.
          filters: { id: `in:${chunk.join(',')}`, visibility: 'all', member_status: 'all' },
          limit: chunk.length,
        }),
      ),
    );
    for (const page of pages) for (const image of page.images) names.set(image.id, image.name);
  } catch {
    // No image service, or it failed: the images stay unnamed (ids still link).
  }
  return names;
};

/**
 * Every project's name in one call, when the caller may list projects (Keystone's
 * identity:list_projects; a project-scoped admin often may not get_project another project).
 */
const projectNamesOf = async (
  clients: InstanceClients,
): Promise<Map<string, string> | undefined> => {
  try {
    const projects = await clients.keystone.listProjects();
    return new Map(projects.map((p) => [p.id, p.name]));
  } catch {
    // Not allowed: the rows keep their project ids only.
    return undefined;
  }
};

/** Whose project names a page needs: the caller's own only (the session has it), or any. */
export type ProjectLookup = 'own' | 'all';

/**
 * What a page's rows need besides Nova's answer, in a constant number of calls whatever the
 * page size: one flavor list (only below Nova 2.47), one Glance call for the distinct images,
 * one Keystone call when the page may hold other projects' instances.
 */
export const lookupsFor = async (
  clients: InstanceClients,
  servers: readonly NovaServer[],
  microversion: string,
  caller: InstanceCaller,
  projects: ProjectLookup,
): Promise<PageLookups> => {
  const imageIds = [
    ...new Set(
      servers.flatMap((s) => (s.image && typeof s.image === 'object' ? [s.image.id] : [])),
    ),
  ];
  const needFlavors =
    !embedsFlavor(microversion) && servers.some((s) => s.flavor?.id !== undefined);
  const [flavors, imageNames, others] = await Promise.all([
    needFlavors ? flavorsById(clients) : undefined,
    imageNamesOf(clients, imageIds),
    projects === 'own' ? undefined : projectNamesOf(clients),
  ]);
  const lookups: PageLookups = { imageNames };
  if (flavors) lookups.flavors = flavors;
  if (projects === 'own') {
    // The session knows its own project's name.
    lookups.projectNames = new Map([[caller.projectId, caller.projectName]]);
  } else if (others) {
    lookups.projectNames = others;
  }
  return lookups;
};

/**
 * One page of instances either way (listPage.readPage: the page before a marker is read after it
 * in the flipped order; Nova ends every order with created_at and id in the first key's
 * direction, so the flipped order is the exact reverse).
 */
export const listInstances = async (
  clients: InstanceClients,
  query: InstanceListQuery,
  caller: InstanceCaller,
): Promise<List<Instance>> => {
  const filters = novaFiltersOf(query, caller);
  const size = query.paginate === false ? NOVA_MAX_LIMIT : (query.limit ?? caller.pageSize);
  let microversion = '2.1';
  const read = async (page: PageRead<string>): Promise<NovaServer[]> => {
    const answer = await clients.nova.servers.list({
      filters,
      limit: page.limit,
      marker: page.marker,
      sortKey: page.sortKey,
      sortDir: page.sortDir,
    });
    microversion = answer.microversion;
    const { servers } = answer;
    const last = servers[servers.length - 1];
    if (servers.length < page.limit && answer.hasNextLink && last) {
      // Nova cut the page at its max_limit, so the one extra row that says "more" is missing:
      // one row after the last says it (only for pages of Nova's maximum size).
      const peek = await clients.nova.servers.list({
        filters,
        limit: 1,
        marker: last.id,
        sortKey: page.sortKey,
        sortDir: page.sortDir,
      });
      return [...servers, ...peek.servers];
    }
    return servers;
  };
  const sortKey = query.sort_key === undefined ? undefined : NOVA_SORT_KEYS[query.sort_key];
  const raw = await readPage<NovaServer, NovaServer, string>(
    {
      marker: query.marker,
      prev_marker: query.prev_marker,
      sort_key: sortKey,
      sort_dir: query.sort_dir,
    },
    size,
    NOVA_DEFAULT_SORT,
    read,
    (server) => server,
  );
  const lookups = await lookupsFor(
    clients,
    raw.items,
    microversion,
    caller,
    asksOtherProjects(filters) ? 'all' : 'own',
  );
  return { ...raw, items: raw.items.map((server) => toInstance(server, lookups)) };
};

/** Nova's server ids are UUIDs: anything else is no instance, without asking Nova. */
const SERVER_ID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** A request for an instance that cannot exist: a 404, as Nova would answer. */
export class InstanceNotFoundError extends Error {
  readonly statusCode = 404;
  constructor(id: string) {
    super(`Instance ${id.slice(0, 64)} could not be found.`);
  }
}

/** One instance with its image, flavor and (for another project's) project name. */
export const getInstance = async (
  clients: InstanceClients,
  id: string,
  caller: InstanceCaller,
): Promise<Instance> => {
  if (!SERVER_ID.test(id)) throw new InstanceNotFoundError(id);
  const { server, microversion } = await clients.nova.servers.get(id);
  const owner = server.tenant_id;
  const projects: ProjectLookup = owner === undefined || owner === caller.projectId ? 'own' : 'all';
  const lookups = await lookupsFor(clients, [server], microversion, caller, projects);
  return toInstance(server, lookups);
};
