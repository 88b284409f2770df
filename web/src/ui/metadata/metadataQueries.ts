import { queryOptions } from '@tanstack/react-query';
import type { MetadataUpdate, MetadefNamespaceList } from '@skydeck/contract';
import { apiFetch } from '../../api/http';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** Spec 2 §3 metadata resource kinds. */
export type MetadataKind =
  'aggregate' | 'flavor' | 'image' | 'instance' | 'volume' | 'volume_snapshot' | 'volume_type';

interface KindInfo {
  /** Glance metadefs resource type. */
  resourceType: string;
  propertiesTarget?: string;
  path: (id: string) => string;
  /** Query keys refreshed after a save. */
  invalidates: readonly (readonly string[])[];
}

const enc = encodeURIComponent;

/** Where each kind's metadata lives (spec 2 §7) and which metadefs describe it. */
export const METADATA_KINDS: Record<MetadataKind, KindInfo> = {
  aggregate: {
    resourceType: 'OS::Nova::Aggregate',
    path: (id) => `api/nova/aggregates/${enc(id)}/extra-specs/`,
    invalidates: [['nova', 'aggregates']],
  },
  flavor: {
    resourceType: 'OS::Nova::Flavor',
    path: (id) => `api/nova/flavors/${enc(id)}/extra-specs/`,
    invalidates: [['nova', 'flavors']],
  },
  image: {
    resourceType: 'OS::Glance::Image',
    path: (id) => `api/glance/images/${enc(id)}/properties/`,
    invalidates: [['glance', 'images']],
  },
  instance: {
    resourceType: 'OS::Nova::Server',
    propertiesTarget: 'metadata',
    path: (id) => `api/nova/servers/${enc(id)}/metadata`,
    invalidates: [['nova', 'servers']],
  },
  volume: {
    resourceType: 'OS::Cinder::Volume',
    propertiesTarget: 'volume',
    path: (id) => `api/cinder/volumes/${enc(id)}/metadata/`,
    invalidates: [['cinder', 'volumes']],
  },
  volume_snapshot: {
    resourceType: 'OS::Cinder::Snapshot',
    path: (id) => `api/cinder/volumesnapshots/${enc(id)}/metadata/`,
    invalidates: [['cinder', 'volumesnapshots']],
  },
  volume_type: {
    resourceType: 'OS::Cinder::Volumetype',
    path: (id) => `api/cinder/volumetypes/${enc(id)}/metadata/`,
    invalidates: [['cinder', 'volumetypes']],
  },
};

export const METADATA_UPDATED = msg('Metadata was successfully updated');
export const METADATA_UPDATE_FAILED = msg('Unable to update metadata');

export const metadataQueries = {
  namespaces: (kind: MetadataKind) => {
    const info = METADATA_KINDS[kind];
    const query = {
      resource_type: info.resourceType,
      ...(info.propertiesTarget && { properties_target: info.propertiesTarget }),
    };
    return queryOptions({
      queryKey: ['glance', 'metadefs', 'namespaces', query] as const,
      queryFn: ({ signal }) =>
        apiFetch<MetadefNamespaceList>('api/glance/metadefs/namespaces/', { query, signal }).then(
          (r) => r.items,
        ),
      meta: { errorMessage: msg('Unable to retrieve the namespaces.') },
    });
  },
  existing: (kind: MetadataKind, id: string) =>
    queryOptions({
      queryKey: ['metadata', kind, id] as const,
      queryFn: ({ signal }) =>
        apiFetch<Record<string, string | null>>(METADATA_KINDS[kind].path(id), { signal }).then(
          (r) =>
            Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v ?? ''])) as Record<
              string,
              string
            >,
        ),
      staleTime: 0,
      meta: { errorMessage: msg('Unable to retrieve the metadata.') },
    }),
};

export const metadataMutations = {
  update: (kind: MetadataKind) =>
    mutation({
      fn: ({ id, body }: { id: string; body: MetadataUpdate }) =>
        apiFetch<unknown>(METADATA_KINDS[kind].path(id), { method: 'PATCH', body }),
      invalidates: [...METADATA_KINDS[kind].invalidates, ['metadata', kind]],
      successMessage: () => t(METADATA_UPDATED),
      errorMessage: METADATA_UPDATE_FAILED,
      inlineErrors: true,
    }),
};
