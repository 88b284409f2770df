import type {
  Router,
  RouterCreateBody,
  RouterGatewayBody,
  RouterInterface,
  RouterInterfaceBody,
  RouterRoutesBody,
  RouterUpdateBody,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { portQueries } from './ports';

const LIST_FAILED = msg('Unable to retrieve the routers.');

/** Routers (/api/neutron/routers/, issue 10). */
export const routerQueries = {
  all: () => resourceKey('neutron.routers'),
  /** The project's own (the project panel), or every project's (the admin panel). */
  list: (allProjects: boolean, filters: Record<string, string> = {}) =>
    routeQuery(
      'neutron.routers.list',
      {
        query: {
          ...(allProjects && { all_projects: true }),
          ...(filters.name && { name: filters.name }),
          ...(filters.status && { status: filters.status }),
          ...(allProjects && filters.project_id && { project_id: filters.project_id }),
        },
      },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  detail: (id: string) =>
    routeQuery(
      'neutron.routers.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the router.'), silentStatuses: [404] } },
    ),
  interfaces: (id: string) =>
    routeQuery(
      'neutron.routers.interfaces',
      { params: { id } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve the interfaces.') } },
    ),
  /** Neutron's extension aliases: SNAT needs ext-gw-mode, static routes extraroute. */
};

export const ROUTER_CREATED = msg('Router {{name}} was successfully created.');
export const ROUTER_UPDATED = msg('Router {{name}} was successfully updated.');
export const GATEWAY_SET = msg('Gateway interface is added to router {{name}}.');
export const GATEWAY_CLEARED = msg('Gateway interface is removed from router {{name}}.');
export const INTERFACE_ADDED = msg('Interface added: {{ip}}.');
export const ROUTES_UPDATED = msg('Static routes of router {{name}} were updated.');

const nameOf = (r: Router): string => r.name || r.id;
/** A router's change shows in its lists, its ports (network details) and the topology. */
const TOUCHED = [routerQueries.all(), portQueries.all(), resourceKey('neutron.topology')];

export const routerMutations = {
  create: mutation({
    fn: (body: RouterCreateBody) => api('neutron.routers.create', { body }),
    invalidates: TOUCHED,
    successMessage: (r: Router) => t(ROUTER_CREATED, { name: nameOf(r) }),
    errorMessage: msg('Unable to create the router.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: RouterUpdateBody }) =>
      api('neutron.routers.update', { params: { id }, body }),
    invalidates: TOUCHED,
    successMessage: (r: Router) => t(ROUTER_UPDATED, { name: nameOf(r) }),
    errorMessage: msg('Unable to update the router.'),
    inlineErrors: true,
  }),
  setGateway: mutation({
    fn: ({ id, body }: { id: string; body: RouterGatewayBody }) =>
      api('neutron.routers.setGateway', { params: { id }, body }),
    invalidates: TOUCHED,
    successMessage: (r: Router) => t(GATEWAY_SET, { name: nameOf(r) }),
    errorMessage: msg('Unable to set the gateway.'),
    inlineErrors: true,
  }),
  clearGateway: mutation({
    fn: (router: Router) => api('neutron.routers.clearGateway', { params: { id: router.id } }),
    invalidates: TOUCHED,
    successMessage: (r: Router) => t(GATEWAY_CLEARED, { name: nameOf(r) }),
    errorMessage: msg('Unable to clear the gateway.'),
    inlineErrors: true,
  }),
  addInterface: mutation({
    fn: ({ id, body }: { id: string; body: RouterInterfaceBody }) =>
      api('neutron.routers.addInterface', { params: { id }, body }),
    invalidates: TOUCHED,
    successMessage: (i: RouterInterface) =>
      t(INTERFACE_ADDED, { ip: i.fixed_ips.map((ip) => ip.ip_address).join(', ') }),
    errorMessage: msg('Unable to add the interface.'),
    inlineErrors: true,
  }),
  updateRoutes: mutation({
    fn: ({ id, body }: { id: string; body: RouterRoutesBody }) =>
      api('neutron.routers.updateRoutes', { params: { id }, body }),
    invalidates: TOUCHED,
    successMessage: (r: Router) => t(ROUTES_UPDATED, { name: nameOf(r) }),
    errorMessage: msg('Unable to update the static routes.'),
    inlineErrors: true,
  }),
};

export const ROUTER_TOUCHED = TOUCHED;

export async function removeRouter(router: Router): Promise<void> {
  await api('neutron.routers.delete', { params: { id: router.id } });
}

export async function removeRouterInterface(routerId: string, portId: string): Promise<void> {
  await api('neutron.routers.removeInterface', { params: { id: routerId, port_id: portId } });
}
