import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault, badRequest, conflict } from '../../core/faults';
import { uuid } from '../../core/ids';
import { pageAfterMarker, parseLimit, queryValue } from '../../core/paging';
import { authorize, isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import {
  atLeast,
  bodyObject,
  checkBoolean,
  checkInteger,
  checkName,
  invalidInput,
  nextLink,
  parseBoolString,
  pyRepr,
  resourceLinks,
} from './http';
import type { Json } from './http';
import { flavors } from './model';
import type { FlavorDoc } from './model';

export const flavorNotFound = (id: string): Fault =>
  new Fault(404, `Flavor ${id} could not be found.`);

/** Nova's context.is_admin: what the context_is_admin rule says of the caller. */
export const isAdminContext = (request: FastifyRequest): boolean =>
  callerOf(request).roles.some((r) => r.name === 'admin');

/** Whether the caller may see a flavor: public, granted to its project, or the caller is admin. */
export const canSeeFlavor = (request: FastifyRequest, flavor: FlavorDoc): boolean =>
  isAdminContext(request) ||
  flavor.is_public ||
  flavor.projects.includes(callerOf(request).project?.id ?? '');

/** A flavor the caller can see, else nova's 404. */
export const loadVisibleFlavor = (store: Store, request: FastifyRequest, id: string): FlavorDoc => {
  const flavor = store.collection(flavors).get(id);
  if (!flavor || !canSeeFlavor(request, flavor)) throw flavorNotFound(id);
  return flavor;
};

const projectTarget = (request: FastifyRequest): Json => ({
  project_id: callerOf(request).project?.id,
});

export const flavorDetail = (ctx: CloudContext, request: FastifyRequest, f: FlavorDoc): Json => {
  const view: Json = {
    id: f.id,
    name: f.name,
    ram: f.ram,
    disk: f.disk,
    // Before 2.75 a flavor without swap answers "" rather than 0.
    swap: f.swap === 0 && !atLeast(request, '2.75') ? '' : f.swap,
    'OS-FLV-EXT-DATA:ephemeral': f.ephemeral,
    'OS-FLV-DISABLED:disabled': f.disabled,
    vcpus: f.vcpus,
    'os-flavor-access:is_public': f.is_public,
    rxtx_factor: f.rxtx_factor,
    links: resourceLinks(ctx, request, `/flavors/${f.id}`),
  };
  if (atLeast(request, '2.55')) view['description'] = f.description;
  if (
    atLeast(request, '2.61') &&
    isAllowed(
      request,
      'compute',
      'os_compute_api:os-flavor-extra-specs:index',
      projectTarget(request),
    )
  ) {
    view['extra_specs'] = f.extra_specs;
  }
  return view;
};

const flavorBrief = (ctx: CloudContext, request: FastifyRequest, f: FlavorDoc): Json => {
  const view: Json = {
    id: f.id,
    name: f.name,
    links: resourceLinks(ctx, request, `/flavors/${f.id}`),
  };
  if (atLeast(request, '2.55')) view['description'] = f.description;
  return view;
};

const SORT_KEYS: Readonly<Record<string, (f: FlavorDoc) => string | number | boolean | null>> = {
  created_at: (f) => f.created_at,
  description: (f) => f.description,
  disabled: (f) => f.disabled,
  ephemeral_gb: (f) => f.ephemeral,
  flavorid: (f) => f.id,
  id: (f) => f.created_at,
  is_public: (f) => f.is_public,
  memory_mb: (f) => f.ram,
  name: (f) => f.name,
  root_gb: (f) => f.disk,
  rxtx_factor: (f) => f.rxtx_factor,
  swap: (f) => f.swap,
  updated_at: (f) => f.created_at,
  vcpu_weight: () => 0,
  vcpus: (f) => f.vcpus,
};

const compareValues = (
  a: string | number | boolean | null,
  b: string | number | boolean | null,
): number => {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
};

const queryInteger = (query: unknown, name: string): number | undefined => {
  const raw = queryValue(query, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw badRequest(`Invalid ${name} filter [${raw}]`);
  return Number(raw);
};

/** The flavors a list call returns, with nova's is_public semantics and filters. */
const listFlavors = (
  store: Store,
  request: FastifyRequest,
): { items: FlavorDoc[]; full: boolean } => {
  const q = request.query;
  const admin = isAdminContext(request);
  const projectId = callerOf(request).project?.id ?? '';
  let isPublic: boolean | null = true;
  if (admin) {
    const raw = queryValue(q, 'is_public');
    if (raw !== undefined) {
      if (raw.toLowerCase() === 'none') isPublic = null;
      else {
        const parsed = parseBoolString(raw);
        if (parsed === undefined) throw badRequest(`Invalid is_public filter [${raw}]`);
        isPublic = parsed;
      }
    }
  }
  const minRam = queryInteger(q, 'minRam');
  const minDisk = queryInteger(q, 'minDisk');
  const sortKey = queryValue(q, 'sort_key') ?? 'flavorid';
  const sortDir = queryValue(q, 'sort_dir') ?? 'asc';
  const sortValue = SORT_KEYS[sortKey];
  if (!sortValue) {
    throw badRequest(
      `Invalid input for query parameters sort_key. Value: ${sortKey}. ${pyRepr(sortKey)} is not one of ${pyRepr(Object.keys(SORT_KEYS))}`,
    );
  }
  if (sortDir !== 'asc' && sortDir !== 'desc') {
    throw badRequest(
      `Invalid input for query parameters sort_dir. Value: ${sortDir}. ${pyRepr(sortDir)} is not one of ['asc', 'desc']`,
    );
  }

  const all = store
    .collection(flavors)
    .all()
    .filter((f) => admin || !f.disabled)
    // is_public=true also brings the private flavors granted to the caller's project, as nova's query does.
    .filter(
      (f) =>
        isPublic === null ||
        (isPublic ? f.is_public || f.projects.includes(projectId) : !f.is_public),
    )
    .filter((f) => minRam === undefined || f.ram >= minRam)
    .filter((f) => minDisk === undefined || f.disk >= minDisk)
    .sort((a, b) => {
      const primary =
        compareValues(sortValue(a), sortValue(b)) || compareValues(a.created_at, b.created_at);
      return sortDir === 'asc' ? primary : -primary;
    });
  return pageAfterMarker(all, {
    limit: parseLimit(queryValue(q, 'limit')),
    marker: queryValue(q, 'marker'),
    key: (f) => f.id,
    missingMarker: (m) => badRequest(`marker [${m}] not found`),
  });
};

const FLAVOR_ID = /^(?! )[a-zA-Z0-9. _-]+(?<! )$/;

/** The printable-characters rule nova applies to descriptions. */
const checkDescription = (value: unknown, path: string): string | null => {
  if (value === null) return null;
  if (typeof value !== 'string')
    throw invalidInput(path, value, `${pyRepr(value)} is not of type 'string', 'null'`);
  if (value.length > 65535) throw invalidInput(path, value, `${pyRepr(value)} is too long`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) {
    throw invalidInput(
      path,
      value,
      `${pyRepr(value)} does not match the printable characters pattern`,
    );
  }
  return value;
};

const parseCreate = (
  request: FastifyRequest,
): Omit<FlavorDoc, 'created_at' | 'extra_specs' | 'projects' | 'disabled'> => {
  const allowed = [
    'name',
    'id',
    'ram',
    'vcpus',
    'disk',
    'OS-FLV-EXT-DATA:ephemeral',
    'swap',
    'rxtx_factor',
    'os-flavor-access:is_public',
    ...(atLeast(request, '2.55') ? ['description'] : []),
  ];
  const spec = bodyObject(request.body, 'flavor', allowed, ['name', 'ram', 'vcpus', 'disk']);
  const name = checkName(spec['name'], 'flavor/name');
  let id: string;
  const rawId = spec['id'];
  if (rawId === undefined || rawId === null || rawId === 'auto') {
    id = uuid();
  } else {
    const text = typeof rawId === 'number' ? String(rawId) : rawId;
    if (typeof text !== 'string')
      throw invalidInput(
        'flavor/id',
        rawId,
        `${pyRepr(rawId)} is not of type 'string', 'number', 'null'`,
      );
    if (text.length < 1 || text.length > 255 || !FLAVOR_ID.test(text)) {
      throw invalidInput(
        'flavor/id',
        rawId,
        `${pyRepr(rawId)} does not match '^(?! )[a-zA-Z0-9. _-]+(?<! )$'`,
      );
    }
    id = text;
  }
  const rxtx = spec['rxtx_factor'];
  let rxtxFactor = 1.0;
  if (rxtx !== undefined) {
    const n = typeof rxtx === 'string' && /^[0-9]+(\.[0-9]+)?$/.test(rxtx) ? Number(rxtx) : rxtx;
    if (typeof n !== 'number' || !(n > 0) || n > 3.40282e38) {
      throw invalidInput(
        'flavor/rxtx_factor',
        rxtx,
        `${pyRepr(rxtx)} is less than or equal to the minimum of 0`,
      );
    }
    rxtxFactor = n;
  }
  return {
    id,
    name,
    ram: checkInteger(spec['ram'], 'flavor/ram', { min: 1 }),
    vcpus: checkInteger(spec['vcpus'], 'flavor/vcpus', { min: 1 }),
    disk: checkInteger(spec['disk'], 'flavor/disk', { min: 0 }),
    ephemeral:
      spec['OS-FLV-EXT-DATA:ephemeral'] === undefined
        ? 0
        : checkInteger(spec['OS-FLV-EXT-DATA:ephemeral'], 'flavor/OS-FLV-EXT-DATA:ephemeral', {
            min: 0,
          }),
    swap: spec['swap'] === undefined ? 0 : checkInteger(spec['swap'], 'flavor/swap', { min: 0 }),
    rxtx_factor: rxtxFactor,
    is_public:
      spec['os-flavor-access:is_public'] === undefined
        ? true
        : checkBoolean(spec['os-flavor-access:is_public'], 'flavor/os-flavor-access:is_public'),
    description:
      spec['description'] === undefined
        ? null
        : checkDescription(spec['description'], 'flavor/description'),
  };
};

export const flavorRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(flavors);

  const list = (request: FastifyRequest, detail: boolean): Json => {
    const page = listFlavors(store, request);
    const body: Json = {
      flavors: page.items.map((f) =>
        detail ? flavorDetail(ctx, request, f) : flavorBrief(ctx, request, f),
      ),
    };
    const last = page.items[page.items.length - 1];
    if (page.full && last)
      body['flavors_links'] = nextLink(
        ctx,
        request,
        detail ? '/flavors/detail' : '/flavors',
        last.id,
      );
    return body;
  };

  app.get('/flavors', async (request) => list(request, false));
  app.get('/flavors/detail', async (request) => list(request, true));

  app.get<{ Params: { id: string } }>('/flavors/:id', async (request) => ({
    flavor: flavorDetail(ctx, request, loadVisibleFlavor(store, request, request.params.id)),
  }));

  app.post('/flavors', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-flavor-manage:create', projectTarget(request));
    const parsed = parseCreate(request);
    const flavor = store.transaction(() => {
      if (col.findOne('name', parsed.name))
        throw conflict(`Flavor with name ${parsed.name} already exists.`);
      if (col.get(parsed.id)) throw conflict(`Flavor with ID ${parsed.id} already exists.`);
      return col.insert({
        ...parsed,
        disabled: false,
        extra_specs: {},
        projects: [],
        created_at: ctx.now().toISOString(),
      });
    });
    return { flavor: flavorDetail(ctx, request, flavor) };
  });

  app.put<{ Params: { id: string } }>('/flavors/:id', async (request) => {
    // Updating a flavor (its description only) exists from 2.55; before that the route is unknown.
    if (!atLeast(request, '2.55')) throw new Fault(404, 'The resource could not be found.');
    authorize(request, 'compute', 'os_compute_api:os-flavor-manage:update', projectTarget(request));
    const spec = bodyObject(request.body, 'flavor', ['description'], ['description']);
    const description = checkDescription(spec['description'], 'flavor/description');
    const flavor = col.get(request.params.id);
    if (!flavor) throw flavorNotFound(request.params.id);
    const updated = col.put({ ...flavor, description });
    return { flavor: flavorDetail(ctx, request, updated) };
  });

  app.delete<{ Params: { id: string } }>('/flavors/:id', async (request, reply) => {
    authorize(request, 'compute', 'os_compute_api:os-flavor-manage:delete', projectTarget(request));
    if (!col.delete(request.params.id)) throw flavorNotFound(request.params.id);
    return reply.code(202).send();
  });
};
