import { LIST_IDS_MAX, type Instance, type List } from '@skydeck/contract';
import { OpenStackHttpError, type NovaServer } from '@skydeck/openstack-client';
import { lookupsFor, toInstance, type InstanceCaller, type InstanceClients } from './instances';

/** A 400 for an `ids` list the server will not send on. */
export class InstanceIdsError extends Error {
  readonly statusCode = 400;
}

const SERVER_ID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** The ids of `ids=a,b,c`, each checked: a bad one is a 400 naming it, never a Nova error. */
export const instanceIdsOf = (text: string): string[] => {
  const ids = [...new Set(text.split(',').map((id) => id.trim()))];
  if (ids.length > LIST_IDS_MAX) {
    throw new InstanceIdsError(`ids takes at most ${LIST_IDS_MAX} instance ids`);
  }
  const bad = ids.find((id) => !SERVER_ID.test(id));
  if (bad !== undefined) {
    throw new InstanceIdsError(
      bad === '' ? 'ids has an empty entry' : `ids: ${bad.slice(0, 64)} is not an instance id`,
    );
  }
  return ids;
};

/** At most this many of Nova's GETs at once, so a hundred changing rows do not burst. */
const PARALLEL = 8;

/**
 * Only the named instances (the rows still changing, re-read by the table's poll): Nova's list
 * filters by uuid for admins only, so each is one GET, and the page's image, flavor and project
 * names are looked up once for all of them. A gone instance is left out (the row goes); any
 * other failure fails the request, so the table keeps its rows as they were.
 */
export const instancesByIds = async (
  clients: InstanceClients,
  ids: readonly string[],
  caller: InstanceCaller,
): Promise<List<Instance>> => {
  const servers: NovaServer[] = [];
  let microversion = '2.1';
  for (let i = 0; i < ids.length; i += PARALLEL) {
    const shown = await Promise.all(
      ids.slice(i, i + PARALLEL).map(async (id) => {
        try {
          return await clients.nova.servers.get(id);
        } catch (error) {
          if (error instanceof OpenStackHttpError && error.status === 404) return undefined;
          throw error;
        }
      }),
    );
    for (const answer of shown) {
      if (!answer) continue;
      servers.push(answer.server);
      microversion = answer.microversion;
    }
  }
  const others = servers.some((s) => s.tenant_id !== undefined && s.tenant_id !== caller.projectId);
  const lookups = await lookupsFor(clients, servers, microversion, caller, others ? 'all' : 'own');
  return {
    items: servers.map((server) => toInstance(server, lookups)),
    has_more_data: false,
    has_prev_data: false,
  };
};
