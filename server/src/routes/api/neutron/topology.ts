import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { sessionOf } from '../../../lib/sessionOf';
import {
  buildTopology,
  diffTopology,
  readTopology,
  TopologySnapshots,
  wholeTopology,
} from '../../../services/neutron/topology';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/** /api/neutron/topology/ — the network topology model, whole or as the changes since `since`. */
export const topologyRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  const snapshots = new TopologySnapshots();

  serve(app, api['neutron.topology.get'], async (request) => {
    const { session, sessionId } = sessionOf(request);
    const projectId = session.project.id;
    const model = buildTopology(await readTopology(request.openstack, projectId), projectId);
    const { stream, since } = request.query;
    // No stream, nothing to compare with later: no digests (a hash per entity) to keep.
    if (stream === undefined) return wholeTopology(model, snapshots.nextVersion());
    const key = TopologySnapshots.keyOf(sessionId, projectId, stream);
    const { answer, snapshot } = diffTopology(
      model,
      snapshots.get(key),
      since,
      snapshots.nextVersion,
    );
    snapshots.set(key, snapshot);
    return answer;
  });
};
