import type { CloudContext } from '../../core/service';
import { projects, users } from '../keystone/model';
import { flavors, servers } from '../nova/model';
import { FALLBACK_IMAGE_ID } from '../nova/seedServers';
import { newServerDoc, serverFlavorOf } from '../nova/servers';
import { POWER, VM } from '../nova/serverState';
import { parseCidr } from './ipam';
import { networks, routers } from './model';
import { insertNetwork } from './networks';
import { createPortDoc } from './ports';
import { addInterfaceOnSubnet, insertRouter, setGateway } from './routers';
import { insertSubnet } from './subnets';

/**
 * The topology scale seed (`DEMO_CLOUD_SCALE=topology=2000`, bench:topology): `count` more
 * topology nodes in demo's project, as a busy project's network looks: a tenth networks (each
 * with a /24), one router per forty nodes (gateway on `public`, an interface on each of its
 * networks), the rest ACTIVE instances with one port each, spread over the networks.
 */
export const scaleTopology = (ctx: CloudContext, count: number): void => {
  const { store } = ctx;
  const demo = store.collection(projects).findOne('name', 'demo')?.id;
  const user = store.collection(users).findOne('name', 'demo')?.id;
  const tiny = store.collection(flavors).get('1');
  const pub = store
    .collection(networks)
    .all()
    .find((n) => n.name === 'public' && n.external);
  if (!demo || !user || !tiny || !pub) return;
  const done = Number(store.getMeta('neutron:scale:topology') ?? '0');
  const netCount = Math.max(1, Math.round(count / 10));
  const routerCount = Math.max(1, Math.round(count / 40));
  const serverCount = Math.max(0, count - netCount - routerCount);
  const tag = String(done).padStart(5, '0');

  const made = [];
  for (let i = 0; i < netCount; i++) {
    const k = Math.floor(done / 10) + i;
    const net = insertNetwork(ctx, {
      projectId: demo,
      name: `topo-net-${tag}-${String(i + 1).padStart(4, '0')}`,
    });
    // 10.32.0.0 to 10.63.255.0: clear of the seed's and the networks scale seed's ranges.
    const cidr = parseCidr(`10.${32 + (Math.floor(k / 256) % 32)}.${k % 256}.0/24`);
    if (!cidr) throw new Error('scale seed: bad cidr');
    const subnet = insertSubnet(ctx, {
      projectId: demo,
      network: net,
      name: `topo-subnet-${tag}-${String(i + 1).padStart(4, '0')}`,
      ipVersion: 4,
      cidr,
    });
    made.push({ net, subnet });
  }
  for (let r = 0; r < routerCount; r++) {
    const router = setGateway(
      ctx,
      insertRouter(ctx, { projectId: demo, name: `topo-router-${tag}-${r + 1}` }),
      { network_id: pub.id },
    );
    for (let i = r; i < made.length; i += routerCount) {
      const m = made[i];
      if (m) addInterfaceOnSubnet(ctx, router, m.subnet.id);
    }
    // setGateway answers the router with its gateway; storing it is the caller's part.
    store.collection(routers).put(router);
  }
  const at = ctx.now().toISOString();
  for (let s = 0; s < serverCount; s++) {
    const m = made[s % made.length];
    if (!m) break;
    const server = newServerDoc(ctx, {
      name: `topo-vm-${tag}-${String(s + 1).padStart(5, '0')}`,
      project_id: demo,
      user_id: user,
      flavor: serverFlavorOf(tiny),
      image_id: FALLBACK_IMAGE_ID,
      created_at: at,
      updated_at: at,
      launched_at: at,
      vm_state: VM.ACTIVE,
      task_state: null,
      power_state: POWER.RUNNING,
      host: 'demo-compute-1',
      availability_zone: 'nova',
    });
    store.collection(servers).insert(server);
    createPortDoc(ctx, {
      projectId: demo,
      network: m.net,
      deviceId: server.id,
      deviceOwner: 'compute:nova',
      status: 'ACTIVE',
    });
  }
  store.setMeta('neutron:scale:topology', String(done + count));
};
