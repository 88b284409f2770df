import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';

export interface HealthPluginOptions {
  webroot: string;
  /** How long readiness waits for the session store before calling it unreachable. */
  storeTimeoutMs?: number;
}

const NOT_READY = 'The session store is unavailable';
const CLOSING = 'The server is shutting down';

/**
 * {webroot}healthz (liveness: the process answers) and {webroot}readyz (readiness: the session
 * store answers and the server is not closing), for a load balancer or an orchestrator. Neither
 * needs a session or a CSRF token, and no cache may keep their answers.
 */
const plugin: FastifyPluginAsync<HealthPluginOptions> = async (app, options) => {
  const storeTimeoutMs = options.storeTimeoutMs ?? 2_000;
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  const storeReachable = async (): Promise<boolean> => {
    const store = app.sessionStore;
    if (!store.ping) return true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), storeTimeoutMs);
    });
    try {
      return await Promise.race([
        store.ping().then(
          () => true,
          () => false,
        ),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  // A balancer probes every few seconds: its requests are not worth two info lines each.
  const quiet = { logLevel: 'warn' } as const;

  app.get(`${options.webroot}healthz`, quiet, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get(`${options.webroot}readyz`, quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (closing) return reply.code(503).send({ message: CLOSING });
    if (!(await storeReachable())) return reply.code(503).send({ message: NOT_READY });
    return reply.send({ status: 'ok' });
  });
};

export const health = fp(plugin, {
  name: 'skydeck-health',
  fastify: '5.x',
  dependencies: ['skydeck-session'],
});
