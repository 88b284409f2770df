import type { FastifyRequest } from 'fastify';
import { loadDefaultRules } from '@skydeck/oslo-policy';
import { callerOf } from '../../core/auth';
import { isAllowed } from '../../core/policy';
import type { PolicyTarget } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { NOT_SPECIFIED } from './attributes';
import type { AttrMap, Caller } from './attributes';
import { NeutronFault, isObject, resourceNotFound } from './http';
import type { Json } from './http';

/** The caller as neutron's context sees it (is_admin from `context_is_admin`, i.e. role admin). */
export interface NeutronCaller extends Caller {
  readonly userId: string;
}

export const neutronCaller = (request: FastifyRequest): NeutronCaller => {
  const auth = callerOf(request);
  return {
    projectId: auth.project?.id ?? '',
    userId: auth.user.id,
    isAdmin: auth.roles.some((r) => r.name === 'admin'),
  };
};

const RULES = new Set(Object.keys(loadDefaultRules('network')));

export const hasRule = (rule: string): boolean => RULES.has(rule);

/** A resource's attribute read rules (`get_port:binding:host_id` → attribute, rule), once. */
const readRules = new Map<string, readonly (readonly [string, string])[]>();
const readRulesOf = (resource: string): readonly (readonly [string, string])[] => {
  let rules = readRules.get(resource);
  if (!rules) {
    const prefix = `get_${resource}:`;
    rules = [...RULES]
      .filter((rule) => rule.startsWith(prefix))
      .map((rule) => [rule.slice(prefix.length), rule] as const);
    readRules.set(resource, rules);
  }
  return rules;
};

/** oslo.policy's rendering of the match rule neutron builds (RuleCheck / AndCheck). */
type Check = { readonly rule: string } | { readonly and: readonly Check[] };

const render = (check: Check): string =>
  'rule' in check ? `rule:${check.rule}` : `(${check.and.map(render).join(' and ')})`;

const evaluate = (check: Check, one: (rule: string) => boolean): boolean =>
  'rule' in check ? one(check.rule) : check.and.every((c) => evaluate(c, one));

export interface NeutronPolicy {
  /** policy.check: true when allowed (an admin always is without enforce_new_defaults). */
  check(request: FastifyRequest, rule: string, target: PolicyTarget): boolean;
  /**
   * policy.enforce with the attribute rules neutron adds for the attributes a create sets to a
   * non-default value or an update names; throws PolicyNotAuthorized (403).
   */
  enforce(
    request: FastifyRequest,
    action: string,
    target: Json,
    options?: { readonly attrs?: AttrMap; readonly updated?: readonly string[] },
  ): void;
  /**
   * Enforces an update/delete/action: when refused and the caller may not even see the
   * resource, neutron answers 404 so as not to reveal it.
   */
  enforceOrHide(
    request: FastifyRequest,
    action: string,
    showAction: string,
    target: Json,
    options?: { readonly attrs?: AttrMap; readonly updated?: readonly string[] },
  ): void;
  /**
   * Drops attributes the caller may not read (`get_<resource>:<attr>`). `target` (the view
   * when absent) may be a function, called only when an attribute rule is checked.
   */
  strip(request: FastifyRequest, resource: string, view: Json, target?: Json | (() => Json)): Json;
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const matchRule = (
  action: string,
  target: Json,
  attrs: AttrMap | undefined,
  updated: readonly string[] | undefined,
): Check => {
  let rule: Check = { rule: action };
  if (!attrs) return rule;
  for (const [name, spec] of Object.entries(attrs)) {
    if (!spec.policy) continue;
    const value = target[name];
    const explicit = updated
      ? updated.includes(name) && value !== NOT_SPECIFIED
      : name in target &&
        value !== NOT_SPECIFIED &&
        !('default' in spec && sameValue(value, spec.default));
    if (!explicit) continue;
    let attrRule: Check = { rule: `${action}:${name}` };
    if (spec.subPolicy) {
      if (isObject(value)) {
        const keys = Array.isArray(spec.subPolicy)
          ? spec.subPolicy.filter((k) => k in value)
          : Object.keys(value);
        attrRule = {
          and: [attrRule, { and: keys.map((k) => ({ rule: `${action}:${name}:${k}` })) }],
        };
      } else if (Array.isArray(value)) {
        const subs: Check[] = value.flatMap((item: unknown) =>
          isObject(item) ? Object.keys(item).map((k) => ({ rule: `${action}:${name}:${k}` })) : [],
        );
        if (subs.length > 0) attrRule = { and: [attrRule, { and: subs }] };
      }
    }
    rule = { and: [rule, attrRule] };
  }
  return rule;
};

export const neutronPolicy = (ctx: CloudContext): NeutronPolicy => {
  const check = (request: FastifyRequest, rule: string, target: PolicyTarget): boolean => {
    if (!ctx.options.enforceNewDefaults && neutronCaller(request).isAdmin) return true;
    return isAllowed(request, 'network', rule, target);
  };
  const allowed = (request: FastifyRequest, rule: Check, target: Json): boolean =>
    evaluate(rule, (r) => check(request, r, target));
  const refuse = (rule: Check): NeutronFault =>
    new NeutronFault(403, 'PolicyNotAuthorized', `${render(rule)} is disallowed by policy`);

  return {
    check,
    enforce: (request, action, target, options = {}) => {
      const rule = matchRule(action, target, options.attrs, options.updated);
      if (!allowed(request, rule, target)) throw refuse(rule);
    },
    enforceOrHide: (request, action, showAction, target, options = {}) => {
      const rule = matchRule(action, target, options.attrs, options.updated);
      if (allowed(request, rule, target)) return;
      if (!check(request, showAction, target)) throw resourceNotFound();
      throw refuse(rule);
    },
    strip: (request, resource, view, target = view) => {
      // Only the few attributes with a read rule are checked (a list checks every row), and
      // the view is copied only when one is refused.
      let refused: Set<string> | undefined;
      let merged: Json | undefined;
      for (const [name, rule] of readRulesOf(resource)) {
        if (name === 'project_id' || !Object.hasOwn(view, name)) continue;
        merged ??= typeof target === 'function' ? target() : target;
        if (check(request, rule, merged)) continue;
        refused ??= new Set();
        refused.add(name);
        if (name === 'tenant_id') refused.add('project_id');
      }
      if (!refused) return view;
      const out: Json = {};
      for (const [name, value] of Object.entries(view)) if (!refused.has(name)) out[name] = value;
      return out;
    },
  };
};
