import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest, conflict } from '../../core/faults';
import { uuid } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  boolParam,
  callerProject,
  collectionLinks,
  invalidInput,
  invalidVolumeType,
  qosSpecsNotFound,
  resourceLinks,
} from './http';
import type { Json } from './http';
import { pagination, queryParam, sortAndPage } from './listing';
import { qosSpecs, volumeTypes } from './model';
import type { QosSpecsDoc } from './model';
import { types, validate } from './validation';

const CONSUMERS = ['front-end', 'back-end', 'both'];

const specsView = (q: QosSpecsDoc): Json => ({
  id: q.id,
  name: q.name,
  consumer: q.consumer,
  specs: { ...q.specs },
});

/** utils.validate_dictionary_string_length over the spec pairs (null values are left out). */
const specStrings = (specs: Json): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(specs)) {
    if (key.length > 255) {
      throw invalidInput(`Key "${key}" has ${key.length} characters, more than 255.`);
    }
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string') {
      throw invalidInput(`Value for key "${key}" is not a string or unicode`);
    }
    if (value.length > 255) {
      throw invalidInput(`Value for key "${key}" has ${value.length} characters, more than 255.`);
    }
    out[key] = value;
  }
  return out;
};

/** What the QoS object's consumer enum field says to any other value. */
const invalidConsumer = (): Fault =>
  new Fault(
    400,
    "Invalid qos specs: Valid consumer of QoS specs are: QoSConsumerValues(default=<class 'oslo_versionedobjects.fields.UnspecifiedDefault'>,nullable=False,valid_values=('back-end', 'front-end', 'both'))",
  );

const SORT_FIELDS: Readonly<Record<string, (q: QosSpecsDoc) => string | null>> = {
  id: (q) => q.id,
  name: (q) => q.name,
  consumer: (q) => q.consumer,
  created_at: (q) => q.created_at,
  updated_at: (q) => q.updated_at,
};

export const qosSpecsRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(qosSpecs);
  const typeCol = store.collection(volumeTypes);
  const target = (request: FastifyRequest): Json => ({ project_id: callerProject(request) });
  const load = (id: string): QosSpecsDoc => {
    const spec = col.get(id);
    if (!spec) throw qosSpecsNotFound(id);
    return spec;
  };
  const associated = (id: string) => typeCol.all().filter((t) => t.qos_specs_id === id);

  app.get('/qos-specs', async (request) => {
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:get_all', target(request));
    const query = request.query as Json;
    const page = pagination(query);
    const filters = ['id', 'name', 'consumer']
      .map((key) => [key, queryParam(query, key)] as const)
      .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
    const matching = col
      .all()
      .filter((q) => filters.every(([key, value]) => (q as unknown as Json)[key] === value));
    const items = sortAndPage(matching, page, SORT_FIELDS, (m) => qosSpecsNotFound(m));
    const body: Json = { qos_specs: items.map(specsView) };
    const links = collectionLinks(ctx, request, 'qos-specs', items, page.limit);
    if (links) body['qos_specs_links'] = links;
    return body;
  });

  app.post('/qos-specs', async (request) => {
    validate(
      {
        type: 'object',
        properties: {
          qos_specs: {
            type: 'object',
            properties: {
              name: { type: 'string', format: 'name_skip_leading_trailing_spaces' },
            },
            required: ['name'],
            additionalProperties: true,
          },
        },
        required: ['qos_specs'],
        additionalProperties: false,
      },
      request.body,
    );
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:create', target(request));
    const { name, consumer, ...rest } = (request.body as { qos_specs: Json }).qos_specs;
    const specs = specStrings(rest);
    const specName = String(name).trim();
    const chosen = consumer === undefined ? 'back-end' : String(consumer);
    if (!CONSUMERS.includes(chosen)) throw invalidConsumer();
    const created = store.transaction(() => {
      if (col.findOne('name', specName)) throw conflict(`QoS Specs ${specName} already exists.`);
      return col.insert({
        id: uuid(),
        name: specName,
        consumer: chosen,
        specs,
        created_at: ctx.now().toISOString(),
        updated_at: null,
      });
    });
    return {
      qos_specs: specsView(created),
      links: resourceLinks(ctx, request, 'qos-specs', created.id),
    };
  });

  app.get<{ Params: { id: string } }>('/qos-specs/:id', async (request) => {
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:get', target(request));
    const spec = load(request.params.id);
    return { qos_specs: specsView(spec), links: resourceLinks(ctx, request, 'qos-specs', spec.id) };
  });

  app.put<{ Params: { id: string } }>('/qos-specs/:id', async (request) => {
    validate(
      {
        type: 'object',
        properties: { qos_specs: types.extraSpecsWithNull },
        required: ['qos_specs'],
        additionalProperties: false,
      },
      request.body,
    );
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:update', target(request));
    const body = (request.body as { qos_specs: Record<string, string | null> }).qos_specs;
    store.transaction(() => {
      const spec = load(request.params.id);
      const { consumer, ...rest } = body;
      if (consumer !== undefined && consumer !== null && !CONSUMERS.includes(consumer)) {
        throw invalidConsumer();
      }
      col.put({
        ...spec,
        consumer: consumer ?? spec.consumer,
        specs: { ...spec.specs, ...specStrings(rest) },
        updated_at: ctx.now().toISOString(),
      });
    });
    return request.body;
  });

  app.delete<{ Params: { id: string } }>('/qos-specs/:id', async (request, reply) => {
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:delete', target(request));
    const force = boolParam(request.query as Json, 'force');
    store.transaction(() => {
      const spec = load(request.params.id);
      const inUse = associated(spec.id);
      if (inUse.length > 0 && !force) throw badRequest('Qos specs still in use.');
      for (const t of inUse) typeCol.put({ ...t, qos_specs_id: null });
      col.delete(spec.id);
    });
    return reply.code(202).send();
  });

  app.put<{ Params: { id: string } }>('/qos-specs/:id/delete_keys', async (request, reply) => {
    validate(
      {
        type: 'object',
        properties: {
          keys: {
            type: 'array',
            items: { type: 'string', minLength: 1, maxLength: 255 },
            uniqueItems: true,
          },
        },
        required: ['keys'],
        additionalProperties: false,
      },
      request.body,
    );
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:delete', target(request));
    const keys = (request.body as { keys: string[] }).keys;
    store.transaction(() => {
      const spec = load(request.params.id);
      const missing = keys.find((k) => spec.specs[k] === undefined);
      if (missing !== undefined) {
        throw new Fault(404, `QoS spec ${spec.id} has no spec with key ${missing}.`);
      }
      col.put({
        ...spec,
        specs: Object.fromEntries(Object.entries(spec.specs).filter(([k]) => !keys.includes(k))),
        updated_at: ctx.now().toISOString(),
      });
    });
    return reply.code(202).send();
  });

  app.get<{ Params: { id: string } }>('/qos-specs/:id/associations', async (request) => {
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:get_all', target(request));
    const spec = load(request.params.id);
    return {
      qos_associations: associated(spec.id).map((t) => ({
        association_type: 'volume_type',
        name: t.name,
        id: t.id,
      })),
    };
  });

  const typeParam = (request: FastifyRequest): string => {
    const typeId = queryParam(request.query as Json, 'vol_type_id');
    if (!typeId) throw badRequest('Volume Type id must not be None.');
    return typeId;
  };

  app.get<{ Params: { id: string } }>('/qos-specs/:id/associate', async (request, reply) => {
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:update', target(request));
    const typeId = typeParam(request);
    store.transaction(() => {
      const spec = load(request.params.id);
      const type = typeCol.get(typeId);
      if (!type) throw new Fault(404, `Volume type ${typeId} could not be found.`);
      if (type.qos_specs_id && type.qos_specs_id !== spec.id) {
        throw invalidVolumeType(
          `Type ${type.id} is already associated with another qos specs: ${type.qos_specs_id}`,
        );
      }
      typeCol.put({ ...type, qos_specs_id: spec.id });
    });
    return reply.code(202).send();
  });

  app.get<{ Params: { id: string } }>('/qos-specs/:id/disassociate', async (request, reply) => {
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:update', target(request));
    const typeId = typeParam(request);
    store.transaction(() => {
      const spec = load(request.params.id);
      const type = typeCol.get(typeId);
      if (!type) throw new Fault(404, `Volume type ${typeId} could not be found.`);
      if (type.qos_specs_id === spec.id) typeCol.put({ ...type, qos_specs_id: null });
    });
    return reply.code(202).send();
  });

  app.get<{ Params: { id: string } }>('/qos-specs/:id/disassociate_all', async (request, reply) => {
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:update', target(request));
    store.transaction(() => {
      const spec = load(request.params.id);
      for (const t of associated(spec.id)) typeCol.put({ ...t, qos_specs_id: null });
    });
    return reply.code(202).send();
  });
};
