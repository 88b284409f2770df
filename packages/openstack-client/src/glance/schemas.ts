import type { CallOptions } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';
import type { ImportInfo, StoresInfo } from './types';

/** A JSON schema as Glance publishes it under /v2/schemas. */
export type GlanceSchema = Record<string, unknown>;

export type GlanceSchemaName =
  | 'image'
  | 'images'
  | 'member'
  | 'members'
  | 'metadefs/namespace'
  | 'metadefs/namespaces'
  | 'metadefs/resource_type'
  | 'metadefs/resource_types'
  | 'metadefs/property'
  | 'metadefs/properties'
  | 'metadefs/object'
  | 'metadefs/objects'
  | 'metadefs/tag'
  | 'metadefs/tags'
  | 'task'
  | 'tasks';

export interface SchemaCalls {
  get(name: GlanceSchemaName, options?: CallOptions): Promise<GlanceSchema>;
}

export interface InfoCalls {
  /** The import methods this Glance enables (`web-download` may be switched off). */
  importMethods(options?: CallOptions): Promise<string[]>;
  stores(options?: CallOptions): Promise<StoresInfo['stores']>;
}

export function schemaCalls(http: ServiceHttp): SchemaCalls {
  return {
    // The names are fixed literals: slashes in them are path separators, not data.
    get: (name, call = {}) => http.json<GlanceSchema>({ ...call, path: `schemas/${name}` }),
  };
}

export function infoCalls(http: ServiceHttp): InfoCalls {
  return {
    async importMethods(call = {}) {
      const answer = await http.json<ImportInfo>({ ...call, path: 'info/import' });
      return answer['import-methods'].value;
    },
    async stores(call = {}) {
      const answer = await http.json<StoresInfo>({ ...call, path: 'info/stores' });
      return answer.stores;
    },
  };
}
