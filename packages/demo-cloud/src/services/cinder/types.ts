import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest, conflict } from '../../core/faults';
import { uuid } from '../../core/ids';
import { authorize, isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import {
  atLeast,
  callerProject,
  invalidVolumeType,
  isAdmin,
  isObject,
  optionalBool,
  ownTarget,
  strictBool,
  volumeTypeNotFound,
  volumeTypeNotFoundByName,
  actionOf,
} from './http';
import type { Json } from './http';
import { columns, listBody, literalEval, pagination, queryParam, sortAndPage } from './listing';
import { projectQuotas, volumeTypes, volumes } from './model';
import type { VolumeTypeDoc, VolumeTypeEncryptionDoc } from './model';
import type { Schema } from './validation';
import { itemOf, oneItem, requireUrlKey, specsMatch, stringSpecs, withoutKey } from './specs';
import {
  DB_MAX_INT,
  isUuidLike,
  objectBody,
  strictObject,
  types,
  validate,
  validObjectBody,
  wrapped,
} from './validation';

/** devstack's default_volume_type. */
export const DEFAULT_TYPE_NAME = 'lvmdriver-1';

/** Extra specs any reader may see (cinder's USER_VISIBLE_EXTRA_SPECS). */
const USER_VISIBLE_EXTRA_SPECS = [
  'RESKEY:availability_zones',
  'multiattach',
  'replication_enabled',
];

/** Public types, and private ones granted to the caller's project; an admin sees every type. */
export const canSeeType = (request: FastifyRequest, type: VolumeTypeDoc): boolean =>
  isAdmin(request) || type.is_public || type.projects.includes(callerProject(request));

/** A type by id the caller may see, else cinder's 404. */
export const loadVisibleType = (
  store: Store,
  request: FastifyRequest,
  id: string,
): VolumeTypeDoc => {
  const type = store.collection(volumeTypes).get(id);
  if (!type || !canSeeType(request, type)) throw volumeTypeNotFound(id);
  return type;
};

/** objects.VolumeType.get_by_name_or_id: uuid-like values are ids, anything else a name. */
export const typeByNameOrId = (
  store: Store,
  request: FastifyRequest,
  ref: string,
): VolumeTypeDoc => {
  if (isUuidLike(ref)) return loadVisibleType(store, request, ref);
  const type = store.collection(volumeTypes).findOne('name', ref);
  if (!type || !canSeeType(request, type)) throw volumeTypeNotFoundByName(ref);
  return type;
};

/** The configured default type; its absence is cinder's VolumeTypeDefaultMisconfiguredError. */
export const defaultType = (store: Store): VolumeTypeDoc => {
  const type = store.collection(volumeTypes).findOne('name', DEFAULT_TYPE_NAME);
  if (!type) {
    throw new Fault(
      500,
      `The request cannot be fulfilled as the default volume type ${DEFAULT_TYPE_NAME} cannot be found.`,
    );
  }
  return type;
};

const visibleSpecs = (request: FastifyRequest, specs: Record<string, string>): Json => {
  if (isAllowed(request, 'volume', 'volume_extension:types_extra_specs:read_sensitive', {})) {
    return { ...specs };
  }
  return Object.fromEntries(
    Object.entries(specs).filter(([key]) => USER_VISIBLE_EXTRA_SPECS.includes(key)),
  );
};

/** The v3 type view (index, show), with the access extension's is_public. */
export const typeView = (request: FastifyRequest, t: VolumeTypeDoc): Json => {
  const view: Json = {
    id: t.id,
    name: t.name,
    is_public: t.is_public,
    description: t.description,
  };
  if (isAllowed(request, 'volume', 'volume_extension:access_types_extra_specs', ownTarget(request)))
    view['extra_specs'] = visibleSpecs(request, t.extra_specs);
  if (
    isAllowed(request, 'volume', 'volume_extension:access_types_qos_specs_id', ownTarget(request))
  )
    view['qos_specs_id'] = t.qos_specs_id;
  if (isAllowed(request, 'volume', 'volume_extension:volume_type_access', ownTarget(request)))
    view['os-volume-type-access:is_public'] = t.is_public;
  return view;
};

/** The older view types-manage answers create and update with: every extra spec, no qos id. */
const manageView = (t: VolumeTypeDoc): Json => ({
  id: t.id,
  name: t.name,
  is_public: t.is_public,
  extra_specs: { ...t.extra_specs },
  description: t.description,
});

const LIST = { key: 'volume_types', links: 'volume_type_links', path: 'types' };

/** The sort columns volume and group types share. */
export const TYPE_COLUMNS = [
  'id',
  'name',
  'description',
  'is_public',
  'created_at',
  'updated_at',
] as const;

const SORT_FIELDS = columns<VolumeTypeDoc>(...TYPE_COLUMNS, 'qos_specs_id');

export interface TypeUpdate {
  readonly name: string | null | undefined;
  readonly description: string | null | undefined;
  /** Undefined when absent or null: the type stays as public as it is. */
  readonly isPublic: boolean | undefined;
}

/** The fields of a volume or group type update, `is_public` strictly parsed. */
export const typeUpdateOf = (spec: Json): TypeUpdate => ({
  name: spec['name'] as string | null | undefined,
  description: spec['description'] as string | null | undefined,
  isPublic: optionalBool(spec['is_public']),
});

/** The is_public filter of a type list (admins only): absent is true, `none` is either. */
export const parseIsPublic = (raw: string | undefined): boolean | null => {
  if (raw === undefined) return true;
  if (raw.toLowerCase() === 'none') return null;
  try {
    return strictBool(raw);
  } catch {
    throw badRequest(`Invalid is_public filter [${raw}]`);
  }
};

const typeInUse = (store: Store, typeId: string): boolean =>
  store.collection(volumes).count('volume_type_id', typeId) > 0;

export const typeRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(volumeTypes);

  app.get('/types', async (request) => {
    authorize(request, 'volume', 'volume_extension:type_get_all', ownTarget(request));
    const query = request.query as Json;
    const page = pagination(query);
    const admin = isAdmin(request);
    const isPublic = admin ? parseIsPublic(queryParam(query, 'is_public')) : true;
    const project = callerProject(request);
    let specFilter: Record<string, unknown> | undefined;
    const rawSpecs = queryParam(query, 'extra_specs');
    if (rawSpecs !== undefined && (admin || atLeast(request, '3.52'))) {
      const parsed = literalEval(rawSpecs);
      specFilter = isObject(parsed) ? parsed : {};
      const sensitive = isAllowed(
        request,
        'volume',
        'volume_extension:types_extra_specs:read_sensitive',
        {},
      );
      // Filtering on specs the caller may not read would leak them; cinder answers nothing.
      if (!sensitive && Object.keys(specFilter).some((k) => !USER_VISIBLE_EXTRA_SPECS.includes(k)))
        return { volume_types: [] };
    }
    const all = col
      .all()
      .filter(
        (t) =>
          isPublic === null ||
          (isPublic ? t.is_public || t.projects.includes(project) : !t.is_public),
      )
      .filter((t) => specFilter === undefined || specsMatch(t.extra_specs, specFilter));
    const items = sortAndPage(all, page, SORT_FIELDS, volumeTypeNotFound);
    const views = items.map((t) => typeView(request, t));
    return listBody(ctx, request, LIST, { items, views, limit: page.limit });
  });

  app.get<{ Params: { id: string } }>('/types/:id', async (request) => {
    const id = request.params.id;
    let type: VolumeTypeDoc;
    if (id === 'default') {
      type = defaultType(store);
    } else {
      type = loadVisibleType(store, request, id);
    }
    authorize(request, 'volume', 'volume_extension:type_get', ownTarget(request));
    const view = typeView(request, type);
    // The access extension finds the type in the request cache by the URL's id, which for
    // `default` is not the type's id: cinder then leaves the attribute out.
    if (id === 'default') delete view['os-volume-type-access:is_public'];
    return { volume_type: view };
  });

  app.post('/types', async (request) => {
    validate(
      objectBody(
        'volume_type',
        {
          name: types.name,
          description: types.description,
          extra_specs: types.extraSpecsWithNull,
          'os-volume-type-access:is_public': types.boolean,
        },
        ['name'],
      ),
      request.body,
    );
    authorize(request, 'volume', 'volume_extension:type_create', ownTarget(request));
    const spec = (request.body as { volume_type: Json }).volume_type;
    const name = spec['name'] as string;
    const isPublic =
      spec['os-volume-type-access:is_public'] === undefined
        ? true
        : strictBool(spec['os-volume-type-access:is_public']);
    const created = store.transaction(() => {
      if (col.findOne('name', name)) throw conflict(`Volume Type ${name} already exists.`);
      const now = ctx.now().toISOString();
      const extraSpecs = stringSpecs(
        spec['extra_specs'] as Record<string, string | null> | undefined,
      );
      return col.insert({
        id: uuid(),
        name,
        description: (spec['description'] as string | null | undefined) ?? null,
        is_public: isPublic,
        extra_specs: extraSpecs,
        projects: [],
        qos_specs_id: null,
        created_at: now,
        updated_at: null,
      });
    });
    const view = manageView(created);
    if (isAllowed(request, 'volume', 'volume_extension:volume_type_access', ownTarget(request)))
      view['os-volume-type-access:is_public'] = created.is_public;
    return { volume_type: view };
  });

  app.put<{ Params: { id: string } }>('/types/:id', async (request) => {
    validate(
      objectBody('volume_type', {
        name: types.updateName,
        description: types.description,
        is_public: types.boolean,
      }),
      request.body,
    );
    authorize(request, 'volume', 'volume_extension:type_update', ownTarget(request));
    const { name, description, isPublic } = typeUpdateOf(
      (request.body as { volume_type: Json }).volume_type,
    );
    if (name && name.trim() === '') throw badRequest('Volume type name can not be empty.');
    if (
      (name === undefined || name === null) &&
      (description === undefined || description === null) &&
      isPublic === undefined
    ) {
      throw badRequest(
        'Specify volume type name, description, is_public or a combination thereof.',
      );
    }
    const updated = store.transaction(() => {
      const type = col.get(request.params.id);
      if (!type) throw volumeTypeNotFound(request.params.id);
      const newName = name ?? type.name;
      if (newName !== type.name && col.findOne('name', newName)) {
        throw conflict(`Volume Type ${newName} already exists.`);
      }
      if (newName !== type.name) renameQuotaResources(store, type.name, newName);
      return col.put({
        ...type,
        name: newName,
        description: description ?? type.description,
        is_public: isPublic ?? type.is_public,
        updated_at: ctx.now().toISOString(),
      });
    });
    return { volume_type: manageView(updated) };
  });

  app.delete<{ Params: { id: string } }>('/types/:id', async (request, reply) => {
    authorize(request, 'volume', 'volume_extension:type_delete', ownTarget(request));
    const type = col.get(request.params.id);
    if (!type) throw volumeTypeNotFound(request.params.id);
    if (type.id === defaultType(store).id) {
      throw badRequest(
        `The volume type ${type.id} is a default volume type and cannot be deleted.`,
      );
    }
    if (col.count() <= 1) {
      throw badRequest(
        `The volume type ${type.id} is the only currently defined volume type and cannot be deleted.`,
      );
    }
    if (typeInUse(store, type.id)) throw badRequest('Target volume type is still in use.');
    col.delete(type.id);
    return reply.code(202).send();
  });

  // ---- extra specs ----

  const missingSpec = (typeId: string, key: string): Fault =>
    new Fault(404, `Volume Type ${typeId} has no extra specs with key ${key}.`);
  const allowUpdate = (typeId: string): void => {
    if (typeInUse(store, typeId)) throw badRequest('Volume Type is currently in use.');
  };
  const checkCacheable = (specs: Json, current: Record<string, string>): void => {
    const yes = '<is> True';
    const multiattach = specs['multiattach'] ?? current['multiattach'];
    const cacheable = specs['cacheable'] ?? current['cacheable'];
    if (
      (specs['multiattach'] === yes || specs['cacheable'] === yes) &&
      multiattach === yes &&
      cacheable === yes
    ) {
      throw badRequest('cacheable cannot be set with multiattach.');
    }
  };

  app.get<{ Params: { id: string } }>('/types/:id/extra_specs', async (request) => {
    authorize(request, 'volume', 'volume_extension:types_extra_specs:index', ownTarget(request));
    const type = loadVisibleType(store, request, request.params.id);
    return { extra_specs: visibleSpecs(request, type.extra_specs) };
  });

  app.post<{ Params: { id: string } }>('/types/:id/extra_specs', async (request) => {
    validate(wrapped('extra_specs', types.extraSpecsNoSpacesKey), request.body);
    authorize(request, 'volume', 'volume_extension:types_extra_specs:create', ownTarget(request));
    allowUpdate(request.params.id);
    const type = loadVisibleType(store, request, request.params.id);
    const specs = (request.body as { extra_specs: Record<string, string | null> }).extra_specs;
    checkCacheable(specs, type.extra_specs);
    col.put({
      ...type,
      extra_specs: { ...type.extra_specs, ...stringSpecs(specs) },
      updated_at: ctx.now().toISOString(),
    });
    return request.body;
  });

  app.get<{ Params: { id: string; key: string } }>(
    '/types/:id/extra_specs/:key',
    async (request) => {
      authorize(request, 'volume', 'volume_extension:types_extra_specs:show', ownTarget(request));
      const type = loadVisibleType(store, request, request.params.id);
      return itemOf(visibleSpecs(request, type.extra_specs), request.params.key, () =>
        missingSpec(type.id, request.params.key),
      );
    },
  );

  app.put<{ Params: { id: string; key: string } }>(
    '/types/:id/extra_specs/:key',
    async (request) => {
      validate(oneItem(types.extraSpecsNoSpacesKey), request.body);
      authorize(request, 'volume', 'volume_extension:types_extra_specs:update', ownTarget(request));
      allowUpdate(request.params.id);
      const type = loadVisibleType(store, request, request.params.id);
      const body = request.body as Record<string, string | null>;
      requireUrlKey(body, request.params.key);
      col.put({
        ...type,
        extra_specs: { ...type.extra_specs, ...stringSpecs(body) },
        updated_at: ctx.now().toISOString(),
      });
      return body;
    },
  );

  app.delete<{ Params: { id: string; key: string } }>(
    '/types/:id/extra_specs/:key',
    async (request, reply) => {
      const type = loadVisibleType(store, request, request.params.id);
      authorize(request, 'volume', 'volume_extension:types_extra_specs:delete', ownTarget(request));
      allowUpdate(type.id);
      if (type.extra_specs[request.params.key] === undefined)
        throw missingSpec(type.id, request.params.key);
      col.put({
        ...type,
        extra_specs: withoutKey(type.extra_specs, request.params.key),
        updated_at: ctx.now().toISOString(),
      });
      return reply.code(202).send();
    },
  );

  // ---- access ----

  app.get<{ Params: { id: string } }>('/types/:id/os-volume-type-access', async (request) => {
    authorize(
      request,
      'volume',
      'volume_extension:volume_type_access:get_all_for_type',
      ownTarget(request),
    );
    const type = loadVisibleType(store, request, request.params.id);
    if (type.is_public) throw new Fault(404, 'Access list not available for public volume types.');
    return {
      volume_type_access: type.projects.map((p) => ({ volume_type_id: type.id, project_id: p })),
    };
  });

  app.post<{ Params: { id: string } }>('/types/:id/action', async (request, reply) => {
    const action = actionOf(request.body, ['addProjectAccess', 'removeProjectAccess']);
    const spec = validObjectBody(request.body, action, { project: types.uuid }, ['project']);
    const rule = `volume_extension:volume_type_access:${action}`;
    authorize(request, 'volume', rule, ownTarget(request));
    const project = String(spec['project']);
    store.transaction(() => {
      const type = loadVisibleType(store, request, request.params.id);
      if (type.is_public) {
        throw invalidVolumeType(
          'Type access modification is not applicable to public volume type.',
        );
      }
      if (action === 'addProjectAccess') {
        if (type.projects.includes(project)) {
          throw conflict(
            `Volume type access for ${type.id} / ${project} combination already exists.`,
          );
        }
        col.put({ ...type, projects: [...type.projects, project] });
      } else {
        if (!type.projects.includes(project)) {
          throw new Fault(
            404,
            `Volume type access not found for ${type.id} / ${project} combination.`,
          );
        }
        col.put({ ...type, projects: type.projects.filter((p) => p !== project) });
      }
    });
    return reply.code(202).send();
  });

  // ---- encryption (volume_type_encryption) ----

  const encryptionSchema = (create: boolean): Schema =>
    wrapped(
      'encryption',
      strictObject(
        {
          key_size: {
            type: ['string', 'integer', 'null'],
            pattern: '^[0-9]+$',
            minimum: 0,
            maximum: DB_MAX_INT,
          },
          provider: { type: 'string' },
          control_location: { enum: ['front-end', 'back-end'] },
          cipher: { type: ['string', 'null'] },
        },
        create ? ['provider', 'control_location'] : undefined,
      ),
    );
  const encryptionNotFound = (typeId: string): Fault =>
    new Fault(404, `Volume type encryption for type ${typeId} does not exist.`);
  const encryptionView = (typeId: string, e: VolumeTypeEncryptionDoc): Json => ({
    volume_type_id: typeId,
    control_location: e.control_location,
    deleted: false,
    created_at: e.created_at,
    updated_at: e.updated_at,
    encryption_id: e.encryption_id,
    key_size: e.key_size,
    provider: e.provider,
    deleted_at: null,
    cipher: e.cipher,
  });
  const keySizeOf = (raw: unknown): number | null =>
    raw === undefined || raw === null ? null : Number(raw);

  app.get<{ Params: { id: string } }>('/types/:id/encryption', async (request) => {
    authorize(request, 'volume', 'volume_extension:volume_type_encryption:get', ownTarget(request));
    const type = loadVisibleType(store, request, request.params.id);
    return type.encryption ? encryptionView(type.id, type.encryption) : {};
  });

  app.post<{ Params: { id: string } }>('/types/:id/encryption', async (request) => {
    authorize(
      request,
      'volume',
      'volume_extension:volume_type_encryption:create',
      ownTarget(request),
    );
    validate(encryptionSchema(true), request.body);
    const spec = (request.body as { encryption: Json }).encryption;
    return store.transaction(() => {
      const type = loadVisibleType(store, request, request.params.id);
      if (typeInUse(store, type.id)) {
        throw badRequest('Cannot create encryption specs. Volume type in use.');
      }
      if (type.encryption) {
        throw badRequest(`Volume type encryption for type ${type.id} already exists.`);
      }
      col.put({
        ...type,
        encryption: {
          encryption_id: uuid(),
          provider: String(spec['provider']),
          control_location: String(spec['control_location']),
          cipher: (spec['cipher'] as string | null | undefined) ?? null,
          key_size: keySizeOf(spec['key_size']),
          created_at: ctx.now().toISOString(),
          updated_at: null,
        },
      });
      // Cinder answers the body it was given.
      return request.body;
    });
  });

  app.put<{ Params: { id: string; encryptionId: string } }>(
    '/types/:id/encryption/:encryptionId',
    async (request) => {
      authorize(
        request,
        'volume',
        'volume_extension:volume_type_encryption:update',
        ownTarget(request),
      );
      validate(encryptionSchema(false), request.body);
      const spec = (request.body as { encryption: Json }).encryption;
      return store.transaction(() => {
        const type = loadVisibleType(store, request, request.params.id);
        if (typeInUse(store, type.id)) {
          throw badRequest('Cannot update encryption specs. Volume type in use.');
        }
        const current = type.encryption;
        if (!current) throw encryptionNotFound(type.id);
        col.put({
          ...type,
          encryption: {
            ...current,
            ...(spec['provider'] !== undefined && { provider: String(spec['provider']) }),
            ...(spec['control_location'] !== undefined && {
              control_location: String(spec['control_location']),
            }),
            ...(spec['cipher'] !== undefined && { cipher: spec['cipher'] as string | null }),
            ...(spec['key_size'] !== undefined && { key_size: keySizeOf(spec['key_size']) }),
            updated_at: ctx.now().toISOString(),
          },
        });
        return request.body;
      });
    },
  );

  app.delete<{ Params: { id: string; encryptionId: string } }>(
    '/types/:id/encryption/:encryptionId',
    async (request, reply) => {
      authorize(
        request,
        'volume',
        'volume_extension:volume_type_encryption:delete',
        ownTarget(request),
      );
      store.transaction(() => {
        const type = loadVisibleType(store, request, request.params.id);
        if (typeInUse(store, type.id)) {
          throw badRequest('Cannot delete encryption specs. Volume type in use.');
        }
        if (!type.encryption) throw encryptionNotFound(type.id);
        const { encryption: _gone, ...rest } = type;
        col.put({ ...rest, updated_at: ctx.now().toISOString() });
      });
      return reply.code(202).send();
    },
  );
};

/** Quota resources are named after types; a rename carries project limits over (update_quota_resource). */
const renameQuotaResources = (store: Store, oldName: string, newName: string): void => {
  const col = store.collection(projectQuotas);
  for (const doc of col.all()) {
    const limits: Record<string, number> = {};
    let changed = false;
    for (const [key, value] of Object.entries(doc.limits)) {
      const match = /^(volumes|gigabytes|snapshots)_(.*)$/.exec(key);
      if (match && match[2] === oldName) {
        limits[`${match[1]}_${newName}`] = value;
        changed = true;
      } else {
        limits[key] = value;
      }
    }
    if (changed) col.put({ ...doc, limits });
  }
};
