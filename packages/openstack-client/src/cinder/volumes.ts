import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { QueryScalar } from '../http/url';
import { BASE, SHAPE } from './context';
import type { CinderContext } from './context';
import { nextMarkerOf, sortParam } from './paging';
import type {
  MetadataResponse,
  Volume,
  VolumeCreate,
  VolumeResponse,
  VolumesResponse,
  VolumeUpdate,
} from './types';

const BACKUP_SOURCE = '3.47';
/** Default page size of listAll and its page cap. */
const ALL_PAGE_SIZE = 500;
const ALL_MAX_PAGES = 100;

export interface VolumeFilters {
  name?: string;
  status?: string;
  /** `true`/`false`. */
  bootable?: boolean;
  availability_zone?: string;
  /** Admin, with allProjects: one project's volumes. */
  project_id?: string;
  [filter: string]: QueryScalar | undefined;
}

export interface VolumeListOptions extends CallOptions {
  filters?: VolumeFilters;
  /** Every project's volumes (admin). Left out when false: Cinder reads the key's presence. */
  allProjects?: boolean;
  limit?: number;
  marker?: string;
  sortKey?: string;
  sortDir?: 'asc' | 'desc';
}

export interface VolumePage {
  volumes: Volume[];
  nextMarker?: string;
}

export interface VolumeDeleteOptions extends CallOptions {
  /** Delete the volume's snapshots too. */
  cascade?: boolean;
}

export interface VolumeCalls {
  /** One page of `/volumes/detail`. */
  list(options?: VolumeListOptions): Promise<VolumePage>;
  /** Every page, up to 100 (`truncated` says more remained). */
  listAll(
    options?: Omit<VolumeListOptions, 'marker'>,
  ): Promise<{ volumes: Volume[]; truncated: boolean }>;
  get(id: string, options?: CallOptions): Promise<Volume>;
  create(volume: VolumeCreate, options?: CallOptions): Promise<Volume>;
  update(id: string, changes: VolumeUpdate, options?: CallOptions): Promise<Volume>;
  delete(id: string, options?: VolumeDeleteOptions): Promise<void>;
  getMetadata(id: string, options?: CallOptions): Promise<Record<string, string>>;
  /** Adds or overwrites the given keys; answers the whole metadata. */
  setMetadata(
    id: string,
    metadata: Record<string, string>,
    options?: CallOptions,
  ): Promise<Record<string, string>>;
  /** Replaces the whole metadata. */
  replaceMetadata(
    id: string,
    metadata: Record<string, string>,
    options?: CallOptions,
  ): Promise<Record<string, string>>;
  deleteMetadata(id: string, key: string, options?: CallOptions): Promise<void>;
}

export function volumeCalls(ctx: CinderContext): VolumeCalls {
  const list = async (options: VolumeListOptions = {}): Promise<VolumePage> => {
    const { filters, allProjects, limit, marker, sortKey, sortDir, ...call } = options;
    const answer = await ctx.call<VolumesResponse>(
      { want: SHAPE },
      {
        ...call,
        path: 'volumes/detail',
        query: {
          ...filters,
          all_tenants: allProjects ? 1 : undefined,
          limit,
          marker,
          sort: sortParam(sortKey, sortDir),
        },
      },
    );
    const page: VolumePage = { volumes: answer.volumes };
    const next = nextMarkerOf(answer.volumes_links);
    if (next !== undefined) page.nextMarker = next;
    return page;
  };
  const metadataCall = async (
    id: string,
    method: 'GET' | 'POST' | 'PUT',
    metadata: Record<string, string> | undefined,
    call: CallOptions,
  ): Promise<Record<string, string>> => {
    const answer = await ctx.call<MetadataResponse>(
      { want: BASE },
      {
        ...call,
        method,
        path: urlPath`volumes/${id}/metadata`,
        json: metadata === undefined ? undefined : { metadata },
      },
    );
    return answer.metadata;
  };

  return {
    list,
    async listAll(options = {}) {
      const volumes: Volume[] = [];
      let marker: string | undefined;
      for (let page = 0; page < ALL_MAX_PAGES; page++) {
        const answer = await list({ ...options, limit: options.limit ?? ALL_PAGE_SIZE, marker });
        volumes.push(...answer.volumes);
        marker = answer.nextMarker;
        if (marker === undefined) return { volumes, truncated: false };
      }
      return { volumes, truncated: true };
    },
    async get(id, call = {}) {
      const answer = await ctx.call<VolumeResponse>(
        { want: SHAPE },
        { ...call, path: urlPath`volumes/${id}` },
      );
      return answer.volume;
    },
    async create(volume, call = {}) {
      const answer = await ctx.call<VolumeResponse>(
        { want: SHAPE, need: volume.backup_id === undefined ? undefined : BACKUP_SOURCE },
        { ...call, method: 'POST', path: 'volumes', json: { volume } },
      );
      return answer.volume;
    },
    async update(id, changes, call = {}) {
      const answer = await ctx.call<VolumeResponse>(
        { want: SHAPE },
        { ...call, method: 'PUT', path: urlPath`volumes/${id}`, json: { volume: changes } },
      );
      return answer.volume;
    },
    async delete(id, options = {}) {
      const { cascade, ...call } = options;
      await ctx.call<unknown>(
        { want: BASE },
        {
          ...call,
          method: 'DELETE',
          path: urlPath`volumes/${id}`,
          query: { cascade: cascade ? true : undefined },
        },
      );
    },
    getMetadata: (id, call = {}) => metadataCall(id, 'GET', undefined, call),
    setMetadata: (id, metadata, call = {}) => metadataCall(id, 'POST', metadata, call),
    replaceMetadata: (id, metadata, call = {}) => metadataCall(id, 'PUT', metadata, call),
    async deleteMetadata(id, key, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`volumes/${id}/metadata/${key}` },
      );
    },
  };
}
