import type { QuotaLimit } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { msg, type Msg } from '../../i18n/msg';

/** The three services a project's quotas live in, as the Quotas step groups them. */
export type QuotaKind = 'compute' | 'volume' | 'network';

interface KindRoutes {
  get: 'nova.quotas.get' | 'cinder.quotas.get' | 'neutron.quotas.get';
  update: 'nova.quotas.update' | 'cinder.quotas.update' | 'neutron.quotas.update';
  prefix: string;
  failed: Msg;
}

const ROUTES: Record<QuotaKind, KindRoutes> = {
  compute: {
    get: 'nova.quotas.get',
    update: 'nova.quotas.update',
    prefix: 'nova.quotas',
    failed: msg('Unable to retrieve compute quotas.'),
  },
  volume: {
    get: 'cinder.quotas.get',
    update: 'cinder.quotas.update',
    prefix: 'cinder.quotas',
    failed: msg('Unable to retrieve volume quotas.'),
  },
  network: {
    get: 'neutron.quotas.get',
    update: 'neutron.quotas.update',
    prefix: 'neutron.quotas',
    failed: msg('Unable to retrieve network quotas.'),
  },
};

/** A project's limits of one kind (admin). */
export const projectQuotaQuery = (kind: QuotaKind, projectId: string) =>
  routeQuery(
    ROUTES[kind].get,
    { params: { projectId } },
    { map: (r): QuotaLimit[] => r.items, meta: { errorMessage: ROUTES[kind].failed } },
  );

export const projectQuotaKey = (kind: QuotaKind) => resourceKey(ROUTES[kind].prefix);

/** Changes the given limits of a project; the service's 400 (below usage…) is thrown as is. */
export async function updateProjectQuotas(
  kind: QuotaKind,
  projectId: string,
  body: Record<string, number>,
): Promise<void> {
  await api(ROUTES[kind].update, { params: { projectId }, body });
}
