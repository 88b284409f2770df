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

const plugin: FastifyPluginAsync<PolicyPluginOptions> = async (app, options) => {
  const enforcers: Record<Service, Enforcer> = createEnforcers({
    enforceNewDefaults: options.enforceNewDefaults,
    overrides: options.overridesDir ? loadPolicyOverrides(options.overridesDir) : {},
  });
  // Pages ask the same questions on every render; answers are kept per session and project.
  const memo = new Lru<string, Lru<string, boolean>>(5_000);

  const checkOne = (
    creds: PolicyCredentials,
    [service, rule]: PolicyRule,
    target: Record<string, unknown>,
  ): boolean =>
    isService(service) &&
    enforcers[service].enforce(rule, service === 'image' ? imageTarget(target) : target, creds);

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
      const result = rules.every((rule) => checkOne(creds, rule, fullTarget));
      answers.set(key, result);
      return result;
    },
  } satisfies PolicyChecker);
};

export const policy = fp(plugin, { name: 'skydeck-policy', fastify: '5.x' });
