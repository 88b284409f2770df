import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An id a proxy sent, in the one form OpenStack accepts and logs as X-OpenStack-Request-ID
 * (`req-<uuid>`, oslo.middleware's request_id): `req-<uuid>`, a bare UUID, or 32 hex digits
 * (nginx's $request_id) become `req-<uuid>`; anything else is not used.
 */
export const normaliseRequestId = (value: string): string | undefined => {
  const bare = value.trim().toLowerCase().replace(/^req-/, '');
  if (UUID.test(bare)) return `req-${bare}`;
  const hex = /^[0-9a-f]{32}$/.test(bare) ? bare : undefined;
  if (!hex) return undefined;
  const parts = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20)];
  return `req-${parts.join('-')}-${hex.slice(20)}`;
};

/**
 * Fastify's genReqId: `req-<uuid>`, or the X-Request-Id of a trusted proxy (only then: a client
 * could otherwise pick the id under which its requests are logged, here and in OpenStack).
 */
export const requestIdGenerator =
  (trustIncoming: boolean) =>
  (raw: IncomingMessage): string => {
    const incoming = trustIncoming ? raw.headers[REQUEST_ID_HEADER] : undefined;
    const accepted = typeof incoming === 'string' ? normaliseRequestId(incoming) : undefined;
    return accepted ?? `req-${randomUUID()}`;
  };

/**
 * Returns the request id as X-Request-Id, on every answer (errors and refusals included). Fastify
 * puts the same id (`reqId`) in every line logged through request.log, and the upstream fetch
 * (lib/upstreamFetch) sends it to OpenStack.
 */
const plugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
};

export const requestId = fp(plugin, { name: 'skydeck-request-id', fastify: '5.x' });
