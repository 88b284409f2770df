import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { QueryScalar } from '../http/url';
import { BASE, SHAPE } from './context';
import type { CinderContext } from './context';
import { nextMarkerOf, sortParam } from './paging';
import type {
  MetadataResponse,
  SnapshotResponse,
  SnapshotsResponse,
  VolumeSnapshot,
} from './types';

export interface SnapshotListOptions extends CallOptions {
  filters?: {
    name?: string;
    status?: string;
    volume_id?: string;
    [f: string]: QueryScalar | undefined;
  };
  allProjects?: boolean;
  limit?: number;
  marker?: string;
  sortKey?: string;
  sortDir?: 'asc' | 'desc';
}

export interface SnapshotPage {
  snapshots: VolumeSnapshot[];
  nextMarker?: string;
}

export interface SnapshotCreate {
  volume_id: string;
  name?: string;
  description?: string;
  force?: boolean;
}

export interface SnapshotCalls {
  list(options?: SnapshotListOptions): Promise<SnapshotPage>;
  get(id: string, options?: CallOptions): Promise<VolumeSnapshot>;
  /** `force` snapshots an in-use volume. */
  create(snapshot: SnapshotCreate, options?: CallOptions): Promise<VolumeSnapshot>;
  update(
    id: string,
    changes: { name?: string; description?: string },
    options?: CallOptions,
  ): Promise<VolumeSnapshot>;
  delete(id: string, options?: CallOptions): Promise<void>;
  getMetadata(id: string, options?: CallOptions): Promise<Record<string, string>>;
  /** Adds or overwrites the given keys; answers the whole metadata. */
  setMetadata(
    id: string,
    metadata: Record<string, string>,
    options?: CallOptions,
  ): Promise<Record<string, string>>;
  deleteMetadata(id: string, key: string, options?: CallOptions): Promise<void>;
}

export function snapshotCalls(ctx: CinderContext): SnapshotCalls {
  return {
    async list(options = {}) {
      const { filters, allProjects, limit, marker, sortKey, sortDir, ...call } = options;
      const answer = await ctx.call<SnapshotsResponse>(
        { want: SHAPE },
        {
          ...call,
          path: 'snapshots/detail',
          query: {
            ...filters,
            all_tenants: allProjects ? 1 : undefined,
            limit,
            marker,
            sort: sortParam(sortKey, sortDir),
          },
        },
      );
      const page: SnapshotPage = { snapshots: answer.snapshots };
      const next = nextMarkerOf(answer.snapshots_links);
      if (next !== undefined) page.nextMarker = next;
      return page;
    },
    async get(id, call = {}) {
      const answer = await ctx.call<SnapshotResponse>(
        { want: SHAPE },
        { ...call, path: urlPath`snapshots/${id}` },
      );
      return answer.snapshot;
    },
    async create(snapshot, call = {}) {
      const answer = await ctx.call<SnapshotResponse>(
        { want: SHAPE },
        { ...call, method: 'POST', path: 'snapshots', json: { snapshot } },
      );
      return answer.snapshot;
    },
    async update(id, changes, call = {}) {
      const answer = await ctx.call<SnapshotResponse>(
        { want: SHAPE },
        { ...call, method: 'PUT', path: urlPath`snapshots/${id}`, json: { snapshot: changes } },
      );
      return answer.snapshot;
    },
    async delete(id, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`snapshots/${id}` },
      );
    },
    async getMetadata(id, call = {}) {
      const answer = await ctx.call<MetadataResponse>(
        { want: BASE },
        { ...call, path: urlPath`snapshots/${id}/metadata` },
      );
      return answer.metadata;
    },
    async setMetadata(id, metadata, call = {}) {
      const answer = await ctx.call<MetadataResponse>(
        { want: BASE },
        { ...call, method: 'POST', path: urlPath`snapshots/${id}/metadata`, json: { metadata } },
      );
      return answer.metadata;
    },
    async deleteMetadata(id, key, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`snapshots/${id}/metadata/${key}` },
      );
    },
  };
}
