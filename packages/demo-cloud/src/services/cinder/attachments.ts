import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import { atLeast, isAdmin, requireVersion } from './http';
import type { Json } from './http';
import { columns, exactFilters, listRoutes, pagination, queryParam, sortAndPage } from './listing';
import { attachments, volumes } from './model';
import type { AttachmentDoc } from './model';
import { actOn, authorizeOn, getOwned, scopedRows } from './scope';
import { types, validObjectBody } from './validation';
import type { Schema } from './validation';
import { attachRecord, completeAttachment, connectionInfo, detachRecord } from './volumeOps';
import { cinderTime, loadVolume } from './volumes';

const attachmentNotFound = (id: string): Fault =>
  new Fault(404, `Volume attachment could not be found with filter: attachment_id = ${id}.`);

const summary = (a: AttachmentDoc): Json => ({
  id: a.id,
  status: a.attach_status,
  instance: a.instance_uuid,
  volume_id: a.volume_id,
});

const detail = (a: AttachmentDoc): Json => ({
  ...summary(a),
  attached_at: cinderTime(a.attach_time) ?? '',
  detached_at: cinderTime(a.detach_time) ?? '',
  attach_mode: a.attach_mode,
  connection_info: a.connection_info ?? {},
});

/** An attachment of the caller's project (any, for an admin), else cinder's 404. */
const loadAttachment = (store: Store, request: FastifyRequest, id: string): AttachmentDoc =>
  getOwned(store.collection(attachments), request, id, attachmentNotFound);

const SORT_FIELDS = columns<AttachmentDoc>(
  'id',
  'created_at',
  'volume_id',
  'instance_uuid',
  'attach_status',
);

/** The v3 attachments API (3.27+) as Nova drives it: create (reserve), update, complete, delete. */
export const attachmentRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(attachments);
  /** The lookup of the attachment a request's URL names. */
  const load = (request: FastifyRequest<{ Params: { id: string } }>) => (): AttachmentDoc =>
    loadAttachment(store, request, request.params.id);

  const list = (request: FastifyRequest, withDetail: boolean): Json => {
    requireVersion(request, '3.27');
    const query = request.query as Json;
    const page = pagination(query);
    // Any all_tenants value counts here (the attachments API does not parse it).
    const all = isAdmin(request) && query['all_tenants'] !== undefined;
    const matching = scopedRows(col, request, all).filter(
      exactFilters<AttachmentDoc>(
        // attach_status is the older name of the status filter.
        { ...query, status: queryParam(query, 'status') ?? queryParam(query, 'attach_status') },
        {
          volume_id: (a) => a.volume_id,
          status: (a) => a.attach_status,
          instance_id: (a) => a.instance_uuid,
        },
      ),
    );
    const items = sortAndPage(matching, page, SORT_FIELDS, attachmentNotFound);
    return { attachments: items.map(withDetail ? detail : summary) };
  };

  listRoutes(app, '/attachments', list);

  app.get<{ Params: { id: string } }>('/attachments/:id', async (request) => {
    requireVersion(request, '3.27');
    return { attachment: detail(loadAttachment(store, request, request.params.id)) };
  });

  app.post('/attachments', async (request) => {
    requireVersion(request, '3.27');
    const props: Record<string, object> = {
      instance_uuid: types.uuid,
      connector: { type: ['object', 'null'] },
      volume_uuid: types.uuid,
    };
    if (atLeast(request, '3.54')) props['mode'] = { type: 'string', enum: ['rw', 'ro'] };
    const spec = validObjectBody(request.body, 'attachment', props, ['volume_uuid']);
    const created = store.transaction(() => {
      const volume = loadVolume(store, request, String(spec['volume_uuid']));
      authorizeOn(request, 'volume:attachment_create', volume);
      const connector = spec['connector'] as Json | null | undefined;
      const mode = atLeast(request, '3.54')
        ? ((spec['mode'] as string | undefined) ?? 'null')
        : 'null';
      const reserved = attachRecord(ctx, volume, {
        serverId: (spec['instance_uuid'] as string | undefined) ?? null,
        device: null,
        hostName: null,
        mode,
        reserveOnly: true,
      });
      if (!connector) return reserved;
      return connect(ctx, reserved, connector);
    });
    return { attachment: detail(created) };
  });

  app.put<{ Params: { id: string } }>('/attachments/:id', async (request) => {
    requireVersion(request, '3.27');
    const connectorSchema: Schema = { type: 'object', minProperties: 1 };
    const spec = validObjectBody(request.body, 'attachment', { connector: connectorSchema }, [
      'connector',
    ]);
    const connector = spec['connector'] as Json;
    const updated = actOn(store, request, load(request), 'volume:attachment_update', (a) =>
      connect(ctx, a, connector),
    );
    return { attachment: detail(updated) };
  });

  app.post<{ Params: { id: string } }>('/attachments/:id/action', async (request, reply) => {
    requireVersion(request, '3.44');
    const body = request.body as Json | undefined;
    if (!body || !('os-complete' in body)) {
      throw badRequest(
        `There is no such action: ${Object.keys(body ?? {})[0] ?? 'None'}. Verify the request body and Content-Type header and try again.`,
      );
    }
    actOn(store, request, load(request), 'volume:attachment_complete', (a) =>
      completeAttachment(ctx, a, {}),
    );
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/attachments/:id', async (request) => {
    requireVersion(request, '3.27');
    const remaining = actOn(store, request, load(request), 'volume:attachment_delete', (a) => {
      detachRecord(ctx, a);
      return col.where('volume_id', a.volume_id);
    });
    return { attachments: remaining.map(summary) };
  });
};

/** attachment_update: the connector makes the attachment `attaching` with connection info. */
const connect = (ctx: CloudContext, attachment: AttachmentDoc, connector: Json): AttachmentDoc => {
  const { store } = ctx;
  const volume = store.collection(volumes).get(attachment.volume_id);
  if (!volume) throw new Fault(404, `Volume ${attachment.volume_id} could not be found.`);
  if (volume.status.includes('error')) {
    throw new Fault(
      400,
      `Invalid volume: Volume attachments can not be updated if the volume is in an error state. The Volume ${volume.id} currently has a status of: ${volume.status} `,
    );
  }
  const connectorMode = typeof connector['mode'] === 'string' ? connector['mode'] : 'rw';
  const mode = attachment.attach_mode !== 'null' ? attachment.attach_mode : connectorMode;
  const host = typeof connector['host'] === 'string' ? connector['host'] : '';
  const mountpoint = typeof connector['mountpoint'] === 'string' ? connector['mountpoint'] : 'na';
  const now = ctx.now().toISOString();
  const updated =
    store.collection(attachments).update(attachment.id, (a) => ({
      ...a,
      attach_status: 'attaching',
      attach_mode: mode,
      attached_host: host,
      mountpoint,
      attach_time: now,
      connection_info: { ...connectionInfo(volume, host || null), attachment_id: a.id },
    })) ?? attachment;
  store.collection(volumes).update(volume.id, (v) => ({
    ...v,
    status: 'attaching',
    attach_status: 'attaching',
    admin_metadata: { ...v.admin_metadata, attached_mode: mode },
    updated_at: now,
  }));
  return updated;
};
