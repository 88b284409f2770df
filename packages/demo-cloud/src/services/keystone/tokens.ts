import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext, Ref, TokenResolver } from '../../core/auth';
import { callerOf } from '../../core/auth';
import { Fault } from '../../core/faults';
import { auditId } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { keystoneTime } from '../../core/time';
import type { Store } from '../../store/store';
import { usableApplicationCredential } from './applicationCredentials';
import { renderCatalog } from './catalog';
import { domainsOfUser, effectiveRoles, projectsOfUser } from './effectiveRoles';
import {
  expectingFault,
  isObject,
  listLinks,
  notFoundFault,
  schemaFault,
  unauthorizedFault,
} from './http';
import type { Json } from './http';
import { SYSTEM_ALL, applicationCredentials, domains, projects, tokens, users } from './model';
import type { ApplicationCredentialDoc, DomainDoc, ProjectDoc, TokenDoc, UserDoc } from './model';
import { verifyPassword } from './passwords';
import { domainView, projectView } from './views';

const tokenKey = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Looks like a Fernet token (that prefix is a Fernet version byte plus timestamp), carries nothing. */
const newTokenString = (): string => `gAAAAAB${randomBytes(135).toString('base64url')}`;

const ref = (doc: { id: string; name: string }): Ref => ({ id: doc.id, name: doc.name });

/** A usable user: exists, enabled, in an enabled domain. */
const activeUser = (
  store: Store,
  userId: string,
): { user: UserDoc; domain: DomainDoc } | undefined => {
  const user = store.collection(users).get(userId);
  if (!user?.enabled) return undefined;
  const domain = store.collection(domains).get(user.domain_id);
  if (!domain?.enabled) return undefined;
  return { user, domain };
};

const activeProject = (
  store: Store,
  projectId: string,
): { project: ProjectDoc; domain: DomainDoc } | undefined => {
  const project = store.collection(projects).get(projectId);
  if (!project?.enabled) return undefined;
  const domain = store.collection(domains).get(project.domain_id);
  if (!domain?.enabled) return undefined;
  return { project, domain };
};

/** Rebuilds what a stored token means now: roles, disabled users and projects are read at each use. */
const contextOf = (
  store: Store,
  doc: TokenDoc,
  tokenId: string,
  now: Date,
): AuthContext | undefined => {
  if (doc.revoked || Date.parse(doc.expires_at) <= now.getTime()) return undefined;
  const active = activeUser(store, doc.user_id);
  if (!active) return undefined;
  const user = {
    ...ref(active.user),
    domain: ref(active.domain),
    password_expires_at: active.user.password_expires_at,
  };
  const base = {
    tokenId,
    methods: doc.methods,
    user,
    issuedAt: new Date(doc.issued_at),
    expiresAt: new Date(doc.expires_at),
    auditIds: doc.audit_ids,
  };
  if (doc.project_id) {
    const scope = activeProject(store, doc.project_id);
    if (!scope) return undefined;
    let held = effectiveRoles(store, doc.user_id, { projectId: doc.project_id });
    if (doc.application_credential_id) {
      // A credential's token carries only the credential's roles the user still holds.
      const credential = usableApplicationCredential(store, doc.application_credential_id, now);
      if (!credential) return undefined;
      held = held.filter((r) => credential.role_ids.includes(r.id));
    }
    const roles = held.map(ref);
    if (roles.length === 0) return undefined;
    return { ...base, project: { ...ref(scope.project), domain: ref(scope.domain) }, roles };
  }
  if (doc.domain_id) {
    const domain = store.collection(domains).get(doc.domain_id);
    if (!domain?.enabled) return undefined;
    const roles = effectiveRoles(store, doc.user_id, { domainId: doc.domain_id }).map(ref);
    if (roles.length === 0) return undefined;
    return { ...base, domain: ref(domain), roles };
  }
  if (doc.system) {
    const roles = effectiveRoles(store, doc.user_id, { system: 'all' }).map(ref);
    if (roles.length === 0) return undefined;
    return { ...base, system: 'all', roles };
  }
  return { ...base, roles: [] };
};

export const createTokenResolver =
  (store: Store, now: () => Date): TokenResolver =>
  (token) => {
    const doc = store.collection(tokens).get(tokenKey(token));
    return doc ? contextOf(store, doc, token, now()) : undefined;
  };

/** Makes every live token of a user unusable (password change, disable, delete). */
export const revokeUserTokens = (store: Store, userId: string): void => {
  const col = store.collection(tokens);
  for (const doc of col.where('user_id', userId)) {
    if (!doc.revoked) col.put({ ...doc, revoked: true });
  }
};

export const renderToken = (
  ctx: CloudContext,
  request: FastifyRequest,
  auth: AuthContext,
  withCatalog: boolean,
): Json => {
  const token: Json = {
    methods: auth.methods,
    user: auth.user,
    audit_ids: auth.auditIds,
    expires_at: keystoneTime(auth.expiresAt),
    issued_at: keystoneTime(auth.issuedAt),
  };
  if (auth.project) {
    token['project'] = auth.project;
    token['is_domain'] = false;
  }
  if (auth.domain) token['domain'] = auth.domain;
  if (auth.system) token['system'] = { [auth.system]: true };
  if (auth.project || auth.domain || auth.system) {
    token['roles'] = auth.roles;
    const credentialId = auth.methods.includes('application_credential')
      ? ctx.store.collection(tokens).get(tokenKey(auth.tokenId))?.application_credential_id
      : undefined;
    const credential = credentialId
      ? ctx.store.collection(applicationCredentials).get(credentialId)
      : undefined;
    if (credential) {
      token['application_credential'] = {
        id: credential.id,
        name: credential.name,
        restricted: !credential.unrestricted,
      };
    }
    if (withCatalog) token['catalog'] = renderCatalog(ctx, request, auth.project?.id);
  }
  return { token };
};

type Scope =
  | { kind: 'system' }
  | { kind: 'unscoped' }
  | { kind: 'project'; id: string }
  | { kind: 'domain'; id: string }
  | { kind: 'default' };

const findDomain = (store: Store, spec: unknown, path: string): DomainDoc | undefined => {
  if (!isObject(spec)) throw expectingFault('domain', path);
  if (typeof spec['id'] === 'string') return store.collection(domains).get(spec['id']);
  if (typeof spec['name'] === 'string')
    return store.collection(domains).findOne('name', spec['name']);
  throw expectingFault('id or name', 'domain');
};

const parseScope = (store: Store, scope: unknown): Scope => {
  if (scope === undefined) return { kind: 'default' };
  if (scope === 'unscoped') return { kind: 'unscoped' };
  if (!isObject(scope))
    throw schemaFault(
      'auth/scope',
      `${JSON.stringify(scope)} is not valid under any of the given schemas`,
    );
  const project = scope['project'];
  if (project !== undefined) {
    if (!isObject(project)) throw expectingFault('project', 'scope');
    if (typeof project['id'] === 'string') return { kind: 'project', id: project['id'] };
    if (typeof project['name'] !== 'string') throw expectingFault('id or name', 'project');
    if (project['domain'] === undefined) throw expectingFault('domain', 'project');
    const domain = findDomain(store, project['domain'], 'project');
    if (!domain) throw unauthorizedFault();
    const found = store
      .collection(projects)
      .where('name', project['name'])
      .find((p) => p.domain_id === domain.id);
    if (!found) throw unauthorizedFault();
    return { kind: 'project', id: found.id };
  }
  if (scope['domain'] !== undefined) {
    const domain = findDomain(store, scope['domain'], 'scope');
    if (!domain) throw unauthorizedFault();
    return { kind: 'domain', id: domain.id };
  }
  const system = scope['system'];
  if (isObject(system) && system['all'] === true) return { kind: 'system' };
  throw unauthorizedFault();
};

interface Identity {
  readonly userId: string;
  readonly methods: string[];
  readonly expiresAt?: string;
  readonly auditChain: string[];
  /** The credential's id and project, for the application_credential method. */
  readonly applicationCredential?: { id: string; projectId: string };
}

const passwordIdentity = (store: Store, password: unknown): Identity => {
  if (!isObject(password) || !isObject(password['user'])) throw expectingFault('user', 'password');
  const spec = password['user'];
  let user: UserDoc | undefined;
  if (typeof spec['id'] === 'string') {
    user = store.collection(users).get(spec['id']);
  } else if (typeof spec['name'] === 'string') {
    if (spec['domain'] === undefined) throw expectingFault('domain', 'user');
    const domain = findDomain(store, spec['domain'], 'user');
    user = domain
      ? store
          .collection(users)
          .where('name', spec['name'])
          .find((u) => u.domain_id === domain.id)
      : undefined;
  } else {
    throw expectingFault('id or name', 'user');
  }
  if (typeof spec['password'] !== 'string') throw expectingFault('password', 'user');
  if (!user || !verifyPassword(spec['password'], user.password_hash)) throw unauthorizedFault();
  if (!activeUser(store, user.id)) throw unauthorizedFault();
  return { userId: user.id, methods: ['password'], auditChain: [] };
};

const applicationCredentialIdentity = (ctx: CloudContext, spec: unknown): Identity => {
  const { store } = ctx;
  if (!isObject(spec)) throw expectingFault('application_credential', 'identity');
  if (typeof spec['secret'] !== 'string') throw expectingFault('secret', 'application_credential');
  let credential: ApplicationCredentialDoc | undefined;
  if (typeof spec['id'] === 'string') {
    credential = store.collection(applicationCredentials).get(spec['id']);
  } else if (typeof spec['name'] === 'string') {
    // A name is unique per user only, so the user must be named too.
    const userSpec = spec['user'];
    if (!isObject(userSpec)) throw expectingFault('user', 'application_credential');
    let user: UserDoc | undefined;
    if (typeof userSpec['id'] === 'string') {
      user = store.collection(users).get(userSpec['id']);
    } else if (typeof userSpec['name'] === 'string') {
      const domain = findDomain(store, userSpec['domain'], 'user');
      user = domain
        ? store
            .collection(users)
            .where('name', userSpec['name'])
            .find((u) => u.domain_id === domain.id)
        : undefined;
    } else {
      throw expectingFault('id or name', 'user');
    }
    credential = user
      ? store
          .collection(applicationCredentials)
          .where('user_id', user.id)
          .find((a) => a.name === spec['name'])
      : undefined;
  } else {
    throw expectingFault('id or name', 'application_credential');
  }
  if (
    !credential ||
    !usableApplicationCredential(store, credential.id, ctx.now()) ||
    !verifyPassword(spec['secret'], credential.secret_hash) ||
    !activeUser(store, credential.user_id)
  ) {
    throw unauthorizedFault();
  }
  return {
    userId: credential.user_id,
    methods: ['application_credential'],
    auditChain: [],
    applicationCredential: { id: credential.id, projectId: credential.project_id },
  };
};

const tokenIdentity = (ctx: CloudContext, token: unknown): Identity => {
  if (!isObject(token) || typeof token['id'] !== 'string') throw expectingFault('id', 'token');
  const doc = ctx.store.collection(tokens).get(tokenKey(token['id']));
  const auth = doc ? contextOf(ctx.store, doc, token['id'], ctx.now()) : undefined;
  if (!doc || !auth) throw unauthorizedFault();
  return {
    userId: doc.user_id,
    methods: ['token', ...doc.methods.filter((m) => m !== 'token')],
    // A rescoped token keeps the original expiry and chains the original audit id.
    expiresAt: doc.expires_at,
    auditChain: doc.audit_ids.slice(0, 1),
    // A credential's token cannot be widened by rescoping.
    ...(doc.application_credential_id && doc.project_id
      ? { applicationCredential: { id: doc.application_credential_id, projectId: doc.project_id } }
      : {}),
  };
};

const SUPPORTED_METHODS = ['password', 'token', 'application_credential'];

/** POST /v3/auth/tokens: authenticates, scopes and stores a new token. */
const issueToken = (ctx: CloudContext, body: unknown): { token: string; auth: AuthContext } => {
  const { store } = ctx;
  if (!isObject(body) || body['auth'] === undefined)
    throw schemaFault('', "'auth' is a required property");
  const authSpec = body['auth'];
  if (!isObject(authSpec))
    throw schemaFault('auth', `${JSON.stringify(authSpec)} is not of type 'object'`);
  const identitySpec = authSpec['identity'];
  if (!isObject(identitySpec)) throw schemaFault('auth', "'identity' is a required property");
  const methods = identitySpec['methods'];
  if (!Array.isArray(methods))
    throw schemaFault('auth/identity', "'methods' is a required property");
  if (
    methods.length === 0 ||
    methods.some((m) => typeof m !== 'string' || !SUPPORTED_METHODS.includes(m))
  ) {
    throw new Fault(401, 'Attempted to authenticate with an unsupported method.');
  }
  const identity = methods.includes('password')
    ? passwordIdentity(store, identitySpec['password'])
    : methods.includes('application_credential')
      ? applicationCredentialIdentity(ctx, identitySpec['application_credential'])
      : tokenIdentity(ctx, identitySpec['token']);

  let scope = parseScope(store, authSpec['scope']);
  if (identity.applicationCredential) {
    // A credential's token is always scoped to the credential's project.
    const own = identity.applicationCredential.projectId;
    if (scope.kind !== 'default' && !(scope.kind === 'project' && scope.id === own)) {
      throw unauthorizedFault();
    }
    scope = { kind: 'project', id: own };
  }
  if (scope.kind === 'default') {
    // Without a scope Keystone uses the user's default project when it is usable, else unscoped.
    const user = store.collection(users).get(identity.userId);
    const defaultProject = user?.default_project_id;
    scope =
      defaultProject &&
      activeProject(store, defaultProject) &&
      effectiveRoles(store, identity.userId, { projectId: defaultProject }).length > 0
        ? { kind: 'project', id: defaultProject }
        : { kind: 'unscoped' };
  }

  const now = ctx.now();
  const expires =
    identity.expiresAt ??
    new Date(now.getTime() + ctx.options.tokenLifetimeSeconds * 1000).toISOString();
  const token = newTokenString();
  const doc: TokenDoc = {
    id: tokenKey(token),
    user_id: identity.userId,
    methods: identity.methods,
    project_id: scope.kind === 'project' ? scope.id : null,
    domain_id: scope.kind === 'domain' ? scope.id : null,
    system: scope.kind === 'system' ? SYSTEM_ALL : null,
    issued_at: now.toISOString(),
    expires_at: expires,
    audit_ids: [auditId(), ...identity.auditChain],
    revoked: false,
    application_credential_id: identity.applicationCredential?.id ?? null,
  };
  // Validating before storing turns a scope without roles, or a disabled project, into a 401.
  const auth = contextOf(store, doc, token, now);
  if (!auth) throw unauthorizedFault();
  store.transaction(() => {
    const col = store.collection(tokens);
    // Expired tokens are dropped a day after expiry so the table does not grow without bound.
    const cutoff = now.getTime() - 86_400_000;
    for (const old of col.where('user_id', identity.userId)) {
      if (Date.parse(old.expires_at) < cutoff) col.delete(old.id);
    }
    col.insert(doc);
  });
  return { token, auth };
};

const subjectToken = (request: FastifyRequest): string => {
  const header = request.headers['x-subject-token'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw expectingFault('X-Subject-Token', 'request headers');
  return value;
};

const wantsCatalog = (request: FastifyRequest): boolean =>
  !(isObject(request.query) && 'nocatalog' in request.query);

/** POST /v3/auth/tokens needs no token; the others sit behind `authenticate`. */
export const tokenIssueRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.post('/auth/tokens', async (request, reply) => {
    const { token, auth } = issueToken(ctx, request.body);
    return reply
      .code(201)
      .header('X-Subject-Token', token)
      .header('Vary', 'X-Auth-Token')
      .send(renderToken(ctx, request, auth, wantsCatalog(request)));
  });
};

export const tokenRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const resolve = createTokenResolver(ctx.store, () => ctx.now());

  const validated = (
    request: FastifyRequest,
    rule: string,
  ): { token: string; auth: AuthContext } => {
    const token = subjectToken(request);
    const auth = resolve(token);
    if (!auth) throw notFoundFault('token', token);
    authorize(request, 'identity', rule, { target: { token: { user_id: auth.user.id } } });
    return { token, auth };
  };

  // Fastify answers HEAD from this GET route, without the body, as Keystone's check_token does.
  app.get('/auth/tokens', async (request, reply) => {
    const { token, auth } = validated(request, 'identity:validate_token');
    return reply
      .header('X-Subject-Token', token)
      .header('Vary', 'X-Auth-Token')
      .send(renderToken(ctx, request, auth, wantsCatalog(request)));
  });

  app.delete('/auth/tokens', async (request, reply) => {
    const { token } = validated(request, 'identity:revoke_token');
    ctx.store.collection(tokens).update(tokenKey(token), (doc) => ({ ...doc, revoked: true }));
    return reply.code(204).send();
  });

  app.get('/auth/catalog', async (request) => {
    const caller = callerOf(request);
    if (!caller.project && !caller.domain && !caller.system) {
      throw new Fault(403, 'A project-scoped token is required to produce a service catalog.');
    }
    return {
      catalog: renderCatalog(ctx, request, caller.project?.id),
      links: listLinks(ctx, request),
    };
  });

  app.get('/auth/projects', async (request) => {
    const caller = callerOf(request);
    const list = projectsOfUser(ctx.store, caller.user.id).filter((p) => p.enabled);
    return {
      projects: list.map((p) => projectView(ctx, request, p)),
      links: listLinks(ctx, request),
    };
  });

  app.get('/auth/system', async (request) => {
    authorize(request, 'identity', 'identity:get_auth_system', {});
    const caller = callerOf(request);
    const hasSystemRole = effectiveRoles(ctx.store, caller.user.id, { system: 'all' }).length > 0;
    return {
      system: hasSystemRole ? [{ all: true }] : [],
      links: { self: listLinks(ctx, request).self },
    };
  });

  app.get('/auth/domains', async (request) => {
    const caller = callerOf(request);
    const list = domainsOfUser(ctx.store, caller.user.id).filter((d) => d.enabled);
    return {
      domains: list.map((d) => domainView(ctx, request, d)),
      links: listLinks(ctx, request),
    };
  });
};
