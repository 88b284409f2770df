import { compileTemplate, isPyNameExpression, pyLiteralString, type Template } from './pyFormat';

/**
 * A parsed policy rule, one node per oslo.policy check class. Nodes are immutable and shared
 * between every rule with the same check string.
 */
export type RuleNode =
  | { readonly type: 'true' }
  | { readonly type: 'false' }
  | { readonly type: 'and'; readonly rules: readonly RuleNode[] }
  | { readonly type: 'or'; readonly rules: readonly RuleNode[] }
  | { readonly type: 'not'; readonly rule: RuleNode }
  /** `rule:<name>`: the name is never substituted. */
  | { readonly type: 'rule'; readonly name: string }
  /** `role:<match>`: case-insensitive membership in creds.roles. */
  | { readonly type: 'role'; readonly match: string; readonly template: Template }
  /**
   * `<kind>:<match>`: `literal` is set when the kind is a Python literal (`'public'`, `True`),
   * `path` when it is a name (`project_id`, `user.domain_id`) looked up in the credentials. With
   * neither, Python cannot read the kind and evaluation fails, as oslo's does.
   */
  | {
      readonly type: 'generic';
      readonly kind: string;
      readonly match: string;
      readonly template: Template;
      readonly literal: string | null;
      readonly path: readonly string[] | null;
    }
  /** `http:`/`https:` checks call a remote server in oslo; not supported here, always false. */
  | { readonly type: 'external'; readonly kind: string; readonly match: string }
  /** A check token oslo cannot split into kind:match; oslo turns it into a false check too. */
  | { readonly type: 'invalid'; readonly text: string };

/** The legacy list-of-lists syntax: outer list OR-ed, inner lists AND-ed, single checks only. */
export type RuleList = readonly (string | readonly string[])[];

/** Thrown by parseRule when oslo.policy would fail to parse a rule (and so deny it). */
export class PolicyParseError extends Error {
  readonly rule: string;
  readonly reason: string;
  constructor(rule: string, reason: string) {
    super(`Could not parse rule "${rule}": ${reason}`);
    this.name = 'PolicyParseError';
    this.rule = rule;
    this.reason = reason;
  }
}

const TRUE: RuleNode = Object.freeze({ type: 'true' });
const FALSE: RuleNode = Object.freeze({ type: 'false' });

export const TRUE_NODE = TRUE;
export const FALSE_NODE = FALSE;

/** Parses one check token (no operators), as oslo's _parse_check does. */
export function parseCheck(text: string): RuleNode {
  if (text === '!') return FALSE;
  if (text === '@') return TRUE;
  const colon = text.indexOf(':');
  if (colon < 0) return { type: 'invalid', text };
  const kind = text.slice(0, colon);
  const match = text.slice(colon + 1);
  // Kinds are case-sensitive in oslo: `Role:admin` is a generic check on creds['Role'].
  if (kind === 'http' || kind === 'https') return { type: 'external', kind, match };
  if (kind === 'rule') return { type: 'rule', name: match };
  if (kind === 'role') return { type: 'role', match, template: compileTemplate(match) };
  const literal = pyLiteralString(kind);
  return {
    type: 'generic',
    kind,
    match,
    template: compileTemplate(match),
    literal,
    path: literal === null && isPyNameExpression(kind) ? kind.split('.') : null,
  };
}

type Token =
  | { readonly t: '(' | ')' | 'and' | 'or' | 'not' }
  | { readonly t: 'string'; readonly value: string }
  | { readonly t: 'check' | 'and_expr' | 'or_expr'; readonly node: RuleNode };

const PAREN_OPEN: Token = { t: '(' };
const PAREN_CLOSE: Token = { t: ')' };
const KEYWORDS: ReadonlyMap<string, Token> = new Map<string, Token>([
  ['and', { t: 'and' }],
  ['or', { t: 'or' }],
  ['not', { t: 'not' }],
]);

/**
 * Splits on whitespace only, then peels parentheses off each end of a word. So `(role:a` is two
 * tokens but `role:a)and` stays one check whose match is `a)and`, exactly as oslo tokenizes.
 * Keywords are matched case-insensitively (oslo lowercases each word before comparing it to
 * and/or/not), so heat's `... OR ...` works; check kinds stay case-sensitive.
 */
function tokenize(rule: string): Token[] {
  const tokens: Token[] = [];
  for (const word of rule.split(/\s+/)) {
    if (word === '') continue;
    let start = 0;
    while (start < word.length && word[start] === '(') {
      tokens.push(PAREN_OPEN);
      start += 1;
    }
    if (start === word.length) continue;
    const tok = word.slice(start);
    let end = tok.length;
    while (end > 0 && tok[end - 1] === ')') end -= 1;
    const clean = tok.slice(0, end);
    const keyword = KEYWORDS.get(clean.toLowerCase());
    if (keyword) {
      tokens.push(keyword);
    } else if (clean !== '') {
      // The quote test looks at the word before its closing parentheses are peeled.
      const first = tok[0];
      if (tok.length >= 2 && (first === '"' || first === "'") && tok[tok.length - 1] === first) {
        tokens.push({ t: 'string', value: tok.slice(1, -1) });
      } else {
        tokens.push({ t: 'check', node: parseCheck(clean) });
      }
    }
    for (let k = end; k < tok.length; k += 1) tokens.push(PAREN_CLOSE);
  }
  return tokens;
}

/**
 * One greedy reduction on the top of the stack, mirroring the reductions of oslo's shift-reduce
 * parser. Returns false when nothing applies. `not` binds to the single check after it, `and`
 * binds tighter than `or`, and chains of one operator flatten into one node.
 */
function reduceOnce(stack: Token[]): boolean {
  const n = stack.length;
  const a = stack[n - 3];
  const b = stack[n - 2];
  const c = stack[n - 1];
  if (!c) return false;
  if (
    a &&
    b &&
    a.t === '(' &&
    c.t === ')' &&
    (b.t === 'check' || b.t === 'and_expr' || b.t === 'or_expr')
  ) {
    stack.splice(n - 3, 3, { t: 'check', node: b.node });
    return true;
  }
  if (b && b.t === 'not' && c.t === 'check') {
    stack.splice(n - 2, 2, { t: 'check', node: { type: 'not', rule: c.node } });
    return true;
  }
  if (!a || !b || c.t !== 'check') return false;
  if (b.t === 'and') {
    if (a.t === 'check') {
      stack.splice(n - 3, 3, { t: 'and_expr', node: { type: 'and', rules: [a.node, c.node] } });
      return true;
    }
    if (a.t === 'and_expr' && a.node.type === 'and') {
      stack.splice(n - 3, 3, {
        t: 'and_expr',
        node: { type: 'and', rules: [...a.node.rules, c.node] },
      });
      return true;
    }
    if (a.t === 'or_expr' && a.node.type === 'or') {
      // `A or B and C`: the and takes the last operand of the or.
      const rest = a.node.rules.slice(0, -1);
      const last = a.node.rules[a.node.rules.length - 1] ?? FALSE;
      const merged: RuleNode =
        last.type === 'and'
          ? { type: 'and', rules: [...last.rules, c.node] }
          : { type: 'and', rules: [last, c.node] };
      stack.splice(n - 3, 3, { t: 'or_expr', node: { type: 'or', rules: [...rest, merged] } });
      return true;
    }
    return false;
  }
  if (b.t === 'or') {
    if (a.t === 'check' || a.t === 'and_expr') {
      stack.splice(n - 3, 3, { t: 'or_expr', node: { type: 'or', rules: [a.node, c.node] } });
      return true;
    }
    if (a.t === 'or_expr' && a.node.type === 'or') {
      stack.splice(n - 3, 3, {
        t: 'or_expr',
        node: { type: 'or', rules: [...a.node.rules, c.node] },
      });
      return true;
    }
  }
  return false;
}

function describe(tok: Token): string {
  if (tok.t === 'string') return `quoted string '${tok.value}'`;
  if ('node' in tok) return 'expression';
  return `"${tok.t}"`;
}

function parseText(rule: string): RuleNode {
  if (rule === '') return TRUE;
  const stack: Token[] = [];
  for (const tok of tokenize(rule)) {
    stack.push(tok);
    while (reduceOnce(stack)) {
      // keep reducing greedily
    }
  }
  const only = stack[0];
  if (only !== undefined && stack.length === 1) {
    if ('node' in only) return only.node;
    // oslo returns the bare token here and then fails when the enforcer calls it.
    throw new PolicyParseError(rule, `a lone ${describe(only)} is not a check`);
  }
  if (stack.length === 0) throw new PolicyParseError(rule, 'no checks (only whitespace)');
  const stray = stack.find((t) => t.t === 'string') ?? stack.find((t) => !('node' in t));
  throw new PolicyParseError(
    rule,
    stray ? `unexpected ${describe(stray)}` : 'checks must be joined by "and" or "or"',
  );
}

function parseList(rule: RuleList): RuleNode {
  if (rule.length === 0) return TRUE;
  const alternatives: RuleNode[] = [];
  for (const inner of rule) {
    // Empty entries are skipped; a list made only of them denies.
    if (inner.length === 0) continue;
    const checks = typeof inner === 'string' ? [parseCheck(inner)] : inner.map(parseCheck);
    const [first] = checks;
    alternatives.push(
      checks.length === 1 && first !== undefined ? first : { type: 'and', rules: checks },
    );
  }
  const [only] = alternatives;
  if (only === undefined) return FALSE;
  return alternatives.length === 1 ? only : { type: 'or', rules: alternatives };
}

function freezeDeep(node: RuleNode): RuleNode {
  if (Object.isFrozen(node)) return node;
  if (node.type === 'and' || node.type === 'or') node.rules.forEach(freezeDeep);
  if (node.type === 'not') freezeDeep(node.rule);
  return Object.freeze(node);
}

const textCache = new Map<string, RuleNode | PolicyParseError>();
const TEXT_CACHE_LIMIT = 10_000;

/**
 * Parses a policy rule: the policy language (`role:admin or (project_id:%(project_id)s and
 * not rule:deny)`) or the legacy list-of-lists syntax. The empty string and the empty list allow.
 * Text rules are memoized, so parsing the same check string twice costs one Map lookup.
 * @throws PolicyParseError where oslo.policy would fail closed.
 */
export function parseRule(rule: string | RuleList): RuleNode {
  if (typeof rule !== 'string') return freezeDeep(parseList(rule));
  const cached = textCache.get(rule);
  if (cached !== undefined) {
    if (cached instanceof PolicyParseError) throw new PolicyParseError(rule, cached.reason);
    return cached;
  }
  let result: RuleNode | PolicyParseError;
  try {
    result = freezeDeep(parseText(rule));
  } catch (err) {
    if (!(err instanceof PolicyParseError)) throw err;
    result = err;
  }
  if (textCache.size >= TEXT_CACHE_LIMIT) textCache.clear();
  textCache.set(rule, result);
  if (result instanceof PolicyParseError) throw result;
  return result;
}
