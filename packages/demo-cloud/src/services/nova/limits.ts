import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../core/auth';
import { queryValue } from '../../core/paging';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { atLeast } from './http';
import type { Json } from './http';
import { effectiveQuotas, projectUsage } from './quotas';

export const limitRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get('/limits', async (request) => {
    authorize(request, 'compute', 'os_compute_api:limits', {});
    let projectId = callerOf(request).project?.id ?? '';
    const tenant = queryValue(request.query, 'tenant_id');
    if (tenant !== undefined) {
      authorize(request, 'compute', 'os_compute_api:limits:other_project', { project_id: tenant });
      projectId = tenant;
    }
    // `reserved` is accepted for compatibility; counted quotas never hold reservations.
    const used = projectUsage(ctx.store, projectId);
    const q = effectiveQuotas(ctx.store, projectId);
    const absolute: Json = {
      maxServerMeta: q.metadata_items,
      maxPersonality: q.injected_files,
      maxPersonalitySize: q.injected_file_content_bytes,
      maxImageMeta: q.metadata_items,
      maxTotalKeypairs: q.key_pairs,
      maxSecurityGroups: q.security_groups,
      maxSecurityGroupRules: q.security_group_rules,
      maxTotalFloatingIps: q.floating_ips,
      maxServerGroups: q.server_groups,
      maxServerGroupMembers: q.server_group_members,
      maxTotalCores: q.cores,
      maxTotalInstances: q.instances,
      maxTotalRAMSize: q.ram,
      totalCoresUsed: used.cores,
      totalInstancesUsed: used.instances,
      totalRAMUsed: used.ram,
      totalServerGroupsUsed: used.server_groups,
      totalFloatingIpsUsed: 0,
      totalSecurityGroupsUsed: 0,
    };
    // Network limits left with 2.36, image metadata with 2.39, personality files with 2.57.
    const dropped = [
      ...(atLeast(request, '2.36')
        ? [
            'maxSecurityGroups',
            'maxSecurityGroupRules',
            'maxTotalFloatingIps',
            'totalFloatingIpsUsed',
            'totalSecurityGroupsUsed',
          ]
        : []),
      ...(atLeast(request, '2.39') ? ['maxImageMeta'] : []),
      ...(atLeast(request, '2.57') ? ['maxPersonality', 'maxPersonalitySize'] : []),
    ];
    const shown = Object.fromEntries(
      Object.entries(absolute).filter(([key]) => !dropped.includes(key)),
    );
    return { limits: { rate: [], absolute: shown } };
  });
};
