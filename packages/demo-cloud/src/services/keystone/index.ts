import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../../core/auth';
import { installFaultHandling } from '../../core/faults';
import { installJsonBodyParsing } from '../../core/jsonBody';
import { DEFAULT_REGION } from '../../core/service';
import type { CloudContext, CloudService } from '../../core/service';
import { applicationCredentialRoutes } from './applicationCredentials';
import { catalogRoutes } from './catalog';
import { domainRoutes } from './domains';
import { grantRoutes } from './grants';
import { groupRoutes } from './groups';
import { identityUrl, keystoneFaults } from './http';
import { keystoneMigrations } from './model';
import { projectRoutes } from './projects';
import { roleAssignmentRoutes } from './roleAssignments';
import { roleRoutes } from './roles';
import { scaleProjects, scaleUsers } from './scale';
import { seedKeystone } from './seed';
import { tokenIssueRoutes, tokenRoutes } from './tokens';
import { userPasswordRoutes, userRoutes } from './users';

const versionDoc = (ctx: CloudContext, request: FastifyRequest): object => ({
  id: 'v3.14',
  status: 'stable',
  updated: '2020-04-07T00:00:00Z',
  links: [{ rel: 'self', href: `${identityUrl(ctx, request)}/v3/` }],
  'media-types': [{ base: 'application/json', type: 'application/vnd.openstack.identity-v3+json' }],
});

export const keystoneService: CloudService = {
  name: 'keystone',
  prefix: '/identity',
  catalog: {
    type: 'identity',
    name: 'keystone',
    description: 'Keystone Identity Service',
    path: '/identity/v3',
    regions: [DEFAULT_REGION],
  },
  migrations: keystoneMigrations,
  seed: seedKeystone,
  scale: { users: scaleUsers, projects: scaleProjects },
  register: async (app: FastifyInstance, ctx: CloudContext) => {
    installJsonBodyParsing(app);
    installFaultHandling(app, keystoneFaults);
    // Keystone names its versioned endpoint on every 401 it answers itself (bad password too).
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode === 401 && !reply.hasHeader('www-authenticate')) {
        reply.header('WWW-Authenticate', `Keystone uri="${identityUrl(ctx, request)}/v3"`);
      }
      return payload;
    });

    app.get('/', async (request, reply) =>
      reply.code(300).send({ versions: { values: [versionDoc(ctx, request)] } }),
    );

    await app.register(
      async (v3) => {
        v3.get('/', async (request) => ({ version: versionDoc(ctx, request) }));
        tokenIssueRoutes(v3, ctx);
        userPasswordRoutes(v3, ctx);
        await v3.register(async (secured) => {
          secured.addHook(
            'onRequest',
            authenticate(ctx.resolveToken, (r) => `${identityUrl(ctx, r)}/v3`),
          );
          tokenRoutes(secured, ctx);
          catalogRoutes(secured, ctx);
          domainRoutes(secured, ctx);
          projectRoutes(secured, ctx);
          userRoutes(secured, ctx);
          applicationCredentialRoutes(secured, ctx);
          groupRoutes(secured, ctx);
          roleRoutes(secured, ctx);
          grantRoutes(secured, ctx);
          roleAssignmentRoutes(secured, ctx);
        });
      },
      { prefix: '/v3' },
    );
  },
};
