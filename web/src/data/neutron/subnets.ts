import type { Subnet, SubnetCreateBody, SubnetUpdateBody } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { networkQueries } from './networks';

/** Subnets (/api/neutron/subnets/): a network's, for its details page and forms. */
export const subnetQueries = {
  all: () => resourceKey('neutron.subnets'),
  ofNetwork: (networkId: string) =>
    routeQuery(
      'neutron.subnets.list',
      { query: { network_id: networkId } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve the subnets.') } },
    ),
  detail: (id: string) =>
    routeQuery(
      'neutron.subnets.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the subnet.'), silentStatuses: [404] } },
    ),
};

export const SUBNET_CREATED = msg('Subnet {{name}} was successfully created');
export const SUBNET_UPDATED = msg('Subnet {{name}} was successfully updated');

// A network row shows its subnets' names and CIDRs: both lists change with a subnet.
const INVALIDATES = [subnetQueries.all(), networkQueries.all()];

export const subnetMutations = {
  create: mutation({
    fn: (body: SubnetCreateBody) => api('neutron.subnets.create', { body }),
    invalidates: INVALIDATES,
    successMessage: (subnet) => t(SUBNET_CREATED, { name: subnet.name || subnet.cidr }),
    errorMessage: msg('Unable to create the subnet.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: SubnetUpdateBody }) =>
      api('neutron.subnets.update', { params: { id }, body }),
    invalidates: INVALIDATES,
    successMessage: (subnet) => t(SUBNET_UPDATED, { name: subnet.name || subnet.cidr }),
    errorMessage: msg('Unable to update the subnet.'),
    inlineErrors: true,
  }),
};

export const SUBNET_INVALIDATES = INVALIDATES;

export async function removeSubnet(subnet: Subnet): Promise<void> {
  await api('neutron.subnets.delete', { params: { id: subnet.id } });
}
