import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, KEYSTONE_UNAUTHORIZED_BODY } from '../../core/auth';
import { installFaultHandling } from '../../core/faults';
import { uuid } from '../../core/ids';
import { installJsonBodyParsing } from '../../core/jsonBody';
import { DEFAULT_REGION } from '../../core/service';
import type { CloudContext, CloudService } from '../../core/service';
import { agentRoutes } from './agents';
import { extensionRoutes } from './extensions';
import { floatingIpRoutes } from './floatingIps';
import { neutronFaults } from './http';
import { ipAvailabilityRoutes } from './ipAvailability';
import { neutronMigrations } from './model';
import { networkRoutes } from './networks';
import { portRoutes } from './ports';
import { qosRoutes } from './qos';
import { quotaRoutes } from './quotas';
import { routerRoutes } from './routers';
import { securityGroupRoutes } from './securityGroups';
import { scaleNetworks, seedNeutron } from './seed';
import { subnetPoolRoutes } from './subnetPools';
import { subnetRoutes } from './subnets';
import { trunkRoutes } from './trunks';

const CORE_RESOURCES = [
  ['network', 'networks'],
  ['subnet', 'subnets'],
  ['subnetpool', 'subnetpools'],
  ['port', 'ports'],
] as const;

const v20Link = (ctx: CloudContext, request: FastifyRequest): string =>
  `${ctx.baseUrl(request)}/network/v2.0/`;

export const neutronService: CloudService = {
  name: 'neutron',
  prefix: '/network',
  catalog: {
    type: 'network',
    name: 'neutron',
    description: 'Neutron Service',
    path: '/network',
    regions: [DEFAULT_REGION],
  },
  migrations: neutronMigrations,
  seed: seedNeutron,
  scale: { networks: scaleNetworks },
  register: async (app: FastifyInstance, ctx: CloudContext) => {
    installJsonBodyParsing(app);
    installFaultHandling(app, neutronFaults);
    // oslo.middleware's request id, on every answer (errors included).
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('X-Openstack-Request-Id', `req-${uuid()}`);
    });

    app.get('/', async (request) => ({
      versions: [
        { id: 'v2.0', status: 'CURRENT', links: [{ rel: 'self', href: v20Link(ctx, request) }] },
      ],
    }));

    await app.register(
      async (api) => {
        api.addHook(
          'onRequest',
          authenticate(ctx.resolveToken, (r) => `${ctx.baseUrl(r)}/identity`),
        );
        api.addHook('onRequest', async (request, reply) => {
          // Neutron works in a project; a token without one gets no network endpoint.
          if (!request.auth?.project) {
            await reply.code(401).type('application/json').send(KEYSTONE_UNAUTHORIZED_BODY);
          }
        });
        // keystonemiddleware sits in front of the router: unknown paths and methods need a token too.
        installFaultHandling(api, neutronFaults);
        api.get('/', async (request) => ({
          resources: CORE_RESOURCES.map(([name, collection]) => ({
            name,
            collection,
            links: [{ rel: 'self', href: `${ctx.baseUrl(request)}/network/v2.0/${collection}` }],
          })),
        }));
        networkRoutes(api, ctx);
        subnetRoutes(api, ctx);
        subnetPoolRoutes(api, ctx);
        portRoutes(api, ctx);
        routerRoutes(api, ctx);
        floatingIpRoutes(api, ctx);
        securityGroupRoutes(api, ctx);
        trunkRoutes(api, ctx);
        qosRoutes(api, ctx);
        quotaRoutes(api, ctx);
        agentRoutes(api, ctx);
        ipAvailabilityRoutes(api, ctx);
        extensionRoutes(api);
      },
      { prefix: '/v2.0' },
    );
  },
};
