import type { FastifyInstance } from 'fastify';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { loadServer, saveServer } from './serverAccess';

/**
 * os-server-password: the admin password a guest posted to the metadata service, encrypted with
 * the server's RSA key pair (only the key pair's owner can read it); DELETE clears it.
 */
export const serverPasswordRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get<{ Params: { id: string } }>('/servers/:id/os-server-password', async (request) => {
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', 'os_compute_api:os-server-password:show', {
      project_id: server.project_id,
    });
    return { password: server.password };
  });

  app.delete<{ Params: { id: string } }>(
    '/servers/:id/os-server-password',
    async (request, reply) => {
      const server = loadServer(ctx, request, request.params.id);
      authorize(request, 'compute', 'os_compute_api:os-server-password:clear', {
        project_id: server.project_id,
      });
      saveServer(ctx, server.id, () => ({ password: '' }));
      return reply.code(204).send();
    },
  );
};
