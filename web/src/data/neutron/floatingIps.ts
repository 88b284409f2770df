import type {
  FloatingIp,
  FloatingIpAllocateBody,
  FloatingIpAssociateBody,
  FloatingIpTargetQuery,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { portQueries } from './ports';

const LIST_FAILED = msg('Unable to retrieve the floating IPs.');

/** Floating IPs (/api/network/floatingip(s)/, spec 2 §7 "Network"). */
export const floatingIpQueries = {
  all: () => resourceKey('network.floatingips'),
  /** The project's own (the project panel), or every project's (the admin panel). */
  list: (allProjects = false) =>
    routeQuery(
      'network.floatingips.list',
      { query: allProjects ? { all_projects: true } : {} },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  detail: (id: string) =>
    routeQuery(
      'network.floatingips.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the floating IP.'), silentStatuses: [404] } },
    ),
  pools: () =>
    routeQuery('network.floatingips.pools', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the floating IP pools.') },
    }),
  /** The port addresses a floating IP can be associated with ("instance: ip"). */
  targets: (query: FloatingIpTargetQuery = {}) =>
    routeQuery(
      'network.floatingips.targets',
      { query },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve the ports.') } },
    ),
};

export const FLOATING_IP_ALLOCATED = msg('Allocated Floating IP {{address}}.');
export const FLOATING_IP_ASSOCIATED = msg(
  'Floating IP {{address}} was associated with {{target}}.',
);
export const FLOATING_IP_DISASSOCIATED = msg('Floating IP {{address}} was disassociated.');

/** What a floating IP's change touches: the lists, and the ports (instances' addresses). */
const TOUCHED = [floatingIpQueries.all(), portQueries.all(), resourceKey('nova.servers')];

export const floatingIpMutations = {
  allocate: mutation({
    fn: (body: FloatingIpAllocateBody) => api('network.floatingips.allocate', { body }),
    invalidates: [floatingIpQueries.all()],
    successMessage: (fip: FloatingIp) =>
      t(FLOATING_IP_ALLOCATED, { address: fip.floating_ip_address }),
    errorMessage: msg('Unable to allocate the floating IP.'),
    inlineErrors: true,
  }),
  associate: mutation({
    fn: (vars: { body: FloatingIpAssociateBody; targetLabel: string }) =>
      api('network.floatingips.associate', { body: vars.body }),
    invalidates: TOUCHED,
    successMessage: (fip: FloatingIp, vars) =>
      t(FLOATING_IP_ASSOCIATED, { address: fip.floating_ip_address, target: vars.targetLabel }),
    errorMessage: msg('Unable to associate the floating IP.'),
    inlineErrors: true,
  }),
  disassociate: mutation({
    fn: (fip: FloatingIp) => api('network.floatingips.associate', { body: { address_id: fip.id } }),
    invalidates: TOUCHED,
    successMessage: (fip: FloatingIp) =>
      t(FLOATING_IP_DISASSOCIATED, { address: fip.floating_ip_address }),
    errorMessage: msg('Unable to disassociate the floating IP.'),
  }),
};

export const FLOATING_IP_TOUCHED = TOUCHED;

export async function releaseFloatingIp(fip: FloatingIp): Promise<void> {
  await api('network.floatingips.release', { params: { id: fip.id } });
}
