import { withVersion } from '../http/catalog';
import { createServiceHttp } from '../http/serviceHttp';
import { readCalls, writeCalls } from './collection';
import { neutronSystemCalls } from './system';
import { qosPolicyCalls, trunkCalls } from './trunksQos';
import type { QosPolicyCalls, TrunkCalls } from './trunksQos';
import type { NeutronSystemCalls } from './system';
import { extensionsCall, floatingIpCalls, routerCalls, securityGroupRuleCalls } from './l3';
import type { FetchLike } from '../http/request';
import type { ReadCalls, WriteCalls } from './collection';
import type { FloatingIpCalls, NeutronExtension, RouterCalls, SecurityGroupRuleCalls } from './l3';
import type { CallOptions } from '../http/request';
import type { SecurityGroupCreate, SecurityGroupUpdate } from './l3types';
import type {
  NetworkCreate,
  NetworkUpdate,
  NeutronNetwork,
  NeutronPort,
  NeutronSecurityGroup,
  NeutronSubnet,
  NeutronSubnetPool,
  PortCreate,
  PortUpdate,
  SubnetCreate,
  SubnetUpdate,
} from './types';

export interface NeutronClientOptions {
  /** The network endpoint from the catalog, usually unversioned (`http://host:9696`). */
  endpoint: string;
  token: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export type NetworkCalls = ReadCalls<NeutronNetwork> &
  WriteCalls<NeutronNetwork, NetworkCreate, NetworkUpdate>;
export type SubnetCalls = ReadCalls<NeutronSubnet> &
  WriteCalls<NeutronSubnet, SubnetCreate, SubnetUpdate>;
export type PortCalls = ReadCalls<NeutronPort> & WriteCalls<NeutronPort, PortCreate, PortUpdate>;
export type SecurityGroupCalls = ReadCalls<NeutronSecurityGroup> &
  WriteCalls<NeutronSecurityGroup, SecurityGroupCreate, SecurityGroupUpdate>;
export type SubnetPoolCalls = ReadCalls<NeutronSubnetPool>;

export interface NeutronClient {
  /** The v2.0 API root calls go to. */
  readonly endpoint: string;
  networks: NetworkCalls;
  subnets: SubnetCalls;
  ports: PortCalls;
  securityGroups: SecurityGroupCalls;
  securityGroupRules: SecurityGroupRuleCalls;
  subnetPools: SubnetPoolCalls;
  routers: RouterCalls;
  floatingIps: FloatingIpCalls;
  /** The trunk extension's trunks and their subports. */
  trunks: TrunkCalls;
  /** The qos extension's policies and their rules. */
  qosPolicies: QosPolicyCalls;
  /** Admin › System: agents and default quotas. */
  system: NeutronSystemCalls;
  /** The API extensions this Neutron has (ext-gw-mode, extraroute-atomic, …). */
  extensions(options?: CallOptions): Promise<NeutronExtension[]>;
}

export function createNeutronClient(options: NeutronClientOptions): NeutronClient {
  const endpoint = withVersion(options.endpoint, 'v2.0');
  const http = createServiceHttp({
    service: 'network',
    baseUrl: endpoint,
    token: options.token,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  return {
    endpoint,
    networks: {
      ...readCalls<NeutronNetwork>(http, 'networks', 'network', 'networks'),
      ...writeCalls<NeutronNetwork, NetworkCreate, NetworkUpdate>(http, 'networks', 'network'),
    },
    subnets: {
      ...readCalls<NeutronSubnet>(http, 'subnets', 'subnet', 'subnets'),
      ...writeCalls<NeutronSubnet, SubnetCreate, SubnetUpdate>(http, 'subnets', 'subnet'),
    },
    ports: {
      ...readCalls<NeutronPort>(http, 'ports', 'port', 'ports'),
      ...writeCalls<NeutronPort, PortCreate, PortUpdate>(http, 'ports', 'port'),
    },
    securityGroups: {
      ...readCalls<NeutronSecurityGroup>(
        http,
        'security-groups',
        'security_group',
        'security_groups',
      ),
      ...writeCalls<NeutronSecurityGroup, SecurityGroupCreate, SecurityGroupUpdate>(
        http,
        'security-groups',
        'security_group',
      ),
    },
    securityGroupRules: securityGroupRuleCalls(http),
    subnetPools: readCalls<NeutronSubnetPool>(http, 'subnetpools', 'subnetpool', 'subnetpools'),
    routers: routerCalls(http),
    floatingIps: floatingIpCalls(http),
    trunks: trunkCalls(http),
    qosPolicies: qosPolicyCalls(http),
    system: neutronSystemCalls(http),
    extensions: extensionsCall(http),
  };
}
