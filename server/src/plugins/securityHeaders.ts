import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';

/**
 * A strict CSP: PatternFly sets inline styles only through element.style (CSSOM), which
 * style-src 'self' allows; only <style> elements and style="" attributes in markup would need
 * 'unsafe-inline', and the SPA ships neither.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
});

/** A year; without includeSubDomains, which would bind sites of the domain we know nothing of. */
export const HSTS = 'max-age=31536000';

const plugin: FastifyPluginAsync = async (app) => {
  // Set before routing, so errors, 404s and static files carry them too.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    // Nothing is kept by a browser or proxy unless its handler says so: the web app's files
    // and page set their own Cache-Control; /auth and /api answers (404s and errors included)
    // hold sessions, tokens or the user's data.
    reply.header('cache-control', 'no-store');
    // Over https (x-forwarded-proto counts when the proxy is trusted), the browser is told to
    // use nothing else; over plain http the header would be ignored and is not sent.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
};

export const securityHeaders = fp(plugin, { name: 'skydeck-security-headers', fastify: '5.x' });
