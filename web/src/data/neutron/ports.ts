import type { Port, PortCreateBody, PortUpdateBody } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { networkQueries } from './networks';

const LIST_FAILED = msg('Unable to retrieve the ports.');

/** Ports (/api/neutron/ports/): the project's, a network's, or an instance's. */
export const portQueries = {
  all: () => resourceKey('neutron.ports'),
  list: () =>
    routeQuery('neutron.ports.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: LIST_FAILED },
    }),
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

export const PORT_CREATED = msg('Port {{name}} was successfully created');
export const PORT_UPDATED = msg('Port {{name}} was successfully updated');

// A port takes an address of its network, so the network's rows (IP use) change with it.
const TOUCHED = [portQueries.all(), networkQueries.all()];

export const portMutations = {
  create: mutation({
    fn: (body: PortCreateBody) => api('neutron.ports.create', { body }),
    invalidates: TOUCHED,
    successMessage: (port) => t(PORT_CREATED, { name: port.name || port.id }),
    errorMessage: msg('Unable to create the port.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: PortUpdateBody }) =>
      api('neutron.ports.update', { params: { id }, body }),
    invalidates: TOUCHED,
    successMessage: (port) => t(PORT_UPDATED, { name: port.name || port.id }),
    errorMessage: msg('Unable to update the port.'),
    inlineErrors: true,
  }),
};

export async function removePort(port: Port): Promise<void> {
  await api('neutron.ports.delete', { params: { id: port.id } });
}
