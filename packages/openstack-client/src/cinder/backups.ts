import type { CallOptions } from '../http/request';
import type { QueryScalar } from '../http/url';
import { SHAPE } from './context';
import type { CinderContext } from './context';
import { nextMarkerOf, sortParam } from './paging';
import { urlPath } from '../http/url';
import { BASE } from './context';
import type { BackupsResponse, VolumeBackup } from './types';

export interface BackupListOptions extends CallOptions {
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

export interface BackupPage {
  backups: VolumeBackup[];
  nextMarker?: string;
}

export interface BackupCreate {
  volume_id: string;
  name?: string;
  description?: string;
  container?: string;
  incremental?: boolean;
  force?: boolean;
  snapshot_id?: string;
}

export interface BackupRestore {
  backup_id: string;
  volume_id: string;
  volume_name?: string | null;
}

export interface BackupCalls {
  list(options?: BackupListOptions): Promise<BackupPage>;
  get(id: string, options?: CallOptions): Promise<VolumeBackup>;
  /** Cinder answers only id, name and links; the caller reads the backup after. */
  create(backup: BackupCreate, options?: CallOptions): Promise<{ id: string }>;
  delete(id: string, options?: CallOptions): Promise<void>;
  /** Into `volumeId`, or a new volume (named `name`) when none is given. */
  restore(
    id: string,
    target: { volume_id?: string; name?: string },
    options?: CallOptions,
  ): Promise<BackupRestore>;
  /** Admin: os-reset_status, only Cinder's record of the backup changes. */
  resetStatus(id: string, status: BackupResetStatus, options?: CallOptions): Promise<void>;
}

/** The statuses Cinder lets an admin reset a backup to. */
export type BackupResetStatus = 'available' | 'error';

export function backupCalls(ctx: CinderContext): BackupCalls {
  return {
    async list(options = {}) {
      const { filters, allProjects, limit, marker, sortKey, sortDir, ...call } = options;
      const answer = await ctx.call<BackupsResponse>(
        { want: SHAPE },
        {
          ...call,
          path: 'backups/detail',
          query: {
            ...filters,
            all_tenants: allProjects ? 1 : undefined,
            limit,
            marker,
            sort: sortParam(sortKey, sortDir),
          },
        },
      );
      const page: BackupPage = { backups: answer.backups };
      const next = nextMarkerOf(answer.backups_links);
      if (next !== undefined) page.nextMarker = next;
      return page;
    },
    async get(id, call = {}) {
      const answer = await ctx.call<{ backup: VolumeBackup }>(
        { want: SHAPE },
        { ...call, path: urlPath`backups/${id}` },
      );
      return answer.backup;
    },
    async create(backup, call = {}) {
      const answer = await ctx.call<{ backup: { id: string } }>(
        { want: BASE },
        { ...call, method: 'POST', path: 'backups', json: { backup } },
      );
      return answer.backup;
    },
    async delete(id, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`backups/${id}` },
      );
    },
    async restore(id, target, call = {}) {
      const answer = await ctx.call<{ restore: BackupRestore }>(
        { want: BASE },
        {
          ...call,
          method: 'POST',
          path: urlPath`backups/${id}/restore`,
          json: { restore: target },
        },
      );
      return answer.restore;
    },
    async resetStatus(id, status, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        {
          ...call,
          method: 'POST',
          path: urlPath`backups/${id}/action`,
          json: { 'os-reset_status': { status } },
        },
      );
    },
  };
}
