import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * oslo.middleware's CORS filter in front of glance, for the dashboard's direct upload (the browser
 * PUTs the file straight to the image endpoint). The demo cloud trusts loopback origins, the
 * places a local dashboard runs from; glance's own allowed and exposed headers apply.
 */

const ALLOW_HEADERS = [
  'content-md5',
  'x-image-meta-checksum',
  'x-storage-token',
  'accept-encoding',
  'x-auth-token',
  'x-identity-status',
  'x-roles',
  'x-service-catalog',
  'x-user-id',
  'x-tenant-id',
  'x-openstack-request-id',
];
/** Headers CORS always lets through. */
const SIMPLE_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'cache-control',
  'content-language',
  'expires',
  'last-modified',
  'pragma',
];
const EXPOSE_HEADERS = [
  'X-Image-Meta-Checksum',
  'X-Auth-Token',
  'X-Subject-Token',
  'X-Service-Token',
  'X-OpenStack-Request-ID',
];
const ALLOW_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];

export const isLoopbackOrigin = (origin: string | undefined): origin is string => {
  if (!origin) return false;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
};

const originOf = (request: FastifyRequest): string | undefined => {
  const origin = request.headers.origin;
  return isLoopbackOrigin(origin) ? origin : undefined;
};

export const installCors = (app: FastifyInstance): void => {
  // Preflights are answered before authentication, for any path of the service.
  app.options('*', async (request, reply) => {
    const origin = originOf(request);
    const method = request.headers['access-control-request-method'];
    if (!origin || typeof method !== 'string') return reply.code(200).send();
    if (!ALLOW_METHODS.includes(method.toUpperCase())) return reply.code(200).send();
    const requested = (request.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    if (requested.some((h) => !ALLOW_HEADERS.includes(h) && !SIMPLE_HEADERS.includes(h))) {
      return reply.code(200).send();
    }
    return reply
      .code(200)
      .headers({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Methods': method.toUpperCase(),
        'Access-Control-Max-Age': '3600',
        Vary: 'Origin',
        ...(requested.length > 0 ? { 'Access-Control-Allow-Headers': requested.join(',') } : {}),
      })
      .send();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const origin = originOf(request);
    if (origin && request.method !== 'OPTIONS') {
      reply.headers({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Expose-Headers': EXPOSE_HEADERS.join(','),
        Vary: 'Origin',
      });
    }
    return payload;
  });
};
