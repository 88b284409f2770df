import type { ApplicationCredential, ApplicationCredentialCreateBody } from '@skydeck/contract';
import { api, resourceKey, routeQuery, routeUrl } from '../../api/api';
import { webRoot } from '../../api/http';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** The signed-in user's application credentials (/api/keystone/application-credentials/). */
export const applicationCredentialQueries = {
  all: () => resourceKey('keystone.applicationCredentials'),
  list: () =>
    routeQuery('keystone.applicationCredentials.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve application credentials.') },
    }),
  detail: (id: string) =>
    routeQuery(
      'keystone.applicationCredentials.get',
      { params: { id } },
      {
        meta: {
          errorMessage: msg('Unable to retrieve the application credential.'),
          silentStatuses: [404],
        },
      },
    ),
};

export const applicationCredentialMutations = {
  /** The answer holds the secret: the caller shows it once and keeps it nowhere. */
  create: mutation({
    fn: (body: ApplicationCredentialCreateBody) =>
      api('keystone.applicationCredentials.create', { body }),
    invalidates: [applicationCredentialQueries.all()],
    successMessage: (_d, body) =>
      t(msg('Application credential "{{name}}" was successfully created.'), { name: body.name }),
    errorMessage: msg('Unable to create application credential.'),
    inlineErrors: true,
  }),
};

export async function removeApplicationCredential(
  credential: ApplicationCredential,
): Promise<void> {
  await api('keystone.applicationCredentials.delete', { params: { id: credential.id } });
}

/** Links of the user menu: the server sends these files as downloads of the current project. */
export function openrcHref(): string {
  return `${webRoot()}${routeUrl('keystone.rcFiles.openrc').url}`;
}

export function cloudsYamlHref(): string {
  return `${webRoot()}${routeUrl('keystone.rcFiles.cloudsYaml').url}`;
}
