import type { RuleNode } from './parseRule';
import { PolicyEvaluationError } from './PolicyEvaluationError';
import { expandTemplate, pyStr } from './pyFormat';

/** The object a rule is checked against: oslo's `target` dict. */
export type PolicyTarget = Readonly<Record<string, unknown>>;

/**
 * A service-specific check kind (oslo's `@policy.register(kind)`), e.g. neutron's `field:`.
 * Receives the raw match (no substitution, as registered checks do their own).
 */
export type ExtensionCheck = (
  match: string,
  target: PolicyTarget,
  creds: Readonly<Record<string, unknown>>,
) => boolean;

export interface EvalContext {
  readonly target: PolicyTarget;
  readonly creds: Readonly<Record<string, unknown>>;
  /** Finds a rule by name, applying the default-rule fallback; undefined when there is none. */
  readonly resolve: (name: string) => RuleNode | undefined;
  readonly extensions: ReadonlyMap<string, ExtensionCheck> | null;
  /** Names of the rules being evaluated, outermost first. */
  readonly stack: string[];
  /** First oddity met on the way (unknown rule, unsupported check), for diagnostics. */
  problem: string | undefined;
}

const hasOwn = Object.prototype.hasOwnProperty;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  if (value === null) return 'None';
  if (Array.isArray(value)) return 'list';
  return typeof value;
}

/**
 * GenericCheck's walk through the credentials: each dotted segment indexes a dict (a missing key
 * makes the check false), a list met on the way is searched element by element, and the leaf is
 * compared as `match == str(leaf)`. Indexing anything but a dict raises in Python, so it throws
 * here. A key holding `undefined` counts as absent; `null` is Python's None.
 */
function findInCreds(
  value: unknown,
  path: readonly string[],
  index: number,
  match: string,
  kind: string,
): boolean {
  const seg = path[index];
  if (seg === undefined) return match === pyStr(value);
  if (!isRecord(value)) {
    throw new PolicyEvaluationError(`${kind}: cannot index a ${typeName(value)} with "${seg}"`);
  }
  if (!hasOwn.call(value, seg)) return false;
  const next = value[seg];
  if (next === undefined) return false;
  if (Array.isArray(next)) {
    for (const item of next) if (findInCreds(item, path, index + 1, match, kind)) return true;
    return false;
  }
  return findInCreds(next, path, index + 1, match, kind);
}

/** RoleCheck: `match.lower() in [r.lower() for r in creds['roles']]`, Python iteration included. */
function hasRole(roles: unknown, wanted: string): boolean {
  let names: readonly unknown[];
  if (Array.isArray(roles)) names = roles;
  else if (typeof roles === 'string') names = [...roles];
  else if (isRecord(roles)) names = Object.keys(roles);
  else throw new PolicyEvaluationError(`creds roles is not iterable (${typeName(roles)})`);
  let found = false;
  for (const role of names) {
    if (typeof role !== 'string') {
      throw new PolicyEvaluationError(`creds roles holds a ${typeName(role)}, not a string`);
    }
    if (!found && role.toLowerCase() === wanted) found = true;
  }
  return found;
}

function noteProblem(ctx: EvalContext, problem: string): false {
  ctx.problem ??= problem;
  return false;
}

/**
 * Evaluates a parsed rule with oslo.policy's semantics; `and`/`or` short-circuit left to right.
 * Throws PolicyEvaluationError where oslo raises instead of answering.
 */
export function evaluateRule(node: RuleNode, ctx: EvalContext): boolean {
  switch (node.type) {
    case 'true':
      return true;
    case 'false':
      return false;
    case 'and':
      for (const r of node.rules) if (!evaluateRule(r, ctx)) return false;
      return true;
    case 'or':
      for (const r of node.rules) if (evaluateRule(r, ctx)) return true;
      return false;
    case 'not':
      return !evaluateRule(node.rule, ctx);
    case 'rule': {
      const referenced = ctx.resolve(node.name);
      if (referenced === undefined) return noteProblem(ctx, `rule "${node.name}" is not defined`);
      // Evaluation is deterministic, so re-entering a rule would recurse forever (oslo hits
      // Python's recursion limit).
      if (ctx.stack.includes(node.name)) {
        throw new PolicyEvaluationError(`rule cycle: ${[...ctx.stack, node.name].join(' -> ')}`);
      }
      ctx.stack.push(node.name);
      const result = evaluateRule(referenced, ctx);
      ctx.stack.pop();
      return result;
    }
    case 'role': {
      const match = expandTemplate(node.template, ctx.target);
      if (match === null) return false;
      const roles = hasOwn.call(ctx.creds, 'roles') ? ctx.creds['roles'] : undefined;
      return roles === undefined ? false : hasRole(roles, match.toLowerCase());
    }
    case 'generic': {
      const extension = ctx.extensions?.get(node.kind);
      if (extension) return extension(node.match, ctx.target, ctx.creds);
      const match = expandTemplate(node.template, ctx.target);
      if (match === null) return false;
      if (node.literal !== null) return match === node.literal;
      if (node.path === null) {
        throw new PolicyEvaluationError(`"${node.kind}" is neither a Python literal nor a name`);
      }
      // oslo copies creds['system_scope'] into creds['system'] before evaluating.
      const root =
        node.path[0] === 'system' && ctx.creds['system_scope']
          ? { ...ctx.creds, system: ctx.creds['system_scope'] }
          : ctx.creds;
      return findInCreds(root, node.path, 0, match, node.kind);
    }
    case 'external':
      return noteProblem(ctx, `${node.kind}: checks are not supported`);
    case 'invalid':
      return noteProblem(ctx, `"${node.text}" is not a check (expected kind:match)`);
  }
}
