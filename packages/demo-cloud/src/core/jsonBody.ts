import type { FastifyInstance } from 'fastify';

/**
 * OpenStack clients send JSON, sometimes with an empty body or a missing or odd content type;
 * upstream services read such bodies as JSON (or as no body) instead of refusing them.
 */
export const installJsonBodyParsing = (app: FastifyInstance): void => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text) as unknown);
    } catch (error) {
      done(error as SyntaxError, undefined);
    }
  });
};
