import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault } from '../../core/faults';
import { hexId } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { keystoneTime } from '../../core/time';
import type { Store } from '../../store/store';
import { effectiveRoles } from './effectiveRoles';
import {
  envelope,
  identityUrl,
  isObject,
  listLinks,
  optionalBoolean,
  optionalNullableString,
  queryString,
  requiredName,
  schemaFault,
} from './http';
import type { Json } from './http';
import { applicationCredentials, roles, tokens } from './model';
import type { AccessRuleDoc, ApplicationCredentialDoc, RoleDoc } from './model';
import { hashPassword } from './passwords';

const notFound = (id: string): Fault =>
  new Fault(404, `Could not find Application Credential: ${id}.`);

const invalid = (reason: string): Fault =>
  new Fault(400, `Invalid application credential: ${reason}`);

/** Keystone answers application credential times without the zone suffix. */
const appCredTime = (iso: string | null): string | null =>
  iso === null ? null : keystoneTime(new Date(iso)).replace(/Z$/, '');

/** A credential that still authenticates: present and not expired. */
export const usableApplicationCredential = (
  store: Store,
  id: string,
  now: Date,
): ApplicationCredentialDoc | undefined => {
  const doc = store.collection(applicationCredentials).get(id);
  if (!doc) return undefined;
  if (doc.expires_at !== null && Date.parse(doc.expires_at) <= now.getTime()) return undefined;
  return doc;
};

/** The token document behind a caller's token, to see which method issued it. */
const applicationCredentialOfToken = (store: Store, tokenId: string): string | null => {
  const key = createHash('sha256').update(tokenId).digest('hex');
  return store.collection(tokens).get(key)?.application_credential_id ?? null;
};

const roleRefView = (r: RoleDoc): Json => ({
  id: r.id,
  name: r.name,
  domain_id: r.domain_id,
  description: r.description,
  options: r.options,
});

export const applicationCredentialView = (
  ctx: CloudContext,
  request: FastifyRequest,
  doc: ApplicationCredentialDoc,
  secret?: string,
): Json => {
  const roleCol = ctx.store.collection(roles);
  return {
    id: doc.id,
    name: doc.name,
    description: doc.description,
    user_id: doc.user_id,
    project_id: doc.project_id,
    system: null,
    expires_at: appCredTime(doc.expires_at),
    unrestricted: doc.unrestricted,
    roles: doc.role_ids.flatMap((id) => {
      const role = roleCol.get(id);
      return role ? [roleRefView(role)] : [];
    }),
    // Keystone leaves access_rules out of a credential that has none.
    ...(doc.access_rules.length > 0 ? { access_rules: doc.access_rules } : {}),
    ...(secret === undefined ? {} : { secret }),
    links: { self: `${identityUrl(ctx, request)}/v3/application_credentials/${doc.id}` },
  };
};

const RULE_FIELD = /^[a-zA-Z0-9-]+$/;
const METHODS = ['POST', 'GET', 'HEAD', 'PATCH', 'PUT', 'DELETE'];

const parseAccessRules = (value: unknown): AccessRuleDoc[] => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw schemaFault(
      'application_credential/access_rules',
      `${JSON.stringify(value)} is not of type 'array'`,
    );
  }
  return value.map((rule, index) => {
    const path = `application_credential/access_rules/${index}`;
    if (!isObject(rule)) throw schemaFault(path, `${JSON.stringify(rule)} is not of type 'object'`);
    const { service, method } = rule;
    const rulePath = rule['path'];
    if (typeof service !== 'string' || !RULE_FIELD.test(service) || service.length > 64)
      throw schemaFault(`${path}/service`, `${JSON.stringify(service)} is not valid`);
    if (typeof method !== 'string' || !METHODS.includes(method))
      throw schemaFault(`${path}/method`, `${JSON.stringify(method)} is not valid`);
    if (typeof rulePath !== 'string' || !rulePath.startsWith('/') || rulePath.length > 225)
      throw schemaFault(`${path}/path`, `${JSON.stringify(rulePath)} is not valid`);
    return {
      id: typeof rule['id'] === 'string' ? rule['id'] : hexId(),
      service,
      path: rulePath,
      method,
    };
  });
};

export const applicationCredentialRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(applicationCredentials);

  type UserParams = { Params: { userId: string } };
  type CredParams = { Params: { userId: string; id: string } };

  const loadOwned = (userId: string, id: string): ApplicationCredentialDoc => {
    const doc = col.get(id);
    if (!doc || doc.user_id !== userId) throw notFound(id);
    return doc;
  };

  app.get<UserParams>('/users/:userId/application_credentials', async (request) => {
    const { userId } = request.params;
    authorize(request, 'identity', 'identity:list_application_credentials', { user_id: userId });
    const name = queryString(request.query, 'name');
    const list = col.where('user_id', userId).filter((a) => name === undefined || a.name === name);
    return {
      application_credentials: list.map((a) => applicationCredentialView(ctx, request, a)),
      links: listLinks(ctx, request),
    };
  });

  app.post<UserParams>('/users/:userId/application_credentials', async (request, reply) => {
    const { userId } = request.params;
    authorize(request, 'identity', 'identity:create_application_credential', { user_id: userId });
    const caller = callerOf(request);
    const spec = envelope(request.body, 'application_credential');
    const name = requiredName(spec, 'application_credential');
    const description = optionalNullableString(spec, 'description', 'application_credential');
    const unrestricted = optionalBoolean(spec, 'unrestricted', 'application_credential');
    const fromCredential = applicationCredentialOfToken(store, caller.tokenId);
    if (fromCredential !== null) {
      const parent = col.get(fromCredential);
      if (!parent?.unrestricted) {
        throw new Fault(
          403,
          "You are not authorized to perform the requested action: Using method 'application_credential' is not allowed for managing additional application credentials..",
        );
      }
    }
    if (!caller.project) {
      throw invalid('Cannot create an application credential without a project scope');
    }
    const projectId = caller.project.id;

    let expiresAt: string | null = null;
    const rawExpiry = spec['expires_at'];
    if (rawExpiry !== undefined && rawExpiry !== null) {
      const parsed =
        typeof rawExpiry === 'string' ? Date.parse(rawExpiry.replace(/Z?$/, 'Z')) : NaN;
      if (Number.isNaN(parsed)) {
        throw schemaFault(
          'application_credential/expires_at',
          `${JSON.stringify(rawExpiry)} is not a valid date`,
        );
      }
      if (parsed <= ctx.now().getTime()) {
        throw invalid('Expiration date must be in the future');
      }
      expiresAt = new Date(parsed).toISOString();
    }

    // Only roles the creator holds on the project now; none asked means all of them.
    const held = effectiveRoles(store, caller.user.id, { projectId });
    let roleIds: string[];
    const roleSpecs = spec['roles'];
    if (roleSpecs === undefined || roleSpecs === null) {
      roleIds = held.map((r) => r.id);
    } else {
      if (!Array.isArray(roleSpecs)) {
        throw schemaFault(
          'application_credential/roles',
          `${JSON.stringify(roleSpecs)} is not of type 'array'`,
        );
      }
      roleIds = roleSpecs.map((r: unknown) => {
        const found =
          isObject(r) && typeof r['id'] === 'string'
            ? held.find((h) => h.id === r['id'])
            : isObject(r) && typeof r['name'] === 'string'
              ? held.find((h) => h.name === r['name'])
              : undefined;
        if (!found) throw invalid('Cannot create an application credential with unassigned role');
        return found.id;
      });
      roleIds = [...new Set(roleIds)];
    }

    if (col.where('user_id', userId).some((a) => a.name === name)) {
      throw new Fault(
        409,
        `Conflict occurred attempting to store application_credential - Duplicate entry found with name ${name}.`,
      );
    }
    const secretSpec = optionalNullableString(spec, 'secret', 'application_credential');
    const secret = secretSpec ?? randomBytes(64).toString('base64url');
    const doc: ApplicationCredentialDoc = {
      id: hexId(),
      name,
      description: description ?? null,
      user_id: userId,
      project_id: projectId,
      secret_hash: hashPassword(secret),
      expires_at: expiresAt,
      unrestricted: unrestricted ?? null,
      role_ids: roleIds,
      access_rules: parseAccessRules(spec['access_rules']),
    };
    col.insert(doc);
    return reply
      .code(201)
      .send({ application_credential: applicationCredentialView(ctx, request, doc, secret) });
  });

  app.get<CredParams>('/users/:userId/application_credentials/:id', async (request) => {
    const { userId, id } = request.params;
    authorize(request, 'identity', 'identity:get_application_credential', { user_id: userId });
    return {
      application_credential: applicationCredentialView(ctx, request, loadOwned(userId, id)),
    };
  });

  app.delete<CredParams>('/users/:userId/application_credentials/:id', async (request, reply) => {
    const { userId, id } = request.params;
    authorize(request, 'identity', 'identity:delete_application_credential', { user_id: userId });
    const caller = callerOf(request);
    const doc = loadOwned(userId, id);
    const fromCredential = applicationCredentialOfToken(store, caller.tokenId);
    if (fromCredential !== null && !col.get(fromCredential)?.unrestricted) {
      throw new Fault(
        403,
        "You are not authorized to perform the requested action: Using method 'application_credential' is not allowed for managing additional application credentials..",
      );
    }
    // Tokens issued from it stop validating because the credential is gone.
    col.delete(doc.id);
    return reply.code(204).send();
  });
};
