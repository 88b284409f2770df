import fp from 'fastify-plugin';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { mapUpstreamError } from './openstack';

export interface ErrorsPluginOptions {
  webroot: string;
}

const INTERNAL = 'An internal error occurred. Please try again later.';

/**
 * One error handler for the whole app: every error answer is `{ message }`. Validation errors
 * carry the message built by the schema error formatter; upstream OpenStack errors are mapped
 * (see mapUpstreamError); a 5xx of ours is logged and answered without any detail.
 */
const plugin: FastifyPluginAsync<ErrorsPluginOptions> = async (app, options) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send({ message: error.message });
    }
    const mapped = mapUpstreamError(error);
    if (mapped) {
      if (mapped.status === 401 && request.sessionId !== null && request.session !== null) {
        // Keystone no longer accepts the token: the session is over, unless it moved on to a
        // new token (project switch) while this call was in flight.
        const stored = await app.sessionStore.get(request.sessionId);
        if (!stored || stored.token === request.session.token) await reply.endSession();
      }
      if (mapped.status >= 500) request.log.warn({ err: error }, 'upstream failure');
      return reply.code(mapped.status).send({ message: mapped.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 && (error as { expose?: boolean }).expose === true) {
      // A 5xx of ours whose message is meant for the user (e.g. the session store is away).
      request.log.warn({ err: error }, error.message);
      return reply.code(status).send({ message: error.message });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large).
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: INTERNAL });
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (app.isSpaRoute(request)) return reply.sendSpaIndex();
    const path = request.url.split('?', 1)[0] ?? '';
    if (request.method === 'GET' && `${path}/` === options.webroot) {
      return reply.redirect(options.webroot, 302);
    }
    return reply.code(404).send({ message: 'Not found' });
  });
};

export const errors = fp(plugin, {
  name: 'skydeck-errors',
  fastify: '5.x',
  dependencies: ['skydeck-session', 'skydeck-spa'],
});
