import type { FastifyInstance } from 'fastify';
import { Fault } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import { boolParam, invalidInput, ownTarget, quotaFault } from './http';
import type { Json } from './http';
import {
  backups,
  groups,
  projectQuotas,
  quotaClasses,
  snapshots,
  volumeTypes,
  volumes,
} from './model';
import { DB_MAX_INT, validate, wrapped } from './validation';
import type { FormatCheckers } from './validation';

/** Cinder's [DEFAULT] quota_* options (devstack leaves them at these values). */
export const DEFAULT_QUOTAS = {
  volumes: 10,
  per_volume_gigabytes: -1,
  snapshots: 10,
  gigabytes: 1000,
  backups: 10,
  backup_gigabytes: 1000,
} as const;

/** GROUP_QUOTAS: generic volume groups. */
const GROUP_DEFAULTS = { groups: 10 } as const;

/** Per volume type resources: `<part>_<type name>`, unlimited by default. */
const TYPE_PARTS = ['volumes', 'gigabytes', 'snapshots'] as const;

const NON_QUOTA_KEYS = ['tenant_id', 'id'];

/** Every quota resource name with its configured default, in cinder's order. */
export const quotaResources = (store: Store): Array<[string, number]> => {
  const result: Array<[string, number]> = Object.entries(DEFAULT_QUOTAS);
  // Types come newest first, as cinder's type query orders them.
  const typesNewestFirst = store
    .collection(volumeTypes)
    .all()
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  for (const type of typesNewestFirst) {
    for (const part of TYPE_PARTS) result.push([`${part}_${type.name}`, -1]);
  }
  result.push(...Object.entries(GROUP_DEFAULTS));
  return result;
};

/** The `default` quota class: configured defaults overridden by os-quota-class-sets. */
export const defaultLimits = (store: Store): Record<string, number> => {
  const overrides = store.collection(quotaClasses).get('default')?.limits ?? {};
  return Object.fromEntries(
    quotaResources(store).map(([name, value]) => [name, overrides[name] ?? value]),
  );
};

/** A project's limits: its own settings, else the defaults. */
export const projectLimits = (store: Store, projectId: string): Record<string, number> => {
  const own = store.collection(projectQuotas).get(projectId)?.limits ?? {};
  const defaults = defaultLimits(store);
  return Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [name, own[name] ?? value]),
  );
};

/** What a project uses, counted from its volumes, snapshots and backups (cinder's in_use). */
export const projectUsage = (store: Store, projectId: string): Record<string, number> => {
  const usage: Record<string, number> = {};
  const add = (key: string, n: number): void => {
    usage[key] = (usage[key] ?? 0) + n;
  };
  const typeNames = new Map(
    store
      .collection(volumeTypes)
      .all()
      .map((t) => [t.id, t.name]),
  );
  /** A volume or snapshot counts once and by its size, overall and for its type. */
  const addTyped = (kind: 'volumes' | 'snapshots', size: number, typeId: string): void => {
    const type = typeNames.get(typeId);
    add(kind, 1);
    add('gigabytes', size);
    if (type !== undefined) {
      add(`${kind}_${type}`, 1);
      add(`gigabytes_${type}`, size);
    }
  };
  for (const v of store.collection(volumes).where('project_id', projectId)) {
    if (v.use_quota) addTyped('volumes', v.size, v.volume_type_id);
  }
  for (const s of store.collection(snapshots).where('project_id', projectId)) {
    if (s.use_quota) addTyped('snapshots', s.volume_size, s.volume_type_id);
  }
  for (const b of store.collection(backups).where('project_id', projectId)) {
    add('backups', 1);
    add('backup_gigabytes', b.size);
  }
  const groupCount = store.collection(groups).count('project_id', projectId);
  if (groupCount > 0) add('groups', groupCount);
  return usage;
};

/** The typed deltas cinder's add_volume_type_opts adds to a reservation. */
export const withTypeDeltas = (
  store: Store,
  deltas: Record<string, number>,
  volumeTypeId: string | null,
): Record<string, number> => {
  const type = volumeTypeId ? store.collection(volumeTypes).get(volumeTypeId) : undefined;
  if (!type) return deltas;
  const out = { ...deltas };
  for (const part of TYPE_PARTS) {
    const delta = deltas[part];
    if (delta !== undefined) out[`${part}_${type.name}`] = delta;
  }
  return out;
};

const LIMIT_EXCEEDED: Readonly<Record<string, (allowed: number, name: string) => Fault>> = {
  volumes: (allowed, name) =>
    quotaFault(
      'VolumeLimitExceeded',
      `Maximum number of volumes allowed (${allowed}) exceeded for quota '${name}'.`,
    ),
  snapshots: (allowed) =>
    quotaFault(
      'SnapshotLimitExceeded',
      `Maximum number of snapshots allowed (${allowed}) exceeded`,
    ),
  backups: (allowed) =>
    quotaFault('BackupLimitExceeded', `Maximum number of backups allowed (${allowed}) exceeded`),
  groups: (allowed) =>
    quotaFault('GroupLimitExceeded', `Maximum number of groups allowed (${allowed}) exceeded`),
};

/**
 * cinder's QUOTAS.reserve followed by process_reserve_over_quota: the first resource (in the
 * order of `deltas`) that would go over its limit becomes that resource's 413.
 */
export const reserveQuota = (
  store: Store,
  projectId: string,
  deltas: Record<string, number>,
  resource: 'volumes' | 'snapshots' | 'backups' | 'groups',
  size: number,
): void => {
  const limits = projectLimits(store, projectId);
  const usage = projectUsage(store, projectId);
  for (const [name, delta] of Object.entries(deltas)) {
    const limit = limits[name];
    if (limit === undefined || limit < 0 || delta < 0) continue;
    const consumed = usage[name] ?? 0;
    if (limit >= delta + consumed) continue;
    if (name.includes('gigabytes')) {
      throw resource === 'backups'
        ? quotaFault(
            'VolumeBackupSizeExceedsAvailableQuota',
            `Requested backup exceeds allowed Backup gigabytes quota. Requested ${size}G, quota is ${limit}G and ${consumed}G has been consumed.`,
          )
        : quotaFault(
            'VolumeSizeExceedsAvailableQuota',
            `Requested volume or snapshot exceeds allowed ${name} quota. Requested ${size}G, quota is ${limit}G and ${consumed}G has been consumed.`,
          );
    }
    const exceeded = LIMIT_EXCEEDED[resource];
    if (exceeded && name.includes(resource)) throw exceeded(limit, name);
    throw quotaFault('UnexpectedOverQuota', `Unexpected over quota on ${name}.`);
  }
};

/** QUOTAS.limit_check of per_volume_gigabytes, raised as VolumeSizeExceedsLimit. */
export const checkPerVolumeLimit = (store: Store, projectId: string, size: number): void => {
  const limit = projectLimits(store, projectId)['per_volume_gigabytes'] ?? -1;
  if (limit >= 0 && size > limit) {
    throw quotaFault(
      'VolumeSizeExceedsLimit',
      `Requested volume size ${size}G is larger than maximum allowed limit ${limit}G.`,
    );
  }
};

/** oslo strutils.validate_integer, as the quota_set format checker applies it. */
const validateInteger = (value: unknown, name: string): number => {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
  if (!/^[-+]?\d+$/.test(text)) throw new Fault(400, `${name} must be an integer`);
  const n = Number(text);
  if (n < -1) throw new Fault(400, `${name} must be >= -1`);
  if (n > DB_MAX_INT) throw new Fault(400, `${name} must be <= ${DB_MAX_INT}`);
  return n;
};

const knownResource = (store: Store, key: string): boolean =>
  quotaResources(store).some(([name]) => name === key);

export const quotaRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;

  // cinder's quota_set and quota_class_set format checkers, over this cloud's quota names.
  const formats: FormatCheckers = {
    quota_set: (value) => {
      if (typeof value !== 'object' || value === null) return true;
      const bad: string[] = [];
      for (const [key, v] of Object.entries(value)) {
        if (NON_QUOTA_KEYS.includes(key)) continue;
        if (!knownResource(store, key)) {
          bad.push(key);
          continue;
        }
        validateInteger(v, key);
      }
      if (bad.length > 0) throw invalidInput(`Bad key(s) in quota set: ${bad.join(', ')}`);
      return true;
    },
    quota_class_set: (value) => {
      if (typeof value !== 'object' || value === null) return true;
      const bad = Object.keys(value).filter((key) => !knownResource(store, key));
      if (bad.length > 0) throw invalidInput(`Bad key(s) in quota class set: ${bad.join(', ')}`);
      return true;
    },
  };

  const showQuotas = (projectId: string, usage: boolean): Json => {
    const limits = projectLimits(store, projectId);
    if (!usage) return { ...limits };
    const used = projectUsage(store, projectId);
    return Object.fromEntries(
      Object.entries(limits).map(([name, limit]) => [
        name,
        { limit, in_use: used[name] ?? 0, reserved: 0 },
      ]),
    );
  };

  app.get<{ Params: { id: string } }>('/os-quota-sets/:id', async (request) => {
    const target = request.params.id;
    authorize(request, 'volume', 'volume_extension:quotas:show', { project_id: target });
    const query = request.query as Json;
    const usage = query['usage'] !== undefined && boolParam(query, 'usage');
    return { quota_set: { ...showQuotas(target, usage), id: target } };
  });

  app.get<{ Params: { id: string } }>('/os-quota-sets/:id/defaults', async (request) => {
    const target = request.params.id;
    authorize(request, 'volume', 'volume_extension:quotas:show', { project_id: target });
    return { quota_set: { ...defaultLimits(store), id: target } };
  });

  app.put<{ Params: { id: string } }>('/os-quota-sets/:id', async (request) => {
    validate(
      wrapped('quota_set', { type: 'object', minProperties: 1, format: 'quota_set' }),
      request.body,
      formats,
    );
    const target = request.params.id;
    authorize(request, 'volume', 'volume_extension:quotas:update', { project_id: target });
    const body = (request.body as { quota_set: Json }).quota_set;
    const used = projectUsage(store, target);
    const updates: Record<string, number> = {};
    for (const [key, raw] of Object.entries(body)) {
      if (NON_QUOTA_KEYS.includes(key)) continue;
      const value = validateInteger(raw, key);
      const inUse = used[key] ?? 0;
      if (key !== 'per_volume_gigabytes' && value !== -1 && value < inUse) {
        throw new Fault(
          400,
          `Quota ${key} limit must be equal or greater than existing resources. Current usage is ${inUse} and the requested limit is ${value}.`,
        );
      }
      updates[key] = value;
    }
    const col = store.collection(projectQuotas);
    const current = col.get(target);
    col.put({ id: target, limits: { ...(current?.limits ?? {}), ...updates } });
    return { quota_set: showQuotas(target, false) };
  });

  app.delete<{ Params: { id: string } }>('/os-quota-sets/:id', async (request, reply) => {
    authorize(request, 'volume', 'volume_extension:quotas:delete', {
      project_id: request.params.id,
    });
    store.collection(projectQuotas).delete(request.params.id);
    return reply.code(200).send();
  });

  const classSet = (name: string): Record<string, number> => {
    const own = store.collection(quotaClasses).get(name)?.limits ?? {};
    const defaults = defaultLimits(store);
    return Object.fromEntries(
      Object.entries(defaults).map(([key, value]) => [key, own[key] ?? value]),
    );
  };

  app.get<{ Params: { id: string } }>('/os-quota-class-sets/:id', async (request) => {
    authorize(request, 'volume', 'volume_extension:quota_classes:get', ownTarget(request));
    return { quota_class_set: { ...classSet(request.params.id), id: request.params.id } };
  });

  app.put<{ Params: { id: string } }>('/os-quota-class-sets/:id', async (request) => {
    validate(
      wrapped('quota_class_set', {
        type: 'object',
        format: 'quota_class_set',
        patternProperties: {
          '^[a-zA-Z0-9-_:. ]{1,255}$': {
            type: ['integer', 'string'],
            pattern: '^[0-9]*$',
            minimum: -1,
            minLength: 1,
            maximum: DB_MAX_INT,
          },
        },
        additionalProperties: false,
      }),
      request.body,
      formats,
    );
    authorize(request, 'volume', 'volume_extension:quota_classes:update', ownTarget(request));
    const name = request.params.id;
    const body = (request.body as { quota_class_set: Record<string, number | string> })
      .quota_class_set;
    const col = store.collection(quotaClasses);
    const limits = { ...(col.get(name)?.limits ?? {}) };
    for (const [key, value] of Object.entries(body)) limits[key] = Number(value);
    col.put({ id: name, limits });
    return { quota_class_set: classSet(name) };
  });
};
