import { resourceKey, routeQuery } from '../../api/api';
import { msg } from '../../i18n/msg';

const LIST_FAILED = msg('Unable to retrieve the ports.');

/** Ports (/api/neutron/ports/), read-only for now: a network's, or an instance's. */
export const portQueries = {
  all: () => resourceKey('neutron.ports'),
  ofNetwork: (networkId: string) =>
    routeQuery(
      'neutron.ports.list',
      { query: { network_id: networkId } },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  ofDevice: (deviceId: string) =>
    routeQuery(
      'neutron.ports.list',
      { query: { device_id: deviceId } },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  detail: (id: string) =>
    routeQuery(
      'neutron.ports.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the port.'), silentStatuses: [404] } },
    ),
};
