import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { atLeast, invalidVolume, isObject } from './http';
import type { Json } from './http';
import { snapshots, volumes } from './model';
import type { SnapshotDoc, VolumeDoc } from './model';
import { types, validate } from './validation';
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

interface MetadataKind<T extends { id: string; metadata: Record<string, string> }> {
  readonly path: string;
  readonly load: (request: FastifyRequest, id: string) => T;
  readonly save: (doc: T, metadata: Record<string, string>) => void;
  readonly policies: { get: string; create: string; update: string; delete: string };
  readonly missingKey: (id: string, key: string) => Fault;
  /** Schema-validated bodies (volumes) or assert_valid_body (snapshots). */
  readonly schemas: boolean;
  readonly beforeWrite?: (doc: T, deleting: boolean) => void;
  readonly etags: boolean;
}

const metadataRoutes = <T extends { id: string; metadata: Record<string, string> }>(
  app: FastifyInstance,
  kind: MetadataKind<T>,
): void => {
  const target = (doc: T): Json => ({ project_id: (doc as unknown as Json)['project_id'] });

  const bodyMetadata = (body: unknown, name: 'metadata' | 'meta'): Json => {
    if (kind.schemas) {
      validate(
        {
          type: 'object',
          properties: {
            [name]:
              name === 'meta'
                ? { ...types.extraSpecs, minProperties: 1, maxProperties: 1 }
                : types.extraSpecs,
          },
          required: [name],
          additionalProperties: false,
        },
        body,
      );
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

  app.get<{ Params: { id: string } }>(`${kind.path}/:id/metadata`, async (request, reply) => {
    const doc = kind.load(request, request.params.id);
    authorize(request, 'volume', kind.policies.get, target(doc));
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
    authorize(request, 'volume', policy, target(doc));
    kind.beforeWrite?.(doc, false);
    const metadata = replace ? { ...change } : { ...doc.metadata, ...change };
    kind.save(doc, metadata);
    return metadata;
  };

  app.post<{ Params: { id: string } }>(`${kind.path}/:id/metadata`, async (request) => {
    const change = checkProperties(bodyMetadata(request.body, 'metadata'));
    return {
      metadata: write(request, request.params.id, change, false, kind.policies.create),
    };
  });

  app.put<{ Params: { id: string } }>(`${kind.path}/:id/metadata`, async (request, reply) => {
    const change = checkProperties(bodyMetadata(request.body, 'metadata'));
    if (!etagMatches(request, kind.load(request, request.params.id))) {
      return reply.code(412).send();
    }
    return {
      metadata: write(request, request.params.id, change, true, kind.policies.update),
    };
  });

  app.get<{ Params: { id: string; key: string } }>(
    `${kind.path}/:id/metadata/:key`,
    async (request) => {
      const doc = kind.load(request, request.params.id);
      authorize(request, 'volume', kind.policies.get, target(doc));
      const value = doc.metadata[request.params.key];
      if (value === undefined) throw kind.missingKey(doc.id, request.params.key);
      return { meta: { [request.params.key]: value } };
    },
  );

  app.put<{ Params: { id: string; key: string } }>(
    `${kind.path}/:id/metadata/:key`,
    async (request, reply: FastifyReply) => {
      const item = bodyMetadata(request.body, 'meta');
      if (!(request.params.key in item)) throw badRequest('Request body and URI mismatch');
      if (Object.keys(item).length > 1) throw badRequest('Request body contains too many items');
      const change = checkProperties(item);
      if (!etagMatches(request, kind.load(request, request.params.id))) {
        return reply.code(412).send();
      }
      write(request, request.params.id, change, false, kind.policies.update);
      return { meta: item };
    },
  );

  app.delete<{ Params: { id: string; key: string } }>(
    `${kind.path}/:id/metadata/:key`,
    async (request, reply) => {
      const doc = kind.load(request, request.params.id);
      authorize(request, 'volume', kind.policies.get, target(doc));
      if (doc.metadata[request.params.key] === undefined) {
        throw kind.missingKey(doc.id, request.params.key);
      }
      authorize(request, 'volume', kind.policies.delete, target(doc));
      kind.beforeWrite?.(doc, true);
      const rest = Object.fromEntries(
        Object.entries(doc.metadata).filter(([k]) => k !== request.params.key),
      );
      kind.save(doc, rest);
      return reply.code(200).send();
    },
  );
};

export const volumeMetadataRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  metadataRoutes<VolumeDoc>(app, {
    path: '/volumes',
    load: (request, id) => loadVolume(store, request, id),
    save: (doc, metadata) => {
      store.collection(volumes).update(doc.id, (v) => ({
        ...v,
        metadata,
        updated_at: ctx.now().toISOString(),
      }));
    },
    policies: {
      get: 'volume:get_volume_metadata',
      create: 'volume:create_volume_metadata',
      update: 'volume:update_volume_metadata',
      delete: 'volume:delete_volume_metadata',
    },
    missingKey: (id, key) => new Fault(404, `Volume ${id} has no metadata with key ${key}.`),
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
  metadataRoutes<SnapshotDoc>(app, {
    path: '/snapshots',
    load: (request, id) => loadSnapshot(store, request, id),
    save: (doc, metadata) => {
      store.collection(snapshots).update(doc.id, (s) => ({
        ...s,
        metadata,
        updated_at: ctx.now().toISOString(),
      }));
    },
    policies: {
      get: 'volume:get_snapshot_metadata',
      create: 'volume:update_snapshot_metadata',
      update: 'volume:update_snapshot_metadata',
      delete: 'volume:delete_snapshot_metadata',
    },
    missingKey: (id, key) => new Fault(404, `Snapshot ${id} has no metadata with key ${key}.`),
    schemas: false,
    etags: false,
  });
};
