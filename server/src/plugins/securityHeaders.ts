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

const plugin: FastifyPluginAsync = async (app) => {
  // Set before routing, so errors, 404s and static files carry them too.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
};

export const securityHeaders = fp(plugin, { name: 'skydeck-security-headers', fastify: '5.x' });
