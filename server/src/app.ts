import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { Bootstrap } from '@skydeck/contract';
import type { FetchLike } from '@skydeck/openstack-client';
import type { AppConfig } from './config/schema';
import { tracedFetch } from './lib/upstreamFetch';
import { buildValidatorCompiler, schemaErrorFormatter } from './lib/validation';
import { csrf } from './plugins/csrf';
import { errors } from './plugins/errors';
import { health } from './plugins/health';
import { Metrics, metricsPlugin } from './plugins/metrics';
import { loginThrottle, MemoryCounterStore, RedisCounterStore } from './plugins/loginThrottle';
import { messages } from './plugins/messages';
import { openstack } from './plugins/openstack';
import { policy } from './plugins/policy';
import { requestId, requestIdGenerator } from './plugins/requestId';
import { requestContext } from './plugins/requestContext';
import { securityHeaders } from './plugins/securityHeaders';
import { session } from './plugins/session';
import { connectRedisSessionStore, RedisSessionStore } from './plugins/redisSessionStore';
import { MemorySessionStore, type SessionStore } from './plugins/sessionStore';
import { createPageRenderer } from './plugins/pageRenderer';
import { spa } from './plugins/spa';
import { KnownRegions } from './routes/deps';
import { registerRoutes } from './routes/index';
import { assembleBootstrap } from './services/bootstrap';

/**
 * How long a signed-in page's document waits for the server's render of it: a list the cloud
 * answers in time is painted with the document, a slower one is left to the browser.
 */
const PAGE_RENDER_BUDGET_MS = 1000;

/** A hop count becomes the function proxy-addr expects (Fastify's types take no number). */
const trustProxyOption = (
  value: boolean | number | string,
): boolean | string | ((address: string, hop: number) => boolean) =>
  typeof value === 'number' ? (_address, hop) => hop < value : value;

export interface BuildAppOptions {
  /** Defaults to a pino logger at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  sessionStore?: SessionStore;
  /** Upstream fetch (tests); the global fetch otherwise. */
  fetch?: FetchLike;
  /** Sees every route as it is registered (tests that walk every route). */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole BFF, ready for inject() or listen(); it never listens itself (STYLE rule 5). */
export const buildApp = async (
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-csrftoken"]', 'res.headers["set-cookie"]'],
    },
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    schemaErrorFormatter,
    // `req-<uuid>`, as OpenStack wants X-OpenStack-Request-ID; a client-sent X-Request-Id only
    // from a trusted proxy (the generator reads it; Fastify's own reading would trust anyone).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy !== false),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(buildValidatorCompiler());
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // First, so every later hook and handler runs in its request's context.
  await app.register(requestContext);

  const metrics = new Metrics(async () => app.sessionStore.count?.());
  // Every OpenStack call, the session's clients and login alike: request id and metrics.
  const upstreamFetch = tracedFetch(options.fetch, metrics.observeUpstream);
  await app.register(requestId);
  await app.register(metricsPlugin, {
    metrics,
    webroot: config.webroot,
    expose: config.metrics,
  });

  const cookiePath = config.webroot;
  await app.register(securityHeaders);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(messages);
  await app.register(session, {
    store:
      options.sessionStore ??
      (config.session.store === 'redis'
        ? connectRedisSessionStore(config.session.redisUrl, app.log)
        : new MemorySessionStore()),
    timeoutSeconds: config.session.timeout,
    cookiePath,
    secureCookies: config.secureCookies,
  });
  await app.register(csrf, {
    cookiePath,
    secureCookies: config.secureCookies,
    trustedOrigins: config.csrfTrustedOrigins,
  });
  await app.register(loginThrottle, {
    // With the Redis store, failure counts are shared by every server process too.
    store:
      app.sessionStore instanceof RedisSessionStore
        ? new RedisCounterStore(app.sessionStore.redis)
        : new MemoryCounterStore(),
    maxFailuresPerUser: config.login.maxFailuresPerUser,
    maxFailuresPerAddress: config.login.maxFailuresPerAddress,
    failureWindowSeconds: config.login.failureWindow,
    maxDelaySeconds: config.login.maxDelay,
  });
  await app.register(health, { webroot: config.webroot });
  await app.register(openstack, {
    authUrl: config.cloud.authUrl,
    interface: config.cloud.interface,
    fetch: upstreamFetch,
    timeoutMs: config.upstreamTimeout * 1000,
  });
  await app.register(policy, {
    enforceNewDefaults: config.policy.enforceNewDefaults,
    overridesDir: config.policy.overridesDir,
  });
  await app.register(spa, {
    webroot: config.webroot,
    webDist: config.webDist,
    // The first paint of a signed-in panel comes with the document (foundation issue §5).
    renderPage: createPageRenderer(app, {
      webroot: config.webroot,
      webDist: config.webDist,
      budgetMs: PAGE_RENDER_BUDGET_MS,
    }),
    // A signed-in user's page carries the bootstrap the app would ask for first.
    pageData: async (request, reply) => {
      await app.loadSession(request, reply);
      if (!request.session) return undefined;
      // Serialised by the route's own schema: the same allowlist as GET /api/bootstrap/.
      return async () =>
        reply.serializeInput(
          await assembleBootstrap(request, config.settings),
          Bootstrap as unknown as Record<string, unknown>,
        );
    },
  });
  await app.register(errors, { webroot: config.webroot });
  await registerRoutes(app, {
    config,
    regions: new KnownRegions(config.cloud.regions),
  });
  return app;
};
