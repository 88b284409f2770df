import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import { queryValue } from '../../core/paging';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { novaDbTime } from '../../core/time';
import type { Store } from '../../store/store';
import { COMPUTE_HOSTS, CONTROLLER_HOST, INTERNAL_ZONE, zoneOfHost } from './hosts';
import { atLeast, invalidInput, isObject, pyRepr } from './http';
import type { Json } from './http';

/** The services of the demo cloud; stable ids so 2.53+ clients can address them. */
const SERVICES = [
  {
    id: 1,
    uuid: 'c0a5d1c6-5f4e-4f7e-9d0b-6f1b2a3c4d01',
    binary: 'nova-scheduler',
    host: CONTROLLER_HOST,
  },
  {
    id: 2,
    uuid: 'c0a5d1c6-5f4e-4f7e-9d0b-6f1b2a3c4d02',
    binary: 'nova-conductor',
    host: CONTROLLER_HOST,
  },
  ...COMPUTE_HOSTS.map((h) => ({
    id: h.serviceId,
    uuid: h.serviceUuid,
    binary: 'nova-compute',
    host: h.name,
  })),
] as const;
type ServiceDef = (typeof SERVICES)[number];

/** What an admin changed about a service; kept in the store's meta so it outlives a restart. */
export interface ServiceState {
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
}

const metaKey = (uuid: string): string => `nova_service_state:${uuid}`;

export const serviceState = (store: Store, uuid: string): ServiceState => {
  const raw = store.getMeta(metaKey(uuid));
  return raw ? (JSON.parse(raw) as ServiceState) : { status: 'enabled', disabled_reason: null };
};

const setServiceState = (store: Store, uuid: string, state: ServiceState): void => {
  store.setMeta(metaKey(uuid), JSON.stringify(state));
};

/** GET /os-services; PUT /os-services/{id} (2.53+) and the older enable/disable actions. */
export const serviceRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;

  const view = (request: FastifyRequest, s: ServiceDef): Json => {
    const state = serviceState(store, s.uuid);
    return {
      // Service ids became uuids in 2.53.
      id: atLeast(request, '2.53') ? s.uuid : s.id,
      binary: s.binary,
      host: s.host,
      zone: s.binary === 'nova-compute' ? zoneOfHost(store, s.host) : INTERNAL_ZONE,
      status: state.status,
      state: 'up',
      updated_at: novaDbTime(ctx.now()),
      disabled_reason: state.disabled_reason,
      ...(atLeast(request, '2.11') ? { forced_down: false } : {}),
    };
  };

  const checkReason = (value: unknown, path: string): string => {
    if (typeof value !== 'string')
      throw invalidInput(path, value, `${pyRepr(value)} is not of type 'string'`);
    if (value.length < 1) throw invalidInput(path, value, `${pyRepr(value)} is too short`);
    if (value.length > 255) throw invalidInput(path, value, `${pyRepr(value)} is too long`);
    return value;
  };

  app.get('/os-services', async (request) => {
    authorize(request, 'compute', 'os_compute_api:os-services:list', {});
    const binary = queryValue(request.query, 'binary');
    const host = queryValue(request.query, 'host');
    const services = SERVICES.filter((s) => binary === undefined || s.binary === binary)
      .filter((s) => host === undefined || s.host === host)
      .map((s) => view(request, s));
    return { services };
  });

  app.put<{ Params: { id: string } }>('/os-services/:id', async (request) => {
    if (!atLeast(request, '2.53')) {
      return legacyAction(request, request.params.id);
    }
    authorize(request, 'compute', 'os_compute_api:os-services:update', {});
    const body = request.body;
    if (!isObject(body)) throw badRequest('Malformed request body');
    for (const key of Object.keys(body)) {
      if (!['status', 'disabled_reason', 'forced_down'].includes(key)) {
        throw invalidInput(
          '',
          body,
          `Additional properties are not allowed (${pyRepr(key)} was unexpected)`,
        );
      }
    }
    const status = body['status'];
    if (status !== undefined && status !== 'enabled' && status !== 'disabled') {
      throw invalidInput(
        'status',
        status,
        `${pyRepr(status)} is not one of ['enabled', 'disabled']`,
      );
    }
    if (body['forced_down'] !== undefined && typeof body['forced_down'] !== 'boolean') {
      throw invalidInput('forced_down', body['forced_down'], 'is not of type boolean');
    }
    const reason =
      body['disabled_reason'] === undefined
        ? undefined
        : checkReason(body['disabled_reason'], 'disabled_reason');
    if (reason !== undefined && status !== 'disabled') {
      throw badRequest(
        "Specifying 'disabled_reason' with status other than 'disabled' is invalid.",
      );
    }
    if (status === undefined && body['forced_down'] === undefined) {
      throw badRequest(
        "At least one of 'status' or 'forced_down' must be specified in the update request body.",
      );
    }
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(request.params.id))
      throw badRequest(`Invalid uuid ${request.params.id}`);
    const service = SERVICES.find((s) => s.uuid === request.params.id);
    if (!service) throw new Fault(404, `Service ${request.params.id} could not be found.`);
    if (service.binary !== 'nova-compute') {
      throw badRequest(
        `Updating a ${service.binary} service is not supported. Only nova-compute services can be updated.`,
      );
    }
    if (status !== undefined) {
      setServiceState(store, service.uuid, {
        status,
        // Enabling clears the reason, as Nova does.
        disabled_reason: status === 'disabled' ? (reason ?? null) : null,
      });
    }
    return { service: view(request, service) };
  });

  /** Before 2.53: PUT /os-services/{enable,disable,disable-log-reason} with host and binary. */
  const legacyAction = (request: FastifyRequest, action: string): Json => {
    if (!['enable', 'disable', 'disable-log-reason'].includes(action)) {
      throw new Fault(404, 'Unknown action');
    }
    authorize(request, 'compute', 'os_compute_api:os-services:update', {});
    const body = request.body;
    if (!isObject(body) || typeof body['host'] !== 'string' || typeof body['binary'] !== 'string')
      throw badRequest('Invalid attribute in the request');
    const { host, binary } = body;
    const service = SERVICES.find((s) => s.host === host && s.binary === binary);
    if (!service) throw new Fault(404, `Service ${binary} on host ${host} could not be found.`);
    const reason =
      action === 'disable-log-reason'
        ? checkReason(body['disabled_reason'], 'disabled_reason')
        : null;
    const status = action === 'enable' ? 'enabled' : 'disabled';
    setServiceState(store, service.uuid, { status, disabled_reason: reason });
    return {
      service: {
        host,
        binary,
        status,
        ...(action === 'disable-log-reason' ? { disabled_reason: reason } : {}),
      },
    };
  };
};
