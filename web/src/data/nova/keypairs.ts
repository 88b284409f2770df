import type { Keypair, KeypairCreateBody } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** Key pairs (/api/nova/keypairs/, spec 2 §7): the one owner of their query keys. */
export const keyPairQueries = {
  all: () => resourceKey('nova.keypairs'),
  list: () =>
    routeQuery('nova.keypairs.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the key pairs.') },
    }),
  detail: (name: string) =>
    routeQuery(
      'nova.keypairs.get',
      { params: { name } },
      // The details page turns a 404 into not_found itself.
      { meta: { errorMessage: msg('Unable to retrieve the key pair.'), silentStatuses: [404] } },
    ),
};

export const KEY_PAIR_CREATED = msg('Key pair {{name}} was successfully created');
export const KEY_PAIR_IMPORTED = msg('Successfully imported key pair {{name}}');

export const keyPairMutations = {
  /** Nova generates the pair; the answer carries the private key once. */
  create: mutation({
    fn: (body: Pick<KeypairCreateBody, 'name' | 'key_type'>) =>
      api('nova.keypairs.create', { body }),
    invalidates: [keyPairQueries.all()],
    successMessage: (data) => t(KEY_PAIR_CREATED, { name: data.name }),
    errorMessage: msg('Unable to create the keypair.'),
    inlineErrors: true,
  }),
  import: mutation({
    fn: (body: KeypairCreateBody) => api('nova.keypairs.create', { body }),
    invalidates: [keyPairQueries.all()],
    successMessage: (data) => t(KEY_PAIR_IMPORTED, { name: data.name }),
    errorMessage: msg('Unable to import the keypair.'),
    inlineErrors: true,
  }),
};

/** One delete; the delete action confirms, runs these in parallel and summarises. */
export async function removeKeyPair(kp: Keypair): Promise<void> {
  await api('nova.keypairs.delete', { params: { name: kp.name } });
}
