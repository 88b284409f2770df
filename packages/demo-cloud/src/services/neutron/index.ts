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
import { scaleTopology } from './scaleTopology';
import { subnetPoolRoutes } from './subnetPools';
import { subnetRoutes } from './subnets';
import { trunkRoutes } from './trunks';

const CORE_RESOURCES = [
  ['network', 'networks'],
  ['subnet', 'subnets'],
  ['subnetpool', 'subnetpools'],
  ['port', 'ports'],
] as const;

/**
 * pecan finds a collection under either spelling (`security-groups`, `security_groups`); member
 * actions after an id (`add_router_interface`) keep theirs. The other spelling of a route path,
 * when it has one.
 */
const otherSpelling = (url: string): string | undefined => {
  const segments = url.split('/');
  let changed = false;
  const out = segments.map((segment, i) => {
    if (segment.startsWith(':') || !/[-_]/.test(segment)) return segment;
    if (segments[i - 1]?.startsWith(':') && /^(add|remove|get)_/.test(segment)) return segment;
    changed = true;
    return segment.includes('-') ? segment.replaceAll('-', '_') : segment.replaceAll('_', '-');
  });
  return changed ? out.join('/') : undefined;
};

/** Registers every route of this scope added from here on under its other spelling too. */
const installCollectionSpellings = (api: FastifyInstance): void => {
  const aliases = new Set<string>();
  api.addHook('onRoute', (route) => {
    // Fastify adds each GET's HEAD itself, the alias's included.
    if (route.method === 'HEAD' || aliases.has(route.url ?? '')) return;
    const alias = otherSpelling((route.url ?? '').slice(route.prefix.length));
    if (!alias) return;
    aliases.add(`${route.prefix}${alias}`);
    const { path: _path, prefix: _prefix, routePath: _routePath, ...options } = route;
    api.route({ ...options, url: alias });
  });
};

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
  scale: { networks: scaleNetworks, topology: scaleTopology },
  register: async (app: FastifyInstance, ctx: CloudContext) => {
    installJsonBodyParsing(app);
    installFaultHandling(app, neutronFaults);
    // oslo.middleware's request id, on every answer (errors included).
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('X-Openstack-Request-Id', `req-${uuid()}`);
    });
    // Neutron's JSON goes out as plain `application/json`, without a charset.
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json;')) {
        reply.header('content-type', 'application/json');
      }
      return payload;
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
        installCollectionSpellings(api);
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
