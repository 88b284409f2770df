import { Type, type Static } from 'typebox';
import { CinderQuotaUpdate, ProjectIdParams, QuotaLimitList } from './cinder/quotasets';
import { ListOf, NoContent, Nullable, type List } from './common';
import { route, routes } from './route';

/** GET /api/neutron/agents/ (admin): what Admin › System Information shows of each agent. */
export const NetworkAgent = Type.Object({
  id: Type.String(),
  agent_type: Type.String(),
  binary: Type.String(),
  host: Type.String(),
  availability_zone: Nullable(Type.String()),
  admin_state_up: Type.Boolean(),
  alive: Type.Boolean(),
  heartbeat_timestamp: Nullable(Type.String()),
});
export type NetworkAgent = Static<typeof NetworkAgent>;
export const NetworkAgentList = ListOf(NetworkAgent);
export type NetworkAgentList = List<NetworkAgent>;

/** Nova's default-quota update: the same name → limit map as Cinder's (-1 unlimited). */
export const NovaQuotaUpdate = CinderQuotaUpdate;
export type NovaQuotaUpdate = Static<typeof NovaQuotaUpdate>;

/**
 * Admin › System (issue 13): the network agents and the default quotas of Nova and Neutron
 * (Cinder's are `cinder.quotas.*`). Paths from spec 2 §7.
 */
export const systemRoutes = {
  ...routes('nova.quotas', {
    defaults: route({
      method: 'GET',
      path: '/api/nova/quota-sets/defaults/',
      response: { 200: QuotaLimitList },
    }),
    updateDefaults: route({
      method: 'PATCH',
      path: '/api/nova/quota-sets/defaults/',
      body: NovaQuotaUpdate,
      response: { 204: NoContent },
    }),
    /** A project's compute limits (the project workflow's Quotas step, issue 12). */
    get: route({
      method: 'GET',
      path: '/api/nova/quota-sets/:projectId/',
      params: ProjectIdParams,
      response: { 200: QuotaLimitList },
    }),
    /** Admin: only the given limits change; below the usage is Nova's 400. */
    update: route({
      method: 'PATCH',
      path: '/api/nova/quota-sets/:projectId/',
      params: ProjectIdParams,
      body: NovaQuotaUpdate,
      response: { 204: NoContent },
    }),
  }),
  ...routes('neutron', {
    agents: route({
      method: 'GET',
      path: '/api/neutron/agents/',
      response: { 200: NetworkAgentList },
    }),
  }),
  ...routes('neutron.quotas', {
    defaults: route({
      method: 'GET',
      path: '/api/neutron/quota-sets/defaults/',
      response: { 200: QuotaLimitList },
    }),
    get: route({
      method: 'GET',
      path: '/api/neutron/quota-sets/:projectId/',
      params: ProjectIdParams,
      response: { 200: QuotaLimitList },
    }),
    /** Admin: only the given limits change; a limit below what the project uses is a 400. */
    update: route({
      method: 'PATCH',
      path: '/api/neutron/quota-sets/:projectId/',
      params: ProjectIdParams,
      body: NovaQuotaUpdate,
      response: { 204: NoContent },
    }),
  }),
};
