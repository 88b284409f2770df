import type { CallOptions } from '../http/request';
import type { QueryScalar } from '../http/url';
import { SHAPE } from './context';
import type { CinderContext } from './context';
import { nextMarkerOf, sortParam } from './paging';
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

export interface BackupCalls {
  list(options?: BackupListOptions): Promise<BackupPage>;
}

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
  };
}
