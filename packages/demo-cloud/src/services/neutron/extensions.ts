import type { FastifyInstance } from 'fastify';
import { EXTENSIONS } from './extensionData';

const view = (e: (typeof EXTENSIONS)[number]): Record<string, unknown> => ({
  name: e.name,
  alias: e.alias,
  description: e.description,
  updated: e.updated,
  links: [],
});

/** Extension discovery is not subject to policy: every token sees the list. */
export const extensionRoutes = (app: FastifyInstance): void => {
  app.get('/extensions', async () => ({ extensions: EXTENSIONS.map(view) }));

  app.get<{ Params: { alias: string } }>('/extensions/:alias', async (request, reply) => {
    const ext = EXTENSIONS.find((e) => e.alias === request.params.alias);
    if (!ext) {
      // webob answers this one itself, in HTML.
      return reply
        .code(404)
        .type('text/html; charset=UTF-8')
        .send(
          `<html>\n <head>\n  <title>404 Not Found</title>\n </head>\n <body>\n  <h1>404 Not Found</h1>\n  The resource could not be found.<br /><br />\nExtension with alias ${request.params.alias} does not exist\n\n\n </body>\n</html>`,
        );
    }
    return { extension: view(ext) };
  });
};
