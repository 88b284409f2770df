import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import type { AttrMap } from './attributes';
import type { Json } from './http';
import { parseIp } from './ipam';
import { listAnswer } from './listing';
import { ipAllocations, networks, subnets } from './model';
import type { NetworkDoc } from './model';
import { networkNotFound } from './networks';
import { neutronPolicy } from './policy';

const ATTRS: AttrMap = {
  network_id: { filter: true, sort: true },
  network_name: { filter: true },
  tenant_id: { filter: true },
  project_id: { filter: true },
  total_ips: {},
  used_ips: {},
  subnet_ip_availability: {},
  ip_version: { filter: true, visible: false },
};

/** Big counts (an IPv6 /64 holds 2^64 addresses) travel as exact integers, as Python writes them. */
const BIG = '\u0000big:';

const availability = (store: Store, net: NetworkDoc): Json => {
  let total = 0n;
  let used = 0;
  const perSubnet = store
    .collection(subnets)
    .where('network_id', net.id)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((s) => {
      const size = s.allocation_pools.reduce((n, p) => {
        const start = parseIp(p.start)?.value ?? 0n;
        const end = parseIp(p.end)?.value ?? -1n;
        return n + (end - start + 1n);
      }, 0n);
      const usedIps = store.collection(ipAllocations).count('subnet_id', s.id);
      total += size;
      used += usedIps;
      return {
        subnet_id: s.id,
        ip_version: s.ip_version,
        cidr: s.cidr,
        subnet_name: s.name,
        used_ips: usedIps,
        total_ips: `${BIG}${size}`,
      };
    });
  return {
    network_id: net.id,
    network_name: net.name,
    tenant_id: net.project_id,
    project_id: net.project_id,
    subnet_ip_availability: perSubnet,
    used_ips: used,
    total_ips: `${BIG}${total}`,
  };
};

const sendExact = (reply: FastifyReply, body: Json): FastifyReply =>
  reply.type('application/json').send(JSON.stringify(body).replace(/"\\u0000big:(\d+)"/g, '$1'));

export const ipAvailabilityRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const target = (_request: FastifyRequest, net: NetworkDoc): Json => ({
    tenant_id: net.project_id,
    project_id: net.project_id,
    network_id: net.id,
  });

  app.get('/network-ip-availabilities', async (request, reply) => {
    const nets = store.collection(networks).all();
    const items = nets
      .filter((n) => policy.check(request, 'get_network_ip_availability', target(request, n)))
      .map((n) => availability(store, n));
    const ipVersion = (request.query as Record<string, unknown>)['ip_version'];
    const answer = listAnswer(ctx, request, {
      collection: 'network_ip_availabilities',
      attrs: ATTRS,
      items,
      paged: false,
      special: {
        ip_version: (item) =>
          (item['subnet_ip_availability'] as Json[]).some(
            (s) => String(s['ip_version']) === String(ipVersion),
          ),
      },
    });
    return sendExact(reply, answer);
  });

  app.get<{ Params: { id: string } }>('/network-ip-availabilities/:id', async (request, reply) => {
    const net = store.collection(networks).get(request.params.id);
    if (!net) throw networkNotFound(request.params.id);
    policy.enforce(request, 'get_network_ip_availability', target(request, net));
    return sendExact(reply, { network_ip_availability: availability(store, net) });
  });
};
