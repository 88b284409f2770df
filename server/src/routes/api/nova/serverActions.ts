import type { FastifyPluginAsync } from 'fastify';
import {
  routeTable as api,
  serverActionProblem,
  type ServerActionBody,
  type ServerOperation,
} from '@skydeck/contract';
import type { ServerAction } from '@skydeck/openstack-client';
import { getInstance } from '../../../services/nova/instances';
import { serve, serveNoContent } from '../../serve';
import { instanceCallerOf } from './servers';
import type { RouteDeps } from '../../deps';

/** Nova's action for each of our operations, with the fields the body carries. */
const ACTIONS: Readonly<Record<ServerOperation, (body: ServerActionBody) => ServerAction>> = {
  start: () => ({ action: 'os-start' }),
  stop: () => ({ action: 'os-stop' }),
  soft_reboot: () => ({ action: 'reboot', type: 'SOFT' }),
  hard_reboot: () => ({ action: 'reboot', type: 'HARD' }),
  pause: () => ({ action: 'pause' }),
  unpause: () => ({ action: 'unpause' }),
  suspend: () => ({ action: 'suspend' }),
  resume: () => ({ action: 'resume' }),
  shelve: () => ({ action: 'shelve' }),
  unshelve: () => ({ action: 'unshelve' }),
  lock: (b) => ({
    action: 'lock',
    ...(b.locked_reason !== undefined ? { reason: b.locked_reason } : {}),
  }),
  unlock: () => ({ action: 'unlock' }),
  rescue: (b) => ({
    action: 'rescue',
    ...(b.adminPass !== undefined ? { adminPass: b.adminPass } : {}),
    ...(b.imageRef !== undefined ? { rescueImageRef: b.imageRef } : {}),
  }),
  unrescue: () => ({ action: 'unrescue' }),
  resize: (b) => ({
    action: 'resize',
    flavorRef: b.flavorRef ?? '',
    ...(b['OS-DCF:diskConfig'] !== undefined ? { diskConfig: b['OS-DCF:diskConfig'] } : {}),
  }),
  confirm_resize: () => ({ action: 'confirmResize' }),
  revert_resize: () => ({ action: 'revertResize' }),
  rebuild: (b) => ({
    action: 'rebuild',
    imageRef: b.imageRef ?? '',
    ...(b.adminPass !== undefined ? { adminPass: b.adminPass } : {}),
    ...(b.name !== undefined ? { name: b.name } : {}),
    ...(b['OS-DCF:diskConfig'] !== undefined ? { diskConfig: b['OS-DCF:diskConfig'] } : {}),
  }),
  reset_state: (b) => ({ action: 'os-resetState', state: b.state ?? 'active' }),
  migrate: (b) => ({ action: 'migrate', host: b.host ?? null }),
  live_migrate: (b) => ({
    action: 'os-migrateLive',
    host: b.host ?? null,
    ...(b.block_migration !== undefined ? { blockMigration: b.block_migration } : {}),
  }),
};

/**
 * /api/nova/servers/:id/ actions (issue 9): POST with an `operation` (spec 2 §7), PUT to edit,
 * DELETE; POST /api/nova/snapshots/. Nova's answers pass through: a wrong state is its 409
 * ("Cannot 'stop' instance … while it is in vm_state stopped"), a lock its 409, policy its 403.
 */
export const serverActionRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const pageSize = deps.config.settings.API_RESULT_PAGE_SIZE;

  serve(app, api['nova.servers.action'], async (request, reply) => {
    const problem = serverActionProblem(request.body);
    if (problem) return reply.code(400).send({ message: problem });
    const { operation } = request.body;
    await request.openstack.nova.serverActions.act(
      request.params.id,
      ACTIONS[operation](request.body),
    );
    return reply.code(202).send({ id: request.params.id, operation });
  });

  serve(app, api['nova.servers.update'], async (request) => {
    const { name, description } = request.body;
    await request.openstack.nova.serverActions.update(request.params.id, {
      ...(name !== undefined ? { name } : {}),
      // An empty description clears it (Nova stores null).
      ...(description !== undefined ? { description: description || null } : {}),
    });
    return getInstance(request.openstack, request.params.id, instanceCallerOf(request, pageSize));
  });

  serveNoContent(app, api['nova.servers.delete'], (request) =>
    request.openstack.nova.serverActions.delete(request.params.id),
  );

  serve(app, api['nova.snapshots.create'], async (request, reply) => {
    const { instance_id, name, metadata } = request.body;
    const { imageId } = await request.openstack.nova.serverActions.snapshot(instance_id, {
      name,
      ...(metadata ? { metadata } : {}),
    });
    return reply.code(202).send({ id: imageId, name, instance_id });
  });
};
