import { withVersion } from '../http/catalog';
import { readBody, request } from '../http/request';
import type { CallOptions, FetchLike } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';
import type { TokenBody, TokenResponse } from './types';

export type DomainRef = { id: string } | { name: string };

export type ProjectScope =
  { id: string } | { name: string; domainName?: string; domainId?: string };

export type AuthScope =
  | { project: ProjectScope }
  | { domain: DomainRef }
  | { system: { all: true } }
  /** Ask explicitly for an unscoped token, even if the user has a default project. */
  | 'unscoped';

export interface AuthResult {
  /** The `X-Subject-Token` header: the token to send as `X-Auth-Token`. */
  token: string;
  body: TokenBody;
}

interface AuthCommon extends CallOptions {
  /** Keystone v3 URL, e.g. `http://host/identity/v3`; an unversioned URL gets `/v3`. */
  authUrl: string;
  /** Omitted: Keystone's default (the user's default project, if any). */
  scope?: AuthScope;
  fetch?: FetchLike;
}

export interface PasswordAuthOptions extends AuthCommon {
  username: string;
  password: string;
  /** With neither domain option, the user is looked up in the `default` domain (by id). */
  userDomainName?: string;
  userDomainId?: string;
}

export interface TokenAuthOptions extends AuthCommon {
  token: string;
}

export async function authenticatePassword(options: PasswordAuthOptions): Promise<AuthResult> {
  const userDomain = domainRef(options.userDomainId, options.userDomainName);
  return issueToken(options, {
    methods: ['password'],
    password: {
      user: { name: options.username, domain: userDomain, password: options.password },
    },
  });
}

/** Exchange a token for another one, typically to rescope to a project or domain. */
export async function authenticateToken(options: TokenAuthOptions): Promise<AuthResult> {
  return issueToken(options, { methods: ['token'], token: { id: options.token } });
}

/** `GET /auth/tokens`: the body of another token, with the caller's token authorising. */
export async function validateToken(
  http: ServiceHttp,
  subjectToken: string,
  options: CallOptions & { nocatalog?: boolean; allowExpired?: boolean } = {},
): Promise<TokenBody> {
  const { nocatalog, allowExpired, ...call } = options;
  const answer = await http.json<TokenResponse>({
    ...call,
    path: 'auth/tokens',
    query: {
      nocatalog: nocatalog ? 'true' : undefined,
      allow_expired: allowExpired ? 1 : undefined,
    },
    headers: { ...call.headers, 'X-Subject-Token': subjectToken },
  });
  return answer.token;
}

export async function revokeToken(
  http: ServiceHttp,
  subjectToken: string,
  options: CallOptions = {},
): Promise<void> {
  await http.json<unknown>({
    ...options,
    method: 'DELETE',
    path: 'auth/tokens',
    headers: { ...options.headers, 'X-Subject-Token': subjectToken },
  });
}

async function issueToken(options: AuthCommon, identity: unknown): Promise<AuthResult> {
  const auth: Record<string, unknown> = { identity };
  const scope = options.scope === undefined ? undefined : scopeBody(options.scope, options);
  if (scope !== undefined) auth['scope'] = scope;

  const response = await request({
    service: 'identity',
    baseUrl: withVersion(options.authUrl, 'v3'),
    path: 'auth/tokens',
    method: 'POST',
    json: { auth },
    fetch: options.fetch,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    headers: options.headers,
    raw: true,
  });
  const token = response.headers.get('x-subject-token');
  const body = (await readBody(response)) as Partial<TokenResponse> | undefined;
  if (!token || !body?.token) {
    throw new Error('Keystone answered the token request without a token');
  }
  return { token, body: body.token };
}

function scopeBody(scope: AuthScope, options: AuthCommon): unknown {
  if (scope === 'unscoped') return 'unscoped';
  if ('system' in scope) return { system: { all: true } };
  if ('domain' in scope) return { domain: scope.domain };
  const project = scope.project;
  if ('id' in project) return { project: { id: project.id } };
  // A project name is only unique inside its domain; default to the user's own domain.
  const domain =
    project.domainId !== undefined || project.domainName !== undefined
      ? domainRef(project.domainId, project.domainName)
      : defaultProjectDomain(options);
  return { project: { name: project.name, domain } };
}

function defaultProjectDomain(options: AuthCommon): DomainRef {
  const password = options as Partial<PasswordAuthOptions>;
  return domainRef(password.userDomainId, password.userDomainName);
}

function domainRef(id: string | undefined, name: string | undefined): DomainRef {
  if (id !== undefined) return { id };
  if (name !== undefined) return { name };
  return { id: 'default' };
}
