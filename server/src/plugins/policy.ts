import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { parse } from 'yaml';
import type { FastifyPluginAsync } from 'fastify';
import type { PolicyRule, PolicyTarget } from '@skydeck/contract';
import {
  SERVICES,
  createEnforcers,
  isService,
  type Enforcer,
  type PolicyCredentials,
  type PolicyOverrides,
  type Service,
} from '@skydeck/oslo-policy';
import { ConfigError } from '../config/configError';
import { Lru } from '../lib/lru';
import type { SessionData } from './sessionStore';

export interface PolicyPluginOptions {
  enforceNewDefaults: boolean;
  /** Directory of operator overrides, one <service>.yaml per service (as policy.yaml). */
  overridesDir?: string;
}

export interface PolicyChecker {
  /** True when every [service, rule] passes for the session on the target. */
  allowed(
    session: SessionData,
    sessionId: string,
    rules: readonly PolicyRule[],
    target?: PolicyTarget,
  ): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    policyChecker: PolicyChecker;
  }
}

/** Reads <dir>/<service>.yaml files; a malformed one stops the server at startup. */
export const loadPolicyOverrides = (dir: string): Partial<Record<Service, PolicyOverrides>> => {
  const out: Partial<Record<Service, PolicyOverrides>> = {};
  for (const service of SERVICES) {
    const file = join(dir, `${service}.yaml`);
    if (!existsSync(file)) continue;
    let doc: unknown;
    try {
      doc = parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new ConfigError(`${file} is not valid YAML: ${(err as Error).message}`);
    }
    if (doc === null || doc === undefined) continue;
    if (typeof doc !== 'object' || Array.isArray(doc)) {
      throw new ConfigError(`${file} must map rule names to check strings`);
    }
    for (const [rule, check] of Object.entries(doc)) {
      if (typeof check !== 'string' && !Array.isArray(check)) {
        throw new ConfigError(`${file}: rule '${rule}' must be a check string`);
      }
    }
    out[service] = doc as PolicyOverrides;
  }
  return out;
};

/**
 * oslo.context's policy values for a project-scoped token. is_admin is left out on purpose: each
 * service's enforcer derives it from its context_is_admin rule, as the service itself does.
 */
const credentialsOf = (session: SessionData): PolicyCredentials => ({
  user_id: session.user.id,
  project_id: session.project.id,
  user_domain_id: session.user.domainId,
  project_domain_id: session.project.domainId,
  roles: session.roles,
  system_scope: null,
});

/**
 * Glance's ImageTarget, where `project_id` and `owner` both name the image's owner (its rules
 * read either: add_image checks both). A page passes the image's `owner` (or `project_id`);
 * with neither, as for creating an image, the owner is the session's project.
 */
export const imageTarget = (target: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const owner = target.owner ?? target.project_id;
  return { ...target, owner, project_id: owner };
};

/**
 * Keystone flattens the object a call is about into `target.<kind>.<attr>` keys before it
 * enforces (identity:get_project reads `target.project.id` and `target.project.domain_id`), so
 * the page's flat target, `{ project_id }` or `{ user_id, domain_id }` as every other service
 * takes it, is given those names too. An object the page did not name is the session's own
 * (as for the other services); a named project's or user's domain is only what the page says,
 * never assumed to be the session's. Keys the page sends under Keystone's names win.
 */
export const identityTarget = (
  full: Readonly<Record<string, unknown>>,
  named: Readonly<Record<string, unknown>> | undefined,
  session: Pick<SessionData, 'project' | 'user'>,
): Record<string, unknown> => {
  const own = (key: string): boolean => named?.[key] === undefined;
  const domain = named?.domain_id;
  const mapped: Record<string, unknown> = {
    'target.project.id': full.project_id,
    'target.project.domain_id':
      named?.project_domain_id ??
      domain ??
      (own('project_id') ? session.project.domainId : undefined),
    'target.user.id': full.user_id,
    'target.user.domain_id':
      named?.user_domain_id ?? domain ?? (own('user_id') ? session.user.domainId : undefined),
    'target.credential.user_id': full.user_id,
    'target.token.user_id': full.user_id,
    'target.group.domain_id': domain ?? session.user.domainId,
    'target.domain.id': full.domain_id,
    'target.domain_id': full.domain_id,
  };
  const defined = Object.entries(mapped).filter(([, value]) => value !== undefined);
  return { ...Object.fromEntries(defined), ...full };
};

const plugin: FastifyPluginAsync<PolicyPluginOptions> = async (app, options) => {
  const enforcers: Record<Service, Enforcer> = createEnforcers({
    enforceNewDefaults: options.enforceNewDefaults,
    overrides: options.overridesDir ? loadPolicyOverrides(options.overridesDir) : {},
  });
  // Pages ask the same questions on every render; answers are kept per session and project.
  const memo = new Lru<string, Lru<string, boolean>>(5_000);

  /** The target as the service itself would build it. */
  const serviceTarget = (
    service: Service,
    full: Record<string, unknown>,
    named: PolicyTarget | undefined,
    session: SessionData,
  ): Record<string, unknown> => {
    if (service === 'image') return imageTarget(full);
    if (service === 'identity') return identityTarget(full, named, session);
    return full;
  };

  app.decorate('policyChecker', {
    allowed(session, sessionId, rules, target) {
      const scope = `${sessionId}\n${session.project.id}\n${session.region}`;
      let answers = memo.get(scope);
      if (!answers) {
        answers = new Lru<string, boolean>(500);
        memo.set(scope, answers);
      }
      const key = JSON.stringify([rules, target ?? null]);
      const hit = answers.get(key);
      if (hit !== undefined) return hit;
      // A check without a target is about the session's own project, user and domain (the
      // services correct us if that is too generous); the dotted keys serve rules written
      // against owners of nested objects.
      const fullTarget = {
        project_id: session.project.id,
        tenant_id: target?.project_id ?? session.project.id,
        user_id: session.user.id,
        domain_id: session.project.domainId,
        'project.domain_id': session.project.domainId,
        'user.domain_id': session.user.domainId,
        'group.domain_id': session.user.domainId,
        ...target,
      };
      const creds = credentialsOf(session);
      const result = rules.every(
        ([service, rule]) =>
          isService(service) &&
          enforcers[service].enforce(
            rule,
            serviceTarget(service, fullTarget, target, session),
            creds,
          ),
      );
      answers.set(key, result);
      return result;
    },
  } satisfies PolicyChecker);
};

export const policy = fp(plugin, { name: 'skydeck-policy', fastify: '5.x' });
