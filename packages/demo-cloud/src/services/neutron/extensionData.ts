/**
 * The extensions neutron-server 21 (Zed) lists with ML2 and the router, qos and trunk service plugins,
 * less those whose resources or behaviour the demo cloud does not serve (RBAC, address groups,
 * flavors, If-Match revision constraints, ...).
 */
export const EXTENSIONS: ReadonlyArray<{
  readonly alias: string;
  readonly name: string;
  readonly description: string;
  readonly updated: string;
}> = [
  {
    alias: 'address-scope',
    name: 'Address scope',
    description: 'Address scopes extension.',
    updated: '2015-07-26T10:00:00-00:00',
  },
  {
    alias: 'router-admin-state-down-before-update',
    name: "Enforce Router's Admin State Down Before Update Extension",
    description:
      'Ensure that the admin state of a router is DOWN (admin_state_up=False) before updating the distributed attribute',
    updated: '2019-07-02T15:56:00',
  },
  {
    alias: 'agent',
    name: 'agent',
    description: 'The agent management extension.',
    updated: '2013-02-03T10:00:00-00:00',
  },
  {
    alias: 'agent-resources-synced',
    name: "Agent's Resource View Synced to Placement",
    description: 'Stores success/failure of last sync to Placement',
    updated: '2018-12-19T00:00:00-00:00',
  },
  {
    alias: 'allowed-address-pairs',
    name: 'Allowed Address Pairs',
    description: 'Provides allowed address pairs',
    updated: '2013-07-23T10:00:00-00:00',
  },
  {
    alias: 'availability_zone',
    name: 'Availability Zone',
    description: 'The availability zone extension.',
    updated: '2015-01-01T10:00:00-00:00',
  },
  {
    alias: 'availability_zone_filter',
    name: 'Availability Zone Filter Extension',
    description: 'Add filter parameters to AvailabilityZone resource',
    updated: '2018-06-22T10:00:00-00:00',
  },
  {
    alias: 'default-subnetpools',
    name: 'Default Subnetpools',
    description: 'Provides ability to mark and use a subnetpool as the default.',
    updated: '2016-02-18T18:00:00-00:00',
  },
  {
    alias: 'dvr',
    name: 'Distributed Virtual Router',
    description: 'Enables configuration of Distributed Virtual Routers.',
    updated: '2014-06-1T10:00:00-00:00',
  },
  {
    alias: 'empty-string-filtering',
    name: 'Empty String Filtering Extension',
    description: 'Allow filtering by attributes with empty string value',
    updated: '2018-05-01T10:00:00-00:00',
  },
  {
    alias: 'external-net',
    name: 'Neutron external network',
    description: 'Adds external network attribute to network resource.',
    updated: '2013-01-14T10:00:00-00:00',
  },
  {
    alias: 'extra_dhcp_opt',
    name: 'Neutron Extra DHCP options',
    description:
      'Extra options configuration for DHCP. For example PXE boot options to DHCP clients can be specified (e.g. tftp-server, server-ip-address, bootfile-name)',
    updated: '2013-03-17T12:00:00-00:00',
  },
  {
    alias: 'extraroute',
    name: 'Neutron Extra Route',
    description: 'Extra routes configuration for L3 router',
    updated: '2013-02-01T10:00:00-00:00',
  },
  {
    alias: 'extraroute-atomic',
    name: 'Atomically add/remove extra routes',
    description:
      'Edit extra routes of a router on server side by atomically adding/removing extra routes',
    updated: '2019-07-10T00:00:00+00:00',
  },
  {
    alias: 'filter-validation',
    name: 'Filter parameters validation',
    description: 'Provides validation on filter parameters.',
    updated: '2018-07-04T10:00:00-00:00',
  },
  {
    alias: 'fip-port-details',
    name: 'Floating IP Port Details Extension',
    description: 'Add port_details attribute to Floating IP resource',
    updated: '2018-04-09T10:00:00-00:00',
  },
  {
    alias: 'floatingip-pools',
    name: 'Floating IP Pools Extension',
    description: 'Provides a floating IP pools API.',
    updated: '2018-03-21T10:00:00-00:00',
  },
  {
    alias: 'ip-substring-filtering',
    name: 'IP address substring filtering',
    description: 'Provides IP address substring filtering when listing ports',
    updated: '2017-11-28T09:00:00-00:00',
  },
  {
    alias: 'router',
    name: 'Neutron L3 Router',
    description:
      'Router abstraction for basic L3 forwarding between L2 Neutron networks and access to external networks via a NAT gateway.',
    updated: '2012-07-20T10:00:00-00:00',
  },
  {
    alias: 'ext-gw-mode',
    name: 'Neutron L3 Configurable external gateway mode',
    description:
      'Extension of the router abstraction for specifying whether SNAT should occur on the external gateway',
    updated: '2013-03-28T10:00:00-00:00',
  },
  {
    alias: 'l3-ha',
    name: 'HA Router extension',
    description: 'Adds HA capability to routers.',
    updated: '2014-04-26T00:00:00-00:00',
  },
  {
    alias: 'l3-port-ip-change-not-allowed',
    name: 'Prevent L3 router ports IP address change extension',
    description: 'Prevent change of IP address for some L3 router ports',
    updated: '2018-10-09T10:00:00-00:00',
  },
  {
    alias: 'multi-provider',
    name: 'Multi Provider Network',
    description: 'Expose mapping of virtual networks to multiple physical networks',
    updated: '2013-06-27T10:00:00-00:00',
  },
  {
    alias: 'net-mtu',
    name: 'Network MTU',
    description: 'Provides MTU attribute for a network resource.',
    updated: '2015-03-25T10:00:00-00:00',
  },
  {
    alias: 'net-mtu-writable',
    name: 'Network MTU (writable)',
    description: 'Provides a writable MTU attribute for a network resource.',
    updated: '2017-07-12T00:00:00-00:00',
  },
  {
    alias: 'network_availability_zone',
    name: 'Network Availability Zone',
    description: 'Availability zone support for network.',
    updated: '2015-01-01T10:00:00-00:00',
  },
  {
    alias: 'network-ip-availability',
    name: 'Network IP Availability',
    description: 'Provides IP availability data for each network and subnet.',
    updated: '2015-09-24T00:00:00-00:00',
  },
  {
    alias: 'pagination',
    name: 'Pagination support',
    description: 'Extension that indicates that pagination is enabled.',
    updated: '2016-06-12T00:00:00-00:00',
  },
  {
    alias: 'port-device-profile',
    name: 'Port device profile',
    description: 'Expose the port device profile (Cyborg)',
    updated: '2020-12-17T10:00:00-00:00',
  },
  {
    alias: 'port-mac-override',
    name: 'Neutron Port MAC address override',
    description:
      'Allow overriding the MAC address of a direct-physical Port via the active binding profile',
    updated: '2022-03-18T10:00:00-00:00',
  },
  {
    alias: 'port-mac-address-regenerate',
    name: 'Neutron Port MAC address regenerate',
    description: 'Network port MAC address regenerate',
    updated: '2018-05-03T10:00:00-00:00',
  },
  {
    alias: 'port-numa-affinity-policy',
    name: 'Port NUMA affinity policy',
    description: 'Expose the port NUMA affinity policy',
    updated: '2020-07-08T10:00:00-00:00',
  },
  {
    alias: 'port-resource-request',
    name: 'Port Resource Request',
    description: 'Expose resource request to Port',
    updated: '2018-05-08T10:00:00-00:00',
  },
  {
    alias: 'port-resource-request-groups',
    name: 'Port Resource Request Groups',
    description:
      'Support requesting multiple groups of resources and traits from the same RP subtree in resource_request',
    updated: '2021-08-02T10:00:00-00:00',
  },
  {
    alias: 'binding',
    name: 'Port Binding',
    description: 'Expose port bindings of a virtual port to external application',
    updated: '2014-02-03T10:00:00-00:00',
  },
  {
    alias: 'port-security',
    name: 'Port Security',
    description: 'Provides port security',
    updated: '2012-07-23T10:00:00-00:00',
  },
  {
    alias: 'project-id',
    name: 'project_id field enabled',
    description: 'Extension that indicates that project_id field is enabled.',
    updated: '2016-09-09T09:09:09-09:09',
  },
  {
    alias: 'provider',
    name: 'Provider Network',
    description: 'Expose mapping of virtual networks to physical networks',
    updated: '2012-09-07T10:00:00-00:00',
  },
  {
    alias: 'qos',
    name: 'Quality of Service',
    description: 'The Quality of Service extension.',
    updated: '2015-06-08T10:00:00-00:00',
  },
  {
    alias: 'qos-bw-limit-direction',
    name: 'Direction for QoS bandwidth limit rule',
    description:
      'Allow to configure QoS bandwidth limit rule with specific direction: ingress or egress',
    updated: '2017-04-10T10:00:00-00:00',
  },
  {
    alias: 'qos-bw-minimum-ingress',
    name: 'Ingress direction for QoS minimum bandwidth rule',
    description: 'Allow to configure QoS minumum bandwidth rule with ingress direction.',
    updated: '2018-07-09T10:00:00-00:00',
  },
  {
    alias: 'qos-default',
    name: 'QoS default policy',
    description: 'Expose the QoS default policy per project',
    updated: '2017-041-06T10:00:00-00:00',
  },
  {
    alias: 'qos-fip',
    name: 'Floating IP QoS',
    description: 'The floating IP Quality of Service extension',
    updated: '2017-07-20T00:00:00-00:00',
  },
  {
    alias: 'qos-gateway-ip',
    name: 'Router gateway IP QoS',
    description: 'The Router gateway IP Quality of Service extension',
    updated: '2018-02-24T00:00:00-00:00',
  },
  {
    alias: 'qos-port-network-policy',
    name: 'QoS port network policy ID',
    description: 'Adds a the QoS network ID to the port definition',
    updated: '2019-11-01T10:00:00-00:00',
  },
  {
    alias: 'qos-pps-minimum',
    name: 'QoS minimum packet rate rule',
    description: 'Allow to configure QoS minimum packet rate rule.',
    updated: '2021-07-14T10:00:00-00:00',
  },
  {
    alias: 'qos-pps-minimum-rule-alias',
    name: 'QoS minimum packet rate rule alias',
    description:
      'API to enable GET, PUT and DELETE operations on QoS minimum packet rate rule without specifying policy ID',
    updated: '2021-10-22T10:00:00-00:00',
  },
  {
    alias: 'qos-pps',
    name: 'QoS Rule Type Packet per Second Extension',
    description: 'Add QoS Rule Type Packet per Second',
    updated: '2021-05-12T10:00:00-00:00',
  },
  {
    alias: 'qos-rule-type-details',
    name: 'Details of QoS rule types',
    description: 'Expose details about QoS rule types supported by loaded backend drivers',
    updated: '2017-06-22T10:00:00-00:00',
  },
  {
    alias: 'qos-rule-type-filter',
    name: 'Allow to filter the list of QoS rule types',
    description:
      'Allows to filter the QoS rule type list adding two new flags. "all_rules" prints all implemented QoS rule types."all_supported" prints all supported QoS rule types by the loaded mechanism drivers',
    updated: '2022-02-02T10:00:00-00:00',
  },
  {
    alias: 'qos-rules-alias',
    name: 'Quality of Service rules alias API',
    description:
      'API to enable GET, PUT and DELETE operations on QoS policy rules without specifying policy ID',
    updated: '2018-10-07T10:00:00-00:00',
  },
  {
    alias: 'quota-check-limit',
    name: 'Quota engine limit check',
    description: 'Support for checking the resource usage before applying a new quota limit',
    updated: '2021-09-08T16:00:00-00:00',
  },
  {
    alias: 'quotas',
    name: 'Quota management support',
    description: 'Expose functions for quotas management per project',
    updated: '2012-07-29T10:00:00-00:00',
  },
  {
    alias: 'quota_details',
    name: 'Quota details management support',
    description: 'Expose functions for quotas usage statistics per project',
    updated: '2017-02-10T10:00:00-00:00',
  },

  {
    alias: 'standard-attr-revisions',
    name: 'Resource revision numbers',
    description: 'This extension will display the revision number of neutron resources.',
    updated: '2016-04-11T10:00:00-00:00',
  },
  {
    alias: 'router_availability_zone',
    name: 'Router Availability Zone',
    description: 'Availability zone support for router.',
    updated: '2015-01-01T10:00:00-00:00',
  },
  {
    alias: 'security-groups-normalized-cidr',
    name: 'Normalized CIDR field for security group rules',
    description: 'Add new field with normalized remote_ip_prefix cidr in SG rule',
    updated: '2020-07-28T10:00:00-00:00',
  },
  {
    alias: 'port-security-groups-filtering',
    name: 'Port filtering on security groups',
    description: 'Provides security groups filtering when listing ports',
    updated: '2018-01-09T09:00:00-00:00',
  },
  {
    alias: 'security-groups-remote-address-group',
    name: 'Remote address group id field for security group rules',
    description: 'Add new field of remote address group id in SG rules',
    updated: '2020-08-25T10:00:00-00:00',
  },
  {
    alias: 'security-groups-shared-filtering',
    name: 'Security group filtering on the shared field',
    description: 'Support filtering security groups on the shared field',
    updated: '2021-10-05T09:00:00-00:00',
  },
  {
    alias: 'security-group',
    name: 'security-group',
    description: 'The security groups extension.',
    updated: '2012-10-05T10:00:00-00:00',
  },
  {
    alias: 'sorting',
    name: 'Sorting support',
    description: 'Extension that indicates that sorting is enabled.',
    updated: '2016-06-12T00:00:00-00:00',
  },
  {
    alias: 'standard-attr-description',
    name: 'standard-attr-description',
    description: 'Extension to add descriptions to standard attributes',
    updated: '2016-02-10T10:00:00-00:00',
  },
  {
    alias: 'stateful-security-group',
    name: 'Stateful security group',
    description: 'Indicates if the security group is stateful or not',
    updated: '2019-11-26T09:00:00-00:00',
  },
  {
    alias: 'subnet-service-types',
    name: 'Subnet service types',
    description: 'Provides ability to set the subnet service_types field',
    updated: '2016-03-15T18:00:00-00:00',
  },
  {
    alias: 'subnet_allocation',
    name: 'Subnet Allocation',
    description: 'Enables allocation of subnets from a subnet pool',
    updated: '2015-03-30T10:00:00-00:00',
  },
  {
    alias: 'subnetpool-prefix-ops',
    name: 'Subnet Pool Prefix Operations',
    description: 'Provides support for adjusting the prefix list of subnet pools',
    updated: '2019-02-08T10:00:00-00:00',
  },
  {
    alias: 'standard-attr-tag',
    name: 'Tag support for resources with standard attribute: port, subnet, subnetpool, network, security_group, router, floatingip, policy, trunk, network_segment_range',
    description: 'Enables to set tag on resources with standard attribute.',
    updated: '2017-01-01T00:00:00-00:00',
  },
  {
    alias: 'standard-attr-timestamp',
    name: 'Resource timestamps',
    description:
      'Adds created_at and updated_at fields to all Neutron resources that have Neutron standard attributes.',
    updated: '2016-09-12T10:00:00-00:00',
  },
  {
    alias: 'trunk',
    name: 'Trunk Extension',
    description: 'Provides support for trunk ports',
    updated: '2016-01-01T10:00:00-00:00',
  },
  {
    alias: 'trunk-details',
    name: 'Trunk port details',
    description: 'Expose trunk port details',
    updated: '2016-01-01T10:00:00-00:00',
  },
];
