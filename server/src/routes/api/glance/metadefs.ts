import type { FastifyPluginAsync } from 'fastify';
import { type MetadefNamespace, type MetadefProperty, routeTable as api } from '@skydeck/contract';
import type {
  MetadefNamespace as UpstreamNamespace,
  MetadefProperty as UpstreamProperty,
} from '@skydeck/openstack-client';
import { mapLimit } from '../../../lib/mapLimit';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/** Namespace details are one call each; a cloud has a few dozen. */
const DETAIL_CONCURRENCY = 8;

const prefixed = (
  properties: Readonly<Record<string, UpstreamProperty>> | undefined,
  prefix: string,
): Record<string, MetadefProperty> => {
  const out: Record<string, MetadefProperty> = {};
  for (const [name, property] of Object.entries(properties ?? {})) {
    out[`${prefix}${name}`] = property as MetadefProperty;
  }
  return out;
};

/**
 * A namespace for the metadata editor: the properties (and object properties) carry the prefix
 * of the association with the resource type asked for, e.g. `hw_` for OS::Glance::Image in
 * OS::Compute::CPUTopology, since that is the key written on the resource.
 */
const toNamespace = (ns: UpstreamNamespace, resourceType: string | undefined): MetadefNamespace => {
  const associations = ns.resource_type_associations ?? [];
  const prefix = (resourceType && associations.find((a) => a.name === resourceType)?.prefix) || '';
  return {
    namespace: ns.namespace,
    display_name: ns.display_name || ns.namespace,
    description: ns.description ?? '',
    visibility: ns.visibility,
    protected: ns.protected,
    properties: prefixed(ns.properties, prefix),
    objects: (ns.objects ?? []).map((object) => ({
      name: object.name,
      description: object.description,
      required: object.required?.map((name) => `${prefix}${name}`),
      properties: prefixed(object.properties, prefix),
    })),
    resource_type_associations: associations.map((a) => ({
      name: a.name,
      prefix: a.prefix,
      properties_target: a.properties_target,
    })),
  };
};

/** /api/glance/metadefs/ — namespaces for the metadata editor, and the resource types. */
export const metadefRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['glance.metadefs.namespaces'], async (request) => {
    const { resource_type: resourceType, properties_target: target, visibility } = request.query;
    const metadefs = request.openstack.glance.metadefs;
    const summaries = await metadefs.listNamespaces({
      resourceTypes: resourceType === undefined ? undefined : [resourceType],
      visibility,
      sortKey: 'namespace',
      sortDir: 'asc',
    });
    // properties_target narrows to the associations that write that kind of key (Nova's
    // scheduler_hints vs metadata, Cinder's image vs volume metadata).
    const wanted =
      target === undefined
        ? summaries
        : summaries.filter((ns) =>
            (ns.resource_type_associations ?? []).some(
              (a) =>
                (resourceType === undefined || a.name === resourceType) &&
                a.properties_target === target,
            ),
          );
    // Prefixes are applied here rather than by Glance's resource_type parameter, so the
    // answer is the same whichever Glance release serves it.
    const details = await mapLimit(wanted, DETAIL_CONCURRENCY, (ns) =>
      metadefs.getNamespace(ns.namespace),
    );
    return { items: details.map((ns) => toNamespace(ns, resourceType)) };
  });

  serve(app, api['glance.metadefs.resourceTypes'], async (request) => ({
    items: (await request.openstack.glance.metadefs.listResourceTypes()).map((rt) => ({
      name: rt.name,
      created_at: rt.created_at,
      updated_at: rt.updated_at,
    })),
  }));
};
