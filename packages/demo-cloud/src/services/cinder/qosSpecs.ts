import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest, conflict } from '../../core/faults';
import { uuid } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  boolParam,
  invalidInput,
  invalidVolumeType,
  ownTarget,
  qosSpecsNotFound,
  resourceLinks,
  volumeTypeNotFound,
} from './http';
import type { Json } from './http';
import { columns, exactFilters, listBody, pagination, queryParam, sortAndPage } from './listing';
import { qosSpecs, volumeTypes } from './model';
import type { QosSpecsDoc, VolumeTypeDoc } from './model';
import { withoutKeys } from './specs';
import { types, validate, wrapped } from './validation';

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

const LIST = { key: 'qos_specs', links: 'qos_specs_links', path: 'qos-specs' };

const SORT_FIELDS = columns<QosSpecsDoc>('id', 'name', 'consumer', 'created_at', 'updated_at');

export const qosSpecsRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(qosSpecs);
  const typeCol = store.collection(volumeTypes);
  const load = (id: string): QosSpecsDoc => {
    const spec = col.get(id);
    if (!spec) throw qosSpecsNotFound(id);
    return spec;
  };
  const associated = (id: string) => typeCol.all().filter((t) => t.qos_specs_id === id);

  app.get('/qos-specs', async (request) => {
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:get_all', ownTarget(request));
    const query = request.query as Json;
    const page = pagination(query);
    const matching = col.all().filter(
      exactFilters<QosSpecsDoc>(query, {
        id: (q) => q.id,
        name: (q) => q.name,
        consumer: (q) => q.consumer,
      }),
    );
    const items = sortAndPage(matching, page, SORT_FIELDS, qosSpecsNotFound);
    return listBody(ctx, request, LIST, { items, views: items.map(specsView), limit: page.limit });
  });

  app.post('/qos-specs', async (request) => {
    validate(
      wrapped('qos_specs', {
        type: 'object',
        properties: { name: { type: 'string', format: 'name_skip_leading_trailing_spaces' } },
        required: ['name'],
        additionalProperties: true,
      }),
      request.body,
    );
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:create', ownTarget(request));
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
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:get', ownTarget(request));
    const spec = load(request.params.id);
    return { qos_specs: specsView(spec), links: resourceLinks(ctx, request, 'qos-specs', spec.id) };
  });

  app.put<{ Params: { id: string } }>('/qos-specs/:id', async (request) => {
    validate(wrapped('qos_specs', types.extraSpecsWithNull), request.body);
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:update', ownTarget(request));
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
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:delete', ownTarget(request));
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
      wrapped('keys', {
        type: 'array',
        items: { type: 'string', minLength: 1, maxLength: 255 },
        uniqueItems: true,
      }),
      request.body,
    );
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:delete', ownTarget(request));
    const keys = (request.body as { keys: string[] }).keys;
    store.transaction(() => {
      const spec = load(request.params.id);
      const missing = keys.find((k) => spec.specs[k] === undefined);
      if (missing !== undefined) {
        throw new Fault(404, `QoS spec ${spec.id} has no spec with key ${missing}.`);
      }
      col.put({
        ...spec,
        specs: withoutKeys(spec.specs, keys),
        updated_at: ctx.now().toISOString(),
      });
    });
    return reply.code(202).send();
  });

  app.get<{ Params: { id: string } }>('/qos-specs/:id/associations', async (request) => {
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:get_all', ownTarget(request));
    const spec = load(request.params.id);
    return {
      qos_associations: associated(spec.id).map((t) => ({
        association_type: 'volume_type',
        name: t.name,
        id: t.id,
      })),
    };
  });

  /** associate and disassociate: the spec and the `vol_type_id` type (any, private too). */
  const withType = (
    request: FastifyRequest<{ Params: { id: string } }>,
    act: (spec: QosSpecsDoc, type: VolumeTypeDoc) => void,
  ): void => {
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:update', ownTarget(request));
    const typeId = queryParam(request.query as Json, 'vol_type_id');
    if (!typeId) throw badRequest('Volume Type id must not be None.');
    store.transaction(() => {
      const spec = load(request.params.id);
      const type = typeCol.get(typeId);
      if (!type) throw volumeTypeNotFound(typeId);
      act(spec, type);
    });
  };

  app.get<{ Params: { id: string } }>('/qos-specs/:id/associate', async (request, reply) => {
    withType(request, (spec, type) => {
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
    withType(request, (spec, type) => {
      if (type.qos_specs_id === spec.id) typeCol.put({ ...type, qos_specs_id: null });
    });
    return reply.code(202).send();
  });

  app.get<{ Params: { id: string } }>('/qos-specs/:id/disassociate_all', async (request, reply) => {
    authorize(request, 'volume', 'volume_extension:qos_specs_manage:update', ownTarget(request));
    store.transaction(() => {
      const spec = load(request.params.id);
      for (const t of associated(spec.id)) typeCol.put({ ...t, qos_specs_id: null });
    });
    return reply.code(202).send();
  });
};
