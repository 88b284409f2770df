import { neutronL3Routes } from './l3routes';
import { Network, NetworkCreateBody, NetworkList, NetworkListQuery } from './networks';
import { NetworkUpdateBody } from './networks';
import { Port, PortCreateBody, PortList, PortListQuery, PortUpdateBody } from './ports';
import { SecurityGroup, SecurityGroupList, SecurityGroupListQuery } from './securitygroups';
import { SubnetPoolList } from './subnetpools';
import { Subnet, SubnetCreateBody, SubnetList, SubnetListQuery, SubnetUpdateBody } from './subnets';
import {
  QosPolicy,
  QosPolicyCreateBody,
  QosPolicyList,
  QosPolicyListQuery,
  QosPolicyUpdateBody,
  QosRule,
  QosRuleCreateBody,
  QosRuleParams,
} from './qos';
import { Trunk, TrunkCreateBody, TrunkList, TrunkListQuery, TrunkUpdateBody } from './trunks';
import { NoContent } from '../common';
import { IdParams } from '../keystone/projects';
import { route, routes } from '../route';

/** /api/neutron/… (spec 2 §7 "Network"). */
export const neutronRoutes = {
  ...routes('neutron.networks', {
    list: route({
      method: 'GET',
      path: '/api/neutron/networks/',
      query: NetworkListQuery,
      response: { 200: NetworkList },
    }),
    create: route({
      method: 'POST',
      path: '/api/neutron/networks/',
      body: NetworkCreateBody,
      response: { 201: Network },
    }),
    get: route({
      method: 'GET',
      path: '/api/neutron/networks/:id/',
      params: IdParams,
      response: { 200: Network },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/neutron/networks/:id/',
      params: IdParams,
      body: NetworkUpdateBody,
      response: { 200: Network },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/neutron/networks/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('neutron.subnets', {
    list: route({
      method: 'GET',
      path: '/api/neutron/subnets/',
      query: SubnetListQuery,
      response: { 200: SubnetList },
    }),
    create: route({
      method: 'POST',
      path: '/api/neutron/subnets/',
      body: SubnetCreateBody,
      response: { 201: Subnet },
    }),
    get: route({
      method: 'GET',
      path: '/api/neutron/subnets/:id/',
      params: IdParams,
      response: { 200: Subnet },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/neutron/subnets/:id/',
      params: IdParams,
      body: SubnetUpdateBody,
      response: { 200: Subnet },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/neutron/subnets/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('neutron.subnetpools', {
    list: route({
      method: 'GET',
      path: '/api/neutron/subnetpools/',
      response: { 200: SubnetPoolList },
    }),
  }),
  ...routes('neutron.ports', {
    list: route({
      method: 'GET',
      path: '/api/neutron/ports/',
      query: PortListQuery,
      response: { 200: PortList },
    }),
    create: route({
      method: 'POST',
      path: '/api/neutron/ports/',
      body: PortCreateBody,
      response: { 201: Port },
    }),
    get: route({
      method: 'GET',
      path: '/api/neutron/ports/:id/',
      params: IdParams,
      response: { 200: Port },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/neutron/ports/:id/',
      params: IdParams,
      body: PortUpdateBody,
      response: { 200: Port },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/neutron/ports/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('neutron.securitygroups', {
    list: route({
      method: 'GET',
      path: '/api/neutron/securitygroups/',
      query: SecurityGroupListQuery,
      response: { 200: SecurityGroupList },
    }),
    get: route({
      method: 'GET',
      path: '/api/neutron/securitygroups/:id/',
      params: IdParams,
      response: { 200: SecurityGroup },
    }),
  }),
  ...routes('neutron.trunks', {
    list: route({
      method: 'GET',
      path: '/api/neutron/trunks/',
      query: TrunkListQuery,
      response: { 200: TrunkList },
    }),
    create: route({
      method: 'POST',
      path: '/api/neutron/trunks/',
      body: TrunkCreateBody,
      response: { 201: Trunk },
    }),
    get: route({
      method: 'GET',
      path: '/api/neutron/trunks/:id/',
      params: IdParams,
      response: { 200: Trunk },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/neutron/trunks/:id/',
      params: IdParams,
      body: TrunkUpdateBody,
      response: { 200: Trunk },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/neutron/trunks/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('neutron.qos_policies', {
    list: route({
      method: 'GET',
      path: '/api/neutron/qos_policies/',
      query: QosPolicyListQuery,
      response: { 200: QosPolicyList },
    }),
    create: route({
      method: 'POST',
      path: '/api/neutron/qos_policies/',
      body: QosPolicyCreateBody,
      response: { 201: QosPolicy },
    }),
    get: route({
      method: 'GET',
      path: '/api/neutron/qos_policies/:id/',
      params: IdParams,
      response: { 200: QosPolicy },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/neutron/qos_policies/:id/',
      params: IdParams,
      body: QosPolicyUpdateBody,
      response: { 200: QosPolicy },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/neutron/qos_policies/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
    createRule: route({
      method: 'POST',
      path: '/api/neutron/qos_policies/:id/rules/',
      params: IdParams,
      body: QosRuleCreateBody,
      response: { 201: QosRule },
    }),
    deleteRule: route({
      method: 'DELETE',
      path: '/api/neutron/qos_policies/:id/rules/:type/:rule_id/',
      params: QosRuleParams,
      response: { 204: NoContent },
    }),
  }),
  ...neutronL3Routes,
};
