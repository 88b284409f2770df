import type { CloudContext } from '../../../core/service';
import { portsOfDevice } from '../../neutron/internal';
import {
  createServerGroupFor,
  deleteServerGroupById,
  findServer,
  findServerGroup,
} from '../../nova/internal';
import {
  createKeypairFromStack,
  createServerFromStack,
  deleteKeypairFromStack,
  deleteServerFromStack,
} from '../../nova/stackServers';
import { isObject, validationFailed } from '../http';
import type { Json } from '../http';
import { nameOr, propertyError, ResourceFailure } from './types';
import type { ResourcePlugin } from './types';

/** Nova's resource types, through nova/internal.ts and nova/stackServers.ts. */

const serverAddresses = (ctx: CloudContext, serverId: string): Json => {
  const networks: Record<string, string[]> = {};
  const addresses: Record<string, Json[]> = {};
  for (const port of portsOfDevice(ctx, serverId)) {
    networks[port.network_name] = [
      ...(networks[port.network_name] ?? []),
      ...port.fixed_ips.map((f) => f.ip_address),
    ];
    addresses[port.network_name] = [
      ...(addresses[port.network_name] ?? []),
      ...port.fixed_ips.map((f) => ({
        addr: f.ip_address,
        version: f.ip_version,
        'OS-EXT-IPS:type': 'fixed',
        'OS-EXT-IPS-MAC:mac_addr': port.mac_address,
        port: port.id,
      })),
    ];
  }
  const first =
    Object.values(networks)
      .flat()
      .find((ip) => !ip.includes(':')) ?? '';
  return { networks, addresses, first_address: first };
};

const novaServer: ResourcePlugin = {
  create: (ctx, request) => {
    const p = request.properties;
    if (typeof p['image'] !== 'string') {
      throw propertyError(
        request.name,
        '',
        `Neither image nor bootable volume is specified for instance ${nameOr(request)}`,
      );
    }
    const nets = Array.isArray(p['networks']) ? p['networks'].filter(isObject) : [];
    const created = createServerFromStack(ctx, {
      projectId: request.stack.project_id,
      userId: request.stack.user_id,
      name: nameOr(request),
      flavor: String(p['flavor']),
      image: p['image'],
      keyName: typeof p['key_name'] === 'string' ? p['key_name'] : null,
      networks: nets.map((n) => ({
        ...(typeof n['network'] === 'string' ? { network: n['network'] } : {}),
        ...(typeof n['port'] === 'string' ? { port: n['port'] } : {}),
        ...(typeof n['fixed_ip'] === 'string' ? { fixedIp: n['fixed_ip'] } : {}),
      })),
      securityGroups: Array.isArray(p['security_groups']) ? p['security_groups'].map(String) : [],
      metadata: isObject(p['metadata'])
        ? Object.fromEntries(Object.entries(p['metadata']).map(([k, v]) => [k, String(v)]))
        : {},
      userData:
        typeof p['user_data'] === 'string' && p['user_data'] !== ''
          ? Buffer.from(p['user_data']).toString('base64')
          : null,
      availabilityZone: typeof p['availability_zone'] === 'string' ? p['availability_zone'] : null,
    });
    return {
      physicalId: created.id,
      attributes: { name: nameOr(request), instance_name: null, accessIPv4: '', accessIPv6: '' },
      waitMs: 3000,
    };
  },
  checkCreate: (ctx, r) => {
    const status = findServer(ctx, r.physical_resource_id)?.status;
    if (status === 'ACTIVE') return true;
    if (status === 'ERROR') {
      return 'Went to status ERROR due to "Message: No valid host was found. There are not enough hosts available., Code: 500"';
    }
    if (status === undefined) return 'The server has been deleted.';
    return false;
  },
  liveAttributes: (ctx, r) => {
    const server = findServer(ctx, r.physical_resource_id);
    if (!server) return {};
    return { name: server.name, ...serverAddresses(ctx, server.id) };
  },
  check: (ctx, r) => {
    const status = findServer(ctx, r.physical_resource_id)?.status;
    if (status === undefined) throw new ResourceFailure('NotFound', 'The server has been deleted.');
    return status === 'ACTIVE' ? undefined : `Server status is ${status}`;
  },
  delete: (ctx, r) => deleteServerFromStack(ctx, r.physical_resource_id),
  checkDelete: (ctx, r) => findServer(ctx, r.physical_resource_id) === null,
  deleteWaitMs: () => 1000,
};

const novaKeyPair: ResourcePlugin = {
  validate: (_name, p) => {
    // Zed's heat talks to nova at a microversion that no longer generates key pairs.
    if (typeof p['public_key'] !== 'string' || p['public_key'] === '') {
      throw validationFailed({
        message: 'The public_key property is required by the nova API version currently used.',
      });
    }
  },
  create: (ctx, request) => {
    const publicKey = request.properties['public_key'];
    const created = createKeypairFromStack(ctx, {
      userId: request.stack.user_id,
      name: String(request.properties['name']),
      ...(typeof publicKey === 'string' ? { publicKey } : {}),
    });
    return {
      physicalId: created.name,
      attributes: {
        public_key: created.public_key,
        private_key: request.properties['save_private_key'] === true ? created.private_key : '',
        // Key pairs are the user's: the delete needs to know whose.
        user_id: request.stack.user_id,
      },
    };
  },
  delete: (ctx, r) => {
    deleteKeypairFromStack(ctx, String(r.attributes['user_id'] ?? ''), r.physical_resource_id);
  },
};

const serverGroup: ResourcePlugin = {
  create: (ctx, request) => {
    const policies = request.properties['policies'];
    const policy =
      Array.isArray(policies) && policies.length > 0 ? String(policies[0]) : 'anti-affinity';
    const rules = request.properties['rules'];
    const id = createServerGroupFor(ctx, {
      projectId: request.stack.project_id,
      userId: request.stack.user_id,
      name: nameOr(request),
      policy,
      ...(isObject(rules)
        ? { rules: Object.fromEntries(Object.entries(rules).map(([k, v]) => [k, Number(v)])) }
        : {}),
    });
    return { physicalId: id, attributes: {} };
  },
  liveAttributes: (ctx, r) => {
    const group = findServerGroup(ctx, r.physical_resource_id);
    return group
      ? {
          show: {
            id: r.physical_resource_id,
            name: group.name,
            policy: group.policy,
            members: group.members,
          },
        }
      : {};
  },
  delete: (ctx, r) => deleteServerGroupById(ctx, r.physical_resource_id),
};

export const NOVA_PLUGINS: Readonly<Record<string, ResourcePlugin>> = {
  'OS::Nova::KeyPair': novaKeyPair,
  'OS::Nova::Server': novaServer,
  'OS::Nova::ServerGroup': serverGroup,
};
