import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import {
  Enforcer,
  type CredentialDefaults,
  type EnforcerOptions,
  type PolicyOverrides,
  type PolicyRuleDefault,
  type PolicyRuleDefaults,
} from './Enforcer';
import { neutronFieldCheck } from './neutronFieldCheck';

/** Policy file names as Horizon's POLICY_FILES keys. */
export const SERVICES = [
  'identity',
  'compute',
  'image',
  'volume',
  'network',
  'orchestration',
] as const;

export type Service = (typeof SERVICES)[number];

export function isService(name: string): name is Service {
  return (SERVICES as readonly string[]).includes(name);
}

const cache = new Map<Service, PolicyRuleDefaults>();

function fail(service: Service, message: string): never {
  throw new Error(`policies/${service}.yaml: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toDefault(service: Service, name: string, raw: unknown): PolicyRuleDefault {
  if (!isRecord(raw) || typeof raw['check_str'] !== 'string') {
    fail(service, `rule "${name}" needs a check_str string`);
  }
  const scopes = raw['scope_types'];
  if (
    scopes !== undefined &&
    !(Array.isArray(scopes) && scopes.every((s) => typeof s === 'string'))
  ) {
    fail(service, `rule "${name}": scope_types must be a list of strings`);
  }
  const dep = raw['deprecated_rule'];
  if (
    dep !== undefined &&
    !(isRecord(dep) && typeof dep['name'] === 'string' && typeof dep['check_str'] === 'string')
  ) {
    fail(service, `rule "${name}": deprecated_rule needs name and check_str`);
  }
  return Object.freeze({
    check_str: raw['check_str'],
    ...(scopes ? { scope_types: Object.freeze([...(scopes as string[])]) } : {}),
    ...(dep
      ? {
          deprecated_rule: Object.freeze({
            name: dep['name'] as string,
            check_str: dep['check_str'] as string,
          }),
        }
      : {}),
  });
}

/**
 * The default rules (OpenStack Zed policy-in-code) of one service, read once from
 * policies/<service>.yaml beside this package and cached.
 */
export function loadDefaultRules(service: Service): PolicyRuleDefaults {
  const hit = cache.get(service);
  if (hit) return hit;
  if (!isService(service)) throw new Error(`Unknown policy service "${String(service)}"`);
  const text = readFileSync(new URL(`../policies/${service}.yaml`, import.meta.url), 'utf8');
  const doc: unknown = parse(text);
  if (!isRecord(doc)) fail(service, 'expected a map of rule name to rule');
  const rules: Record<string, PolicyRuleDefault> = Object.create(null) as Record<
    string,
    PolicyRuleDefault
  >;
  for (const [name, raw] of Object.entries(doc)) rules[name] = toDefault(service, name, raw);
  const frozen = Object.freeze(rules);
  cache.set(service, frozen);
  return frozen;
}

/**
 * What each service's RequestContext adds to the credentials before enforcing. Keystone has no
 * derived is_admin (its `is_admin:1` means the admin token); the others run context_is_admin.
 */
export const SERVICE_CREDENTIAL_DEFAULTS: Readonly<Record<Service, CredentialDefaults>> = {
  identity: { isAdminProject: true },
  compute: { isAdminProject: true, isAdminRule: 'context_is_admin' },
  image: { isAdminProject: true, isAdminRule: 'context_is_admin' },
  volume: { isAdminProject: true, isAdminRule: 'context_is_admin' },
  network: { isAdminProject: true, isAdminRule: 'context_is_admin', tenantIdFromProjectId: true },
  orchestration: { isAdminProject: true, isAdminRule: 'context_is_admin' },
};

export interface CreateEnforcersOptions {
  /** Default true (Skydeck's setting); false ORs each deprecated rule with its new default. */
  readonly enforceNewDefaults?: boolean;
  readonly enforceScope?: boolean;
  /** Per service operator overrides (the content of its policy.yaml). */
  readonly overrides?: Partial<Record<Service, PolicyOverrides>>;
}

/**
 * One Enforcer per service over the shipped defaults, each behaving like that service: neutron's
 * `field:` check is registered for network, and credentials are completed as the service's
 * RequestContext does (SERVICE_CREDENTIAL_DEFAULTS).
 */
export function createEnforcers(options: CreateEnforcersOptions = {}): Record<Service, Enforcer> {
  const build = (service: Service): Enforcer => {
    const opts: EnforcerOptions = {
      rules: loadDefaultRules(service),
      overrides: options.overrides?.[service] ?? {},
      enforceNewDefaults: options.enforceNewDefaults ?? true,
      enforceScope: options.enforceScope ?? false,
      credentialDefaults: SERVICE_CREDENTIAL_DEFAULTS[service],
      ...(service === 'network' ? { checks: { field: neutronFieldCheck } } : {}),
    };
    return new Enforcer(opts);
  };
  return {
    identity: build('identity'),
    compute: build('compute'),
    image: build('image'),
    volume: build('volume'),
    network: build('network'),
    orchestration: build('orchestration'),
  };
}
