import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, KEYSTONE_UNAUTHORIZED_BODY } from '../../core/auth';
import { installFaultHandling } from '../../core/faults';
import { installJsonBodyParsing } from '../../core/jsonBody';
import { negotiateMicroversion } from '../../core/microversion';
import { DEFAULT_REGION, SECOND_REGION } from '../../core/service';
import type { CloudContext, CloudService } from '../../core/service';
import { uuid } from '../../core/ids';
import { aggregateRoutes } from './aggregates';
import { availabilityZoneRoutes } from './availabilityZones';
import { consolePageRoutes, remoteConsoleRoutes } from './consoles';
import { extensionRoutes } from './extensions';
import { flavorAccessRoutes } from './flavorAccess';
import { flavorExtraSpecRoutes } from './flavorExtraSpecs';
import { flavorRoutes } from './flavors';
import { hypervisorRoutes } from './hypervisors';
import { instanceActionRoutes } from './instanceActions';
import { NOVA_VERSIONS, novaFaults, versionHeaders } from './http';
import { keypairRoutes } from './keypairs';
import { limitRoutes } from './limits';
import { novaMigrations } from './model';
import { quotaSetRoutes } from './quotaSets';
import { seedNova } from './seed';
import { scaleServers, seedNovaServers } from './seedServers';
import { scaleUsageServers } from './seedUsage';
import { serverActionRoutes } from './serverActions';
import { serverGroupRoutes } from './serverGroups';
import { serverIpRoutes } from './serverIps';
import { serverMetadataRoutes } from './serverMetadata';
import { serverInterfaceRoutes } from './serverInterfaces';
import { serverPasswordRoutes } from './serverPassword';
import { serverRoutes } from './servers';
import { serverSecurityGroupRoutes } from './serverSecurityGroups';
import { serverTagRoutes } from './serverTags';
import { serviceRoutes } from './services';
import { tenantUsageRoutes } from './tenantUsage';
import { volumeAttachmentRoutes } from './volumeAttachments';

const v21 = (ctx: CloudContext, request: FastifyRequest): object => ({
  id: 'v2.1',
  status: 'CURRENT',
  version: NOVA_VERSIONS.max.toString(),
  min_version: NOVA_VERSIONS.min.toString(),
  updated: '2013-07-23T11:33:21Z',
  links: [{ rel: 'self', href: `${ctx.baseUrl(request)}/compute/v2.1/` }],
});

const v20 = (ctx: CloudContext, request: FastifyRequest): object => ({
  id: 'v2.0',
  status: 'SUPPORTED',
  version: '',
  min_version: '',
  updated: '2011-01-21T11:33:21Z',
  links: [{ rel: 'self', href: `${ctx.baseUrl(request)}/compute/v2/` }],
});

const negotiate = async (request: FastifyRequest): Promise<void> => {
  request.apiVersion = negotiateMicroversion(request.headers, NOVA_VERSIONS);
};

const addVersionHeaders = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
  reply.headers(versionHeaders(request));
};

export const novaService: CloudService = {
  name: 'nova',
  prefix: '/compute',
  catalog: {
    type: 'compute',
    name: 'nova',
    description: 'Nova Compute Service',
    path: '/compute/v2.1',
    regions: [DEFAULT_REGION, SECOND_REGION],
  },
  migrations: novaMigrations,
  seed: seedNova,
  seedLate: seedNovaServers,
  scale: { servers: scaleServers, usage_servers: scaleUsageServers },
  register: async (app: FastifyInstance, ctx: CloudContext) => {
    installJsonBodyParsing(app);
    installFaultHandling(app, novaFaults);
    app.decorateRequest('apiVersion', null);
    app.decorateRequest('novaRequestId', null);
    // Every answer names its request (oslo's request-id middleware); instance actions record it.
    app.addHook('onRequest', async (request) => {
      request.novaRequestId = `req-${uuid()}`;
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.novaRequestId) {
        reply.header('X-OpenStack-Request-ID', request.novaRequestId);
        reply.header('X-Compute-Request-ID', request.novaRequestId);
      }
    });
    consolePageRoutes(app, ctx);

    app.get('/', async (request) => ({ versions: [v20(ctx, request), v21(ctx, request)] }));

    await app.register(
      async (api) => {
        api.addHook('onSend', addVersionHeaders);
        api.get('/', { onRequest: negotiate }, async (request) => ({
          version: {
            ...v21(ctx, request),
            links: [
              { rel: 'self', href: `${ctx.baseUrl(request)}/compute/v2.1/` },
              { rel: 'describedby', type: 'text/html', href: 'http://docs.openstack.org/' },
            ],
            'media-types': [
              {
                base: 'application/json',
                type: 'application/vnd.openstack.compute+json;version=2.1',
              },
            ],
          },
        }));
        await api.register(async (secured) => {
          // keystonemiddleware runs before nova reads the microversion.
          secured.addHook(
            'onRequest',
            authenticate(ctx.resolveToken, (r) => `${ctx.baseUrl(r)}/identity`),
          );
          secured.addHook('onRequest', async (request, reply) => {
            // Nova works in a project; a token without one never gets a compute endpoint from the catalog.
            if (!request.auth?.project) {
              await reply.code(401).type('application/json').send(KEYSTONE_UNAUTHORIZED_BODY);
              return;
            }
            // The routes mapper turns away unknown paths (and methods) before the microversion.
            if (request.is404) return;
            await negotiate(request);
          });
          // keystonemiddleware sits in front of the router: unknown paths need a token too.
          installFaultHandling(secured, novaFaults);
          flavorRoutes(secured, ctx);
          flavorExtraSpecRoutes(secured, ctx);
          flavorAccessRoutes(secured, ctx);
          keypairRoutes(secured, ctx);
          serverGroupRoutes(secured, ctx);
          limitRoutes(secured, ctx);
          extensionRoutes(secured);
          availabilityZoneRoutes(secured, ctx);
          serviceRoutes(secured, ctx);
          serverRoutes(secured, ctx);
          serverActionRoutes(secured, ctx);
          serverMetadataRoutes(secured, ctx);
          serverTagRoutes(secured, ctx);
          serverIpRoutes(secured, ctx);
          serverInterfaceRoutes(secured, ctx);
          serverPasswordRoutes(secured, ctx);
          serverSecurityGroupRoutes(secured, ctx);
          volumeAttachmentRoutes(secured, ctx);
          instanceActionRoutes(secured, ctx);
          remoteConsoleRoutes(secured, ctx);
          quotaSetRoutes(secured, ctx);
          hypervisorRoutes(secured, ctx);
          aggregateRoutes(secured, ctx);
          tenantUsageRoutes(secured, ctx);
        });
      },
      { prefix: '/v2.1' },
    );
  },
};
