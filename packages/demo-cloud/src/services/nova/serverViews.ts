import type { FastifyRequest } from 'fastify';
import { isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { novaDbTime } from '../../core/time';
import { hostIdOf } from './hosts';
import { atLeast, resourceLinks } from './http';
import type { Json } from './http';
import { serverGroups } from './model';
import type { ServerAddress, ServerDoc } from './model';
import { PROGRESS_STATUSES, statusOf } from './serverState';

/** `2013-09-03T04:01:32Z`: the created/updated format of server views. */
export const isoSeconds = (iso: string): string => `${iso.slice(0, 19)}Z`;

const bookmark = (ctx: CloudContext, request: FastifyRequest, path: string): Json[] => [
  { rel: 'bookmark', href: `${ctx.baseUrl(request)}/compute${path}` },
];

/** Addresses keyed by network name, fixed before floating, as nova's info cache lists them. */
export const addressesView = (addresses: readonly ServerAddress[], withExtras = true): Json => {
  const out: Record<string, Json[]> = {};
  for (const a of addresses) {
    const entry: Json = { version: a.version, addr: a.addr };
    if (withExtras) {
      entry['OS-EXT-IPS:type'] = a.type;
      entry['OS-EXT-IPS-MAC:mac_addr'] = a.mac;
    }
    (out[a.network] ??= []).push(entry);
  }
  return out;
};

export interface ViewOptions {
  /** GET /servers/{id} (and PUT/rebuild from 2.71 and 2.75) adds server_groups. */
  readonly show?: boolean;
}

/** The policy checks of a view, made once per request rather than once per server. */
export interface ViewPolicy {
  readonly extended: boolean;
  readonly hostStatus: boolean;
  readonly flavorExtraSpecs: boolean;
  readonly admin: boolean;
}

export const viewPolicyOf = (request: FastifyRequest, projectId: string): ViewPolicy => {
  const target = { project_id: projectId };
  return {
    extended: isAllowed(request, 'compute', 'os_compute_api:os-extended-server-attributes', target),
    hostStatus: isAllowed(request, 'compute', 'os_compute_api:servers:show:host_status', target),
    flavorExtraSpecs: isAllowed(
      request,
      'compute',
      'os_compute_api:servers:show:flavor-extra-specs',
      target,
    ),
    admin: isAllowed(request, 'compute', 'context_is_admin', target),
  };
};

/** The brief entry of GET /servers. */
export const serverBrief = (ctx: CloudContext, request: FastifyRequest, s: ServerDoc): Json => ({
  id: s.id,
  links: resourceLinks(ctx, request, `/servers/${s.id}`),
  name: s.name,
});

/** The full server view of GET /servers/detail and /servers/{id}, by microversion and policy. */
export const serverDetail = (
  ctx: CloudContext,
  request: FastifyRequest,
  s: ServerDoc,
  policy: ViewPolicy,
  options: ViewOptions = {},
): Json => {
  const status = statusOf(s);
  const view: Json = {
    id: s.id,
    name: s.name,
    status,
    tenant_id: s.project_id,
    user_id: s.user_id,
    metadata: s.metadata,
    hostId: hostIdOf(s.project_id, s.host),
    image: s.image_id
      ? { id: s.image_id, links: bookmark(ctx, request, `/images/${s.image_id}`) }
      : '',
    flavor: atLeast(request, '2.47')
      ? {
          vcpus: s.flavor.vcpus,
          ram: s.flavor.ram,
          disk: s.flavor.disk,
          ephemeral: s.flavor.ephemeral,
          swap: s.flavor.swap,
          original_name: s.flavor.name,
          ...(policy.flavorExtraSpecs ? { extra_specs: s.flavor.extra_specs } : {}),
        }
      : { id: s.flavor.id, links: bookmark(ctx, request, `/flavors/${s.flavor.id}`) },
    created: isoSeconds(s.created_at),
    updated: isoSeconds(s.updated_at),
    addresses: addressesView(s.addresses),
    accessIPv4: s.access_ipv4,
    accessIPv6: s.access_ipv6,
    links: resourceLinks(ctx, request, `/servers/${s.id}`),
    'OS-DCF:diskConfig': s.disk_config,
    'OS-EXT-AZ:availability_zone': s.host
      ? (s.availability_zone ?? '')
      : (s.availability_zone ?? ''),
    config_drive: s.config_drive ? 'True' : '',
    key_name: s.key_name,
    'OS-SRV-USG:launched_at': s.launched_at ? novaDbTime(new Date(s.launched_at)) : null,
    'OS-SRV-USG:terminated_at': s.terminated_at ? novaDbTime(new Date(s.terminated_at)) : null,
    'OS-EXT-STS:task_state': s.task_state,
    'OS-EXT-STS:vm_state': s.vm_state,
    'OS-EXT-STS:power_state': s.power_state,
    'os-extended-volumes:volumes_attached': s.block_devices
      .filter((b) => b.destination_type === 'volume' && b.volume_id)
      .map((b) =>
        atLeast(request, '2.3')
          ? { id: b.volume_id, delete_on_termination: b.delete_on_termination }
          : { id: b.volume_id },
      ),
    security_groups: s.security_groups.map((name) => ({ name })),
  };
  if (PROGRESS_STATUSES.has(status)) view['progress'] = s.progress;
  if (policy.extended) {
    view['OS-EXT-SRV-ATTR:host'] = s.host;
    view['OS-EXT-SRV-ATTR:instance_name'] = s.instance_name;
    view['OS-EXT-SRV-ATTR:hypervisor_hostname'] = s.host;
    if (atLeast(request, '2.3')) {
      view['OS-EXT-SRV-ATTR:reservation_id'] = s.reservation_id;
      view['OS-EXT-SRV-ATTR:launch_index'] = s.launch_index;
      view['OS-EXT-SRV-ATTR:hostname'] = s.hostname;
      view['OS-EXT-SRV-ATTR:kernel_id'] = '';
      view['OS-EXT-SRV-ATTR:ramdisk_id'] = '';
      view['OS-EXT-SRV-ATTR:root_device_name'] =
        s.block_devices.find((b) => b.boot_index === 0)?.device_name ?? '/dev/vda';
      view['OS-EXT-SRV-ATTR:user_data'] = s.user_data;
    }
  } else if (atLeast(request, '2.90')) {
    // 2.90 shows every user the hostname it may now set.
    view['OS-EXT-SRV-ATTR:hostname'] = s.hostname;
  }
  if (atLeast(request, '2.9')) view['locked'] = s.locked;
  if (atLeast(request, '2.73')) view['locked_reason'] = s.locked_reason;
  if (atLeast(request, '2.16') && policy.hostStatus) {
    view['host_status'] = s.host ? 'UP' : '';
  }
  if (atLeast(request, '2.19')) view['description'] = s.description;
  if (atLeast(request, '2.26')) view['tags'] = s.tags;
  if (atLeast(request, '2.63')) view['trusted_image_certificates'] = s.trusted_image_certificates;
  if (options.show && atLeast(request, '2.71')) {
    // A deleted group no longer lists its members.
    const group = s.server_group_id
      ? ctx.store.collection(serverGroups).get(s.server_group_id)
      : undefined;
    view['server_groups'] = group ? [group.id] : [];
  }
  if (s.fault && (status === 'ERROR' || status === 'DELETED')) {
    // The details of an internal error (code 500) are the admin's only.
    view['fault'] = {
      code: s.fault.code,
      created: isoSeconds(s.fault.created),
      message: s.fault.message,
      ...(policy.admin || s.fault.code !== 500 ? { details: s.fault.details } : {}),
    };
  }
  return view;
};
