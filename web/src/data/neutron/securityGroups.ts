import { resourceKey, routeQuery } from '../../api/api';
import { msg } from '../../i18n/msg';

/** Security groups (/api/neutron/securitygroups/), read-only for now: the project's own. */
export const securityGroupQueries = {
  all: () => resourceKey('neutron.securitygroups'),
  list: () =>
    routeQuery('neutron.securitygroups.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the security groups.') },
    }),
  detail: (id: string) =>
    routeQuery(
      'neutron.securitygroups.get',
      { params: { id } },
      {
        meta: {
          errorMessage: msg('Unable to retrieve the security group.'),
          silentStatuses: [404],
        },
      },
    ),
};
