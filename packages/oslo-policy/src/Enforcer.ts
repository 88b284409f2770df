import {
  evaluateRule,
  type EvalContext,
  type ExtensionCheck,
  type PolicyTarget,
} from './evaluateRule';
import { PolicyEvaluationError } from './PolicyEvaluationError';
import { FALSE_NODE, parseRule, PolicyParseError, type RuleList, type RuleNode } from './parseRule';

/** The rule a default replaced; OR-ed with the new default unless new defaults are enforced. */
export interface DeprecatedRule {
  readonly name: string;
  readonly check_str: string;
}

/** One policy-in-code default, as a service registers it with oslo.policy. */
export interface PolicyRuleDefault {
  readonly check_str: string;
  readonly scope_types?: readonly string[];
  readonly deprecated_rule?: DeprecatedRule;
}

/** A service's defaults: rule name → default. */
export type PolicyRuleDefaults = Readonly<Record<string, PolicyRuleDefault>>;

/** An operator's policy file: rule name → check string (or legacy list syntax). */
export type PolicyOverrides = Readonly<Record<string, string | RuleList>>;

/**
 * What oslo.policy calls `creds`: oslo.context's `to_policy_values()`. `null` is Python's None
 * (it prints as "None" in comparisons); an absent or `undefined` key is a missing key.
 */
export interface PolicyCredentials {
  readonly user_id: string | null;
  readonly project_id: string | null;
  /** Set only for a domain-scoped token. */
  readonly domain_id?: string | null;
  readonly roles: readonly string[];
  readonly is_admin?: boolean;
  readonly is_admin_project?: boolean;
  /** `'all'` for a system-scoped token. */
  readonly system_scope?: string | null;
  readonly user_domain_id?: string | null;
  readonly project_domain_id?: string | null;
  readonly [key: string]: unknown;
}

export interface CheckResult {
  readonly allowed: boolean;
  /** Why the rule could not be evaluated as written (unknown rule, parse error, cycle, scope). */
  readonly error?: string;
}

/**
 * How a service's RequestContext completes the credentials before oslo.policy sees them. Each
 * field applies only when the credentials do not carry the key themselves.
 */
export interface CredentialDefaults {
  /** `is_admin` := result of this rule with target = creds (nova, cinder, neutron, glance, heat). */
  readonly isAdminRule?: string;
  /** `is_admin_project` default; oslo.context uses true. */
  readonly isAdminProject?: boolean;
  /** `tenant_id` := `project_id` (neutron's context does, and its older rules use tenant_id). */
  readonly tenantIdFromProjectId?: boolean;
}

export interface EnforcerOptions {
  /** The service's registered defaults. */
  readonly rules: PolicyRuleDefaults;
  /** Operator overrides; each replaces the default of that name entirely. */
  readonly overrides?: PolicyOverrides;
  /**
   * oslo's `[oslo_policy] enforce_new_defaults`. Defaults to true here (oslo's default is false)
   * because Skydeck runs with new defaults; pass false to OR deprecated rules in.
   */
  readonly enforceNewDefaults?: boolean;
  /** oslo's `[oslo_policy] enforce_scope`: deny when the token scope is not in scope_types. */
  readonly enforceScope?: boolean;
  /** oslo's `policy_default_rule`: used for unknown rule names when defined. Default "default". */
  readonly defaultRule?: string | null;
  /** Service-registered check kinds, e.g. `{ field: neutronFieldCheck }`. */
  readonly checks?: Readonly<Record<string, ExtensionCheck>>;
  readonly credentialDefaults?: CredentialDefaults;
}

interface CompiledRule {
  readonly node: RuleNode;
  /** Set when (part of) the rule failed to parse and was replaced by a denying check. */
  readonly problem: string | undefined;
}

function compileText(text: string | RuleList): CompiledRule {
  try {
    return { node: parseRule(text), problem: undefined };
  } catch (err) {
    if (err instanceof PolicyParseError) return { node: FALSE_NODE, problem: err.message };
    throw err;
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * oslo.policy's Enforcer for one service: defaults + overrides compiled once at construction,
 * then `enforce`/`check` evaluate without parsing.
 */
export class Enforcer {
  private readonly compiled = new Map<string, CompiledRule>();
  private readonly scopeTypes = new Map<string, readonly string[]>();
  private readonly defaultRule: string | null;
  private readonly enforceScope: boolean;
  private readonly extensions: ReadonlyMap<string, ExtensionCheck> | null;
  private readonly credentialDefaults: CredentialDefaults | null;
  private readonly resolve = (name: string): RuleNode | undefined => this.lookup(name)?.node;
  /** Completed credentials by the caller's object (callers pass one object per request). */
  private readonly completed = new WeakMap<PolicyCredentials, PolicyCredentials>();
  /** Results of rules that read no target, by the completed credentials and rule name. */
  private readonly targetFree = new WeakMap<PolicyCredentials, Map<string, boolean>>();
  /** Whether each named rule (with what it references) reads the target. */
  private readonly readsTarget = new Map<string, boolean>();

  constructor(options: EnforcerOptions) {
    const enforceNewDefaults = options.enforceNewDefaults ?? true;
    const overrides = options.overrides ?? {};
    this.defaultRule = options.defaultRule === undefined ? 'default' : options.defaultRule;
    this.enforceScope = options.enforceScope ?? false;
    const checks = options.checks ? Object.entries(options.checks) : [];
    this.extensions = checks.length > 0 ? new Map(checks) : null;
    this.credentialDefaults = options.credentialDefaults ?? null;

    // Overrides first: they win over a default of the same name and may add new names.
    for (const name of Object.keys(overrides)) {
      const text = overrides[name];
      if (text !== undefined) this.compiled.set(name, compileText(text));
    }
    for (const name of Object.keys(options.rules)) {
      const def = options.rules[name];
      if (!def) continue;
      if (def.scope_types && def.scope_types.length > 0) this.scopeTypes.set(name, def.scope_types);
      if (this.compiled.has(name)) continue;
      this.compiled.set(name, this.compileDefault(name, def, overrides, enforceNewDefaults));
    }
  }

  /** oslo's _handle_deprecated_rule, given that `name` itself is not overridden. */
  private compileDefault(
    name: string,
    def: PolicyRuleDefault,
    overrides: PolicyOverrides,
    enforceNewDefaults: boolean,
  ): CompiledRule {
    const current = compileText(def.check_str);
    const dep = def.deprecated_rule;
    if (!dep) return current;
    if (dep.name !== name && hasOwn.call(overrides, dep.name)) {
      // The operator still overrides the old name: that override becomes the new rule, so an
      // upgrade does not widen access. oslo skips this when the override is just
      // `rule:<new name>`. (oslo also means to skip it when the override equals the deprecated
      // default, but compares parsed check objects by identity, so that test never fires.)
      const old = this.compiled.get(dep.name);
      if (old && !(old.node.type === 'rule' && old.node.name === name)) return old;
    }
    if (!enforceNewDefaults && dep.check_str !== def.check_str) {
      const deprecated = compileText(dep.check_str);
      return {
        node: Object.freeze({ type: 'or', rules: Object.freeze([current.node, deprecated.node]) }),
        problem: current.problem ?? deprecated.problem,
      };
    }
    return current;
  }

  private lookup(name: string): CompiledRule | undefined {
    const rule = this.compiled.get(name);
    if (rule !== undefined || this.defaultRule === null) return rule;
    // oslo's Rules.__missing__: unknown names (also those behind `rule:`) use the default rule.
    return this.compiled.get(this.defaultRule);
  }

  /** Whether the rule is defined (registered or overridden), ignoring the default-rule fallback. */
  has(ruleName: string): boolean {
    return this.compiled.has(ruleName);
  }

  /** Names of every defined rule. */
  ruleNames(): string[] {
    return [...this.compiled.keys()];
  }

  /**
   * True when the credentials may perform `ruleName` on `target`. An unknown name falls back to
   * the service's default rule when it has one (oslo's policy_default_rule), else denies.
   */
  enforce(ruleName: string, target: PolicyTarget, creds: PolicyCredentials): boolean {
    return this.run(ruleName, target, creds, null);
  }

  /** Like enforce, and says why a rule could not be evaluated as written. */
  check(ruleName: string, target: PolicyTarget, creds: PolicyCredentials): CheckResult {
    const why: { error?: string } = {};
    const allowed = this.run(ruleName, target, creds, why);
    return allowed || why.error === undefined ? { allowed } : { allowed, error: why.error };
  }

  private run(
    ruleName: string,
    target: PolicyTarget,
    creds: PolicyCredentials,
    why: { error?: string } | null,
  ): boolean {
    if (this.compiled.size === 0) {
      if (why) why.error = 'no policy rules are loaded';
      return false;
    }
    const rule = this.lookup(ruleName);
    if (rule === undefined) {
      if (why) why.error = `rule "${ruleName}" is not defined`;
      return false;
    }
    let fullCreds = this.completed.get(creds);
    if (fullCreds === undefined) {
      fullCreds = this.completeCredentials(creds);
      this.completed.set(creds, fullCreds);
    }
    if (this.enforceScope) {
      const scopes = this.scopeTypes.get(ruleName);
      if (scopes) {
        const scope = tokenScope(fullCreds);
        if (!scopes.includes(scope)) {
          if (why) {
            why.error = `${ruleName} requires a scope of [${scopes.join(', ')}], request was made with ${scope} scope`;
          }
          return false;
        }
      }
    }
    // A rule that reads no target answers the same for every row of a list: a list that checks
    // a rule per row (neutron's attribute rules) evaluates it once per caller. Only for
    // enforce(): check() also reports why, which the cached boolean does not keep.
    const cacheable = why === null && !this.ruleReadsTarget(ruleName);
    let results: Map<string, boolean> | undefined;
    if (cacheable) {
      results = this.targetFree.get(fullCreds);
      if (results === undefined) {
        results = new Map();
        this.targetFree.set(fullCreds, results);
      }
      const known = results.get(ruleName);
      if (known !== undefined) return known;
    }
    const ctx: EvalContext = {
      target,
      creds: fullCreds,
      resolve: this.resolve,
      extensions: this.extensions,
      stack: [ruleName],
      problem: undefined,
    };
    let allowed: boolean;
    try {
      allowed = evaluateRule(rule.node, ctx);
    } catch (err) {
      if (!(err instanceof PolicyEvaluationError)) throw err;
      if (why) why.error = err.message;
      results?.set(ruleName, false);
      return false;
    }
    results?.set(ruleName, allowed);
    if (!allowed && why) {
      const usedDefault = !this.compiled.has(ruleName);
      why.error =
        (usedDefault
          ? `rule "${ruleName}" is not defined; the default rule denied it`
          : undefined) ??
        rule.problem ??
        ctx.problem;
    }
    return allowed;
  }

  /**
   * Whether evaluating `ruleName` may read the target: a `%(...)s` substitution, a registered
   * check (neutron's `field:` reads the target), or a rule it references that does. A cycle or
   * anything unknown counts as reading it (never cached).
   */
  private ruleReadsTarget(ruleName: string, seen: Set<string> = new Set()): boolean {
    const known = this.readsTarget.get(ruleName);
    if (known !== undefined) return known;
    if (seen.has(ruleName)) return true;
    seen.add(ruleName);
    const node = this.resolve(ruleName);
    const reads = node === undefined ? true : this.nodeReadsTarget(node, seen);
    seen.delete(ruleName);
    this.readsTarget.set(ruleName, reads);
    return reads;
  }

  private nodeReadsTarget(node: RuleNode, seen: Set<string>): boolean {
    switch (node.type) {
      case 'true':
      case 'false':
      case 'external':
      case 'invalid':
        return false;
      case 'and':
      case 'or':
        return node.rules.some((r) => this.nodeReadsTarget(r, seen));
      case 'not':
        return this.nodeReadsTarget(node.rule, seen);
      case 'rule':
        return this.ruleReadsTarget(node.name, seen);
      case 'role':
        return node.template.constant === null;
      case 'generic':
        return this.extensions?.has(node.kind) === true || node.template.constant === null;
    }
  }

  private completeCredentials(creds: PolicyCredentials): PolicyCredentials {
    const d = this.credentialDefaults;
    if (d === null) return creds;
    let out: Record<string, unknown> | null = null;
    const put = (key: string, value: unknown): void => {
      out ??= { ...creds };
      out[key] = value;
    };
    if (d.isAdminProject !== undefined && creds.is_admin_project === undefined) {
      put('is_admin_project', d.isAdminProject);
    }
    if (
      d.tenantIdFromProjectId &&
      creds['tenant_id'] === undefined &&
      creds.project_id !== undefined
    ) {
      put('tenant_id', creds.project_id);
    }
    if (d.isAdminRule !== undefined && creds.is_admin === undefined) {
      // As nova's RequestContext: is_admin is still None while context_is_admin is checked.
      const probe: Record<string, unknown> = { ...(out ?? creds), is_admin: null };
      const rule = this.compiled.get(d.isAdminRule);
      let isAdmin = false;
      if (rule) {
        try {
          isAdmin = evaluateRule(rule.node, {
            target: probe,
            creds: probe,
            resolve: this.resolve,
            extensions: this.extensions,
            stack: [d.isAdminRule],
            problem: undefined,
          });
        } catch (err) {
          if (!(err instanceof PolicyEvaluationError)) throw err;
        }
      }
      put('is_admin', isAdmin);
    }
    return (out ?? creds) as PolicyCredentials;
  }
}

/** oslo's _enforce_scope: system if system-scoped, else domain if domain_id, else project. */
function tokenScope(creds: PolicyCredentials): 'system' | 'domain' | 'project' {
  if (creds.system_scope || creds['system']) return 'system';
  if (creds.domain_id) return 'domain';
  return 'project';
}
