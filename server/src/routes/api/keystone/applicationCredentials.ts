import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseYaml } from 'yaml';
import { type AccessRule, type ApplicationCredential, routeTable as api } from '@skydeck/contract';
import type { ApplicationCredential as UpstreamCredential } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import { sessionOf } from '../../../lib/sessionOf';
import {
  applicationCredentialCloudsYaml,
  applicationCredentialOpenrc,
  cloudName,
  fileStem,
  identityUrl,
  userCloudsYaml,
  userOpenrc,
  type RcTarget,
  type UserRc,
} from '../../../services/keystone/rcFiles';
import { registerKeystoneDeleteMany } from './keystoneCrud';
import type { RouteDeps } from '../../deps';

/** The allowlist of a credential's fields: the secret is added only to the create answer. */
export const toCredential = (c: UpstreamCredential): ApplicationCredential => ({
  id: c.id,
  name: c.name,
  description: c.description ?? null,
  project_id: c.project_id,
  expires_at: c.expires_at ?? null,
  unrestricted: c.unrestricted === true,
  roles: (c.roles ?? []).map((role) => ({ id: role.id, name: role.name })),
  access_rules: (c.access_rules ?? []).map((rule) => ({
    ...(rule.id ? { id: rule.id } : {}),
    service: rule.service,
    method: rule.method,
    path: rule.path,
  })),
});

/** A 400 whose message the form shows under the field it names. */
export class AccessRulesError extends Error {
  readonly statusCode = 400;
  constructor(detail: string) {
    super(`Access rules: ${detail}`);
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The access rules the user typed: a JSON or YAML list of {service, method, path} (JSON is
 * YAML), each checked, so a typo is a message about the rule rather than Keystone's 400.
 */
export const parseAccessRules = (text: string): Omit<AccessRule, 'id'>[] => {
  if (text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = parseYaml(text, { maxAliasCount: 0 });
  } catch {
    throw new AccessRulesError('not valid JSON or YAML.');
  }
  if (!Array.isArray(parsed)) throw new AccessRulesError('expected a list of rules.');
  if (parsed.length > 100) throw new AccessRulesError('at most 100 rules.');
  return parsed.map((item: unknown, index) => {
    const at = `rule ${index + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new AccessRulesError(`${at} must be a mapping of service, method and path.`);
    }
    const rule = item as Record<string, unknown>;
    const unknownKey = Object.keys(rule).find(
      (key) => !['service', 'method', 'path'].includes(key),
    );
    if (unknownKey !== undefined) {
      throw new AccessRulesError(`${at} has an unknown key "${unknownKey}".`);
    }
    const text = (key: string): string => {
      const value = rule[key];
      if (typeof value !== 'string' || value.trim() === '') {
        throw new AccessRulesError(`${at} needs a ${key}.`);
      }
      return value.trim();
    };
    const service = text('service');
    const method = text('method').toUpperCase();
    const path = text('path');
    if (!METHODS.has(method))
      throw new AccessRulesError(`${at} has an unknown method "${method}".`);
    if (!path.startsWith('/')) throw new AccessRulesError(`${at}: the path must start with "/".`);
    return { service, method, path };
  });
};

/** Where the files point: the cloud's Keystone, the session's region, the interface in use. */
const targetOf = (request: FastifyRequest, deps: RouteDeps): RcTarget => {
  const { session } = sessionOf(request);
  const cloud = deps.config.cloud;
  return {
    authUrl: identityUrl(session.catalog, session.region, cloud.interface, cloud.authUrl),
    region: session.region,
    interface: cloud.interface,
  };
};

const userRcOf = (request: FastifyRequest, deps: RouteDeps): UserRc => {
  const { session } = sessionOf(request);
  return {
    ...targetOf(request, deps),
    username: session.user.name,
    userDomainName: session.user.domainName,
    projectId: session.project.id,
    projectName: session.project.name,
    projectDomainId: session.project.domainId,
  };
};

/** A file download: the ASCII name is made of safe characters only. */
const attachment = (reply: FastifyReply, name: string, type: string): void => {
  reply
    .header('content-type', `${type}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff');
};

/** /api/keystone/application-credentials/ and the user menu's openrc and clouds.yaml. */
export const keystoneApplicationCredentialRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  deps,
) => {
  const userId = (request: FastifyRequest): string => sessionOf(request).session.user.id;

  /** Project names by id: the projects the user may scope to (a credential's is one of them). */
  const projectNames = async (request: FastifyRequest): Promise<Map<string, string>> => {
    const projects = await request.openstack.keystone.listAuthProjects().catch(() => []);
    return new Map(projects.map((project) => [project.id, project.name]));
  };
  const named = (names: Map<string, string>, credential: UpstreamCredential) => {
    const shown = toCredential(credential);
    const name = names.get(shown.project_id);
    return name === undefined ? shown : { ...shown, project_name: name };
  };

  serve(app, api['keystone.applicationCredentials.list'], async (request) => {
    const [items, names] = await Promise.all([
      request.openstack.applicationCredentials.list(userId(request)),
      projectNames(request),
    ]);
    return { items: items.map((credential) => named(names, credential)) };
  });

  serve(app, api['keystone.applicationCredentials.get'], async (request) => {
    const [credential, names] = await Promise.all([
      request.openstack.applicationCredentials.get(userId(request), request.params.id),
      projectNames(request),
    ]);
    return named(names, credential);
  });

  serve(app, api['keystone.applicationCredentials.create'], async (request, reply) => {
    const { name, description, secret, expires_at, roles, unrestricted, access_rules } =
      request.body;
    const rules = parseAccessRules(access_rules ?? '');
    if (expires_at !== undefined && Number.isNaN(Date.parse(expires_at.replace(/Z?$/, 'Z')))) {
      return reply.code(400).send({ message: 'Expiration: not a valid date and time.' });
    }
    const created = await request.openstack.applicationCredentials.create(userId(request), {
      name,
      ...(description ? { description } : {}),
      ...(secret ? { secret } : {}),
      // Keystone reads an expiry without zone as UTC; the page sent UTC.
      ...(expires_at ? { expires_at: expires_at.replace(/Z$/, '') } : {}),
      ...(roles && roles.length > 0 ? { roles: roles.map((role) => ({ name: role })) } : {}),
      ...(unrestricted ? { unrestricted: true } : {}),
      ...(rules.length > 0 ? { access_rules: rules } : {}),
    });
    // The secret exists only in this answer: it is neither stored nor logged.
    const credentialSecret = created.secret ?? secret ?? '';
    const target = targetOf(request, deps);
    const rc = { ...target, id: created.id, secret: credentialSecret };
    const cloud = cloudName(created.name);
    return reply.code(201).send({
      ...toCredential(created),
      secret: credentialSecret,
      openrc: applicationCredentialOpenrc(rc),
      clouds_yaml: applicationCredentialCloudsYaml(cloud, rc),
      cloud_name: cloud,
    });
  });

  registerKeystoneDeleteMany(
    app,
    api['keystone.applicationCredentials.deleteMany'],
    (request, id) => request.openstack.applicationCredentials.remove(userId(request), id),
  );

  serveNoContent(app, api['keystone.applicationCredentials.delete'], (request) =>
    request.openstack.applicationCredentials.remove(userId(request), request.params.id),
  );

  serve(
    app,
    api['keystone.rcFiles.openrc'],
    async (request, reply) => {
      const rc = userRcOf(request, deps);
      attachment(reply, `${fileStem(rc.projectName)}-openrc.sh`, 'text/x-shellscript');
      return reply.code(200).send(userOpenrc(rc));
    },
    { config: { navigable: true } },
  );

  serve(
    app,
    api['keystone.rcFiles.cloudsYaml'],
    async (request, reply) => {
      const rc = userRcOf(request, deps);
      attachment(reply, 'clouds.yaml', 'application/yaml');
      return reply.code(200).send(userCloudsYaml('openstack', rc));
    },
    { config: { navigable: true } },
  );
};
