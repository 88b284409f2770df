import { queryOptions } from '@tanstack/react-query';
import type { Keypair, KeypairCreateBody, KeypairCreated, KeypairList } from '@skydeck/contract';
import { apiFetch } from '../../api/http';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

const itemPath = (name: string): string => `api/nova/keypairs/${encodeURIComponent(name)}`;

/** TanStack key factory + queryOptions (STYLE rule 2) for /api/nova/keypairs/ (spec 2 §7). */
export const keyPairQueries = {
  all: () => ['nova', 'keypairs'] as const,
  list: () =>
    queryOptions({
      queryKey: [...keyPairQueries.all(), 'list'] as const,
      queryFn: ({ signal }) =>
        apiFetch<KeypairList>('api/nova/keypairs/', { signal }).then((r) => r.items),
      meta: { errorMessage: msg('Unable to retrieve the key pairs.') },
    }),
  detail: (name: string) =>
    queryOptions({
      queryKey: [...keyPairQueries.all(), 'detail', name] as const,
      queryFn: ({ signal }) => apiFetch<Keypair>(itemPath(name), { signal }),
      // The details page turns a 404 into not_found itself.
      meta: { errorMessage: msg('Unable to retrieve the key pair.'), silentStatuses: [404] },
    }),
};

export const KEY_PAIR_CREATED = msg('Key pair {{name}} was successfully created');
export const KEY_PAIR_IMPORTED = msg('Successfully imported key pair {{name}}');

export const keyPairMutations = {
  /** Nova generates the pair; the answer carries the private key once. */
  create: mutation({
    fn: (body: Pick<KeypairCreateBody, 'name' | 'key_type'>) =>
      apiFetch<KeypairCreated>('api/nova/keypairs/', { method: 'POST', body }),
    invalidates: [keyPairQueries.all()],
    successMessage: (data) => t(KEY_PAIR_CREATED, { name: data.name }),
    errorMessage: msg('Unable to create the keypair.'),
    inlineErrors: true,
  }),
  import: mutation({
    fn: (body: KeypairCreateBody) =>
      apiFetch<KeypairCreated>('api/nova/keypairs/', { method: 'POST', body }),
    invalidates: [keyPairQueries.all()],
    successMessage: (data) => t(KEY_PAIR_IMPORTED, { name: data.name }),
    errorMessage: msg('Unable to import the keypair.'),
    inlineErrors: true,
  }),
};

/** One delete; the delete action confirms, runs these in parallel and summarises. */
export async function removeKeyPair(kp: Keypair): Promise<void> {
  await apiFetch<unknown>(itemPath(kp.name), { method: 'DELETE' });
}
