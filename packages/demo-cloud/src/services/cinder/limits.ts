import type { FastifyInstance } from 'fastify';
import { isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { atLeast, callerProject, isAdmin } from './http';
import type { Json } from './http';
import { projectLimits, projectUsage } from './quotas';

const LIMIT_NAMES: ReadonlyArray<readonly [quota: string, shown: string]> = [
  ['volumes', 'maxTotalVolumes'],
  ['snapshots', 'maxTotalSnapshots'],
  ['gigabytes', 'maxTotalVolumeGigabytes'],
  ['backups', 'maxTotalBackups'],
  ['backup_gigabytes', 'maxTotalBackupGigabytes'],
];

const USED_NAMES: ReadonlyArray<readonly [shown: string, quota: string]> = [
  ['totalVolumesUsed', 'volumes'],
  ['totalGigabytesUsed', 'gigabytes'],
  ['totalSnapshotsUsed', 'snapshots'],
  ['totalBackupsUsed', 'backups'],
  ['totalBackupGigabytesUsed', 'backup_gigabytes'],
];

/** GET /limits: absolute limits, plus usage (the os-used-limits extension) when policy allows. */
export const limitRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get('/limits', async (request) => {
    const query = request.query as Record<string, string | undefined>;
    let projectId = callerProject(request);
    // An admin may ask for another project from 3.39 (tenant_id kept for old clients).
    if (atLeast(request, '3.39') && isAdmin(request)) {
      projectId = query['project_id'] ?? query['tenant_id'] ?? projectId;
    }
    const limits = projectLimits(ctx.store, projectId);
    const absolute: Json = {};
    for (const [quota, shown] of LIMIT_NAMES) {
      const value = limits[quota];
      if (value !== undefined) absolute[shown] = value;
    }
    if (
      isAllowed(request, 'volume', 'limits_extension:used_limits', {
        project_id: callerProject(request),
      })
    ) {
      const used = projectUsage(ctx.store, projectId);
      for (const [shown, quota] of USED_NAMES) absolute[shown] = used[quota] ?? 0;
    }
    return { limits: { rate: [], absolute } };
  });
};
