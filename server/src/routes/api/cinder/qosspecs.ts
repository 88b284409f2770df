import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';

/** /api/cinder/qosspecs/:id/… — an admin's QoS specs and their volume type associations. */
export const qosSpecRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['cinder.qosspecs.create'], async (request, reply) =>
    reply.code(201).send(await request.openstack.cinder.qosSpecs.create(request.body)),
  );

  serve(app, api['cinder.qosspecs.get'], async (request) =>
    request.openstack.cinder.qosSpecs.get(request.params.id),
  );

  serve(app, api['cinder.qosspecs.update'], async (request, reply) => {
    const calls = request.openstack.cinder.qosSpecs;
    const { id } = request.params;
    const { consumer, specs = {}, removed = [] } = request.body;
    if (Object.keys(specs).some((key) => key === 'name' || key === 'consumer')) {
      return reply.code(400).send({ message: 'Spec keys "name" and "consumer" are reserved.' });
    }
    const set = { ...specs, ...(consumer && { consumer }) };
    if (Object.keys(set).length > 0) await calls.set(id, set);
    const gone = removed.filter((key) => !(key in specs));
    if (gone.length > 0) await calls.deleteKeys(id, gone);
    return reply.code(204).send(null);
  });

  // Forced: the table offers Delete on an associated spec too, as Cinder's own client does.
  serveNoContent(app, api['cinder.qosspecs.delete'], (request) =>
    request.openstack.cinder.qosSpecs.delete(request.params.id, true),
  );

  serve(app, api['cinder.qosspecs.associations'], async (request) => ({
    items: await request.openstack.cinder.qosSpecs.associations(request.params.id),
  }));

  serveNoContent(app, api['cinder.qosspecs.associate'], (request) =>
    request.openstack.cinder.qosSpecs.associate(request.params.id, request.params.typeId),
  );

  serveNoContent(app, api['cinder.qosspecs.disassociate'], (request) =>
    request.openstack.cinder.qosSpecs.disassociate(request.params.id, request.params.typeId),
  );
};
