import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api, type Keypair as KeypairShape } from '@skydeck/contract';
import type { Keypair as NovaKeypair } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';

/** Nova omits `type` below microversion 2.2, where every key pair is ssh. */
const toKeypair = (kp: NovaKeypair): KeypairShape => ({
  name: kp.name,
  type: kp.type ?? 'ssh',
  fingerprint: kp.fingerprint,
  public_key: kp.public_key,
  user_id: kp.user_id,
  id: kp.id,
  created_at: kp.created_at,
});

/**
 * /api/nova/keypairs/ — list, create (generated: the private key is in this one answer only) or
 * import (with public_key), show and delete by name.
 */
export const keypairRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.keypairs.list'], async (request) => ({
    items: (await request.openstack.nova.keypairs.list()).map(toKeypair),
  }));

  serve(app, api['nova.keypairs.create'], async (request, reply) => {
    const { name, key_type, public_key } = request.body;
    const created = await request.openstack.nova.keypairs.create({
      name,
      type: key_type,
      publicKey: public_key,
    });
    // The private key is never logged or kept; it only passes through to the browser.
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({
      name: created.name,
      type: created.type ?? key_type ?? 'ssh',
      fingerprint: created.fingerprint,
      public_key: created.public_key,
      private_key: created.private_key,
    });
  });

  serve(app, api['nova.keypairs.get'], async (request) =>
    toKeypair(await request.openstack.nova.keypairs.get(request.params.name)),
  );

  serveNoContent(app, api['nova.keypairs.delete'], (request) =>
    request.openstack.nova.keypairs.delete(request.params.name),
  );
};
