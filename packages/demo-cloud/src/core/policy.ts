import type { FastifyRequest } from 'fastify';
import { createEnforcers } from '@skydeck/oslo-policy';
import type { PolicyCredentials, Service } from '@skydeck/oslo-policy';
import type { AuthContext } from './auth';
import { callerOf } from './auth';
import { Fault } from './faults';

/** Policy file names, as the dashboard's policy files are keyed. */
export type PolicyService = Service;

export type PolicyTarget = Readonly<Record<string, unknown>>;

export interface PolicyEngine {
  enforce(
    service: PolicyService,
    rule: string,
    target: PolicyTarget,
    creds: PolicyCredentials,
  ): boolean;
}

/** The services' shipped default rules (OpenStack Zed), evaluated with oslo.policy semantics. */
export const createPolicyEngine = (enforceNewDefaults: boolean): PolicyEngine => {
  const enforcers = createEnforcers({ enforceNewDefaults });
  return {
    enforce: (service, rule, target, creds) => enforcers[service].enforce(rule, target, creds),
  };
};

/**
 * oslo.context's policy values for the caller. is_admin is left out on purpose: each service
 * derives it (context_is_admin), and for Keystone `is_admin:1` means the bootstrap admin token.
 */
export const credentialsOf = (auth: AuthContext): PolicyCredentials => {
  // One object per request's caller: the enforcer keeps what it derives from the credentials
  // (is_admin, rules that read no target) by their identity, so a list that checks a policy
  // per row derives them once.
  let creds = credentialsByAuth.get(auth);
  if (!creds) {
    creds = buildCredentials(auth);
    credentialsByAuth.set(auth, creds);
  }
  return creds;
};

const credentialsByAuth = new WeakMap<AuthContext, PolicyCredentials>();

const buildCredentials = (auth: AuthContext): PolicyCredentials => ({
  user_id: auth.user.id,
  user_domain_id: auth.user.domain.id,
  project_id: auth.project?.id ?? null,
  project_domain_id: auth.project?.domain.id ?? null,
  domain_id: auth.domain?.id ?? null,
  system_scope: auth.system ?? null,
  roles: auth.roles.map((r) => r.name),
  // Keystone's rules also read the token itself (`token.project.domain.id:...`).
  token: {
    user: { id: auth.user.id, domain: { id: auth.user.domain.id } },
    ...(auth.project
      ? { project: { id: auth.project.id, domain: { id: auth.project.domain.id } } }
      : {}),
    ...(auth.domain ? { domain: { id: auth.domain.id } } : {}),
    ...(auth.system ? { system: { [auth.system]: true } } : {}),
  },
});

/** Upstream wording of a policy refusal, per service. */
const refusal: Record<PolicyService, (rule: string) => string> = {
  compute: (rule) => `Policy doesn't allow ${rule} to be performed.`,
  identity: (rule) => `You are not authorized to perform the requested action: ${rule}.`,
  image: (rule) => `You are not authorized to complete ${rule} action.`,
  volume: (rule) => `Policy doesn't allow ${rule} to be performed.`,
  network: (rule) => `(rule:${rule}) is disallowed by policy`,
  orchestration: (rule) => `You are not authorized to use ${rule}.`,
};

declare module 'fastify' {
  interface FastifyInstance {
    policy: PolicyEngine;
  }
}

export const isAllowed = (
  request: FastifyRequest,
  service: PolicyService,
  rule: string,
  target: PolicyTarget,
): boolean =>
  request.server.policy.enforce(service, rule, target, credentialsOf(callerOf(request)));

/** Enforces one policy rule for the caller; throws the service's 403 when it does not pass. */
export const authorize = (
  request: FastifyRequest,
  service: PolicyService,
  rule: string,
  target: PolicyTarget,
): void => {
  if (!isAllowed(request, service, rule, target)) throw new Fault(403, refusal[service](rule));
};
