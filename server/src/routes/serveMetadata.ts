import type { FastifyInstance } from 'fastify';
import type {
  IdParams,
  MetadataUpdate,
  NoContent,
  RouteAnswer,
  RouteSpec,
} from '@skydeck/contract';
import type { OpenStackClient } from '@skydeck/openstack-client';
import { METADATA_DELETE_CONCURRENCY, mapLimit } from '../lib/mapLimit';
import { type RouteHandler, serve } from './serve';

/** GET …/{id}/<metadata>/: one resource's key/value pairs. */
export type MetadataReadRoute = RouteSpec & {
  readonly method: 'GET';
  readonly params: typeof IdParams;
};

/** PATCH …/{id}/<metadata>/ with the metadata editor's `{ updated, removed }`; 204. */
export interface MetadataWriteRoute extends RouteSpec {
  readonly method: 'PATCH';
  readonly params: typeof IdParams;
  readonly body: typeof MetadataUpdate;
  readonly response: { readonly 204: typeof NoContent };
}

/** The service's calls where each removed key is its own DELETE (Nova flavors, Cinder). */
interface PerKeyWrites {
  set(openstack: OpenStackClient, id: string, updated: Record<string, string>): Promise<unknown>;
  remove(openstack: OpenStackClient, id: string, key: string): Promise<unknown>;
}

/** The service's call where one request sets and removes (Nova aggregates, Glance's patch). */
interface WholeWrite {
  apply(openstack: OpenStackClient, id: string, update: MetadataUpdate): Promise<unknown>;
}

/**
 * The editor's `{ updated, removed }` as per-key calls: one merge of the updated keys, then one
 * delete per removed key that was not also updated, a few at a time.
 */
const applyPerKey = async (
  writes: PerKeyWrites,
  openstack: OpenStackClient,
  id: string,
  { updated, removed }: MetadataUpdate,
): Promise<void> => {
  if (Object.keys(updated).length > 0) await writes.set(openstack, id, updated);
  const gone = [...new Set(removed)].filter((key) => !Object.hasOwn(updated, key));
  await mapLimit(gone, METADATA_DELETE_CONCURRENCY, (key) => writes.remove(openstack, id, key));
};

export type MetadataCalls<Answer> = {
  get(openstack: OpenStackClient, id: string): Promise<Answer>;
} & (PerKeyWrites | WholeWrite);

/**
 * Registers the metadata family of one resource type (flavor and aggregate extra specs, image
 * properties, volume/snapshot/volume-type metadata): GET answers what `get` reads, PATCH applies
 * the editor's change, through `apply` in one call or else as one `set` of the updated keys and
 * a `remove` per removed key that was not also updated (applyPerKey), then 204.
 */
export const serveMetadata = <Read extends MetadataReadRoute>(
  app: FastifyInstance,
  routes: { read: Read; write: MetadataWriteRoute },
  calls: MetadataCalls<RouteAnswer<Read>>,
): void => {
  serve(app, routes.read, async (request) =>
    // The constraint fixes the params; TypeScript cannot see through the deferred Static<> of a
    // generic route's schema.
    calls.get(request.openstack, (request.params as IdParams).id),
  );

  const write: RouteHandler<MetadataWriteRoute> = async (request, reply) => {
    const id = request.params.id;
    const update = request.body;
    const openstack = request.openstack;
    if ('apply' in calls) await calls.apply(openstack, id, update);
    else await applyPerKey(calls, openstack, id, update);
    return reply.code(204).send(null);
  };
  serve(app, routes.write, write);
};

type PickResource<R> = (openstack: OpenStackClient) => R;

/** A resource whose calls are named …Metadata (Cinder volumes and snapshots). */
interface MetadataResource {
  getMetadata(id: string): Promise<Record<string, string>>;
  setMetadata(id: string, metadata: Record<string, string>): Promise<unknown>;
  deleteMetadata(id: string, key: string): Promise<unknown>;
}

/** A resource whose calls are named …ExtraSpec(s) (Nova flavors, Cinder volume types). */
interface ExtraSpecResource {
  getExtraSpecs(id: string): Promise<Record<string, string>>;
  setExtraSpecs(id: string, specs: Record<string, string>): Promise<unknown>;
  deleteExtraSpec(id: string, key: string): Promise<unknown>;
}

/** serveMetadata's calls for a resource with getMetadata/setMetadata/deleteMetadata. */
export const metadataCalls = (
  pick: PickResource<MetadataResource>,
): MetadataCalls<Record<string, string>> => ({
  get: (openstack, id) => pick(openstack).getMetadata(id),
  set: (openstack, id, updated) => pick(openstack).setMetadata(id, updated),
  remove: (openstack, id, key) => pick(openstack).deleteMetadata(id, key),
});

/** serveMetadata's calls for a resource with getExtraSpecs/setExtraSpecs/deleteExtraSpec. */
export const extraSpecCalls = (
  pick: PickResource<ExtraSpecResource>,
): MetadataCalls<Record<string, string>> => ({
  get: (openstack, id) => pick(openstack).getExtraSpecs(id),
  set: (openstack, id, updated) => pick(openstack).setExtraSpecs(id, updated),
  remove: (openstack, id, key) => pick(openstack).deleteExtraSpec(id, key),
});
