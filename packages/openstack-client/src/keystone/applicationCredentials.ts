import { createServiceHttp } from '../http/serviceHttp';
import { withVersion } from '../http/catalog';
import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { KeystoneClientOptions } from './client';

/** One access rule of a restricted credential: what the credential's token may call. */
export interface AccessRule {
  id?: string;
  service: string;
  method: string;
  path: string;
}

/** Keystone's application credential (`/v3/users/{user_id}/application_credentials`). */
export interface ApplicationCredential {
  id: string;
  name: string;
  description?: string | null;
  user_id?: string;
  project_id: string;
  expires_at?: string | null;
  unrestricted?: boolean | null;
  roles?: { id: string; name: string; domain_id?: string | null }[];
  access_rules?: AccessRule[];
  /** Only in the create answer: Keystone never shows it again. */
  secret?: string;
}

export interface ApplicationCredentialCreate {
  name: string;
  description?: string;
  secret?: string;
  expires_at?: string | null;
  roles?: ({ id: string } | { name: string })[];
  unrestricted?: boolean;
  access_rules?: Omit<AccessRule, 'id'>[];
}

export interface ApplicationCredentialClient {
  list(userId: string, options?: CallOptions): Promise<ApplicationCredential[]>;
  get(userId: string, id: string, options?: CallOptions): Promise<ApplicationCredential>;
  create(
    userId: string,
    body: ApplicationCredentialCreate,
    options?: CallOptions,
  ): Promise<ApplicationCredential>;
  remove(userId: string, id: string, options?: CallOptions): Promise<void>;
}

/**
 * The user-owned application credentials. Kept apart from the admin collections of the
 * Keystone client: every path is under the user, and the create answer carries a secret
 * that no caller may keep.
 */
export function createApplicationCredentialClient(
  options: KeystoneClientOptions,
): ApplicationCredentialClient {
  const http = createServiceHttp({
    service: 'identity',
    baseUrl: withVersion(options.authUrl, 'v3'),
    token: options.token,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  return {
    async list(userId, call = {}) {
      const answer = await http.json<{ application_credentials: ApplicationCredential[] }>({
        ...call,
        path: urlPath`users/${userId}/application_credentials`,
      });
      return answer.application_credentials;
    },
    async get(userId, id, call = {}) {
      const answer = await http.json<{ application_credential: ApplicationCredential }>({
        ...call,
        path: urlPath`users/${userId}/application_credentials/${id}`,
      });
      return answer.application_credential;
    },
    async create(userId, body, call = {}) {
      const answer = await http.json<{ application_credential: ApplicationCredential }>({
        ...call,
        method: 'POST',
        path: urlPath`users/${userId}/application_credentials`,
        json: { application_credential: body },
      });
      return answer.application_credential;
    },
    async remove(userId, id, call = {}) {
      await http.json<unknown>({
        ...call,
        method: 'DELETE',
        path: urlPath`users/${userId}/application_credentials/${id}`,
      });
    },
  };
}
