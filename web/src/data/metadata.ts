import type { MetadataUpdate, RouteId } from '@skydeck/contract';
import type { QueryKey } from '@tanstack/react-query';
import { api, resourceKey, routeQuery } from '../api/api';
import { mutation } from '../api/queryClient';
import { t } from '../i18n/i18n';
import { msg } from '../i18n/msg';

/** Spec 2 §3 metadata resource kinds. */
export type MetadataKind =
  'aggregate' | 'flavor' | 'image' | 'instance' | 'volume' | 'volume_snapshot' | 'volume_type';

/** Routes whose GET answers a metadata map and whose PATCH takes `{ updated, removed }`. */
type ReadRoute = Extract<
  RouteId,
  | 'nova.aggregates.extraSpecs'
  | 'nova.flavors.extraSpecs'
  | 'nova.servers.metadata'
  | 'glance.images.properties'
  | 'cinder.volumes.metadata'
  | 'cinder.snapshots.metadata'
  | 'cinder.volumetypes.metadata'
>;
type WriteRoute = Extract<
  RouteId,
  | 'nova.aggregates.updateExtraSpecs'
  | 'nova.flavors.updateExtraSpecs'
  | 'nova.servers.updateMetadata'
  | 'glance.images.updateProperties'
  | 'cinder.volumes.updateMetadata'
  | 'cinder.snapshots.updateMetadata'
  | 'cinder.volumetypes.updateMetadata'
>;

/** The Glance metadefs of a kind of key: a resource type, and a target where it has several. */
interface MetadefTarget {
  resourceType: string;
  propertiesTarget?: string;
}

interface KindInfo extends MetadefTarget {
  read: ReadRoute;
  write: WriteRoute;
  /** The resource whose queries a save refreshes. */
  owner: string;
}

/** Where each kind's metadata lives (spec 2 §7) and which metadefs describe it. */
export const METADATA_KINDS: Record<MetadataKind, KindInfo> = {
  aggregate: {
    resourceType: 'OS::Nova::Aggregate',
    read: 'nova.aggregates.extraSpecs',
    write: 'nova.aggregates.updateExtraSpecs',
    owner: 'nova.aggregates',
  },
  flavor: {
    resourceType: 'OS::Nova::Flavor',
    read: 'nova.flavors.extraSpecs',
    write: 'nova.flavors.updateExtraSpecs',
    owner: 'nova.flavors',
  },
  image: {
    resourceType: 'OS::Glance::Image',
    read: 'glance.images.properties',
    write: 'glance.images.updateProperties',
    owner: 'glance.images',
  },
  instance: {
    // Glance's metadefs describe an instance's metadata under OS::Nova::Server (target metadata).
    resourceType: 'OS::Nova::Server',
    propertiesTarget: 'metadata',
    read: 'nova.servers.metadata',
    write: 'nova.servers.updateMetadata',
    owner: 'nova.servers',
  },
  volume: {
    resourceType: 'OS::Cinder::Volume',
    propertiesTarget: 'volume',
    read: 'cinder.volumes.metadata',
    write: 'cinder.volumes.updateMetadata',
    owner: 'cinder.volumes',
  },
  volume_snapshot: {
    resourceType: 'OS::Cinder::Snapshot',
    read: 'cinder.snapshots.metadata',
    write: 'cinder.snapshots.updateMetadata',
    owner: 'cinder.snapshots',
  },
  volume_type: {
    resourceType: 'OS::Cinder::Volumetype',
    read: 'cinder.volumetypes.metadata',
    write: 'cinder.volumetypes.updateMetadata',
    owner: 'cinder.volumetypes',
  },
};

/**
 * A new server's scheduler hints (the Launch Instance wizard's Scheduler Hints step): Glance's
 * metadefs describe them under OS::Nova::Server with target scheduler_hints.
 */
const SCHEDULER_HINTS_METADEFS: MetadefTarget = {
  resourceType: 'OS::Nova::Server',
  propertiesTarget: 'scheduler_hints',
};

/** The namespaces of one target, in full; both the metadata kinds and the hints read them here. */
const namespacesOf = ({ resourceType, propertiesTarget }: MetadefTarget) =>
  routeQuery(
    'glance.metadefs.namespaces',
    {
      query: {
        resource_type: resourceType,
        ...(propertiesTarget && { properties_target: propertiesTarget }),
      },
    },
    { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve the namespaces.') } },
  );

export const METADATA_UPDATED = msg('Metadata was successfully updated');
export const METADATA_UPDATE_FAILED = msg('Unable to update metadata');

/** Metadata values as the editor edits them: text, never null. */
const asText = (map: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(map).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]),
  );

export const metadataQueries = {
  namespaces: (kind: MetadataKind) => namespacesOf(METADATA_KINDS[kind]),
  schedulerHintNamespaces: () => namespacesOf(SCHEDULER_HINTS_METADEFS),
  existing: (kind: MetadataKind, id: string) => ({
    ...routeQuery(
      METADATA_KINDS[kind].read,
      { params: { id } },
      {
        map: (answer) => asText(answer),
        staleTime: 0,
        meta: { errorMessage: msg('Unable to retrieve the metadata.') },
      },
    ),
  }),
};

export const metadataMutations = {
  update: (kind: MetadataKind) => {
    const info = METADATA_KINDS[kind];
    const invalidates: QueryKey[] = [resourceKey(info.owner)];
    return mutation({
      fn: ({ id, body }: { id: string; body: MetadataUpdate }) =>
        api(info.write, { params: { id }, body }),
      invalidates,
      successMessage: () => t(METADATA_UPDATED),
      errorMessage: METADATA_UPDATE_FAILED,
      inlineErrors: true,
    });
  },
};
