import { resourceKey, routeQuery } from '../../api/api';
import { msg } from '../../i18n/msg';

/** Subnet pools (/api/neutron/subnetpools/): where a subnet may take its address from. */
export const subnetPoolQueries = {
  all: () => resourceKey('neutron.subnetpools'),
  list: () =>
    routeQuery('neutron.subnetpools.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the subnet pools.') },
    }),
};
