import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateErrorBody } from '../../core/webob';
import { EXTENSIONS } from './extensionData';

const view = (e: (typeof EXTENSIONS)[number]): Record<string, unknown> => ({
  name: e.name,
  alias: e.alias,
  description: e.description,
  updated: e.updated,
  links: [],
});

/**
 * webob's own 404 for an unknown alias, in the representation the Accept header picks (plain
 * text when there is none).
 */
const unknownAlias = (
  request: FastifyRequest,
  reply: FastifyReply,
  alias: string,
): FastifyReply => {
  const accept = request.headers.accept;
  const kind = accept === undefined || accept.trim() === '' ? 'plain' : negotiateErrorBody(accept);
  const explanation = 'The resource could not be found.';
  const detail = `Extension with alias ${alias} does not exist`;
  reply.code(404);
  if (kind === 'json') {
    return reply.type('application/json').send(
      JSON.stringify({
        message: `${explanation}<br /><br />\n${detail}\n\n`,
        code: '404 Not Found',
        title: 'Not Found',
      }),
    );
  }
  if (kind === 'plain') {
    return reply
      .type('text/plain; charset=UTF-8')
      .send(`404 Not Found\n\n${explanation}\n\n ${detail}  `);
  }
  return reply
    .type('text/html; charset=UTF-8')
    .send(
      `<html>\n <head>\n  <title>404 Not Found</title>\n </head>\n <body>\n  <h1>404 Not Found</h1>\n  ${explanation}<br /><br />\n${detail}\n\n\n </body>\n</html>`,
    );
};

/** Extension discovery is not subject to policy: every token sees the list. */
export const extensionRoutes = (app: FastifyInstance): void => {
  app.get('/extensions', async () => ({ extensions: EXTENSIONS.map(view) }));

  app.get<{ Params: { alias: string } }>('/extensions/:alias', async (request, reply) => {
    const ext = EXTENSIONS.find((e) => e.alias === request.params.alias);
    if (!ext) return unknownAlias(request, reply, request.params.alias);
    return { extension: view(ext) };
  });
};
