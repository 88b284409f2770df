import { NoContent } from '../common';
import { IdParams } from '../keystone/projects';
import { route, routes } from '../route';
import {
  FloatingIp,
  FloatingIpAllocateBody,
  FloatingIpAssociateBody,
  FloatingIpList,
  FloatingIpListQuery,
  FloatingIpPoolList,
  FloatingIpTargetList,
  FloatingIpTargetQuery,
} from './floatingips';
import {
  NeutronExtensionList,
  Router,
  RouterCreateBody,
  RouterGatewayBody,
  RouterInterface,
  RouterInterfaceBody,
  RouterInterfaceList,
  RouterInterfaceParams,
  RouterList,
  RouterListQuery,
  RouterRoutesBody,
  RouterUpdateBody,
} from './routers';
import {
  SecurityGroup,
  SecurityGroupCreateBody,
  SecurityGroupRule,
  SecurityGroupRuleCreateBody,
  SecurityGroupRuleParams,
  SecurityGroupUpdateBody,
} from './securitygroups';

/** Routers, floating IPs (spec 2 §7's /api/network/ calls) and security group writes (issue 10). */
export const neutronL3Routes = {
  ...routes('neutron.extensions', {
    list: route({
      method: 'GET',
      path: '/api/neutron/extensions/',
      response: { 200: NeutronExtensionList },
    }),
  }),
  ...routes('neutron.routers', {
    list: route({
      method: 'GET',
      path: '/api/neutron/routers/',
      query: RouterListQuery,
      response: { 200: RouterList },
    }),
    create: route({
      method: 'POST',
      path: '/api/neutron/routers/',
      body: RouterCreateBody,
      response: { 201: Router },
    }),
    get: route({
      method: 'GET',
      path: '/api/neutron/routers/:id/',
      params: IdParams,
      response: { 200: Router },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/neutron/routers/:id/',
      params: IdParams,
      body: RouterUpdateBody,
      response: { 200: Router },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/neutron/routers/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
    setGateway: route({
      method: 'PUT',
      path: '/api/neutron/routers/:id/gateway/',
      params: IdParams,
      body: RouterGatewayBody,
      response: { 200: Router },
    }),
    clearGateway: route({
      method: 'DELETE',
      path: '/api/neutron/routers/:id/gateway/',
      params: IdParams,
      response: { 200: Router },
    }),
    interfaces: route({
      method: 'GET',
      path: '/api/neutron/routers/:id/interfaces/',
      params: IdParams,
      response: { 200: RouterInterfaceList },
    }),
    addInterface: route({
      method: 'POST',
      path: '/api/neutron/routers/:id/interfaces/',
      params: IdParams,
      body: RouterInterfaceBody,
      response: { 201: RouterInterface },
    }),
    removeInterface: route({
      method: 'DELETE',
      path: '/api/neutron/routers/:id/interfaces/:port_id/',
      params: RouterInterfaceParams,
      response: { 204: NoContent },
    }),
    updateRoutes: route({
      method: 'PATCH',
      path: '/api/neutron/routers/:id/routes/',
      params: IdParams,
      body: RouterRoutesBody,
      response: { 200: Router },
    }),
  }),
  ...routes('network.floatingips', {
    list: route({
      method: 'GET',
      path: '/api/network/floatingips/',
      query: FloatingIpListQuery,
      response: { 200: FloatingIpList },
    }),
    get: route({
      method: 'GET',
      path: '/api/network/floatingips/:id/',
      params: IdParams,
      response: { 200: FloatingIp },
    }),
    pools: route({
      method: 'GET',
      path: '/api/network/floatingippools/',
      response: { 200: FloatingIpPoolList },
    }),
    targets: route({
      method: 'GET',
      path: '/api/network/floatingip/targets/',
      query: FloatingIpTargetQuery,
      response: { 200: FloatingIpTargetList },
    }),
    allocate: route({
      method: 'POST',
      path: '/api/network/floatingip/',
      body: FloatingIpAllocateBody,
      response: { 201: FloatingIp },
    }),
    associate: route({
      method: 'PATCH',
      path: '/api/network/floatingip/',
      body: FloatingIpAssociateBody,
      response: { 200: FloatingIp },
    }),
    release: route({
      method: 'DELETE',
      path: '/api/network/floatingip/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('neutron.securitygroups', {
    create: route({
      method: 'POST',
      path: '/api/neutron/securitygroups/',
      body: SecurityGroupCreateBody,
      response: { 201: SecurityGroup },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/neutron/securitygroups/:id/',
      params: IdParams,
      body: SecurityGroupUpdateBody,
      response: { 200: SecurityGroup },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/neutron/securitygroups/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
    createRule: route({
      method: 'POST',
      path: '/api/neutron/securitygroups/:id/rules/',
      params: IdParams,
      body: SecurityGroupRuleCreateBody,
      response: { 201: SecurityGroupRule },
    }),
    deleteRule: route({
      method: 'DELETE',
      path: '/api/neutron/securitygroups/:id/rules/:rule_id/',
      params: SecurityGroupRuleParams,
      response: { 204: NoContent },
    }),
  }),
};
