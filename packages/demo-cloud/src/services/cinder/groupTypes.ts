import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest, conflict } from '../../core/faults';
import { uuid } from '../../core/ids';
import { authorize, isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import { isAdmin, ownTarget, requireVersion, strictBool } from './http';
import type { Json } from './http';
import { columns, listBody, pagination, queryParam, sortAndPage } from './listing';
import { groupTypes, groups } from './model';
import type { GroupTypeDoc } from './model';
import { itemOf, oneItem, requireUrlKey, withoutKey } from './specs';
import { TYPE_COLUMNS, parseIsPublic, typeUpdateOf } from './types';
import { isUuidLike, objectBody, types, validate, wrapped } from './validation';
import type { Schema } from './validation';

/**
 * Group types (3.11): like volume types, but for generic volume groups, with `group_specs`
 * instead of extra specs. Only an admin manages them; everyone lists the public ones. The
 * `default_cgsnapshot_type` cinder creates for migrated consistency groups is reserved: no group
 * of it may be made or shown through the group APIs.
 */

export const GROUP_TYPE_VERSION = '3.11';
export const DEFAULT_CGSNAPSHOT_TYPE = 'default_cgsnapshot_type';

export const groupTypeNotFound = (id: string): Fault =>
  new Fault(404, `Group type ${id} could not be found.`);

/** Whether the type is cinder's reserved one for migrated consistency groups. */
export const isReservedGroupType = (store: Store, id: string): boolean =>
  store.collection(groupTypes).get(id)?.name === DEFAULT_CGSNAPSHOT_TYPE;

/** The group type by id, or (for a non-uuid) by name, as the caller may see it. */
export const groupTypeByNameOrId = (
  store: Store,
  request: FastifyRequest,
  ref: string,
): GroupTypeDoc => {
  const col = store.collection(groupTypes);
  const visible = (t: GroupTypeDoc | undefined): t is GroupTypeDoc =>
    t !== undefined && (t.is_public || isAdmin(request));
  if (isUuidLike(ref)) {
    // group_api.create: a uuid-looking name is tried as a name too.
    const byId = col.get(ref);
    if (visible(byId)) return byId;
    const byName = col.findOne('name', ref);
    if (visible(byName)) return byName;
    throw groupTypeNotFound(ref);
  }
  const byName = col.findOne('name', ref);
  if (!visible(byName)) throw new Fault(404, `Group type with name ${ref} could not be found.`);
  return byName;
};

const loadGroupType = (store: Store, request: FastifyRequest, id: string): GroupTypeDoc => {
  const type = store.collection(groupTypes).get(id);
  if (!type || (!type.is_public && !isAdmin(request))) throw groupTypeNotFound(id);
  return type;
};

const groupTypeView = (request: FastifyRequest, t: GroupTypeDoc): Json => {
  const view: Json = {
    id: t.id,
    name: t.name,
    description: t.description,
    is_public: t.is_public,
  };
  if (isAllowed(request, 'volume', 'group:access_group_types_specs', ownTarget(request))) {
    view['group_specs'] = { ...t.group_specs };
  }
  return view;
};

const LIST = { key: 'group_types', links: 'group_type_links', path: 'group_types' };

const SORT_FIELDS = columns<GroupTypeDoc>(...TYPE_COLUMNS);

/** Group specs: keys without spaces, string (or null) values. */
const SPECS: Schema = {
  type: 'object',
  patternProperties: { '^[a-zA-Z0-9-_:.]{1,255}$': { type: ['string', 'null'], maxLength: 255 } },
  additionalProperties: false,
};

const CREATE_SCHEMA: Schema = objectBody(
  'group_type',
  {
    name: types.name,
    description: types.description,
    is_public: types.boolean,
    group_specs: types.metadataAllowsNull,
  },
  ['name'],
);

const UPDATE_SCHEMA: Schema = objectBody('group_type', {
  name: types.nameAllowZeroMinLength,
  description: types.description,
  is_public: types.boolean,
});

export const groupTypeRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(groupTypes);
  const since = (request: FastifyRequest): void => requireVersion(request, GROUP_TYPE_VERSION);
  /** group_specs_controller._check_type, after the policy. */
  const specsOf = (request: FastifyRequest, rule: string, id: string): GroupTypeDoc => {
    since(request);
    authorize(request, 'volume', rule, ownTarget(request));
    return loadGroupType(store, request, id);
  };

  app.get('/group_types', async (request) => {
    since(request);
    const query = request.query as Json;
    const page = pagination(query);
    const wanted = isAdmin(request) ? parseIsPublic(queryParam(query, 'is_public')) : true;
    const items = col.all().filter((t) => wanted === null || t.is_public === wanted);
    const shown = sortAndPage(items, page, SORT_FIELDS, groupTypeNotFound);
    const views = shown.map((t) => groupTypeView(request, t));
    return listBody(ctx, request, LIST, { items: shown, views, limit: page.limit });
  });

  app.get<{ Params: { id: string } }>('/group_types/:id', async (request) => {
    since(request);
    // No default_group_type is configured (as in devstack and the lab).
    if (request.params.id === 'default') {
      throw new Fault(404, 'Default group type can not be found.');
    }
    return { group_type: groupTypeView(request, loadGroupType(store, request, request.params.id)) };
  });

  app.post('/group_types', async (request, reply) => {
    since(request);
    validate(CREATE_SCHEMA, request.body);
    authorize(request, 'volume', 'group:group_types:create', ownTarget(request));
    const spec = (request.body as { group_type: Json }).group_type;
    const name = String(spec['name']);
    const created = store.transaction(() => {
      if (col.findOne('name', name)) throw conflict(`Group Type ${name} already exists.`);
      const doc: GroupTypeDoc = {
        id: uuid(),
        name,
        description: (spec['description'] as string | null | undefined) ?? null,
        is_public: spec['is_public'] === undefined ? true : strictBool(spec['is_public']),
        group_specs: { ...((spec['group_specs'] as Record<string, string> | null) ?? {}) },
        created_at: ctx.now().toISOString(),
        updated_at: null,
      };
      return col.insert(doc);
    });
    return reply.code(202).send({ group_type: groupTypeView(request, created) });
  });

  app.put<{ Params: { id: string } }>('/group_types/:id', async (request) => {
    since(request);
    validate(UPDATE_SCHEMA, request.body);
    authorize(request, 'volume', 'group:group_types:update', ownTarget(request));
    const { name, description, isPublic } = typeUpdateOf(
      (request.body as { group_type: Json }).group_type,
    );
    if (typeof name === 'string' && name.trim() === '') {
      throw badRequest('Group type name can not be empty.');
    }
    if ((name ?? null) === null && description === undefined && isPublic === undefined) {
      throw badRequest('Specify group type name, description or a combination thereof.');
    }
    const updated = store.transaction(() => {
      const type = col.get(request.params.id);
      if (!type) throw groupTypeNotFound(request.params.id);
      if (name && name !== type.name && col.findOne('name', name)) {
        throw conflict(`Group Type ${name} already exists.`);
      }
      return col.put({
        ...type,
        ...(name ? { name } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(isPublic !== undefined ? { is_public: isPublic } : {}),
        updated_at: ctx.now().toISOString(),
      });
    });
    return { group_type: groupTypeView(request, updated) };
  });

  app.delete<{ Params: { id: string } }>('/group_types/:id', async (request, reply) => {
    since(request);
    authorize(request, 'volume', 'group:group_types:delete', ownTarget(request));
    store.transaction(() => {
      const type = loadGroupType(store, request, request.params.id);
      if (store.collection(groups).count('group_type_id', type.id) > 0) {
        throw badRequest(
          `Target group type is still in use. Group Type ${type.id} deletion is not allowed with groups present with the type.`,
        );
      }
      col.delete(type.id);
    });
    return reply.code(202).send();
  });

  // ---- group specs ----

  app.get<{ Params: { id: string } }>('/group_types/:id/group_specs', async (request) => ({
    group_specs: {
      ...specsOf(request, 'group:group_types_specs:get_all', request.params.id).group_specs,
    },
  }));

  app.post<{ Params: { id: string } }>('/group_types/:id/group_specs', async (request, reply) => {
    since(request);
    validate(wrapped('group_specs', SPECS), request.body);
    const type = specsOf(request, 'group:group_types_specs:create', request.params.id);
    const specs = (request.body as { group_specs: Record<string, string> }).group_specs;
    col.update(type.id, (t) => ({ ...t, group_specs: { ...t.group_specs, ...specs } }));
    return reply.code(202).send(request.body);
  });

  app.get<{ Params: { id: string; key: string } }>(
    '/group_types/:id/group_specs/:key',
    async (request) => {
      const { id, key } = request.params;
      const type = specsOf(request, 'group:group_types_specs:get', id);
      return itemOf(
        type.group_specs,
        key,
        () => new Fault(404, `Group Type ${id} has no extra spec with key ${key}.`),
      );
    },
  );

  app.put<{ Params: { id: string; key: string } }>(
    '/group_types/:id/group_specs/:key',
    async (request) => {
      since(request);
      validate(oneItem(SPECS), request.body);
      const type = specsOf(request, 'group:group_types_specs:update', request.params.id);
      const body = request.body as Record<string, string>;
      requireUrlKey(body, request.params.key);
      col.update(type.id, (t) => ({ ...t, group_specs: { ...t.group_specs, ...body } }));
      return body;
    },
  );

  app.delete<{ Params: { id: string; key: string } }>(
    '/group_types/:id/group_specs/:key',
    async (request, reply) => {
      const type = specsOf(request, 'group:group_types_specs:delete', request.params.id);
      const { key } = request.params;
      if (type.group_specs[key] === undefined) {
        throw new Fault(404, `Group Type ${type.id} has no specs with key ${key}.`);
      }
      col.update(type.id, (t) => ({ ...t, group_specs: withoutKey(t.group_specs, key) }));
      return reply.code(202).send();
    },
  );
};
