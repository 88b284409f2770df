import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault, badRequest } from '../../core/faults';
import { uuid } from '../../core/ids';
import { pageAfterMarker, parseLimit, queryValue } from '../../core/paging';
import { authorize, isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { novaDbTime } from '../../core/time';
import type { Store } from '../../store/store';
import { hostIdOf } from './hosts';
import { atLeast, nextLink } from './http';
import type { Json } from './http';
import { instanceActions } from './model';
import type { InstanceActionDoc, InstanceActionEvent, ServerDoc } from './model';
import { loadServer } from './serverAccess';

declare module 'fastify' {
  interface FastifyRequest {
    /** Nova's request id (`req-<uuid>`), answered in X-Openstack-Request-Id and kept in instance actions. */
    novaRequestId: string | null;
  }
}

export const requestIdOf = (request: FastifyRequest): string => {
  if (!request.novaRequestId) request.novaRequestId = `req-${uuid()}`;
  return request.novaRequestId;
};

/** Who did what: the caller of a request, or the system (seed, lifecycle). */
export interface Actor {
  readonly requestId: string;
  readonly userId: string;
  readonly projectId: string;
}

export const actorOf = (request: FastifyRequest): Actor => {
  const caller = callerOf(request);
  return {
    requestId: requestIdOf(request),
    userId: caller.user.id,
    projectId: caller.project?.id ?? '',
  };
};

/** Records an instance action with its first event started (nova's InstanceAction + EventReporter). */
export const startAction = (
  store: Store,
  now: Date,
  server: ServerDoc,
  actor: Actor,
  action: string,
  event?: { name: string; host: string | null },
): InstanceActionDoc => {
  const time = now.toISOString();
  return store.collection(instanceActions).insert({
    id: uuid(),
    server_id: server.id,
    action,
    request_id: actor.requestId,
    user_id: actor.userId,
    project_id: actor.projectId,
    start_time: time,
    updated_at: time,
    message: null,
    events: event
      ? [
          {
            event: event.name,
            start_time: time,
            finish_time: null,
            result: null,
            traceback: null,
            host: event.host,
            details: null,
          },
        ]
      : [],
  });
};

/** The latest action of a server with that name (the one a lifecycle step finishes). */
const latestAction = (
  store: Store,
  serverId: string,
  action: string,
): InstanceActionDoc | undefined =>
  store
    .collection(instanceActions)
    .where('server_id', serverId)
    .filter((a) => a.action === action)
    .pop();

/** Adds an event (started now) to the server's latest `action`. */
export const addEvent = (
  store: Store,
  now: Date,
  serverId: string,
  action: string,
  name: string,
  host: string | null,
): void => {
  const found = latestAction(store, serverId, action);
  if (!found) return;
  const time = now.toISOString();
  store.collection(instanceActions).update(found.id, (a) => ({
    ...a,
    updated_at: time,
    events: [
      ...a.events,
      {
        event: name,
        start_time: time,
        finish_time: null,
        result: null,
        traceback: null,
        host,
        details: null,
      },
    ],
  }));
};

/** Finishes the open events of the server's latest `action`, with success or an error. */
export const finishAction = (
  store: Store,
  now: Date,
  serverId: string,
  action: string,
  error?: { message: string; traceback: string; details?: string },
): void => {
  const found = latestAction(store, serverId, action);
  if (!found) return;
  const time = now.toISOString();
  store.collection(instanceActions).update(found.id, (a) => ({
    ...a,
    updated_at: time,
    message: error ? 'Error' : a.message,
    events: a.events.map((e): InstanceActionEvent =>
      e.finish_time
        ? e
        : {
            ...e,
            finish_time: time,
            result: error ? 'Error' : 'Success',
            traceback: error ? error.traceback : null,
            details: error ? (error.details ?? error.message) : null,
          },
    ),
  }));
};

const actionView = (request: FastifyRequest, a: InstanceActionDoc): Json => ({
  action: a.action,
  instance_uuid: a.server_id,
  message: a.message,
  project_id: a.project_id,
  request_id: a.request_id,
  start_time: novaDbTime(new Date(a.start_time)),
  user_id: a.user_id,
  ...(atLeast(request, '2.58') ? { updated_at: novaDbTime(new Date(a.updated_at)) } : {}),
});

const parseTime = (raw: string | undefined, name: string): number | undefined => {
  if (raw === undefined) return undefined;
  const value = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`);
  if (Number.isNaN(value)) {
    throw badRequest(
      `Invalid input for query parameters ${name}. Value: ${raw}. '${raw}' is not a 'date-time'`,
    );
  }
  return value;
};

export const instanceActionRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(instanceActions);

  app.get<{ Params: { id: string } }>('/servers/:id/os-instance-actions', async (request) => {
    // Actions of a deleted server stay readable from 2.21.
    const server = loadServer(ctx, request, request.params.id, {
      deleted: atLeast(request, '2.21'),
    });
    authorize(request, 'compute', 'os_compute_api:os-instance-actions:list', {
      project_id: server.project_id,
    });
    let actions = col
      .where('server_id', server.id)
      .sort((a, b) => (a.start_time < b.start_time ? 1 : a.start_time > b.start_time ? -1 : 0));
    const paged = atLeast(request, '2.58');
    if (paged) {
      const since = parseTime(queryValue(request.query, 'changes-since'), 'changes-since');
      const before = atLeast(request, '2.66')
        ? parseTime(queryValue(request.query, 'changes-before'), 'changes-before')
        : undefined;
      if (since !== undefined && before !== undefined && since > before) {
        throw badRequest(
          'The value of changes-since must be less than or equal to changes-before.',
        );
      }
      actions = actions.filter((a) => {
        const t = Date.parse(a.updated_at);
        return (since === undefined || t >= since) && (before === undefined || t <= before);
      });
    }
    const page = pageAfterMarker(actions, {
      limit: paged ? parseLimit(queryValue(request.query, 'limit')) : undefined,
      marker: paged ? queryValue(request.query, 'marker') : undefined,
      key: (a) => a.request_id,
      missingMarker: (m) => badRequest(`Marker ${m} could not be found.`),
    });
    const body: Json = { instanceActions: page.items.map((a) => actionView(request, a)) };
    const last = page.items[page.items.length - 1];
    if (paged && page.full && last) {
      body['links'] = nextLink(
        ctx,
        request,
        `/servers/${server.id}/os-instance-actions`,
        last.request_id,
      );
    }
    return body;
  });

  app.get<{ Params: { id: string; requestId: string } }>(
    '/servers/:id/os-instance-actions/:requestId',
    async (request) => {
      const server = loadServer(ctx, request, request.params.id, {
        deleted: atLeast(request, '2.21'),
      });
      const target = { project_id: server.project_id };
      authorize(request, 'compute', 'os_compute_api:os-instance-actions:show', target);
      const action = col
        .where('request_id', request.params.requestId)
        .find((a) => a.server_id === server.id);
      if (!action) {
        throw new Fault(404, `Action ${request.params.requestId} not found`);
      }
      // Everyone sees events from 2.51; tracebacks, hosts and details stay with the admin.
      const full = isAllowed(
        request,
        'compute',
        'os_compute_api:os-instance-actions:events',
        target,
      );
      const view = actionView(request, action);
      if (full || atLeast(request, '2.51')) {
        const details = isAllowed(
          request,
          'compute',
          'os_compute_api:os-instance-actions:events:details',
          target,
        );
        view['events'] = action.events.map((e): Json => {
          const event: Json = {
            event: e.event,
            start_time: novaDbTime(new Date(e.start_time)),
            finish_time: e.finish_time ? novaDbTime(new Date(e.finish_time)) : null,
            result: e.result,
          };
          if (full) event['traceback'] = e.traceback;
          if (atLeast(request, '2.62')) {
            event['hostId'] = hostIdOf(server.project_id, e.host);
            if (full) event['host'] = e.host ?? '';
          }
          if (atLeast(request, '2.84') && details) event['details'] = e.details;
          return event;
        });
      }
      return { instanceAction: view };
    },
  );
};
