import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';
import type {
  MetadefNamespace,
  MetadefNamespacesResponse,
  MetadefResourceType,
  MetadefResourceTypesResponse,
} from './types';

/** Glance's page cap for metadef lists; the namespaces of a cloud fit in a few pages. */
const PAGE_SIZE = 1000;
const MAX_PAGES = 20;

export interface NamespaceListOptions extends CallOptions {
  /** Only namespaces associated with one of these resource types (`OS::Glance::Image`). */
  resourceTypes?: readonly string[];
  visibility?: 'public' | 'private';
  sortKey?: 'namespace' | 'created_at' | 'updated_at' | 'display_name';
  sortDir?: 'asc' | 'desc';
}

export interface NamespaceGetOptions extends CallOptions {
  /**
   * Glance prefixes the property names with this resource type's association prefix
   * (`hw_` for `OS::Glance::Image` in OS::Compute::CPUTopology), as metadata editors need.
   */
  resourceType?: string;
}

export interface MetadefCalls {
  /** Every namespace summary (no properties or objects), following `next` links. */
  listNamespaces(options?: NamespaceListOptions): Promise<MetadefNamespace[]>;
  /** One namespace with its properties and objects. */
  getNamespace(namespace: string, options?: NamespaceGetOptions): Promise<MetadefNamespace>;
  listResourceTypes(options?: CallOptions): Promise<MetadefResourceType[]>;
}

export function metadefCalls(http: ServiceHttp): MetadefCalls {
  return {
    async listNamespaces(options = {}) {
      const { resourceTypes, visibility, sortKey, sortDir, ...call } = options;
      const out: MetadefNamespace[] = [];
      let marker: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await http.json<MetadefNamespacesResponse>({
          ...call,
          path: 'metadefs/namespaces',
          query: {
            // Glance reads one comma-separated value, not repeated keys.
            resource_types: resourceTypes?.length ? resourceTypes.join(',') : undefined,
            visibility,
            sort_key: sortKey,
            sort_dir: sortDir,
            limit: PAGE_SIZE,
            marker,
          },
        });
        out.push(...answer.namespaces);
        const last = answer.namespaces.at(-1);
        if (!answer.next || !last) break;
        marker = last.namespace;
      }
      return out;
    },
    getNamespace: (namespace, options = {}) => {
      const { resourceType, ...call } = options;
      return http.json<MetadefNamespace>({
        ...call,
        path: urlPath`metadefs/namespaces/${namespace}`,
        query: { resource_type: resourceType },
      });
    },
    async listResourceTypes(call = {}) {
      const answer = await http.json<MetadefResourceTypesResponse>({
        ...call,
        path: 'metadefs/resource_types',
      });
      return answer.resource_types;
    },
  };
}
