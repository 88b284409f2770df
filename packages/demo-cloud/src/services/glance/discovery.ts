import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { policyRefusal } from './access';
import { glanceBase } from './http';
import type { Json } from './http';
import { IMPORT_METHODS } from './images';
import { metadefSchemas } from './metadefs';
import { imageSchema, imagesSchema, memberSchema, membersSchema } from './schemas';
import { STORE_DESCRIPTION, STORE_ID, imagesDir } from './storage';

/**
 * The versions glance lists with an image cache and multiple stores configured (as the demo
 * cloud is: one `fs` store, reported through the multi-store API).
 */
const VERSIONS: ReadonlyArray<readonly [string, 'CURRENT' | 'SUPPORTED']> = [
  ['2.16', 'CURRENT'],
  ['2.15', 'SUPPORTED'],
  ['2.14', 'SUPPORTED'],
  ['2.13', 'SUPPORTED'],
  ['2.12', 'SUPPORTED'],
  ['2.11', 'SUPPORTED'],
  ['2.10', 'SUPPORTED'],
  ['2.9', 'SUPPORTED'],
  ['2.8', 'SUPPORTED'],
  ['2.7', 'SUPPORTED'],
  ['2.6', 'SUPPORTED'],
  ['2.5', 'SUPPORTED'],
  ['2.4', 'SUPPORTED'],
  ['2.3', 'SUPPORTED'],
  ['2.2', 'SUPPORTED'],
  ['2.1', 'SUPPORTED'],
  ['2.0', 'SUPPORTED'],
];

export const versionsBody = (ctx: CloudContext, request: FastifyRequest): Json => ({
  versions: VERSIONS.map(([version, status]) => ({
    id: `v${version}`,
    status,
    links: [{ rel: 'self', href: `${glanceBase(ctx, request)}/v2/` }],
  })),
});

/** Unauthenticated version discovery: 300 at the root, 200 at /versions. */
export const versionRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get('/', async (request, reply) => reply.code(300).send(versionsBody(ctx, request)));
  app.get('/versions', async (request) => versionsBody(ctx, request));
};

export const discoveryRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get('/info/import', async () => ({
    'import-methods': {
      description: 'Import methods available.',
      type: 'array',
      value: [...IMPORT_METHODS],
    },
  }));

  app.get('/info/stores', async () => ({
    stores: [{ id: STORE_ID, description: STORE_DESCRIPTION, default: 'true' }],
  }));

  app.get('/info/stores/detail', async (request) => {
    if (!isAllowed(request, 'image', 'stores_info_detail', {})) {
      throw policyRefusal('stores_info_detail');
    }
    return {
      stores: [
        {
          id: STORE_ID,
          description: STORE_DESCRIPTION,
          default: 'true',
          type: 'file',
          weight: 0,
          properties: {
            datadir: imagesDir(ctx),
            chunk_size: 65536,
            thin_provisioning: false,
          },
        },
      ],
    };
  });

  app.get('/schemas/image', async () => imageSchema());
  app.get('/schemas/images', async () => imagesSchema());
  app.get('/schemas/member', async () => memberSchema());
  app.get('/schemas/members', async () => membersSchema());
  for (const [name, schema] of Object.entries(metadefSchemas())) {
    app.get(`/schemas/metadefs/${name}`, async () => schema);
  }
};
