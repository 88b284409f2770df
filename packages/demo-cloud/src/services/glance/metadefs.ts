import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAllowed } from '../../core/policy';
import type { PolicyTarget } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { callerContext, policyRefusal } from './access';
import type { Caller } from './access';
import {
  badRequest,
  conflict,
  forbidden,
  isObject,
  isoTime,
  notFound,
  pyInt,
  queryPairs,
} from './http';
import type { Json, GlanceFault } from './http';
import { namespaces, resourceTypes } from './model';
import type {
  MetadefObjectDef,
  MetadefProperty,
  NamespaceDoc,
  ResourceTypeAssociation,
} from './model';

/** Resource types glance's first metadef migration creates. */
const BASE_RESOURCE_TYPES = [
  'OS::Glance::Image',
  'OS::Cinder::Volume',
  'OS::Nova::Flavor',
  'OS::Nova::Aggregate',
  'OS::Nova::Server',
];

/** The keys of a property definition glance's PropertyType model carries. */
const PROPERTY_KEYS = [
  'name',
  'type',
  'title',
  'description',
  'operators',
  'default',
  'readonly',
  'minimum',
  'maximum',
  'enum',
  'pattern',
  'minLength',
  'maxLength',
  'confidential',
  'items',
  'uniqueItems',
  'minItems',
  'maxItems',
  'additionalItems',
];

interface NamespaceFile {
  readonly namespace: string;
  readonly display_name?: string;
  readonly description?: string;
  readonly visibility?: 'public' | 'private';
  readonly protected?: boolean;
  readonly owner?: string;
  readonly resource_type_associations?: Array<{
    name: string;
    prefix?: string;
    properties_target?: string;
  }>;
  readonly properties?: Record<string, MetadefProperty>;
  readonly objects?: Array<{
    name: string;
    description?: string;
    required?: string[];
    properties?: Record<string, MetadefProperty>;
  }>;
  readonly tags?: Array<{ name: string }>;
}

/**
 * The shipped namespace definitions (src/services/glance/metadefs/*.json): Glance's own
 * etc/metadefs namespaces (names and values), and OS::Compute::SchedulerHints, which Glance does
 * not ship (none of its namespaces targets a server's scheduler_hints) but an operator would add,
 * so the Launch Instance wizard's Scheduler Hints step has definitions to offer.
 */
export const loadMetadefFiles = (): NamespaceFile[] => {
  const dir = new URL('./metadefs/', import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as NamespaceFile);
};

/**
 * `updated` is when the API wrote it; null for what `glance-manage db_load_metadefs` loads, which
 * real Glance then shows without `updated_at`.
 */
const namespaceDoc = (
  file: NamespaceFile,
  owner: string,
  now: string,
  updated: string | null = now,
): NamespaceDoc => ({
  id: file.namespace,
  ...(file.display_name !== undefined ? { display_name: file.display_name } : {}),
  ...(file.description !== undefined ? { description: file.description } : {}),
  visibility: file.visibility ?? 'private',
  protected: file.protected ?? false,
  owner: file.owner ?? owner,
  properties: file.properties ?? {},
  objects: (file.objects ?? []).map((o) => ({
    name: o.name,
    ...(o.description !== undefined ? { description: o.description } : {}),
    ...(o.required !== undefined ? { required: o.required } : {}),
    properties: o.properties ?? {},
    created_at: now,
    updated_at: updated,
  })),
  resource_type_associations: (file.resource_type_associations ?? []).map((a) => ({
    name: a.name,
    ...(a.prefix !== undefined ? { prefix: a.prefix } : {}),
    ...(a.properties_target !== undefined ? { properties_target: a.properties_target } : {}),
    created_at: now,
    updated_at: updated,
  })),
  tags: (file.tags ?? []).map((t) => ({ name: t.name, created_at: now })),
  created_at: now,
  updated_at: updated,
});

const ensureResourceTypes = (
  ctx: CloudContext,
  names: readonly string[],
  now: string,
  updated: string | null = now,
): void => {
  const col = ctx.store.collection(resourceTypes);
  for (const name of names) {
    if (!col.get(name)) {
      col.insert({ id: name, protected: true, created_at: now, updated_at: updated });
    }
  }
};

/** `glance-manage db_load_metadefs`: the shipped namespaces, owned by `admin` as that tool does. */
export const seedMetadefs = (ctx: CloudContext): void => {
  const now = ctx.now().toISOString();
  ensureResourceTypes(ctx, BASE_RESOURCE_TYPES, now, null);
  const col = ctx.store.collection(namespaces);
  for (const file of loadMetadefFiles()) {
    if (col.get(file.namespace)) continue;
    const doc = namespaceDoc({ visibility: 'public', ...file }, 'admin', now, null);
    ensureResourceTypes(
      ctx,
      doc.resource_type_associations.map((a) => a.name),
      now,
      null,
    );
    col.insert(doc);
  }
};

// ---------------------------------------------------------------------------------------------
// Views

const namespaceHref = (name: string): string => `/v2/metadefs/namespaces/${name}`;

const propertyView = (def: MetadefProperty, name?: string): Json => {
  const view: Json = {};
  if (name !== undefined) view['name'] = name;
  for (const key of PROPERTY_KEYS) {
    if (key === 'name') continue;
    if (def[key] !== undefined && def[key] !== null) view[key] = def[key];
  }
  return view;
};

const propertiesView = (props: Record<string, MetadefProperty>, prefix = ''): Json =>
  Object.fromEntries(Object.entries(props).map(([k, v]) => [`${prefix}${k}`, propertyView(v)]));

const associationView = (a: ResourceTypeAssociation): Json => ({
  name: a.name,
  ...(a.prefix !== undefined ? { prefix: a.prefix } : {}),
  ...(a.properties_target !== undefined ? { properties_target: a.properties_target } : {}),
  created_at: isoTime(a.created_at),
  ...(a.updated_at ? { updated_at: isoTime(a.updated_at) } : {}),
});

const objectView = (ns: string, o: MetadefObjectDef, prefix = ''): Json => ({
  name: o.name,
  ...(o.description !== undefined ? { description: o.description } : {}),
  required: (o.required ?? []).map((r) => `${prefix}${r}`),
  properties: propertiesView(o.properties, prefix),
  schema: '/v2/schemas/metadefs/object',
  self: `${namespaceHref(ns)}/objects/${o.name}`,
  created_at: isoTime(o.created_at),
  ...(o.updated_at ? { updated_at: isoTime(o.updated_at) } : {}),
});

/** A namespace as listed: the namespace's own fields and its resource type associations. */
const namespaceSummary = (ns: NamespaceDoc): Json => ({
  namespace: ns.id,
  ...(ns.display_name !== undefined ? { display_name: ns.display_name } : {}),
  ...(ns.description !== undefined ? { description: ns.description } : {}),
  visibility: ns.visibility,
  protected: ns.protected,
  owner: ns.owner,
  ...(ns.resource_type_associations.length > 0
    ? { resource_type_associations: ns.resource_type_associations.map(associationView) }
    : {}),
  created_at: isoTime(ns.created_at),
  ...(ns.updated_at ? { updated_at: isoTime(ns.updated_at) } : {}),
  self: namespaceHref(ns.id),
  schema: '/v2/schemas/metadefs/namespace',
});

/**
 * A namespace with its objects, properties and tags. Given a resource type, property names get
 * that association's prefix (e.g. `hw:` for flavors, `hw_` for images).
 */
const namespaceDetail = (ns: NamespaceDoc, resourceType: string | undefined): Json => {
  const prefix =
    resourceType === undefined
      ? ''
      : (ns.resource_type_associations.find((a) => a.name === resourceType)?.prefix ?? '');
  const view = namespaceSummary(ns);
  if (ns.objects.length > 0) view['objects'] = ns.objects.map((o) => objectView(ns.id, o, prefix));
  if (Object.keys(ns.properties).length > 0) {
    view['properties'] = propertiesView(ns.properties, prefix);
  }
  if (ns.tags.length > 0) view['tags'] = ns.tags.map((t) => ({ name: t.name }));
  return view;
};

// ---------------------------------------------------------------------------------------------
// Access

const namespaceTarget = (ns: NamespaceDoc): PolicyTarget => ({
  project_id: ns.owner,
  visibility: ns.visibility,
});

/** The database layer's namespace visibility: admins see all, others public and their own. */
const namespaceVisible = (caller: Caller, ns: NamespaceDoc): boolean =>
  caller.isAdmin ||
  ns.visibility === 'public' ||
  (caller.projectId !== null && ns.owner === caller.projectId);

const notFoundNamespace = (name: string): GlanceFault =>
  notFound(`Metadata definition namespace=${name} was not found.`);

/**
 * The namespace for a subresource call: absent → glance's not-found message, invisible → "Namespace
 * <name> not found", then the rule (MetadefAPIPolicy: a refusal is a 404 when the namespace itself
 * may not be read).
 */
const subresourceNamespace = (
  ctx: CloudContext,
  request: FastifyRequest,
  caller: Caller,
  name: string,
  rule: string,
): NamespaceDoc => {
  const ns = ctx.store.collection(namespaces).get(name);
  if (!ns) throw notFoundNamespace(name);
  if (!namespaceVisible(caller, ns)) throw notFound(`Namespace ${name} not found`);
  enforceMetadef(request, ns, rule);
  return ns;
};

const enforceMetadef = (request: FastifyRequest, ns: NamespaceDoc, rule: string): void => {
  const target = namespaceTarget(ns);
  if (isAllowed(request, 'image', rule, target)) return;
  if (
    rule === 'get_metadef_namespace' ||
    !isAllowed(request, 'image', 'get_metadef_namespace', target)
  ) {
    throw notFound();
  }
  throw policyRefusal(rule);
};

const NAMESPACE_SORT_KEYS = [
  'namespace',
  'display_name',
  'description',
  'visibility',
  'protected',
  'owner',
  'created_at',
  'updated_at',
  'id',
];

// ---------------------------------------------------------------------------------------------

const listNamespaces = (ctx: CloudContext, request: FastifyRequest): Json => {
  const caller = callerContext(request);
  const pairs = queryPairs(request);
  const params = new Map<string, string>();
  for (const [k, v] of pairs) params.set(k, v);
  const rawLimit = params.get('limit');
  const marker = params.get('marker');
  const sortDir = params.get('sort_dir') ?? 'desc';
  const sortKey = params.get('sort_key') ?? 'created_at';
  let limit = 25;
  if (rawLimit !== undefined) {
    const parsed = pyInt(rawLimit);
    if (parsed === undefined) throw badRequest('limit param must be an integer');
    limit = parsed;
  }
  limit = Math.min(1000, limit);
  if (sortDir !== 'asc' && sortDir !== 'desc')
    throw badRequest(`Invalid sort direction: ${sortDir}`);
  const visibility = params.get('visibility');
  if (visibility && visibility !== 'public' && visibility !== 'private') {
    throw badRequest(`Invalid visibility value: ${visibility}`);
  }
  if (!NAMESPACE_SORT_KEYS.includes(sortKey)) throw badRequest('Sort key supplied was not valid.');
  const own = { project_id: caller.projectId };
  if (!isAllowed(request, 'image', 'get_metadef_namespaces', own)) {
    throw policyRefusal('get_metadef_namespaces');
  }
  if (!isAllowed(request, 'image', 'list_metadef_resource_types', own)) {
    throw policyRefusal('list_metadef_resource_types');
  }
  const wanted = params
    .get('resource_types')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

  const col = ctx.store.collection(namespaces);
  const value = (ns: NamespaceDoc): string => {
    const key = sortKey === 'namespace' || sortKey === 'id' ? 'id' : sortKey;
    const v = (ns as unknown as Record<string, unknown>)[key];
    return v === undefined || v === null ? '' : String(v);
  };
  // Insertion order breaks ties, as the integer primary key does in glance.
  const all = col.all().map((ns, index) => ({ ns, index }));
  const compare = (
    a: { ns: NamespaceDoc; index: number },
    b: { ns: NamespaceDoc; index: number },
  ): number => {
    const x = value(a.ns);
    const y = value(b.ns);
    const order = x < y ? -1 : x > y ? 1 : a.index - b.index;
    return sortDir === 'desc' ? -order : order;
  };
  let rows = all
    .filter(({ ns }) => namespaceVisible(caller, ns))
    .filter(({ ns }) => !visibility || ns.visibility === visibility)
    .filter(
      ({ ns }) =>
        !wanted ||
        wanted.length === 0 ||
        ns.resource_type_associations.some((a) => wanted.includes(a.name)),
    )
    .sort(compare);
  if (marker !== undefined) {
    const markerRow = all.find(({ ns }) => ns.id === marker);
    if (!markerRow) throw notFoundNamespace(marker);
    if (!namespaceVisible(caller, markerRow.ns)) throw notFound();
    rows = rows.filter((row) => compare(row, markerRow) > 0);
  }
  const page = rows
    .slice(0, limit)
    .map(({ ns }) => ns)
    .filter((ns) => isAllowed(request, 'image', 'get_metadef_namespace', namespaceTarget(ns)));

  const query = new URLSearchParams();
  for (const [k, v] of params) if (k !== 'marker') query.set(k, v);
  const body: Json = {
    namespaces: page.map(namespaceSummary),
    first: query.toString()
      ? `/v2/metadefs/namespaces?${query.toString()}`
      : '/v2/metadefs/namespaces',
    schema: '/v2/schemas/metadefs/namespaces',
  };
  const last = page[page.length - 1];
  if (page.length !== 0 && page.length === limit && last) {
    query.set('marker', last.id);
    body['next'] = `/v2/metadefs/namespaces?${query.toString()}`;
  }
  return body;
};

const createNamespace = (ctx: CloudContext, request: FastifyRequest): NamespaceDoc => {
  const caller = callerContext(request);
  const body = request.body;
  if (body === undefined) throw badRequest('Body expected in request.');
  if (!isObject(body)) throw badRequest('Body expected in request.');
  for (const key of ['self', 'schema', 'created_at', 'updated_at']) {
    if (key in body) throw forbidden(`Attribute '${key}' is read-only.`);
  }
  const name = body['namespace'];
  if (typeof name !== 'string' || name === '') {
    throw badRequest(
      "Provided object does not match schema 'namespace': 'namespace' is a required property",
    );
  }
  if (name.length > 80) {
    throw badRequest(`Provided object does not match schema 'namespace': '${name}' is too long`);
  }
  const visibility = body['visibility'] ?? 'private';
  if (visibility !== 'public' && visibility !== 'private') {
    throw badRequest(
      `Provided object does not match schema 'namespace': '${String(visibility)}' is not one of ['public', 'private']`,
    );
  }
  if (body['protected'] !== undefined && typeof body['protected'] !== 'boolean') {
    throw badRequest(
      `Provided object does not match schema 'namespace': ${JSON.stringify(body['protected'])} is not of type 'boolean'`,
    );
  }
  const owner = typeof body['owner'] === 'string' ? body['owner'] : (caller.projectId ?? '');
  const target = { project_id: owner, visibility };
  if (!isAllowed(request, 'image', 'add_metadef_namespace', target)) {
    throw policyRefusal('add_metadef_namespace');
  }
  const now = ctx.now().toISOString();
  const file: NamespaceFile = {
    namespace: name,
    ...(typeof body['display_name'] === 'string' ? { display_name: body['display_name'] } : {}),
    ...(typeof body['description'] === 'string' ? { description: body['description'] } : {}),
    visibility,
    protected: body['protected'] === true,
    owner,
    ...(Array.isArray(body['resource_type_associations'])
      ? {
          resource_type_associations: (body['resource_type_associations'] as unknown[])
            .filter(isObject)
            .map((a) => ({
              name: String(a['name']),
              ...(typeof a['prefix'] === 'string' ? { prefix: a['prefix'] } : {}),
              ...(typeof a['properties_target'] === 'string'
                ? { properties_target: a['properties_target'] }
                : {}),
            })),
        }
      : {}),
    ...(isObject(body['properties'])
      ? { properties: body['properties'] as Record<string, MetadefProperty> }
      : {}),
    ...(Array.isArray(body['objects'])
      ? { objects: body['objects'] as NonNullable<NamespaceFile['objects']> }
      : {}),
    ...(Array.isArray(body['tags'])
      ? {
          tags: (body['tags'] as unknown[])
            .filter(isObject)
            .map((t) => ({ name: String(t['name']) })),
        }
      : {}),
  };
  return ctx.store.transaction(() => {
    const col = ctx.store.collection(namespaces);
    if (col.get(name)) {
      throw conflict(`The metadata definition namespace=${name} already exists.`);
    }
    const doc = namespaceDoc(file, owner, now);
    ensureResourceTypes(
      ctx,
      doc.resource_type_associations.map((a) => a.name),
      now,
    );
    return col.insert(doc);
  });
};

export const metadefRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const col = ctx.store.collection(namespaces);

  app.get('/metadefs/namespaces', async (request) => listNamespaces(ctx, request));

  app.post('/metadefs/namespaces', async (request, reply) => {
    const ns = createNamespace(ctx, request);
    return reply.code(201).send(namespaceDetail(ns, undefined));
  });

  app.get<{ Params: { ns: string }; Querystring: { resource_type?: string } }>(
    '/metadefs/namespaces/:ns',
    async (request) => {
      const caller = callerContext(request);
      const ns = col.get(request.params.ns);
      if (!ns) throw notFoundNamespace(request.params.ns);
      if (!namespaceVisible(caller, ns)) throw notFound();
      const target = namespaceTarget(ns);
      if (!isAllowed(request, 'image', 'get_metadef_namespace', target)) throw notFound();
      for (const rule of [
        'list_metadef_resource_types',
        'get_metadef_objects',
        'get_metadef_properties',
        'get_metadef_tags',
      ]) {
        enforceMetadef(request, ns, rule);
      }
      const resourceType = request.query.resource_type;
      return namespaceDetail(ns, resourceType === '' ? undefined : resourceType);
    },
  );

  app.delete<{ Params: { ns: string } }>('/metadefs/namespaces/:ns', async (request, reply) => {
    const caller = callerContext(request);
    ctx.store.transaction(() => {
      const ns = col.get(request.params.ns);
      if (!ns) throw notFoundNamespace(request.params.ns);
      if (!namespaceVisible(caller, ns)) throw notFound();
      enforceMetadef(request, ns, 'delete_metadef_namespace');
      if (ns.protected) {
        throw forbidden(
          `Metadata definition namespace ${ns.id} is protected and cannot be deleted.`,
        );
      }
      col.delete(ns.id);
    });
    return reply.code(204).send();
  });

  app.get<{ Params: { ns: string } }>('/metadefs/namespaces/:ns/objects', async (request) => {
    const caller = callerContext(request);
    const ns = subresourceNamespace(ctx, request, caller, request.params.ns, 'get_metadef_objects');
    return {
      objects: ns.objects.map((o) => objectView(ns.id, o)),
      schema: 'v2/schemas/metadefs/objects',
    };
  });

  app.get<{ Params: { ns: string; name: string } }>(
    '/metadefs/namespaces/:ns/objects/:name',
    async (request) => {
      const caller = callerContext(request);
      const ns = subresourceNamespace(
        ctx,
        request,
        caller,
        request.params.ns,
        'get_metadef_object',
      );
      const object = ns.objects.find((o) => o.name === request.params.name);
      if (!object) {
        throw notFound(
          `The metadata definition object with name=${request.params.name} was not found in namespace=${ns.id}.`,
        );
      }
      return objectView(ns.id, object);
    },
  );

  app.get<{ Params: { ns: string } }>('/metadefs/namespaces/:ns/properties', async (request) => {
    const caller = callerContext(request);
    const ns = subresourceNamespace(
      ctx,
      request,
      caller,
      request.params.ns,
      'get_metadef_properties',
    );
    return { properties: propertiesView(ns.properties) };
  });

  app.get<{ Params: { ns: string; name: string }; Querystring: { resource_type?: string } }>(
    '/metadefs/namespaces/:ns/properties/:name',
    async (request) => {
      const caller = callerContext(request);
      const ns = subresourceNamespace(
        ctx,
        request,
        caller,
        request.params.ns,
        'get_metadef_property',
      );
      let name = request.params.name;
      const resourceType = request.query.resource_type;
      if (resourceType) {
        const association = ns.resource_type_associations.find((a) => a.name === resourceType);
        if (!association) {
          throw notFound(
            `Resource type association not found: resource_type=${resourceType}, namespace=${ns.id}`,
          );
        }
        const prefix = association.prefix;
        if (prefix && name.startsWith(prefix)) name = name.slice(prefix.length);
        else {
          throw notFound(
            `Property ${name} does not start with the expected resource type association prefix of '${prefix ?? 'None'}'.`,
          );
        }
      }
      const def = ns.properties[name];
      if (!def) {
        throw notFound(
          `The metadata definition property with name=${name} was not found in namespace=${ns.id}.`,
        );
      }
      return propertyView(def, name);
    },
  );

  app.get<{ Params: { ns: string } }>('/metadefs/namespaces/:ns/tags', async (request) => {
    const caller = callerContext(request);
    const ns = subresourceNamespace(ctx, request, caller, request.params.ns, 'get_metadef_tags');
    return {
      tags: ns.tags.map((t) => ({ name: t.name })),
    };
  });

  app.get<{ Params: { ns: string } }>(
    '/metadefs/namespaces/:ns/resource_types',
    async (request) => {
      const caller = callerContext(request);
      const ns = subresourceNamespace(
        ctx,
        request,
        caller,
        request.params.ns,
        'list_metadef_resource_types',
      );
      return { resource_type_associations: ns.resource_type_associations.map(associationView) };
    },
  );

  app.get('/metadefs/resource_types', async (request) => {
    const caller = callerContext(request);
    if (
      !isAllowed(request, 'image', 'list_metadef_resource_types', { project_id: caller.projectId })
    ) {
      throw policyRefusal('list_metadef_resource_types');
    }
    return {
      resource_types: ctx.store
        .collection(resourceTypes)
        .all()
        .map((r) => ({
          name: r.id,
          created_at: isoTime(r.created_at),
          ...(r.updated_at ? { updated_at: isoTime(r.updated_at) } : {}),
        })),
    };
  });
};

/** Minimal metadef schemas (GET /v2/schemas/metadefs/<name>). */
export const metadefSchemas = (): Record<string, Json> => {
  const property: Json = {
    type: 'object',
    additionalProperties: {
      type: 'object',
      required: ['title', 'type'],
      properties: {
        name: { type: 'string', maxLength: 80 },
        title: { type: 'string' },
        description: { type: 'string' },
        type: {
          type: 'string',
          enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
        },
        enum: { type: 'array' },
        default: {},
        readonly: { type: 'boolean' },
        minimum: { type: 'number' },
        maximum: { type: 'number' },
        pattern: { type: 'string', format: 'regex' },
        minLength: { type: 'integer', minimum: 0 },
        maxLength: { type: 'integer', minimum: 0 },
      },
    },
  };
  const timestamps: Json = {
    created_at: { type: 'string', readOnly: true, format: 'date-time' },
    updated_at: { type: 'string', readOnly: true, format: 'date-time' },
  };
  const association: Json = {
    name: 'resource_type_association',
    properties: {
      name: { type: 'string', maxLength: 80 },
      prefix: { type: 'string', maxLength: 80 },
      properties_target: { type: 'string', maxLength: 80 },
      ...timestamps,
    },
    required: ['name'],
    additionalProperties: false,
  };
  const object: Json = {
    name: 'object',
    properties: {
      name: { type: 'string', maxLength: 80 },
      description: { type: 'string' },
      required: { type: 'array', items: { type: 'string' } },
      properties: property,
      schema: { type: 'string', readOnly: true },
      self: { type: 'string', readOnly: true },
      ...timestamps,
    },
    required: ['name'],
    additionalProperties: false,
  };
  const namespace: Json = {
    name: 'namespace',
    properties: {
      namespace: { type: 'string', maxLength: 80 },
      display_name: { type: 'string', maxLength: 80 },
      description: { type: 'string', maxLength: 500 },
      visibility: { type: 'string', enum: ['public', 'private'] },
      self: { type: 'string' },
      schema: { type: 'string' },
      protected: { type: 'boolean' },
      owner: { type: 'string', maxLength: 255 },
      resource_type_associations: { type: 'array', items: association },
      properties: property,
      objects: { type: 'array', items: object },
      tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
      ...timestamps,
    },
    required: ['namespace'],
    additionalProperties: false,
  };
  const collection = (name: string, item: Json): Json => ({
    name,
    properties: {
      [name]: { type: 'array', items: item },
      first: { type: 'string' },
      next: { type: 'string' },
      schema: { type: 'string' },
    },
    links: [
      { rel: 'first', href: '{first}' },
      { rel: 'next', href: '{next}' },
      { rel: 'describedby', href: '{schema}' },
    ],
  });
  return {
    namespace,
    namespaces: collection('namespaces', namespace),
    object,
    objects: collection('objects', object),
    property: { name: 'property', ...(property['additionalProperties'] as Json) },
    properties: { name: 'properties', properties: { properties: property } },
    resource_type_association: association,
    resource_type_associations: collection('resource_type_associations', association),
    tag: { name: 'tag', properties: { name: { type: 'string', maxLength: 255 }, ...timestamps } },
    tags: collection('tags', { name: 'tag' }),
  };
};
