import { urlPath } from '../http/url';
import { readCalls, writeCalls } from './collection';
import type { CallOptions } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';
import type { ReadCalls, WriteCalls } from './collection';
import type {
  FloatingIpCreate,
  FloatingIpUpdate,
  NeutronFloatingIp,
  NeutronRouter,
  NeutronSecurityGroupRule,
  RouterCreate,
  RouterInterfaceInfo,
  RouterInterfaceRequest,
  RouterUpdate,
  SecurityGroupRuleCreate,
} from './l3types';
import type { HostRoute } from './types';

export type RouterCalls = ReadCalls<NeutronRouter> &
  WriteCalls<NeutronRouter, RouterCreate, RouterUpdate> & {
    /** PUT routers/{id}/add_router_interface: a subnet (its gateway IP) or an existing port. */
    addInterface(
      id: string,
      target: RouterInterfaceRequest,
      options?: CallOptions,
    ): Promise<RouterInterfaceInfo>;
    removeInterface(
      id: string,
      target: RouterInterfaceRequest,
      options?: CallOptions,
    ): Promise<RouterInterfaceInfo>;
    /** extraroute-atomic: adds routes without racing another writer of the whole list. */
    addExtraRoutes(id: string, routes: HostRoute[], options?: CallOptions): Promise<NeutronRouter>;
    removeExtraRoutes(
      id: string,
      routes: HostRoute[],
      options?: CallOptions,
    ): Promise<NeutronRouter>;
  };

export type FloatingIpCalls = ReadCalls<NeutronFloatingIp> &
  WriteCalls<NeutronFloatingIp, FloatingIpCreate, FloatingIpUpdate>;

export interface SecurityGroupRuleCalls extends ReadCalls<NeutronSecurityGroupRule> {
  create(body: SecurityGroupRuleCreate, options?: CallOptions): Promise<NeutronSecurityGroupRule>;
  delete(id: string, options?: CallOptions): Promise<void>;
}

export function routerCalls(http: ServiceHttp): RouterCalls {
  const action = (id: string, name: string, json: unknown, call: CallOptions) =>
    http.json<unknown>({ ...call, method: 'PUT', path: `routers/${urlPath`${id}`}/${name}`, json });
  const routerOf = (answer: unknown): NeutronRouter => {
    const router = (answer as { router?: NeutronRouter }).router;
    if (router === undefined) throw new TypeError('Neutron answered no router');
    return router;
  };
  return {
    ...readCalls<NeutronRouter>(http, 'routers', 'router', 'routers'),
    ...writeCalls<NeutronRouter, RouterCreate, RouterUpdate>(http, 'routers', 'router'),
    addInterface: async (id, target, call = {}) =>
      (await action(id, 'add_router_interface', target, call)) as RouterInterfaceInfo,
    removeInterface: async (id, target, call = {}) =>
      (await action(id, 'remove_router_interface', target, call)) as RouterInterfaceInfo,
    addExtraRoutes: async (id, routes, call = {}) =>
      routerOf(await action(id, 'add_extraroutes', { router: { routes } }, call)),
    removeExtraRoutes: async (id, routes, call = {}) =>
      routerOf(await action(id, 'remove_extraroutes', { router: { routes } }, call)),
  };
}

export function floatingIpCalls(http: ServiceHttp): FloatingIpCalls {
  return {
    ...readCalls<NeutronFloatingIp>(http, 'floatingips', 'floatingip', 'floatingips'),
    ...writeCalls<NeutronFloatingIp, FloatingIpCreate, FloatingIpUpdate>(
      http,
      'floatingips',
      'floatingip',
    ),
  };
}

export function securityGroupRuleCalls(http: ServiceHttp): SecurityGroupRuleCalls {
  const writes = writeCalls<NeutronSecurityGroupRule, SecurityGroupRuleCreate, never>(
    http,
    'security-group-rules',
    'security_group_rule',
  );
  return {
    ...readCalls<NeutronSecurityGroupRule>(
      http,
      'security-group-rules',
      'security_group_rule',
      'security_group_rules',
    ),
    create: writes.create,
    delete: writes.delete,
  };
}

/** One of Neutron's API extensions (GET /v2.0/extensions). */
export interface NeutronExtension {
  alias: string;
  name: string;
  description?: string;
}

export const extensionsCall =
  (http: ServiceHttp) =>
  async (call: CallOptions = {}): Promise<NeutronExtension[]> =>
    (await http.json<{ extensions?: NeutronExtension[] }>({ ...call, path: 'extensions' }))
      .extensions ?? [];
