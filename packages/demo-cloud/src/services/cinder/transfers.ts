import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault } from '../../core/faults';
import { uuid } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import {
  atLeast,
  callerProject,
  callerUser,
  invalidSnapshot,
  invalidVolume,
  ownTarget,
  resourceLinks,
  strictBool,
  volumeNotFound,
} from './http';
import type { Json } from './http';
import {
  PAGING_KEYS,
  columns,
  listBody,
  listRoutes,
  pagination,
  queryParam,
  sortAndPage,
} from './listing';
import type { Pagination, SortFields } from './listing';
import { snapshots, transfers, volumes } from './model';
import type { TransferDoc, VolumeDoc } from './model';
import { checkPerVolumeLimit, reserveQuota, withTypeDeltas } from './quotas';
import { allTenants, authorizeOn, getOwned, isVisible } from './scope';
import { objectBody, strippedOrNull, types, validate, wrapped } from './validation';
import type { Schema } from './validation';
import { cinderTime, exactTime } from './volumes';

/**
 * Volume transfers: a project offers one of its available volumes (status awaiting-transfer) with
 * a one-time auth key; whoever presents the key from another project takes the volume (and, unless
 * `no_snapshots`, its snapshots) into that project, quotas moving with it. Served under
 * `os-volume-transfer` (the 3.0 extension) and `volume-transfers` (3.55's no_snapshots, 3.57's
 * history fields and 3.59's paging); both name `os-volume-transfer` in their links.
 */

/** cinder's volume_transfer_salt_length and volume_transfer_key_length. */
const SALT_LENGTH = 8;
const KEY_LENGTH = 16;
const LINKS_COLLECTION = 'os-volume-transfer';

const transferNotFound = (id: string): Fault =>
  new Fault(404, `Transfer ${id} could not be found.`);

/** Hex digits only, so the recipient can type the key. */
const randomHex = (length: number): string =>
  randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length);

const cryptHash = (salt: string, authKey: string): string =>
  createHash('sha1').update(salt).update(authKey).digest('hex');

/** The transfer for the caller: an admin sees any, others only their volumes' (db transfer_get). */
const loadTransfer = (store: Store, request: FastifyRequest, id: string): TransferDoc => {
  const transfer = store.collection(transfers).get(id);
  const volume = transfer ? store.collection(volumes).get(transfer.volume_id) : undefined;
  if (!transfer || !volume || !isVisible(request, volume)) throw transferNotFound(id);
  return transfer;
};

const summaryView = (ctx: CloudContext, request: FastifyRequest, t: TransferDoc): Json => ({
  id: t.id,
  volume_id: t.volume_id,
  name: t.name,
  links: resourceLinks(ctx, request, LINKS_COLLECTION, t.id),
});

const detailView = (
  ctx: CloudContext,
  request: FastifyRequest,
  t: TransferDoc,
  answer: 'show' | 'create' = 'show',
  authKey?: string,
): Json => {
  const view: Json = {
    id: t.id,
    created_at: answer === 'create' ? exactTime(t.created_at) : cinderTime(t.created_at),
    name: t.name,
    volume_id: t.volume_id,
    ...(authKey === undefined ? {} : { auth_key: authKey }),
    links: resourceLinks(ctx, request, LINKS_COLLECTION, t.id),
  };
  if (atLeast(request, '3.55')) view['no_snapshots'] = t.no_snapshots;
  if (atLeast(request, '3.57')) {
    // Only pending transfers are ever shown: accepted ones are deleted.
    view['destination_project_id'] = null;
    view['source_project_id'] = t.source_project_id;
    view['accepted'] = false;
  }
  return view;
};

const SORT_FIELDS: SortFields<TransferDoc> = {
  ...columns<TransferDoc>('id', 'created_at', 'volume_id', 'source_project_id', 'no_snapshots'),
  display_name: (t) => t.name,
};

/** Columns of cinder's transfers table a filter may name (any other key matches nothing). */
const FILTER_FIELDS: SortFields<TransferDoc> = {
  ...SORT_FIELDS,
  destination_project_id: () => null,
  accepted: () => false,
  deleted: () => false,
};

const matchesFilter = (value: string | number | boolean | null, wanted: unknown): boolean => {
  if (typeof value === 'boolean') return String(value) === String(wanted).toLowerCase();
  return value === wanted;
};

const createSchema = (request: FastifyRequest, versioned: boolean): Schema => {
  const properties: Record<string, Schema> = {
    volume_id: types.uuid,
    name: {
      oneOf: [{ type: 'string', format: 'name_skip_leading_trailing_spaces' }, { type: 'null' }],
    },
  };
  if (versioned && atLeast(request, '3.55')) properties['no_snapshots'] = types.boolean;
  return wrapped('transfer', {
    type: 'object',
    properties,
    required: ['volume_id'],
    additionalProperties: false,
  });
};

const ACCEPT_SCHEMA: Schema = objectBody('accept', { auth_key: { type: ['string', 'integer'] } }, [
  'auth_key',
]);

/** transfer_api.create: the volume must be available, its snapshots too unless left behind. */
const createTransfer = (
  ctx: CloudContext,
  request: FastifyRequest,
  spec: Json,
  noSnapshots: boolean,
): { transfer: TransferDoc; authKey: string } => {
  const { store } = ctx;
  const volume = getOwned(
    store.collection(volumes),
    request,
    String(spec['volume_id']),
    volumeNotFound,
  );
  authorizeOn(request, 'volume:create_transfer', volume);
  if (volume.status !== 'available') throw invalidVolume('status must be available');
  if (volume.encryption_key_id !== null) {
    throw invalidVolume('transferring encrypted volume is not supported');
  }
  if (!noSnapshots) {
    for (const snapshot of store.collection(snapshots).where('volume_id', volume.id)) {
      if (snapshot.status !== 'available') {
        throw invalidSnapshot(`snapshot: ${snapshot.id} status must be available`);
      }
    }
  }
  const salt = randomHex(SALT_LENGTH);
  const authKey = randomHex(KEY_LENGTH);
  const transfer: TransferDoc = {
    id: uuid(),
    volume_id: volume.id,
    source_project_id: volume.project_id,
    name: strippedOrNull(spec['name']),
    salt,
    crypt_hash: cryptHash(salt, authKey),
    no_snapshots: noSnapshots,
    created_at: ctx.now().toISOString(),
  };
  store.collection(transfers).insert(transfer);
  store.collection(volumes).update(volume.id, (v) => ({
    ...v,
    status: 'awaiting-transfer',
    updated_at: ctx.now().toISOString(),
  }));
  return { transfer, authKey };
};

/**
 * transfer_api.accept: the key must match; the taking project's quotas must hold the volume (and
 * its snapshots); the volume (and snapshots) then belong to the caller and the transfer is gone.
 */
const acceptTransfer = (
  ctx: CloudContext,
  request: FastifyRequest,
  id: string,
  authKey: string,
): { transfer: TransferDoc; volume: VolumeDoc } => {
  const { store } = ctx;
  authorize(request, 'volume', 'volume:accept_transfer', ownTarget(request));
  const transfer = store.collection(transfers).get(id);
  const volume = transfer ? store.collection(volumes).get(transfer.volume_id) : undefined;
  if (!transfer || !volume) throw transferNotFound(id);
  if (cryptHash(transfer.salt, authKey) !== transfer.crypt_hash) {
    throw new Fault(400, `Invalid auth key: Attempt to transfer ${id} with invalid auth key.`);
  }
  const project = callerProject(request);
  checkPerVolumeLimit(store, project, volume.size);
  reserveQuota(
    store,
    project,
    withTypeDeltas(store, { volumes: 1, gigabytes: volume.size }, volume.volume_type_id),
    'volumes',
    volume.size,
  );
  const moving = transfer.no_snapshots
    ? []
    : store.collection(snapshots).where('volume_id', volume.id);
  if (moving.length > 0) {
    const size = moving.reduce((total, s) => total + s.volume_size, 0);
    reserveQuota(
      store,
      project,
      withTypeDeltas(store, { snapshots: moving.length, gigabytes: size }, volume.volume_type_id),
      'snapshots',
      size,
    );
  }
  if (volume.status === 'maintenance') {
    throw invalidVolume('The volume cannot accept transfer in maintenance mode.');
  }
  if (volume.status !== 'awaiting-transfer') {
    throw invalidVolume(
      `Transfer ${id}: Volume id ${volume.id} expected in awaiting-transfer state.`,
    );
  }
  const now = ctx.now().toISOString();
  const user = callerUser(request);
  const moved = store.collection(volumes).update(volume.id, (v) => ({
    ...v,
    status: 'available',
    project_id: project,
    user_id: user,
    updated_at: now,
  }));
  for (const snapshot of moving) {
    store.collection(snapshots).update(snapshot.id, (s) => ({
      ...s,
      project_id: project,
      user_id: user,
      updated_at: now,
    }));
  }
  store.collection(transfers).delete(id);
  return { transfer, volume: moved ?? volume };
};

/** The caller's transfers (an admin's with all_tenants: everyone's), filtered and paged. */
const listTransfers = (
  store: Store,
  request: FastifyRequest,
  page: Pagination,
  filters: Json,
): TransferDoc[] => {
  authorize(request, 'volume', 'volume:get_all_transfers', ownTarget(request));
  const { all_tenants: _allTenants, ...rest } = filters;
  const everyone = allTenants(request, filters);
  const col = store.collection(transfers);
  const volumeProjects = new Map(
    store
      .collection(volumes)
      .all()
      .map((v) => [v.id, v.project_id]),
  );
  const own = callerProject(request);
  let items = (everyone ? col.all() : col.where('source_project_id', own)).filter((t) => {
    const project = volumeProjects.get(t.volume_id);
    return project !== undefined && (everyone || project === own);
  });
  for (const [key, wanted] of Object.entries(rest)) {
    const field = FILTER_FIELDS[key === 'name' ? 'display_name' : key];
    // cinder's is_valid_model_filters: a key that is no column matches nothing.
    if (!field) return [];
    const value = Array.isArray(wanted) ? wanted[wanted.length - 1] : wanted;
    items = items.filter((t) => matchesFilter(field(t), value));
  }
  return sortAndPage(items, page, SORT_FIELDS, transferNotFound);
};

export const transferRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;

  /** Both collections' list: the v3 one pages from 3.59, the extension takes every param as a filter. */
  const list = (request: FastifyRequest, detail: boolean, versioned: boolean): Json => {
    const query = request.query as Json;
    const paged = versioned && atLeast(request, '3.59');
    const page = paged
      ? pagination(query)
      : { ...pagination({}), sortKeys: ['created_at', 'id'], sortDirs: ['asc', 'asc'] };
    const filters = paged
      ? Object.fromEntries(Object.entries(query).filter(([k]) => !PAGING_KEYS.includes(k)))
      : query;
    const found = listTransfers(store, request, page, filters);
    // common.limited: the offset and limit of the request, once more over the result.
    const limited = pagination({
      limit: queryParam(query, 'limit'),
      offset: queryParam(query, 'offset'),
    });
    const shown = found.slice(limited.offset, limited.offset + limited.limit);
    const views = shown.map((t) =>
      detail ? detailView(ctx, request, t) : summaryView(ctx, request, t),
    );
    const names = { key: 'transfers', links: 'transfers_links', path: LINKS_COLLECTION };
    return listBody(ctx, request, names, {
      items: shown,
      views,
      limit: limited.limit,
      total: found.length,
    });
  };

  for (const [path, versioned] of [
    ['/os-volume-transfer', false],
    ['/volume-transfers', true],
  ] as const) {
    listRoutes(app, path, (request, detail) => list(request, detail, versioned));

    app.get<{ Params: { id: string } }>(`${path}/:id`, async (request) => {
      authorize(request, 'volume', 'volume:get_transfer', ownTarget(request));
      return {
        transfer: detailView(ctx, request, loadTransfer(store, request, request.params.id)),
      };
    });

    app.post(path, async (request, reply) => {
      validate(createSchema(request, versioned), request.body);
      const spec = (request.body as { transfer: Json }).transfer;
      const noSnapshots =
        versioned && spec['no_snapshots'] !== undefined ? strictBool(spec['no_snapshots']) : false;
      const { transfer, authKey } = store.transaction(() =>
        createTransfer(ctx, request, spec, noSnapshots),
      );
      return reply
        .code(202)
        .send({ transfer: detailView(ctx, request, transfer, 'create', authKey) });
    });

    app.post<{ Params: { id: string } }>(`${path}/:id/accept`, async (request, reply) => {
      validate(ACCEPT_SCHEMA, request.body);
      const authKey = String((request.body as { accept: Json }).accept['auth_key']);
      const { transfer } = store.transaction(() =>
        acceptTransfer(ctx, request, request.params.id, authKey),
      );
      return reply.code(202).send({ transfer: summaryView(ctx, request, transfer) });
    });

    app.delete<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) => {
      store.transaction(() => {
        const transfer = loadTransfer(store, request, request.params.id);
        const volume = store.collection(volumes).get(transfer.volume_id);
        authorize(request, 'volume', 'volume:delete_transfer', {
          project_id: volume?.project_id ?? callerProject(request),
        });
        store.collection(transfers).delete(transfer.id);
        if (volume?.status === 'awaiting-transfer') {
          store.collection(volumes).update(volume.id, (v) => ({
            ...v,
            status: 'available',
            updated_at: ctx.now().toISOString(),
          }));
        }
      });
      return reply.code(202).send();
    });
  }
};
