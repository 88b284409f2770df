import { Type, type Static } from 'typebox';
import { Nullable } from '../common';
import { route, routes } from '../route';

// The network topology model (spec 1 §3 "Network topology model"). Statuses go out as the
// services answer them (the `original_status` of the spec): the page derives what it shows
// (active only for ACTIVE, loading for BUILD or a deleting task), so the words stay the web's.
// Links (details, console, add interface, create subnet) are the web app's own routes, built
// from the ids there, so the model carries no URLs.

export const TopologySubnet = Type.Object({
  id: Type.String(),
  name: Type.String(),
  cidr: Type.String(),
});
export type TopologySubnet = Static<typeof TopologySubnet>;

export const TopologyNetwork = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.String(),
  /** Neutron's router:external: drawn as an external network. */
  external: Type.Boolean(),
  shared: Type.Boolean(),
  subnets: Type.Array(TopologySubnet),
  /** Whether the project owns the network, so its subnets may be deleted from the page. */
  allow_delete_subnet: Type.Boolean(),
});
export type TopologyNetwork = Static<typeof TopologyNetwork>;

export const TopologyRouter = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.String(),
  /** Routers have no task state; a delete under way is the page's own knowledge. */
  task: Nullable(Type.String()),
  /** The external network of the router's gateway, when it has one. */
  external_network_id: Nullable(Type.String()),
});
export type TopologyRouter = Static<typeof TopologyRouter>;

export const TopologyServer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.String(),
  /** Nova's task state (`deleting`, `spawning`, …) or null. */
  task: Nullable(Type.String()),
});
export type TopologyServer = Static<typeof TopologyServer>;

export const TopologyPort = Type.Object({
  id: Type.String(),
  device_id: Type.String(),
  network_id: Type.String(),
  /** network:router_interface, network:router_gateway, compute:nova, … */
  device_owner: Type.String(),
  fixed_ips: Type.Array(Type.Object({ subnet_id: Type.String(), ip_address: Type.String() })),
  status: Type.String(),
});
export type TopologyPort = Static<typeof TopologyPort>;

/** Ids of the entities gone since the version the client holds. */
export const TopologyRemoved = Type.Object({
  networks: Type.Array(Type.String()),
  routers: Type.Array(Type.String()),
  servers: Type.Array(Type.String()),
  ports: Type.Array(Type.String()),
});
export type TopologyRemoved = Static<typeof TopologyRemoved>;

/**
 * The model, whole (`full`) or as the changes since `since`: then the lists hold only the
 * entities added or changed, and `removed` the ids gone. `version` goes back as `since` on the
 * next reload; it stays the same while nothing changes.
 */
export const Topology = Type.Object({
  version: Type.String(),
  full: Type.Boolean(),
  networks: Type.Array(TopologyNetwork),
  routers: Type.Array(TopologyRouter),
  servers: Type.Array(TopologyServer),
  ports: Type.Array(TopologyPort),
  removed: TopologyRemoved,
  /** Some list was longer than the server reads (the model is then partial). */
  truncated: Type.Boolean(),
});
export type Topology = Static<typeof Topology>;

/** Letters, digits, `-` and `_`: a client's random id and a server version, nothing else. */
const TOKEN = '^[A-Za-z0-9_-]+$';

export const TopologyQuery = Type.Object({
  /**
   * The page's own random id: the server keeps what it last sent to each (page, session), so
   * two open tabs each get their own changes.
   */
  stream: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: TOKEN })),
  /** The version the page holds; without it (or one the server no longer knows) the answer is full. */
  since: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: TOKEN })),
});
export type TopologyQuery = Static<typeof TopologyQuery>;

/** GET /api/neutron/topology/ (spec 1 §7 "Network topology data"). */
export const neutronTopologyRoutes = {
  ...routes('neutron.topology', {
    get: route({
      method: 'GET',
      path: '/api/neutron/topology/',
      query: TopologyQuery,
      response: { 200: Topology },
    }),
  }),
};
