import type { FastifyInstance } from 'fastify';
import { authenticate, KEYSTONE_UNAUTHORIZED_BODY } from '../../core/auth';
import { installFaultHandling } from '../../core/faults';
import { uuid } from '../../core/ids';
import { installJsonBodyParsing } from '../../core/jsonBody';
import { DEFAULT_REGION } from '../../core/service';
import type { CloudContext, CloudService } from '../../core/service';
import { heatFaults, heatRouting } from './http';
import { heatMigrations } from './model';
import { resourceRoutes } from './resources';
import { seedHeat } from './seed';
import { stackRoutes } from './stacks';
import { templateRoutes } from './templates';

export const heatService: CloudService = {
  name: 'heat',
  prefix: '/orchestration',
  catalog: {
    type: 'orchestration',
    name: 'heat',
    description: 'Heat Orchestration Service',
    path: '/orchestration/v1/$(project_id)s',
    regions: [DEFAULT_REGION],
  },
  migrations: heatMigrations,
  seed: () => undefined,
  seedLate: seedHeat,
  register: async (app: FastifyInstance, ctx: CloudContext) => {
    installJsonBodyParsing(app);
    installFaultHandling(app, heatFaults);
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('X-OpenStack-Request-Id', `req-${uuid()}`);
    });

    // heat's version document answers 300 Multiple Choices, without a token.
    app.get('/', async (request, reply) =>
      reply.code(300).send({
        versions: [
          {
            id: 'v1.0',
            status: 'CURRENT',
            links: [{ rel: 'self', href: `${ctx.baseUrl(request)}/orchestration/v1/` }],
          },
        ],
      }),
    );

    await app.register(
      async (api) => {
        api.addHook(
          'onRequest',
          authenticate(ctx.resolveToken, (r) => `${ctx.baseUrl(r)}/identity`),
        );
        api.addHook('onRequest', async (request, reply) => {
          if (!request.auth?.project && !request.auth?.system) {
            await reply.code(401).type('application/json').send(KEYSTONE_UNAUTHORIZED_BODY);
          }
        });
        // keystonemiddleware sits in front of the router: unknown paths and methods need a token too.
        installFaultHandling(api, heatRouting);
        stackRoutes(api, ctx);
        resourceRoutes(api, ctx);
        templateRoutes(api);
      },
      { prefix: '/v1/:tenant_id' },
    );
  },
};
