import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest, conflict } from '../../core/faults';
import { uuid } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { novaDbTime, novaTime } from '../../core/time';
import { COMPUTE_HOSTS, INTERNAL_ZONE } from './hosts';
import { atLeast, bodyObject, checkName, invalidInput, isObject, pyRepr } from './http';
import type { Json } from './http';
import { aggregates } from './model';
import type { AggregateDoc } from './model';

const aggregateNotFound = (id: string): Fault =>
  new Fault(404, `Aggregate ${id} could not be found.`);

/** `full` is a row read back (seconds only, as MySQL keeps them); the create answer is not. */
const view = (request: FastifyRequest, a: AggregateDoc, full = true): Json => ({
  availability_zone: a.availability_zone,
  created_at: (full ? novaDbTime : novaTime)(new Date(a.created_at)),
  deleted: false,
  deleted_at: null,
  ...(full ? { hosts: a.hosts, metadata: a.metadata } : {}),
  id: Number(a.id),
  name: a.name,
  updated_at: a.updated_at ? novaTime(new Date(a.updated_at)) : null,
  ...(atLeast(request, '2.41') ? { uuid: a.uuid } : {}),
});

const emptyZone = (name: string): string =>
  `Aggregate ${name} does not support empty named availability zone`;

const checkZone = (value: unknown, path: string): string | null => {
  if (value === null) return null;
  if (typeof value !== 'string')
    throw invalidInput(path, value, `${pyRepr(value)} is not of type 'string', 'null'`);
  if (value.length < 1 || value.length > 255)
    throw invalidInput(path, value, `${pyRepr(value)} is too long`);
  if (value === INTERNAL_ZONE) {
    throw badRequest(
      'Aggregate action update is not allowed: cannot set the internal availability zone',
    );
  }
  return value;
};

export const aggregateRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(aggregates);

  const load = (id: string): AggregateDoc => {
    const found = col.get(id);
    if (!found) throw aggregateNotFound(id);
    return found;
  };

  /** A host may only join zones that agree with the zones it is already in. */
  const checkHostZone = (aggregate: AggregateDoc, host: string, zone: string | null): void => {
    if (!zone) return;
    const others = col
      .all()
      .filter(
        (a) =>
          a.id !== aggregate.id &&
          a.hosts.includes(host) &&
          a.availability_zone &&
          a.availability_zone !== zone,
      );
    if (others.length > 0) {
      throw badRequest(
        `Cannot add host to aggregate ${aggregate.id}. Reason: One or more hosts already in availability zone(s) ${pyRepr(others.map((a) => a.availability_zone))}.`,
      );
    }
  };

  app.get('/os-aggregates', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-aggregates:index', {});
    return { aggregates: col.all().map((a) => view(request, a)) };
  });

  app.post('/os-aggregates', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-aggregates:create', {});
    const spec = bodyObject(request.body, 'aggregate', ['name', 'availability_zone'], ['name']);
    const name = checkName(spec['name'], 'aggregate/name');
    const zone =
      spec['availability_zone'] === undefined
        ? null
        : checkZone(spec['availability_zone'], 'aggregate/availability_zone');
    const created = store.transaction(() => {
      if (col.findOne('name', name)) throw conflict(`Aggregate ${name} already exists.`);
      return col.insert({
        id: String(store.nextSequence('nova_aggregates')),
        uuid: uuid(),
        name,
        availability_zone: zone,
        hosts: [],
        metadata: zone ? { availability_zone: zone } : {},
        created_at: ctx.now().toISOString(),
        updated_at: null,
      });
    });
    return { aggregate: view(request, created, false) };
  });

  app.get<{ Params: { id: string } }>('/os-aggregates/:id', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-aggregates:show', {});
    return { aggregate: view(request, load(request.params.id)) };
  });

  app.put<{ Params: { id: string } }>('/os-aggregates/:id', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-aggregates:update', {});
    const spec = bodyObject(request.body, 'aggregate', ['name', 'availability_zone'], []);
    if (Object.keys(spec).length === 0) {
      throw invalidInput('aggregate', spec, '{} does not have enough properties');
    }
    const aggregate = load(request.params.id);
    const name =
      spec['name'] === undefined ? aggregate.name : checkName(spec['name'], 'aggregate/name');
    const zone =
      spec['availability_zone'] === undefined
        ? aggregate.availability_zone
        : checkZone(spec['availability_zone'], 'aggregate/availability_zone');
    // Nova checks the zone after it has saved the new name: a refused zone keeps the rename.
    if (spec['availability_zone'] === null) {
      col.put({ ...aggregate, name, updated_at: ctx.now().toISOString() });
      throw badRequest(`Cannot update aggregate ${aggregate.id}. Reason: ${emptyZone(name)}.`);
    }
    const updated = store.transaction(() => {
      const clash = col.findOne('name', name);
      if (clash && clash.id !== aggregate.id) throw conflict(`Aggregate ${name} already exists.`);
      for (const host of aggregate.hosts) checkHostZone(aggregate, host, zone);
      const metadata = { ...aggregate.metadata };
      if (zone) metadata['availability_zone'] = zone;
      else delete metadata['availability_zone'];
      return col.put({
        ...aggregate,
        name,
        availability_zone: zone,
        metadata,
        updated_at: ctx.now().toISOString(),
      });
    });
    return { aggregate: view(request, updated) };
  });

  app.delete<{ Params: { id: string } }>('/os-aggregates/:id', async (request, reply) => {
    authorize(request, 'compute', 'os_compute_api:os-aggregates:delete', {});
    const aggregate = load(request.params.id);
    if (aggregate.hosts.length > 0) {
      throw badRequest(
        `Cannot remove host from aggregate ${aggregate.id}. Reason: Host aggregate is not empty.`,
      );
    }
    col.delete(aggregate.id);
    return reply.code(200).send();
  });

  app.post<{ Params: { id: string } }>('/os-aggregates/:id/action', async (request) => {
    const body = request.body;
    if (!isObject(body) || Object.keys(body).length !== 1)
      throw badRequest('Malformed request body');
    const [action] = Object.keys(body) as [string];
    const args = body[action];
    const host = (): string => {
      if (!isObject(args) || typeof args['host'] !== 'string') {
        throw invalidInput(action, args, `'host' is a required property`);
      }
      return args['host'];
    };
    if (action === 'add_host') {
      authorize(request, 'compute', 'os_compute_api:os-aggregates:add_host', {});
      const name = host();
      const aggregate = load(request.params.id);
      if (!COMPUTE_HOSTS.some((h) => h.name === name))
        throw new Fault(404, `Compute host ${name} could not be found.`);
      if (aggregate.hosts.includes(name))
        throw conflict(`Aggregate ${aggregate.id} already has host ${name}.`);
      checkHostZone(aggregate, name, aggregate.availability_zone);
      const updated = col.put({
        ...aggregate,
        hosts: [...aggregate.hosts, name],
        updated_at: ctx.now().toISOString(),
      });
      return { aggregate: view(request, updated) };
    }
    if (action === 'remove_host') {
      authorize(request, 'compute', 'os_compute_api:os-aggregates:remove_host', {});
      const name = host();
      // Nova gives one answer for an unknown aggregate, an unknown host and a host not in it.
      const aggregate = col.get(request.params.id);
      if (!aggregate || !aggregate.hosts.includes(name)) {
        throw new Fault(404, `Cannot remove host ${name} in aggregate ${request.params.id}`);
      }
      const updated = col.put({
        ...aggregate,
        hosts: aggregate.hosts.filter((h) => h !== name),
        updated_at: ctx.now().toISOString(),
      });
      return { aggregate: view(request, updated) };
    }
    if (action === 'set_metadata') {
      authorize(request, 'compute', 'os_compute_api:os-aggregates:set_metadata', {});
      if (!isObject(args) || !isObject(args['metadata'])) {
        throw invalidInput(action, args, `'metadata' is a required property`);
      }
      const aggregate = load(request.params.id);
      const metadata = { ...aggregate.metadata };
      let zone = aggregate.availability_zone;
      for (const [key, value] of Object.entries(args['metadata'])) {
        if (key.length < 1 || key.length > 255)
          throw invalidInput(
            'set_metadata/metadata',
            args['metadata'],
            `${pyRepr(key)} is too long`,
          );
        if (value === null) {
          // Nova never removes a zone once set.
          if (key === 'availability_zone') {
            throw badRequest(
              `Cannot update metadata of aggregate ${aggregate.id}. Reason: ${emptyZone(aggregate.name)}.`,
            );
          }
          // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
          delete metadata[key];
          continue;
        }
        if (typeof value !== 'string' || value.length > 255) {
          throw invalidInput(
            `set_metadata/metadata/${key}`,
            value,
            `${pyRepr(value)} is not of type 'string', 'null'`,
          );
        }
        metadata[key] = value;
        if (key === 'availability_zone')
          zone = checkZone(value, 'set_metadata/metadata/availability_zone');
      }
      for (const h of aggregate.hosts) checkHostZone(aggregate, h, zone);
      const updated = col.put({
        ...aggregate,
        metadata,
        availability_zone: zone,
        updated_at: ctx.now().toISOString(),
      });
      return { aggregate: view(request, updated) };
    }
    throw badRequest(`There is no such action: ${action}`);
  });
};
