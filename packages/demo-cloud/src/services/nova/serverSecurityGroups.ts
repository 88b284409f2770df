import type { FastifyInstance } from 'fastify';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { deps } from './deps';
import type { SecurityGroup } from './deps';
import type { Json } from './http';
import { loadServer } from './serverAccess';

/** A Neutron security group in the nova-network shape nova's proxy API still answers. */
export const novaSecurityGroup = (group: SecurityGroup): Json => {
  const tenant = group.project_id;
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    tenant_id: tenant,
    rules: group.rules
      .filter((r) => r.direction === 'ingress')
      .map((r) => ({
        id: r.id,
        parent_group_id: group.id,
        ip_protocol: r.protocol,
        from_port: r.port_range_min ?? (r.protocol === 'icmp' ? -1 : r.protocol ? 1 : null),
        to_port: r.port_range_max ?? (r.protocol === 'icmp' ? -1 : r.protocol ? 65535 : null),
        ip_range: r.remote_ip_prefix ? { cidr: r.remote_ip_prefix } : {},
        group: r.remote_group_id ? { name: group.name, tenant_id: tenant } : {},
      })),
  };
};

export const serverSecurityGroupRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get<{ Params: { id: string } }>('/servers/:id/os-security-groups', async (request) => {
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', 'os_compute_api:os-security-groups:list', {
      project_id: server.project_id,
    });
    const neutron = deps(ctx).neutron;
    const groups = neutron?.securityGroupsOfDevice?.(ctx, server.id);
    if (groups) return { security_groups: groups.map(novaSecurityGroup) };
    // Without Neutron the server's group names are all there is to show.
    return {
      security_groups: server.security_groups.map((name) => ({
        id: '',
        name,
        description: '',
        tenant_id: server.project_id,
        rules: [],
      })),
    };
  });
};
