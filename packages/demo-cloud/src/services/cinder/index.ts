import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KEYSTONE_UNAUTHORIZED_BODY, authenticate } from '../../core/auth';
import { Fault, installFaultHandling } from '../../core/faults';
import { installJsonBodyParsing } from '../../core/jsonBody';
import { negotiateMicroversion } from '../../core/microversion';
import { DEFAULT_REGION } from '../../core/service';
import type { CloudContext, CloudService } from '../../core/service';
import { attachmentRoutes } from './attachments';
import { backupRoutes } from './backups';
import {
  CINDER_VERSIONS,
  PROJECT_ID_IN_URL,
  VERSION_UPDATED,
  callerProject,
  cinderFaults,
  versionHeaders,
} from './http';
import { groupSnapshotRoutes } from './groupSnapshots';
import { groupRoutes } from './groups';
import { groupTypeRoutes } from './groupTypes';
import { limitRoutes } from './limits';
import { volumeMetadataRoutes } from './metadata';
import { cinderMigrations } from './model';
import { qosSpecsRoutes } from './qosSpecs';
import { quotaRoutes } from './quotas';
import { scaleVolumes, seedCinder } from './seed';
import { infrastructureRoutes } from './services';
import { snapshotRoutes } from './snapshots';
import { transferRoutes } from './transfers';
import { typeRoutes } from './types';
import { manageRoutes } from './manage';
import { volumeActionRoutes } from './volumeActions';
import { volumeRoutes } from './volumes';

const CATALOG_PATH = '/volume/v3/$(project_id)s';

/** Cinder's one version document; `self` points at /volume/v3/. */
const versionsDocument = (ctx: CloudContext, request: FastifyRequest): object => ({
  versions: [
    {
      id: 'v3.0',
      status: 'CURRENT',
      version: CINDER_VERSIONS.max.toString(),
      min_version: CINDER_VERSIONS.min.toString(),
      updated: VERSION_UPDATED,
      links: [
        { rel: 'describedby', type: 'text/html', href: 'https://docs.openstack.org/' },
        { rel: 'self', href: `${ctx.baseUrl(request)}/volume/v3/` },
      ],
      'media-types': [
        { base: 'application/json', type: 'application/vnd.openstack.volume+json;version=3' },
      ],
    },
  ],
});

const negotiate = async (request: FastifyRequest): Promise<void> => {
  const header = request.headers['openstack-api-version'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  // A version header naming only other services leaves cinder without a version: webob's 400.
  if (header !== undefined && !entries.some((e) => e.includes('volume'))) {
    throw new Fault(
      400,
      'The server could not comply with the request since it is either malformed or otherwise incorrect.',
    );
  }
  request.apiVersion = negotiateMicroversion(request.headers, CINDER_VERSIONS);
};

const addVersionHeaders = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
  reply.headers(versionHeaders(request));
};

/** Every API route of the v3 router, registered with and without the project in the path. */
const apiRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.addHook('preHandler', async (request, reply) => {
    const params = request.params as { project_id?: string } | undefined;
    const inUrl = params?.project_id;
    if (inUrl === undefined) return;
    // cinder's project_id_regex keeps non-hex segments from routing at all.
    if (!PROJECT_ID_IN_URL.test(inUrl)) {
      return reply.code(404).type('application/json').send(cinderFaults.unroutedBody);
    }
    if (inUrl !== callerProject(request)) throw new Fault(400, 'Malformed request url');
  });
  volumeRoutes(app, ctx);
  volumeActionRoutes(app, ctx);
  manageRoutes(app, ctx);
  volumeMetadataRoutes(app, ctx);
  attachmentRoutes(app, ctx);
  typeRoutes(app, ctx);
  snapshotRoutes(app, ctx);
  backupRoutes(app, ctx);
  limitRoutes(app, ctx);
  quotaRoutes(app, ctx);
  qosSpecsRoutes(app, ctx);
  infrastructureRoutes(app, ctx);
  transferRoutes(app, ctx);
  groupTypeRoutes(app, ctx);
  groupRoutes(app, ctx);
  groupSnapshotRoutes(app, ctx);
};

export const cinderService: CloudService = {
  name: 'cinder',
  prefix: '/volume',
  catalog: {
    type: 'volumev3',
    name: 'cinderv3',
    description: 'Cinder Volume Service V3',
    path: CATALOG_PATH,
    regions: [DEFAULT_REGION],
  },
  extraCatalog: [
    {
      type: 'block-storage',
      name: 'cinder',
      description: 'Cinder Volume Service',
      path: CATALOG_PATH,
      regions: [DEFAULT_REGION],
    },
  ],
  migrations: cinderMigrations,
  seed: seedCinder,
  scale: { volumes: scaleVolumes },
  register: async (app: FastifyInstance, ctx: CloudContext) => {
    installJsonBodyParsing(app);
    installFaultHandling(app, cinderFaults);
    app.decorateRequest('apiVersion', null);
    // oslo's request-id middleware names every answer; cinder repeats it as the compute header.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('x-openstack-request-id')) {
        const id = `req-${randomUUID()}`;
        reply.header('x-openstack-request-id', id).header('x-compute-request-id', id);
      }
      return payload;
    });

    // The unversioned root lists the versions with 300 Multiple Choices, without a token.
    app.get('/', async (request, reply) =>
      reply
        .code(300)
        .headers({ 'OpenStack-API-Version': 'volume 3.0', Vary: 'OpenStack-API-Version' })
        .send(versionsDocument(ctx, request)),
    );

    await app.register(
      async (v3) => {
        v3.addHook('onSend', addVersionHeaders);
        // keystonemiddleware guards the whole v3 pipeline, the version document included.
        v3.addHook(
          'onRequest',
          authenticate(ctx.resolveToken, (r) => `${ctx.baseUrl(r)}/identity`),
        );
        v3.addHook('onRequest', async (request, reply) => {
          if (!request.auth?.project) {
            await reply.code(401).type('application/json').send(KEYSTONE_UNAUTHORIZED_BODY);
            return;
          }
          await negotiate(request);
        });
        v3.get('/', async (request) => versionsDocument(ctx, request));
        // keystonemiddleware answers before routing: an unknown path needs a token too.
        v3.setNotFoundHandler(
          { preHandler: authenticate(ctx.resolveToken, (r) => `${ctx.baseUrl(r)}/identity`) },
          async (_request, reply) =>
            reply.code(404).type('application/json').send(cinderFaults.unroutedBody),
        );
        await v3.register(async (scoped) => apiRoutes(scoped, ctx), { prefix: '/:project_id' });
        // From 3.67 the project may be left out of the URL (the routes exist at any version).
        await v3.register(async (unscoped) => apiRoutes(unscoped, ctx));
      },
      { prefix: '/v3' },
    );
  },
};
