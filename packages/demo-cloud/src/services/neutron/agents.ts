import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid as newId } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import { prepareBody, stringOrNone, toBoolean } from './attributes';
import type { AttrMap } from './attributes';
import { badRequest, isObject, neutronError } from './http';
import type { Json } from './http';
import { listAnswer, requestedFields, selectFields } from './listing';
import { agents, ports, routers, subnets } from './model';
import type { AgentDoc } from './model';
import { neutronCaller, neutronPolicy } from './policy';

const agentNotFound = (id: string): Error =>
  neutronError(404, 'AgentNotFound', `Agent ${id} could not be found.`);

export const AGENT_ATTRS: AttrMap = {
  id: { filter: true },
  agent_type: { filter: true },
  binary: { filter: true },
  topic: { filter: true },
  host: { filter: true },
  admin_state_up: { put: true, convert: toBoolean, filter: true },
  created_at: {},
  started_at: {},
  heartbeat_timestamp: {},
  alive: { filter: true },
  configurations: {},
  description: { put: true, filter: true, validate: (v) => stringOrNone(v, 255) },
  availability_zone: { filter: true },
  resources_synced: {},
};

/** The agents of a single-node devstack: what the admin panel expects to see, all alive. */
export const SEED_AGENTS: ReadonlyArray<Omit<AgentDoc, 'id' | 'created_at'>> = [
  {
    agent_type: 'Open vSwitch agent',
    binary: 'neutron-openvswitch-agent',
    topic: 'N/A',
    host: 'devstack',
    admin_state_up: true,
    description: null,
    availability_zone: null,
    resources_synced: null,
    configurations: {
      arp_responder_enabled: false,
      bridge_mappings: { public: 'br-ex' },
      datapath_type: 'system',
      enable_distributed_routing: false,
      extensions: ['qos'],
      integration_bridge: 'br-int',
      l2_population: false,
      log_agent_heartbeats: false,
      ovs_capabilities: { datapath_types: ['netdev', 'system'] },
      ovs_hybrid_plug: false,
      resource_provider_bandwidths: {},
      tunnel_types: ['vxlan'],
      tunneling_ip: '10.0.2.15',
    },
  },
  {
    agent_type: 'DHCP agent',
    binary: 'neutron-dhcp-agent',
    topic: 'dhcp_agent',
    host: 'devstack',
    admin_state_up: true,
    description: null,
    availability_zone: 'nova',
    resources_synced: null,
    configurations: {
      dhcp_driver: 'neutron.agent.linux.dhcp.Dnsmasq',
      dhcp_lease_duration: 86400,
      log_agent_heartbeats: false,
      notifies_port_ready: true,
    },
  },
  {
    agent_type: 'L3 agent',
    binary: 'neutron-l3-agent',
    topic: 'l3_agent',
    host: 'devstack',
    admin_state_up: true,
    description: null,
    availability_zone: 'nova',
    resources_synced: null,
    configurations: {
      agent_mode: 'legacy',
      extensions: ['port_forwarding'],
      handle_internal_only_routers: true,
      interface_driver: 'openvswitch',
      log_agent_heartbeats: false,
    },
  },
  {
    agent_type: 'Metadata agent',
    binary: 'neutron-metadata-agent',
    topic: 'N/A',
    host: 'devstack',
    admin_state_up: true,
    description: null,
    availability_zone: null,
    resources_synced: null,
    configurations: {
      log_agent_heartbeats: false,
      metadata_proxy_socket: '/opt/stack/data/neutron/metadata_proxy',
      nova_metadata_host: '10.0.2.15',
      nova_metadata_port: 8775,
    },
  },
];

export const seedAgents = (ctx: CloudContext): void => {
  const col = ctx.store.collection(agents);
  if (col.count() > 0) return;
  const now = ctx.now().toISOString();
  for (const agent of SEED_AGENTS) col.insert({ id: newId(), created_at: now, ...agent });
};

/** Agents report `2026-11-22 02:06:07` timestamps. */
const agentTime = (date: Date): string => date.toISOString().slice(0, 19).replace('T', ' ');

export const agentRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const col = store.collection(agents);

  /** Live counters in the configurations, as the agents report them with each heartbeat. */
  const view = (a: AgentDoc): Json => {
    const configurations: Json = { ...a.configurations };
    if (a.agent_type === 'DHCP agent') {
      const dhcpNets = new Set(
        store
          .collection(subnets)
          .all()
          .filter((s) => s.enable_dhcp)
          .map((s) => s.network_id),
      );
      configurations['networks'] = dhcpNets.size;
      configurations['subnets'] = store
        .collection(subnets)
        .all()
        .filter((s) => s.enable_dhcp).length;
      configurations['ports'] = [...dhcpNets].reduce(
        (n, id) => n + store.collection(ports).count('network_id', id),
        0,
      );
    } else if (a.agent_type === 'L3 agent') {
      const all = store.collection(routers).all();
      configurations['routers'] = all.length;
      configurations['ex_gw_ports'] = all.filter((r) => r.gateway).length;
      configurations['interfaces'] = all.reduce(
        (n, r) =>
          n +
          store
            .collection(ports)
            .where('device_id', r.id)
            .filter((p) => p.device_owner === 'network:router_interface').length,
        0,
      );
      configurations['floating_ips'] = 0;
    } else if (a.agent_type === 'Open vSwitch agent') {
      configurations['devices'] = store
        .collection(ports)
        .all()
        .filter((p) => p.binding.host_id).length;
    }
    const now = ctx.now();
    return {
      id: a.id,
      agent_type: a.agent_type,
      binary: a.binary,
      topic: a.topic,
      host: a.host,
      admin_state_up: a.admin_state_up,
      created_at: agentTime(new Date(a.created_at)),
      started_at: agentTime(new Date(a.created_at)),
      heartbeat_timestamp: agentTime(
        new Date(now.getTime() - ((now.getTime() / 1000) % 30) * 1000),
      ),
      alive: true,
      configurations,
      description: a.description,
      availability_zone: a.availability_zone,
      resources_synced: a.resources_synced,
    };
  };
  const target = (request: FastifyRequest): Json => ({
    project_id: neutronCaller(request).projectId,
    tenant_id: neutronCaller(request).projectId,
  });

  app.get('/agents', async (request) => {
    const items = policy.check(request, 'get_agent', target(request)) ? col.all().map(view) : [];
    return listAnswer(ctx, request, {
      collection: 'agents',
      attrs: AGENT_ATTRS,
      items,
      paged: false,
    });
  });

  // Agents register over RPC: the API's create fails its body check, the owner fields neutron
  // adds to every create being no agent attributes.
  app.post('/agents', async (request) => {
    const body = request.body;
    if (isObject(body) && Array.isArray(body['agents'])) {
      throw badRequest('Bulk operation not supported');
    }
    if (!isObject(body) || Object.keys(body).length === 0) {
      throw badRequest('Resource body required');
    }
    const inner = body['agent'];
    if (inner === undefined || inner === null) {
      throw badRequest("Unable to find 'agent' in request body");
    }
    if (!isObject(inner)) throw badRequest("Object 'agent' contains invalid data");
    const unknown = Object.keys(inner).filter((k) => !(k in AGENT_ATTRS));
    const extra = [...new Set([...unknown, 'project_id', 'tenant_id'])];
    throw badRequest(`Unrecognized attribute(s) '${extra.join(', ')}'`);
  });

  app.get<{ Params: { id: string } }>('/agents/:id', async (request) => {
    const agent = col.get(request.params.id);
    if (!agent || !policy.check(request, 'get_agent', target(request)))
      throw agentNotFound(request.params.id);
    return { agent: selectFields(view(agent), requestedFields(request)) };
  });

  app.put<{ Params: { id: string } }>('/agents/:id', async (request) => {
    const agent = col.get(request.params.id);
    if (!agent) throw agentNotFound(request.params.id);
    const { values: body } = prepareBody(request.body, 'agent', AGENT_ATTRS, {
      create: false,
      caller: neutronCaller(request),
    });
    policy.enforceOrHide(request, 'update_agent', 'get_agent', target(request));
    const updated: AgentDoc = {
      ...agent,
      ...('admin_state_up' in body ? { admin_state_up: body['admin_state_up'] as boolean } : {}),
      ...('description' in body ? { description: body['description'] as string | null } : {}),
    };
    col.put(updated);
    return { agent: view(updated) };
  });

  app.delete<{ Params: { id: string } }>('/agents/:id', async (request, reply) => {
    const agent = col.get(request.params.id);
    if (!agent) throw agentNotFound(request.params.id);
    policy.enforceOrHide(request, 'delete_agent', 'get_agent', target(request));
    col.delete(agent.id);
    return reply.code(204).send();
  });

  app.get('/availability_zones', async (request) => {
    const zones = new Map<string, Json>();
    for (const a of col.all()) {
      if (!a.availability_zone) continue;
      const resource =
        a.agent_type === 'DHCP agent'
          ? 'network'
          : a.agent_type === 'L3 agent'
            ? 'router'
            : undefined;
      if (!resource) continue;
      const key = `${a.availability_zone}|${resource}`;
      const state = a.admin_state_up ? 'available' : 'unavailable';
      if (!zones.has(key) || state === 'available') {
        zones.set(key, { name: a.availability_zone, resource, state });
      }
    }
    const items = [...zones.values()].filter(() =>
      policy.check(request, 'get_availability_zone', target(request)),
    );
    return listAnswer(ctx, request, {
      collection: 'availability_zones',
      attrs: { name: { filter: true }, resource: { filter: true }, state: { filter: true } },
      items,
      paged: false,
    });
  });
};
