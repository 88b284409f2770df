import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import type { CloudContext } from '../../core/service';
import type { Collection } from '../../store/collection';
import { atLeast, invalidVolume, isObject } from './http';
import type { Json } from './http';
import { snapshots, volumes } from './model';
import type { SnapshotDoc, VolumeDoc } from './model';
import { authorizeOn } from './scope';
import { itemOf, oneItem, requireUrlKey, withoutKey } from './specs';
import { types, validate, wrapped } from './validation';
import { loadSnapshot, loadVolume } from './volumes';

/** Python's json.dumps (its separators, ASCII escapes), which the 3.15 Etag is computed over. */
const pyJson = (value: unknown): string => {
  if (typeof value === 'string') {
    return JSON.stringify(value).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  }
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${pyJson(k)}: ${pyJson(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
};

/** Metadata values as cinder's check_metadata_properties wants them (InvalidVolumeMetadata). */
const checkProperties = (metadata: Json): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (key.length < 1) {
      throw badRequest(`Invalid metadata: Metadata key:  has 0 characters, less than 1.`);
    }
    if (typeof value !== 'string') {
      throw badRequest(
        `Invalid metadata: Value for metadata key: ${key} is not a string or unicode`,
      );
    }
    if (key.length > 255) {
      throw new Fault(
        413,
        `Invalid metadata size: Metadata property key ${key} greater than 255 characters.`,
      );
    }
    if (value.length > 255) {
      throw new Fault(
        413,
        `Invalid metadata size: Metadata property key ${key} value greater than 255 characters.`,
      );
    }
    out[key] = value;
  }
  return out;
};

const missingElement = (name: string): Fault =>
  badRequest(`Missing required element '${name}' in request body.`);

interface WithMetadata {
  readonly id: string;
  readonly project_id: string;
  readonly metadata: Record<string, string>;
  readonly updated_at: string | null;
}

interface MetadataKind<T extends WithMetadata> {
  /** What the messages call the resource; its path is named after it. */
  readonly name: 'Volume' | 'Snapshot';
  readonly collection: Collection<T>;
  readonly load: (request: FastifyRequest, id: string) => T;
  /** The policy rule of each kind of call. */
  readonly policy: (call: 'get' | 'create' | 'update' | 'delete') => string;
  /** Schema-validated bodies (volumes) or assert_valid_body (snapshots). */
  readonly schemas: boolean;
  readonly beforeWrite?: (doc: T, deleting: boolean) => void;
  readonly etags: boolean;
}

const metadataRoutes = <T extends WithMetadata>(
  app: FastifyInstance,
  ctx: CloudContext,
  kind: MetadataKind<T>,
): void => {
  const path = `/${kind.name.toLowerCase()}s`;
  const missingKey = (id: string, key: string): Fault =>
    new Fault(404, `${kind.name} ${id} has no metadata with key ${key}.`);
  const save = (doc: T, metadata: Record<string, string>): void => {
    kind.collection.update(doc.id, (d) => ({
      ...d,
      metadata,
      updated_at: ctx.now().toISOString(),
    }));
  };

  const bodyMetadata = (body: unknown, name: 'metadata' | 'meta'): Json => {
    if (kind.schemas) {
      validate(wrapped(name, name === 'meta' ? oneItem(types.extraSpecs) : types.extraSpecs), body);
    } else if (!isObject(body) || !isObject(body[name])) {
      throw missingElement(name);
    }
    return (body as Record<string, Json>)[name] ?? {};
  };

  const etagMatches = (request: FastifyRequest, doc: T): boolean => {
    const header = request.headers['if-match'];
    if (!kind.etags || !atLeast(request, '3.15') || header === undefined) return true;
    const etag = createHash('md5')
      .update(pyJson({ metadata: doc.metadata }))
      .digest('hex');
    return header
      .split(',')
      .map((e) => e.trim().replace(/^W\//, '').replaceAll('"', ''))
      .some((e) => e === etag || e === '*');
  };

  app.get<{ Params: { id: string } }>(`${path}/:id/metadata`, async (request, reply) => {
    const doc = kind.load(request, request.params.id);
    authorizeOn(request, kind.policy('get'), doc);
    const body = { metadata: { ...doc.metadata } };
    if (kind.etags && atLeast(request, '3.15')) {
      reply.header('Etag', createHash('md5').update(pyJson(body)).digest('hex'));
    }
    return body;
  });

  const write = (
    request: FastifyRequest,
    id: string,
    change: Record<string, string>,
    replace: boolean,
    policy: string,
  ): Record<string, string> => {
    const doc = kind.load(request, id);
    authorizeOn(request, policy, doc);
    kind.beforeWrite?.(doc, false);
    const metadata = replace ? { ...change } : { ...doc.metadata, ...change };
    save(doc, metadata);
    return metadata;
  };

  app.post<{ Params: { id: string } }>(`${path}/:id/metadata`, async (request) => {
    const change = checkProperties(bodyMetadata(request.body, 'metadata'));
    return {
      metadata: write(request, request.params.id, change, false, kind.policy('create')),
    };
  });

  app.put<{ Params: { id: string } }>(`${path}/:id/metadata`, async (request, reply) => {
    const change = checkProperties(bodyMetadata(request.body, 'metadata'));
    if (!etagMatches(request, kind.load(request, request.params.id))) {
      return reply.code(412).send();
    }
    return {
      metadata: write(request, request.params.id, change, true, kind.policy('update')),
    };
  });

  app.get<{ Params: { id: string; key: string } }>(`${path}/:id/metadata/:key`, async (request) => {
    const doc = kind.load(request, request.params.id);
    authorizeOn(request, kind.policy('get'), doc);
    const { key } = request.params;
    return { meta: itemOf(doc.metadata, key, () => missingKey(doc.id, key)) };
  });

  app.put<{ Params: { id: string; key: string } }>(
    `${path}/:id/metadata/:key`,
    async (request, reply: FastifyReply) => {
      const item = bodyMetadata(request.body, 'meta');
      requireUrlKey(item, request.params.key);
      if (Object.keys(item).length > 1) throw badRequest('Request body contains too many items');
      const change = checkProperties(item);
      if (!etagMatches(request, kind.load(request, request.params.id))) {
        return reply.code(412).send();
      }
      write(request, request.params.id, change, false, kind.policy('update'));
      return { meta: item };
    },
  );

  app.delete<{ Params: { id: string; key: string } }>(
    `${path}/:id/metadata/:key`,
    async (request, reply) => {
      const doc = kind.load(request, request.params.id);
      authorizeOn(request, kind.policy('get'), doc);
      if (doc.metadata[request.params.key] === undefined) {
        throw missingKey(doc.id, request.params.key);
      }
      authorizeOn(request, kind.policy('delete'), doc);
      kind.beforeWrite?.(doc, true);
      save(doc, withoutKey(doc.metadata, request.params.key));
      return reply.code(200).send();
    },
  );
};

export const volumeMetadataRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  metadataRoutes<VolumeDoc>(app, ctx, {
    name: 'Volume',
    collection: store.collection(volumes),
    load: (request, id) => loadVolume(store, request, id),
    policy: (call) => `volume:${call}_volume_metadata`,
    schemas: true,
    etags: true,
    beforeWrite: (doc, deleting) => {
      if (doc.status === 'maintenance' || doc.status === 'uploading') {
        throw invalidVolume(
          `${deleting ? 'Deleting' : 'Updating'} volume metadata is not allowed for volumes in ${doc.status} status.`,
        );
      }
    },
  });
  metadataRoutes<SnapshotDoc>(app, ctx, {
    name: 'Snapshot',
    collection: store.collection(snapshots),
    load: (request, id) => loadSnapshot(store, request, id),
    // There is no create rule for snapshot metadata: creating is updating.
    policy: (call) => `volume:${call === 'create' ? 'update' : call}_snapshot_metadata`,
    schemas: false,
    etags: false,
  });
};
