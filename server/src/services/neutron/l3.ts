import type { FloatingIpTarget, RouterInterface, RouterInterfaceBody } from '@skydeck/contract';
import {
  OpenStackHttpError,
  ServiceUnavailableError,
  type NeutronPort,
  type OpenStackClient,
} from '@skydeck/openstack-client';

// Workflows of several Neutron (and Nova) calls behind the router and floating IP routes.

/** Ids per filtered read: a Neutron filter of 100 repeated ids keeps the URL short. */
const IDS_PER_READ = 100;

/** The owners of a router's interface ports (its gateway port is not an interface). */
export const INTERFACE_OWNERS = [
  'network:router_interface',
  'network:router_interface_distributed',
  'network:ha_router_replicated_interface',
] as const;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IDS_PER_READ) out.push(items.slice(i, i + IDS_PER_READ));
  return out;
};

/** Network names by id, in one read per 100 ids; networks the caller cannot see are absent. */
export const networkNamesOf = async (
  openstack: OpenStackClient,
  ids: Iterable<string>,
): Promise<Map<string, string>> => {
  const names = new Map<string, string>();
  for (const part of chunks([...new Set(ids)])) {
    const { items } = await openstack.neutron.networks.listAll({
      filters: { id: part },
      fields: ['id', 'name'],
    });
    for (const n of items) names.set(n.id, n.name);
  }
  return names;
};

/**
 * The project's instance names by id. A cloud without Nova has no instances to name: the
 * answer is then empty rather than a failure of the floating IP list.
 */
export const instanceNamesOf = async (openstack: OpenStackClient): Promise<Map<string, string>> => {
  try {
    const servers = await openstack.nova.servers.names();
    return new Map(servers.map((s) => [s.id, s.name]));
  } catch (error) {
    if (error instanceof ServiceUnavailableError) return new Map();
    throw error;
  }
};

/** A router's interfaces: its interface ports with their subnets and networks named. */
export const routerInterfacesOf = async (
  openstack: OpenStackClient,
  routerId: string,
): Promise<RouterInterface[]> => {
  const { items: ports } = await openstack.neutron.ports.listAll({
    filters: { device_id: routerId, device_owner: [...INTERFACE_OWNERS] },
  });
  return describeInterfaces(openstack, ports);
};

const describeInterfaces = async (
  openstack: OpenStackClient,
  ports: readonly NeutronPort[],
): Promise<RouterInterface[]> => {
  const subnetIds = [...new Set(ports.flatMap((p) => p.fixed_ips.map((ip) => ip.subnet_id)))];
  const subnets = new Map<string, { name: string; cidr: string }>();
  for (const part of chunks(subnetIds)) {
    const { items } = await openstack.neutron.subnets.listAll({
      filters: { id: part },
      fields: ['id', 'name', 'cidr'],
    });
    for (const s of items) subnets.set(s.id, { name: s.name, cidr: s.cidr });
  }
  const networks = await networkNamesOf(
    openstack,
    ports.map((p) => p.network_id),
  );
  return ports.map((p) => ({
    port_id: p.id,
    name: p.name,
    status: p.status,
    admin_state_up: p.admin_state_up,
    device_owner: p.device_owner,
    network_id: p.network_id,
    network_name: networks.get(p.network_id) ?? '',
    fixed_ips: p.fixed_ips.map((ip) => ({
      subnet_id: ip.subnet_id,
      subnet_name: subnets.get(ip.subnet_id)?.name ?? '',
      cidr: subnets.get(ip.subnet_id)?.cidr ?? '',
      ip_address: ip.ip_address,
    })),
  }));
};

/**
 * Attaches a subnet to a router. On the subnet's gateway IP Neutron does it in one call; on
 * another address, add_router_interface takes only a port, so a port with that address is
 * made first, and deleted again if the router refuses it (nothing half-done is left behind).
 */
export const addRouterInterface = async (
  openstack: OpenStackClient,
  routerId: string,
  body: RouterInterfaceBody,
): Promise<RouterInterface> => {
  const { neutron } = openstack;
  let portId: string;
  if (body.ip_address === undefined) {
    const info = await neutron.routers.addInterface(routerId, { subnet_id: body.subnet_id });
    portId = info.port_id;
  } else {
    const subnet = await neutron.subnets.get(body.subnet_id);
    // The router's project owns the port, as the gateway-IP case would make it.
    const router = await neutron.routers.get(routerId);
    const port = await neutron.ports.create({
      network_id: subnet.network_id,
      fixed_ips: [{ subnet_id: subnet.id, ip_address: body.ip_address }],
      project_id: router.project_id,
    });
    try {
      await neutron.routers.addInterface(routerId, { port_id: port.id });
    } catch (error) {
      await neutron.ports.delete(port.id).catch(() => undefined);
      throw error;
    }
    portId = port.id;
  }
  const [described] = await describeInterfaces(openstack, [await neutron.ports.get(portId)]);
  if (!described) throw new TypeError('Neutron answered no interface port');
  return described;
};

/** Whether Neutron's refusal is "no such thing" (a 404), to tell it from other failures. */
export const isNotFound = (error: unknown): boolean =>
  error instanceof OpenStackHttpError && error.status === 404;

/** Device owners whose ports can take a floating IP: instances' and unbound ports. */
const targetable = (p: NeutronPort): boolean =>
  p.device_owner === '' || p.device_owner.startsWith('compute:');

/**
 * The project's port addresses a floating IP can be associated with: IPv4 fixed IPs on
 * subnets a router reaches from the pool's network (Neutron refuses the others with
 * "External network … is not reachable"), named "instance: ip" as an operator reads them.
 */
export const floatingIpTargets = async (
  openstack: OpenStackClient,
  projectId: string,
  query: { pool_id?: string; instance_id?: string; port_id?: string },
): Promise<FloatingIpTarget[]> => {
  const { neutron } = openstack;
  const [ports, routers, names] = await Promise.all([
    neutron.ports.listAll({
      filters: {
        project_id: projectId,
        ...(query.instance_id !== undefined && { device_id: query.instance_id }),
        ...(query.port_id !== undefined && { id: query.port_id }),
      },
    }),
    neutron.routers.listAll({ filters: { project_id: projectId } }),
    instanceNamesOf(openstack),
  ]);
  const gatewayRouters = routers.items
    .filter((r) => {
      const gw = r.external_gateway_info;
      return gw !== null && (query.pool_id === undefined || gw.network_id === query.pool_id);
    })
    .map((r) => r.id);
  // The subnets those routers have interfaces on are the reachable ones.
  const reachable = new Set<string>();
  for (const part of chunks(gatewayRouters)) {
    const { items } = await neutron.ports.listAll({
      filters: { device_id: part, device_owner: [...INTERFACE_OWNERS] },
      fields: ['id', 'fixed_ips', 'device_id', 'device_owner'],
    });
    for (const p of items) for (const ip of p.fixed_ips) reachable.add(ip.subnet_id);
  }
  const out: FloatingIpTarget[] = [];
  for (const p of ports.items.filter(targetable)) {
    for (const ip of p.fixed_ips) {
      if (ip.ip_address.includes(':') || !reachable.has(ip.subnet_id)) continue;
      const instanceId = p.device_owner.startsWith('compute:') ? p.device_id : null;
      const instanceName = instanceId === null ? null : (names.get(instanceId) ?? null);
      const who = instanceName ?? instanceId ?? (p.name || p.id);
      out.push({
        port_id: p.id,
        ip_address: ip.ip_address,
        label: `${who}: ${ip.ip_address}`,
        instance_id: instanceId,
        instance_name: instanceName,
        network_id: p.network_id,
      });
    }
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
};
