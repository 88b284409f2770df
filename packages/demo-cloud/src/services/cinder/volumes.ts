import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import { authorize, isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { novaTime } from '../../core/time';
import type { Store } from '../../store/store';
import {
  atLeast,
  backupNotFound,
  boolFromString,
  boolParam,
  callerProject,
  callerUser,
  invalidBackup,
  invalidInput,
  invalidSnapshot,
  invalidVolume,
  isAdmin,
  isObject,
  ownTarget,
  requireVersion,
  resourceLinks,
  snapshotNotFound,
  volumeNotFound,
} from './http';
import type { Json } from './http';
import { checkVolumeInGroup, loadGroup } from './groups';
import { checkImage, glanceInternal, volumeImageMetadata } from './images';
import type { BootImage } from './images';
import {
  PAGING_KEYS,
  columns,
  listBody,
  listRoutes,
  literalEval,
  pagination,
  queryParam,
  sortAndPage,
  withCount,
} from './listing';
import type { SortFields } from './listing';
import { DEFAULT_ZONE, attachments, backups, snapshots, volumeTypes, volumes } from './model';
import type { AttachmentDoc, BackupDoc, SnapshotDoc, VolumeDoc, VolumeTypeDoc } from './model';
import { checkPerVolumeLimit, reserveQuota, withTypeDeltas } from './quotas';
import { allTenants, authorizeOn, getOwned, loadOwned, scopedRows, targetOf } from './scope';
import { specsMatch } from './specs';
import { defaultType, typeByNameOrId } from './types';
import {
  anyOfRequired,
  isUuidLike,
  strictObject,
  strippedOrNull,
  types,
  validate,
  wrapped,
} from './validation';
import type { Schema } from './validation';
import { createVolumeRecord, destroyVolume, scheduleVolumeDeletion } from './volumeOps';

/**
 * Time fields as cinder shows rows read back from its database: naive UTC, whole seconds (MySQL
 * DATETIME) printed with microseconds. Null kept.
 */
export const cinderTime = (iso: string | null | undefined): string | null =>
  iso ? `${iso.slice(0, 19)}.000000` : null;

/** A time of an object cinder just created in memory (the create answers), sub-second kept. */
export const exactTime = (iso: string | null | undefined): string | null =>
  iso ? novaTime(new Date(iso)) : null;

/** The volume for the caller, or cinder's 404 (also when the get policy hides it). */
export const loadVolume = (store: Store, request: FastifyRequest, id: string): VolumeDoc => {
  const volume = getOwned(store.collection(volumes), request, id, volumeNotFound);
  if (!isAllowed(request, 'volume', 'volume:get', targetOf(volume))) throw volumeNotFound(id);
  return volume;
};

/** volume_api.get_snapshot: project-scoped, then the get_snapshot policy. */
export const loadSnapshot = (store: Store, request: FastifyRequest, id: string): SnapshotDoc =>
  loadOwned(store.collection(snapshots), request, id, snapshotNotFound, 'volume:get_snapshot');

export const loadBackup = (store: Store, request: FastifyRequest, id: string): BackupDoc =>
  loadOwned(store.collection(backups), request, id, backupNotFound, 'backup:get');

/** What a view needs besides the volume rows: type names, attachments and policy answers, fetched once. */
export interface ViewContext {
  readonly typesById: ReadonlyMap<string, VolumeTypeDoc>;
  readonly attachmentsByVolume: ReadonlyMap<string, AttachmentDoc[]>;
  readonly admin: boolean;
  /** The extensions policy lets the caller see (os-vol-host-attr ...). */
  readonly show: {
    readonly host: boolean;
    readonly migration: boolean;
    readonly tenant: boolean;
    readonly imageMetadata: boolean;
  };
}

export const viewContext = (
  store: Store,
  request: FastifyRequest,
  items: readonly VolumeDoc[],
): ViewContext => {
  const typesById = new Map(
    store
      .collection(volumeTypes)
      .all()
      .map((t) => [t.id, t]),
  );
  const attachmentsByVolume = new Map<string, AttachmentDoc[]>();
  const projectIds = new Set(items.map((v) => v.project_id));
  const col = store.collection(attachments);
  // One query per request rather than per volume.
  const rows =
    projectIds.size === 1
      ? col.where('project_id', [...projectIds][0] ?? '')
      : items.length === 1
        ? col.where('volume_id', items[0]?.id ?? '')
        : col.all();
  const wanted = new Set(items.map((v) => v.id));
  for (const a of rows) {
    if (!wanted.has(a.volume_id)) continue;
    const list = attachmentsByVolume.get(a.volume_id) ?? [];
    list.push(a);
    attachmentsByVolume.set(a.volume_id, list);
  }
  const target = ownTarget(request);
  const allowed = (rule: string): boolean => isAllowed(request, 'volume', rule, target);
  return {
    typesById,
    attachmentsByVolume,
    admin: isAdmin(request),
    show: {
      host: allowed('volume_extension:volume_host_attribute'),
      migration: allowed('volume_extension:volume_mig_status_attribute'),
      tenant: allowed('volume_extension:volume_tenant_attribute'),
      imageMetadata: allowed('volume_extension:volume_image_metadata:show'),
    },
  };
};

const VISIBLE_ADMIN_METADATA = ['readonly', 'attached_mode'];

/** User metadata plus the admin metadata cinder lets everyone see (readonly, attached_mode). */
export const shownMetadata = (v: VolumeDoc): Record<string, string> => {
  const out = { ...v.metadata };
  for (const key of VISIBLE_ADMIN_METADATA) {
    const value = v.admin_metadata[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
};

export const volumeSummary = (ctx: CloudContext, request: FastifyRequest, v: VolumeDoc): Json => ({
  id: v.id,
  name: v.name,
  links: resourceLinks(ctx, request, 'volumes', v.id),
});

/**
 * The detailed view. Show and list add the extensions (tenant, migration, host, image metadata)
 * policy allows; create and update answers do not (cinder's extensions extend show and detail
 * only), and a create answers with the in-memory timestamps.
 */
export const volumeDetail = (
  ctx: CloudContext,
  request: FastifyRequest,
  v: VolumeDoc,
  views: ViewContext,
  answer: 'show' | 'create' | 'update' = 'show',
): Json => {
  const admin = views.admin;
  const type = views.typesById.get(v.volume_type_id);
  const shownStatus =
    { managing: 'creating', error_managing: 'error', error_managing_deleting: 'deleting' }[
      v.status
    ] ?? v.status;
  const attached = (views.attachmentsByVolume.get(v.id) ?? [])
    .filter((a) => a.attach_status === 'attached')
    .map((a) => ({
      id: v.id,
      attachment_id: a.id,
      volume_id: v.id,
      server_id: a.instance_uuid,
      host_name: admin ? a.attached_host : null,
      device: a.mountpoint,
      attached_at: cinderTime(a.attach_time),
    }));
  const view: Json = {
    id: v.id,
    status: shownStatus,
    size: v.size,
    availability_zone: v.availability_zone,
    created_at: answer === 'create' ? exactTime(v.created_at) : cinderTime(v.created_at),
    updated_at: cinderTime(v.updated_at),
    name: v.name,
    description: v.description,
    volume_type: atLeast(request, '3.63') ? (type?.name ?? null) : (type?.name ?? v.volume_type_id),
    snapshot_id: v.snapshot_id,
    source_volid: v.source_volid,
    metadata: shownMetadata(v),
    links: resourceLinks(ctx, request, 'volumes', v.id),
    user_id: v.user_id,
    bootable: v.bootable ? 'true' : 'false',
    encrypted: v.encryption_key_id !== null,
    replication_status: v.replication_status,
    consistencygroup_id: null,
    multiattach: v.multiattach,
    attachments: attached,
  };
  if (admin) view['migration_status'] = v.migration_status;
  if (atLeast(request, '3.13')) view['group_id'] = v.group_id;
  if (admin && atLeast(request, '3.21')) view['provider_id'] = v.provider_id;
  if (atLeast(request, '3.48')) {
    view['shared_targets'] = v.shared_targets;
    view['service_uuid'] = v.service_uuid;
  }
  if (admin && atLeast(request, '3.61')) view['cluster_name'] = null;
  if (atLeast(request, '3.63')) view['volume_type_id'] = v.volume_type_id;
  if (atLeast(request, '3.65')) view['consumes_quota'] = v.use_quota;
  if (answer !== 'show') return view;
  if (views.show.tenant) view['os-vol-tenant-attr:tenant_id'] = v.project_id;
  if (views.show.migration) {
    view['os-vol-mig-status-attr:migstat'] = v.migration_status;
    view['os-vol-mig-status-attr:name_id'] = null;
  }
  if (views.show.host) view['os-vol-host-attr:host'] = v.host;
  if (views.show.imageMetadata && v.image_metadata && Object.keys(v.image_metadata).length > 0) {
    view['volume_image_metadata'] = { ...v.image_metadata };
  }
  return view;
};

const LIST = { key: 'volumes', links: 'volumes_links', path: 'volumes' };

const SORT_FIELDS: SortFields<VolumeDoc> = {
  ...columns<VolumeDoc>(
    'id',
    'name',
    'description',
    'size',
    'status',
    'created_at',
    'updated_at',
    'availability_zone',
    'bootable',
    'project_id',
    'user_id',
    'volume_type_id',
    'attach_status',
    'multiattach',
    'host',
  ),
  display_name: (v) => v.name,
  display_description: (v) => v.description,
};

/** Filters a non-admin may use (resource_filters.json), by the microversion that added them. */
const USER_FILTERS: ReadonlyArray<readonly [name: string, since: string]> = [
  ['name', '3.0'],
  ['status', '3.0'],
  ['metadata', '3.0'],
  ['bootable', '3.0'],
  ['migration_status', '3.0'],
  ['availability_zone', '3.0'],
  ['size', '3.0'],
  ['group_id', '3.10'],
  ['created_at', '3.60'],
  ['updated_at', '3.60'],
  ['consumes_quota', '3.65'],
];

/** Model attributes an admin may filter on beyond the user filters. */
const ADMIN_FILTERS = [
  'id',
  'display_name',
  'display_description',
  'project_id',
  'user_id',
  'host',
  'volume_type_id',
  'attach_status',
  'multiattach',
  'snapshot_id',
  'source_volid',
  'glance_metadata',
  'all_tenants',
  'volume_type',
];

type Filter = (v: VolumeDoc) => boolean;

const valueMatches = (actual: unknown, wanted: unknown): boolean => {
  if (Array.isArray(wanted)) return wanted.some((w) => valueMatches(actual, w));
  return String(actual) === String(wanted);
};

/** cinder's volume filters: the user set for non-admins (others dropped), anything for admins. */
const volumeFilters = (
  request: FastifyRequest,
  query: Json,
  typesByName: ReadonlyMap<string, VolumeTypeDoc>,
): Filter[] | null => {
  const admin = isAdmin(request);
  const filters: Filter[] = [];
  const strict = atLeast(request, '3.2');
  for (const key of Object.keys(query)) {
    if (PAGING_KEYS.includes(key) || key === 'with_count') continue;
    const since = USER_FILTERS.find(([name]) => name === key)?.[1];
    const userFilter = since !== undefined && atLeast(request, since);
    if (!admin && !userFilter) continue;
    if (admin && !userFilter && !ADMIN_FILTERS.includes(key)) {
      // Not a Volume attribute: cinder's DB layer then matches nothing.
      return null;
    }
    const raw = queryParam(query, key) ?? '';
    switch (key) {
      case 'all_tenants':
        break;
      case 'name':
      case 'display_name':
        filters.push((v) => v.name === raw);
        break;
      case 'description':
      case 'display_description':
        filters.push((v) => v.description === raw);
        break;
      case 'bootable':
      case 'multiattach': {
        let wanted: boolean;
        if (strict) {
          const parsed = boolFromString(raw);
          if (parsed === undefined) throw invalidInput(`'${key} = ${raw}'`);
          wanted = parsed;
        } else {
          wanted = !['False', 'false', 'FALSE'].includes(raw) && raw !== '';
        }
        filters.push((v) => v[key] === wanted);
        break;
      }
      case 'metadata':
      case 'glance_metadata': {
        const parsed = literalEval(raw);
        if (!isObject(parsed)) return null;
        filters.push((v) =>
          specsMatch(key === 'metadata' ? v.metadata : (v.image_metadata ?? {}), parsed),
        );
        break;
      }
      case 'consumes_quota': {
        const parsed = boolFromString(raw);
        filters.push((v) => v.use_quota === (parsed ?? true));
        break;
      }
      case 'volume_type': {
        const type = typesByName.get(raw);
        filters.push((v) => v.volume_type_id === (type?.id ?? raw));
        break;
      }
      case 'created_at':
      case 'updated_at':
        filters.push(timeFilter(key, raw));
        break;
      default: {
        const wanted = literalEval(raw);
        filters.push((v) => valueMatches((v as unknown as Json)[key], wanted));
      }
    }
  }
  return filters;
};

const TIME_OPERATORS: Readonly<Record<string, (a: number, b: number) => boolean>> = {
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
  eq: (a, b) => a === b,
  neq: (a, b) => a !== b,
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
};

/** `created_at=gte:2024-01-01T00:00:00,lt:...` (3.60). */
const timeFilter = (key: 'created_at' | 'updated_at', raw: string): Filter => {
  const checks: Array<(t: number) => boolean> = [];
  for (const unit of raw.split(',')) {
    const index = unit.indexOf(':');
    if (index < 0) throw badRequest(`Invalid ${key} value`);
    const operator = unit.slice(0, index);
    const time = unit.slice(index + 1);
    const compare = TIME_OPERATORS[operator];
    if (!compare) throw badRequest(`Invalid ${operator} operator`);
    const at = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(time) ? time : `${time}Z`);
    if (Number.isNaN(at)) throw badRequest(`Invalid ${time} value`);
    checks.push((t) => compare(t, at));
  }
  return (v) => {
    const value = v[key];
    if (!value) return false;
    const t = Date.parse(value);
    return checks.every((c) => c(t));
  };
};

// ---- create ----

const createSchema = (request: FastifyRequest): Schema => {
  const volume: Record<string, Schema> = {
    name: { type: ['string', 'null'], format: 'name_non_mandatory_remove_white_spaces' },
    description: {
      type: ['string', 'null'],
      format: 'description_non_mandatory_remove_white_spaces',
    },
    display_name: { type: ['string', 'null'], format: 'name_non_mandatory_remove_white_spaces' },
    display_description: {
      type: ['string', 'null'],
      format: 'description_non_mandatory_remove_white_spaces',
    },
    volume_type: types.nameAllowZeroMinLength,
    metadata: types.metadataAllowsNull,
    snapshot_id: types.optionalUuid,
    source_volid: types.optionalUuid,
    consistencygroup_id: types.optionalUuid,
    size: types.volumeSizeAllowsNull,
    availability_zone: types.availabilityZone,
    multiattach: types.optionalBoolean,
    image_id: { type: ['string', 'null'], minLength: 0, maxLength: 255 },
    imageRef: { type: ['string', 'null'], minLength: 0, maxLength: 255 },
  };
  if (atLeast(request, '3.13')) {
    volume['group_id'] = { type: ['string', 'null'], minLength: 0, maxLength: 255 };
  }
  if (atLeast(request, '3.47')) volume['backup_id'] = types.optionalUuid;
  return strictObject(
    {
      volume: {
        type: 'object',
        properties: volume,
        additionalProperties: !atLeast(request, '3.53'),
      },
      'OS-SCH-HNT:scheduler_hints': { type: ['object', 'null'] },
    },
    ['volume'],
  );
};

/** _image_uuid_from_ref: the last path element of an href, an image id or (not here) a name. */
const resolveImage = (ctx: CloudContext, ref: string, projectId: string): BootImage => {
  const id = ref.split('/').pop() ?? ref;
  const glance = glanceInternal();
  const image = glance && isUuidLike(id) ? glance.findImageForBoot(ctx, id, projectId) : null;
  if (!image) throw badRequest('Invalid image identifier or unable to access requested image.');
  return image;
};

const WEBOB_BAD_REQUEST =
  'The server could not comply with the request since it is either malformed or otherwise incorrect.';

const MULTIATTACH_REMOVED =
  'multiattach parameter has been removed. The default behavior is to use multiattach enabled volume types. Contact your administrator to create a multiattach enabled volume type and use it to create multiattach volumes.';

export const volumeRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(volumes);

  const list = (request: FastifyRequest, detail: boolean): Json => {
    authorize(request, 'volume', 'volume:get_all', ownTarget(request));
    const query = { ...(request.query as Json) };
    const page = pagination(query);
    const showCount = withCount(request, query);
    const typesByName = new Map(
      store
        .collection(volumeTypes)
        .all()
        .map((t) => [t.name, t]),
    );
    const filters = volumeFilters(request, query, typesByName);
    const candidates = scopedRows(col, request, allTenants(request, query));
    const matching = filters === null ? [] : candidates.filter((v) => filters.every((f) => f(v)));
    const items = sortAndPage(matching, page, SORT_FIELDS, volumeNotFound);
    const context = viewContext(store, request, items);
    const views = items.map((v) =>
      detail ? volumeDetail(ctx, request, v, context) : volumeSummary(ctx, request, v),
    );
    const count = showCount ? matching.length : undefined;
    return listBody(ctx, request, LIST, { items, views, limit: page.limit, detail, count });
  };

  listRoutes(app, '/volumes', list);

  app.get('/volumes/summary', async (request) => {
    requireVersion(request, '3.12');
    authorize(request, 'volume', 'volume:get_all', ownTarget(request));
    const items = scopedRows(col, request, allTenants(request, request.query as Json));
    const summary: Json = {
      total_size: items.reduce((n, v) => n + v.size, 0),
      total_count: items.length,
    };
    if (atLeast(request, '3.36')) {
      const metadata: Record<string, string[]> = {};
      for (const v of items) {
        for (const [k, value] of Object.entries(v.metadata)) {
          const values = metadata[k] ?? [];
          if (!values.includes(value)) values.push(value);
          metadata[k] = values;
        }
      }
      summary['metadata'] = metadata;
    }
    return { 'volume-summary': summary };
  });

  app.get<{ Params: { id: string } }>('/volumes/:id', async (request) => {
    const volume = loadVolume(store, request, request.params.id);
    return { volume: volumeDetail(ctx, request, volume, viewContext(store, request, [volume])) };
  });

  app.post('/volumes', async (request, reply) => {
    validate(createSchema(request), request.body);
    const spec = (request.body as { volume: Json }).volume;
    const projectId = callerProject(request);
    const name = strippedOrNull(spec['name'] ?? spec['display_name']);
    const description = strippedOrNull(spec['description'] ?? spec['display_description']);
    const imageRef = (spec['imageRef'] ?? spec['image_id']) as string | null | undefined;

    const typeRef = spec['volume_type'] as string | null | undefined;
    let volumeType = typeRef ? typeByNameOrId(store, request, typeRef) : undefined;

    const snapshotId = spec['snapshot_id'] as string | null | undefined;
    const snapshot = snapshotId ? loadSnapshot(store, request, snapshotId) : undefined;
    const sourceId = spec['source_volid'] as string | null | undefined;
    const source = sourceId ? loadVolume(store, request, sourceId) : undefined;
    const cgId = spec['consistencygroup_id'] as string | null | undefined;
    if (cgId) throw new Fault(404, `ConsistencyGroup ${cgId} could not be found.`);
    const groupId = spec['group_id'] as string | null | undefined;
    const group = groupId ? loadGroup(store, request, groupId) : undefined;
    const image =
      imageRef !== undefined && imageRef !== null
        ? resolveImage(ctx, imageRef, projectId)
        : undefined;
    const backupId = spec['backup_id'] as string | null | undefined;
    const backup = backupId ? loadBackup(store, request, backupId) : undefined;

    let size = spec['size'] as number | string | null | undefined;
    if (size === undefined || size === null) {
      size = snapshot?.volume_size ?? source?.size ?? backup?.size ?? size;
    }
    if (boolFromString(spec['multiattach'] ?? false) === true)
      throw badRequest(MULTIATTACH_REMOVED);

    authorize(
      request,
      'volume',
      image ? 'volume:create_from_image' : 'volume:create',
      ownTarget(request),
    );
    const sizeNumber = size === undefined || size === null ? null : Number(size);
    if (sizeNumber !== null && (!Number.isInteger(sizeNumber) || sizeNumber <= 0)) {
      throw invalidInput(
        `Invalid volume size provided for create request: ${String(size)} (size argument must be an integer (or string representation of an integer) and greater than zero).`,
      );
    }
    const zone = spec['availability_zone'] as string | null | undefined;
    if (zone && zone !== DEFAULT_ZONE) throw badRequest(`Availability zone '${zone}' is invalid.`);

    // The create flow's ExtractVolumeRequestTask.
    if (snapshot && snapshot.status !== 'available') {
      throw invalidSnapshot("Originating snapshot status must be one of 'available' values");
    }
    if (source && !['available', 'in-use'].includes(source.status)) {
      throw invalidVolume(
        "Originating source volume status must be one of 'available, in-use' values",
      );
    }
    if (backup && backup.status !== 'available') {
      throw invalidBackup("Originating backup status must be one of 'available' values");
    }
    // No size and nothing to take it from: a TypeError in cinder's flow, webob's plain 400.
    if (sizeNumber === null) throw badRequest(WEBOB_BAD_REQUEST);
    if (sizeNumber <= 0) {
      throw invalidInput(`Volume size '${sizeNumber}' must be an integer and greater than 0`);
    }
    if (source && sizeNumber < source.size) {
      throw invalidInput(
        `Volume size '${sizeNumber}'GB cannot be smaller than original volume size  ${source.size}GB. They must be >= original volume size.`,
      );
    }
    if (!source && snapshot && sizeNumber < snapshot.volume_size) {
      throw invalidInput(
        `Volume size '${sizeNumber}'GB cannot be smaller than the snapshot size ${snapshot.volume_size}GB. They must be >= original snapshot size.`,
      );
    }
    if (!source && !snapshot && backup && sizeNumber < backup.size) {
      throw invalidInput(
        `Volume size ${sizeNumber}GB cannot be smaller than the backup size ${backup.size}GB. It must be >= backup size.`,
      );
    }
    if (image) checkImage(image, sizeNumber);
    volumeType ??=
      (source ? store.collection(volumeTypes).get(source.volume_type_id) : undefined) ??
      (snapshot ? store.collection(volumeTypes).get(snapshot.volume_type_id) : undefined) ??
      defaultType(store);
    const chosenType = volumeType;
    if (group) checkVolumeInGroup(group, typeRef !== undefined && typeRef !== null, chosenType.id);
    const multiattach = chosenType.extra_specs['multiattach'] === '<is> True';
    const metadata = (spec['metadata'] as Record<string, string> | null | undefined) ?? {};
    const origin =
      source ?? (snapshot ? store.collection(volumes).get(snapshot.volume_id) : undefined);

    const created = store.transaction(() => {
      checkPerVolumeLimit(store, projectId, sizeNumber);
      reserveQuota(
        store,
        projectId,
        withTypeDeltas(store, { volumes: 1, gigabytes: sizeNumber }, chosenType.id),
        'volumes',
        sizeNumber,
      );
      return createVolumeRecord(ctx, {
        projectId,
        userId: callerUser(request),
        size: sizeNumber,
        name,
        description,
        volumeTypeId: chosenType.id,
        multiattach,
        availabilityZone: zone ?? source?.availability_zone ?? DEFAULT_ZONE,
        metadata,
        snapshotId: snapshot?.id ?? null,
        sourceVolId: source?.id ?? null,
        backupId: backup?.id ?? null,
        groupId: group?.id ?? null,
        image: image ? { metadata: volumeImageMetadata(image) } : null,
        ...(origin
          ? { inherit: { bootable: origin.bootable, image_metadata: origin.image_metadata } }
          : {}),
      });
    });
    return reply.code(202).send({
      volume: volumeDetail(ctx, request, created, viewContext(store, request, [created]), 'create'),
    });
  });

  app.put<{ Params: { id: string } }>('/volumes/:id', async (request) => {
    const volumeSchema: Schema = {
      ...strictObject({
        name: { type: ['string', 'null'], format: 'name_non_mandatory_remove_white_spaces' },
        description: {
          type: ['string', 'null'],
          format: 'description_non_mandatory_remove_white_spaces',
        },
        display_name: {
          type: ['string', 'null'],
          format: 'name_non_mandatory_remove_white_spaces',
        },
        display_description: {
          type: ['string', 'null'],
          format: 'description_non_mandatory_remove_white_spaces',
        },
        metadata: types.extraSpecs,
      }),
      ...(atLeast(request, '3.53')
        ? {
            anyOf: anyOfRequired([
              'name',
              'description',
              'display_name',
              'display_description',
              'metadata',
            ]),
          }
        : {}),
    };
    validate(wrapped('volume', volumeSchema), request.body);
    const spec = (request.body as { volume: Json }).volume;
    const updated = store.transaction(() => {
      const volume = loadVolume(store, request, request.params.id);
      authorizeOn(request, 'volume:update', volume);
      if (volume.status === 'maintenance') {
        throw invalidVolume('The volume cannot be updated during maintenance.');
      }
      const name = 'name' in spec ? spec['name'] : spec['display_name'];
      const description = 'description' in spec ? spec['description'] : spec['display_description'];
      const next: VolumeDoc = {
        ...volume,
        ...(name !== undefined ? { name: strippedOrNull(name) } : {}),
        ...(description !== undefined ? { description: strippedOrNull(description) } : {}),
        ...(spec['metadata'] !== undefined
          ? { metadata: { ...(spec['metadata'] as Record<string, string>) } }
          : {}),
        updated_at: ctx.now().toISOString(),
      };
      return col.put(next);
    });
    return {
      volume: volumeDetail(ctx, request, updated, viewContext(store, request, [updated]), 'update'),
    };
  });

  app.delete<{ Params: { id: string } }>('/volumes/:id', async (request, reply) => {
    const query = request.query as Json;
    const cascade = boolParam(query, 'cascade');
    const force = atLeast(request, '3.23') ? boolParam(query, 'force') : false;
    store.transaction(() => {
      const volume = loadVolume(store, request, request.params.id);
      if (force) authorizeOn(request, 'volume:force_delete', volume);
      deleteVolumeChecked(ctx, request, volume, { cascade, force });
    });
    return reply.code(202).send();
  });
};

const DELETABLE = ['available', 'error', 'error_restoring', 'error_extending', 'error_managing'];

/**
 * volume_api.delete: a volume the scheduler never placed goes at once; otherwise it must be
 * detached, in a deletable status and without snapshots (or with deletable ones, cascading).
 */
export const deleteVolumeChecked = (
  ctx: CloudContext,
  request: FastifyRequest,
  volume: VolumeDoc,
  options: { cascade: boolean; force: boolean },
): void => {
  const { store } = ctx;
  authorizeOn(request, 'volume:delete', volume);
  if (!volume.host) {
    destroyVolume(store, volume.id);
    return;
  }
  const volumeSnapshots = store.collection(snapshots).where('volume_id', volume.id);
  const snapshotsOk = options.cascade
    ? options.force ||
      volumeSnapshots.every(
        (s) =>
          ['available', 'error'].includes(s.status) &&
          (isAdmin(request) || s.project_id === volume.project_id),
      )
    : volumeSnapshots.length === 0;
  const ok =
    volume.attach_status !== 'attached' &&
    (volume.migration_status === null || ['success', 'error'].includes(volume.migration_status)) &&
    volume.group_id === null &&
    (options.force || DELETABLE.includes(volume.status)) &&
    snapshotsOk;
  if (!ok) {
    const status = options.force ? '' : `status must be ${DELETABLE.join(' or ')} and`;
    throw invalidVolume(
      `Volume ${status} must not be migrating, attached, belong to a group, have snapshots, awaiting a transfer, or be disassociated from snapshots after volume transfer.`,
    );
  }
  if (options.cascade) {
    for (const s of volumeSnapshots) {
      store.collection(snapshots).update(s.id, (doc) => ({
        ...doc,
        status: 'deleting',
        updated_at: ctx.now().toISOString(),
      }));
    }
  }
  // Cascaded snapshots go with their volume (destroyVolume).
  scheduleVolumeDeletion(ctx, volume);
};
