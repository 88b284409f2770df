import { encodeSegment } from '../http/url';
import type { CallOptions } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';
import type { QueryInit, QueryValue } from '../http/url';

/**
 * One Keystone collection described as data: where it lives and how its envelopes are keyed.
 * Keystone's CRUD is uniform (`GET/POST /x`, `GET/PATCH/DELETE /x/{id}`, `{"x": {...}}` bodies),
 * so a new resource is one `defineCollection` line.
 */
export interface CollectionSpec {
  /** Path below the v3 root, e.g. `projects`, `users/{id}/projects` built by the caller. */
  path: string;
  /** Envelope key of one item: `project`. */
  one: string;
  /** Envelope key of a list: `projects`. */
  many: string;
}

export interface Collection<T, Q extends object> {
  list(query?: Q, options?: CallOptions): Promise<T[]>;
  get(id: string, options?: CallOptions): Promise<T>;
  create(body: Partial<T> & Record<string, unknown>, options?: CallOptions): Promise<T>;
  update(
    id: string,
    patch: Partial<T> & Record<string, unknown>,
    options?: CallOptions,
  ): Promise<T>;
  remove(id: string, options?: CallOptions): Promise<void>;
}

export function defineCollection<T, Q extends object = Record<string, never>>(
  http: ServiceHttp,
  spec: CollectionSpec,
): Collection<T, Q> {
  const item = (id: string): string => `${spec.path}/${encodeSegment(id)}`;
  const unwrap = <R>(answer: Record<string, unknown>, key: string): R => {
    if (!(key in answer)) {
      throw new Error(`Keystone answer for ${spec.path} lacks "${key}"`);
    }
    return answer[key] as R;
  };
  return {
    async list(query, options = {}) {
      const answer = await http.json<Record<string, unknown>>({
        ...options,
        path: spec.path,
        query: toKeystoneQuery(query),
      });
      return unwrap<T[]>(answer, spec.many);
    },
    async get(id, options = {}) {
      const answer = await http.json<Record<string, unknown>>({ ...options, path: item(id) });
      return unwrap<T>(answer, spec.one);
    },
    async create(body, options = {}) {
      const answer = await http.json<Record<string, unknown>>({
        ...options,
        method: 'POST',
        path: spec.path,
        json: { [spec.one]: body },
      });
      return unwrap<T>(answer, spec.one);
    },
    async update(id, patch, options = {}) {
      const answer = await http.json<Record<string, unknown>>({
        ...options,
        method: 'PATCH',
        path: item(id),
        json: { [spec.one]: patch },
      });
      return unwrap<T>(answer, spec.one);
    },
    async remove(id, options = {}) {
      await http.json<unknown>({ ...options, method: 'DELETE', path: item(id) });
    },
  };
}

/**
 * Keystone reads flag filters (`effective`, `include_names`) by presence: `?effective=false` means
 * true. So a false flag is left out; other booleans (`enabled=false`) go through as text.
 */
const PRESENCE_FLAGS = new Set(['effective', 'include_names', 'include_subtree']);

export function toKeystoneQuery(query: object | undefined): QueryInit | undefined {
  if (!query) return undefined;
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(query) as [string, QueryValue][]) {
    if (PRESENCE_FLAGS.has(key) && typeof value === 'boolean') {
      if (value) out[key] = 'true';
      continue;
    }
    out[key] = value;
  }
  return out;
}
