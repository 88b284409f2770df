import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { installFaultHandling } from './core/faults';
import { applyScale, createKnobs, installKnobs, resolveKnobOptions } from './core/knobs';
import { applyDueTransitions, startLifecycle } from './core/lifecycle';
import { createPolicyEngine } from './core/policy';
import { installRouteTable } from './core/routeTable';
import type { CloudContext, CloudService, ResolvedOptions } from './core/service';
import { defaultEnforceNewDefaults, defaultLifecycleScale } from './options';
import type { DemoCloudOptions } from './options';
import { cinderService } from './services/cinder/index';
import { glanceService } from './services/glance/index';
import { heatService } from './services/heat/index';
import { keystoneService } from './services/keystone/index';
import { createTokenResolver } from './services/keystone/tokens';
import { neutronService } from './services/neutron/index';
import { novaService } from './services/nova/index';
import { swiftService } from './services/swift/index';
import { openStore } from './store/store';

/**
 * Hosted services, in seeding order (identity first: the others refer to its users and projects;
 * Nova after the services its seeded servers use: images, networks, volumes).
 */
export const SERVICES: readonly CloudService[] = [
  keystoneService,
  glanceService,
  cinderService,
  neutronService,
  novaService,
  swiftService,
  heatService,
];

declare module 'fastify' {
  interface FastifyInstance {
    /** Lets the starter pin catalog URLs to the address it bound. */
    setPublicUrl(url: string): void;
  }
}

const resolveOptions = (opts: DemoCloudOptions): ResolvedOptions => ({
  dataDir: opts.dataDir,
  reset: opts.reset ?? false,
  enforceNewDefaults: opts.enforceNewDefaults ?? defaultEnforceNewDefaults(),
  logger: opts.logger ?? false,
  tokenLifetimeSeconds: opts.tokenLifetimeSeconds ?? 3600,
  lifecycleScale: opts.lifecycleScale ?? defaultLifecycleScale(),
  imageSizeCap: opts.imageSizeCap ?? 1099511627776,
});

/** The demo cloud as a Fastify instance that has not started listening. */
export const buildDemoCloud = async (opts: DemoCloudOptions): Promise<FastifyInstance> => {
  const options = resolveOptions(opts);
  const knobOptions = resolveKnobOptions(opts);
  const knobs = createKnobs(SERVICES, knobOptions);
  const store = openStore({ dataDir: options.dataDir, reset: options.reset });
  let publicUrl = opts.publicUrl?.replace(/\/+$/, '');
  const now = (): Date => new Date();
  const ctx: CloudContext = {
    store,
    options,
    services: SERVICES,
    resolveToken: createTokenResolver(store, now),
    baseUrl: (request?: FastifyRequest) => {
      if (publicUrl) return publicUrl;
      if (request) return `${request.protocol}://${request.host}`;
      return 'http://localhost';
    },
    now,
    knobs,
  };

  try {
    for (const service of SERVICES) store.migrate(service.name, service.migrations);
    store.transaction(() => {
      for (const service of SERVICES) service.seed(ctx);
      for (const service of SERVICES) service.seedLate?.(ctx);
    });
    const scaled = applyScale(ctx, knobOptions.scale);
    if (scaled.unknown.length > 0) {
      process.emitWarning(`demo cloud: no service generates ${scaled.unknown.join(', ')} yet`);
    }
  } catch (error) {
    store.close();
    throw error;
  }

  const app = Fastify({
    logger: options.logger,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    // Keep-alive connections from SDK clients must not hold close() open.
    forceCloseConnections: true,
  });
  app.decorate('policy', createPolicyEngine(options.enforceNewDefaults));
  app.decorate('setPublicUrl', (url: string) => {
    publicUrl = url.replace(/\/+$/, '');
  });
  app.decorateRequest('auth', null);
  installRouteTable(app);
  let stopLifecycle = (): void => undefined;
  app.addHook('onReady', async () => {
    stopLifecycle = startLifecycle(ctx);
  });
  // Due status transitions are applied before any request reads state.
  app.addHook('onRequest', async () => {
    applyDueTransitions(ctx);
  });
  app.addHook('onClose', async () => {
    stopLifecycle();
    store.close();
  });

  installFaultHandling(app, {
    render: (status, message) => ({
      error: { code: status, title: status === 404 ? 'Not Found' : 'Error', message },
    }),
    notFoundMessage: 'The resource could not be found.',
    internalErrorMessage: 'An unexpected error prevented the server from fulfilling your request.',
    malformedBodyMessage: 'Malformed request body',
  });
  await installKnobs(app, ctx);
  for (const service of SERVICES) {
    await app.register(async (scoped) => service.register(scoped, ctx), { prefix: service.prefix });
  }
  return app;
};
