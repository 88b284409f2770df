import type { CloudContext } from '../../core/service';
import { projects } from '../keystone/model';
import { seedAgents } from './agents';
import { createFloatingIpDoc } from './floatingIps';
import { parseCidr } from './ipam';
import type { Cidr } from './ipam';
import { routers, subnetPools } from './model';
import type { NetworkDoc } from './model';
import { insertNetwork } from './networks';
import { createPortDoc } from './ports';
import { addQosRule, insertQosPolicy } from './qos';
import { addInterfaceOnSubnet, insertRouter, setGateway } from './routers';
import {
  addSecurityGroupRule,
  createSecurityGroupDoc,
  ensureDefaultSecurityGroup,
} from './securityGroups';
import { insertSubnet } from './subnets';
import type { SubnetSpec } from './subnets';
import { bindSubports, insertTrunk } from './trunks';
import { uuid as newId } from '../../core/ids';
import { newStandardAttrs } from './common';

const SEEDED_KEY = 'neutron:seeded';

const cidr = (text: string): Cidr => {
  const c = parseCidr(text);
  if (!c) throw new Error(`seed: bad cidr ${text}`);
  return c;
};

/**
 * Devstack's networking, so every network panel shows something: the external `public` network
 * with `router1` of demo on it, demo's `private` (IPv4 and IPv6) and `db-net`, an admin `shared-net`,
 * alt_demo's own network, security groups, a floating IP, a subnet pool, a QoS policy, a trunk.
 */
export const seedNeutron = (ctx: CloudContext): void => {
  const { store } = ctx;
  if (store.getMeta(SEEDED_KEY)) return;
  const projectId = (name: string): string =>
    store.collection(projects).findOne('name', name)?.id ?? '';
  const admin = projectId('admin');
  const demo = projectId('demo');
  const altDemo = projectId('alt_demo');
  seedAgents(ctx);
  if (!admin || !demo) {
    store.setMeta(SEEDED_KEY, ctx.now().toISOString());
    return;
  }
  for (const p of [admin, demo, altDemo]) if (p) ensureDefaultSecurityGroup(ctx, p);

  const subnet = (
    net: NetworkDoc,
    spec: Omit<SubnetSpec, 'projectId' | 'network'>,
  ): ReturnType<typeof insertSubnet> =>
    insertSubnet(ctx, { projectId: net.project_id, network: net, ...spec });

  const pub = insertNetwork(ctx, {
    projectId: admin,
    name: 'public',
    external: true,
    provider: { network_type: 'flat', physical_network: 'public', segmentation_id: null },
    isDefault: true,
  });
  subnet(pub, {
    name: 'public-subnet',
    ipVersion: 4,
    cidr: cidr('172.24.4.0/24'),
    gatewayIp: '172.24.4.1',
    allocationPools: [{ start: '172.24.4.2', end: '172.24.4.254' }],
    enableDhcp: false,
  });

  const shared = insertNetwork(ctx, { projectId: admin, name: 'shared-net', shared: true });
  subnet(shared, {
    name: 'shared-subnet',
    ipVersion: 4,
    cidr: cidr('192.168.233.0/24'),
    dnsNameservers: ['8.8.8.8'],
  });

  const priv = insertNetwork(ctx, { projectId: demo, name: 'private' });
  const privV4 = subnet(priv, { name: 'private-subnet', ipVersion: 4, cidr: cidr('10.0.0.0/26') });
  const privV6 = subnet(priv, {
    name: 'ipv6-private-subnet',
    ipVersion: 6,
    cidr: cidr('fd00::/64'),
    ipv6RaMode: 'slaac',
    ipv6AddressMode: 'slaac',
  });
  const db = insertNetwork(ctx, { projectId: demo, name: 'db-net', description: 'Database tier' });
  subnet(db, { name: 'db-subnet', ipVersion: 4, cidr: cidr('10.1.0.0/24') });

  const router = setGateway(ctx, insertRouter(ctx, { projectId: demo, name: 'router1' }), {
    network_id: pub.id,
  });
  addInterfaceOnSubnet(ctx, router, privV4.id);
  addInterfaceOnSubnet(ctx, router, privV6.id);
  store.collection(routers).put({ ...router, revision_number: 3 });

  const web = createSecurityGroupDoc(ctx, {
    projectId: demo,
    name: 'web',
    description: 'HTTP and HTTPS from anywhere',
    stateful: true,
    isDefault: false,
  });
  for (const port of [80, 443]) {
    addSecurityGroupRule(ctx, web, {
      direction: 'ingress',
      ethertype: 'IPv4',
      protocol: 'tcp',
      port_range_min: port,
      port_range_max: port,
      remote_ip_prefix: '0.0.0.0/0',
    });
  }

  createFloatingIpDoc(ctx, { projectId: demo, network: pub, description: 'Spare address' });

  store.collection(subnetPools).insert({
    id: newId(),
    name: 'shared-default-subnetpool-v4',
    project_id: admin,
    prefixes: ['10.200.0.0/16'],
    ip_version: 4,
    default_prefixlen: 26,
    min_prefixlen: 8,
    max_prefixlen: 32,
    default_quota: null,
    shared: true,
    is_default: true,
    address_scope_id: null,
    ...newStandardAttrs(ctx),
  });

  const qos = insertQosPolicy(ctx, {
    projectId: demo,
    name: 'bw-limiter',
    description: 'Caps egress at 10 Mbit/s',
  });
  addQosRule(ctx, qos, 'bandwidth_limit', {
    max_kbps: 10000,
    max_burst_kbps: 8000,
    direction: 'egress',
  });

  const parent = createPortDoc(ctx, { projectId: demo, network: priv, name: 'trunk-parent' });
  const sub = createPortDoc(ctx, { projectId: demo, network: db, name: 'trunk-subport-101' });
  const trunk = insertTrunk(ctx, {
    projectId: demo,
    parent,
    name: 'trunk1',
    subPorts: [{ port_id: sub.id, segmentation_type: 'vlan', segmentation_id: 101 }],
  });
  bindSubports(ctx, trunk);

  if (altDemo) {
    const alt = insertNetwork(ctx, { projectId: altDemo, name: 'alt-private' });
    subnet(alt, { name: 'alt-private-subnet', ipVersion: 4, cidr: cidr('10.2.0.0/24') });
  }
  store.setMeta(SEEDED_KEY, ctx.now().toISOString());
};

/**
 * The benchmark scale seed: `count` more networks in the demo project, each with an IPv4 /24
 * subnet (segmentation ids above the tenant range, so API creates still find free ones).
 */
export const scaleNetworks = (ctx: CloudContext, count: number): void => {
  const demo = ctx.store.collection(projects).findOne('name', 'demo')?.id;
  if (!demo) return;
  const done = Number(ctx.store.getMeta('neutron:scale:networks') ?? '0');
  for (let i = done; i < done + count; i++) {
    const net = insertNetwork(ctx, {
      projectId: demo,
      name: `scale-net-${String(i + 1).padStart(5, '0')}`,
      provider: { network_type: 'vxlan', physical_network: null, segmentation_id: 100000 + i },
    });
    insertSubnet(ctx, {
      projectId: demo,
      network: net,
      name: `scale-subnet-${String(i + 1).padStart(5, '0')}`,
      ipVersion: 4,
      cidr: cidr(`10.${128 + (Math.floor(i / 256) % 128)}.${i % 256}.0/24`),
    });
  }
  ctx.store.setMeta('neutron:scale:networks', String(done + count));
};
