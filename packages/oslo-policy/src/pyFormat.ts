import { PolicyEvaluationError } from './PolicyEvaluationError';

// oslo.policy is Python: checks compare strings produced by `str(value)` and by `match % target`.
// These helpers reproduce exactly those conversions so that a JSON target or credential value
// compares the way the same value does inside a Python service.

/** One `%(key)<conversion>` placeholder of a match string. */
export interface TemplateKey {
  /** null for a bare `%s`, which Python formats with the whole target dict. */
  readonly key: string | null;
  /** Dotted path tried when the target has no such flat key (keystone flattens its targets). */
  readonly path: readonly string[] | null;
  readonly conversion: 's' | 'r' | 'd';
  readonly flags: string;
  readonly width: number;
  readonly precision: number | null;
}

/** Where Python's `%` would raise ValueError/TypeError; evaluation stops there. */
export interface TemplateError {
  readonly error: string;
}

/**
 * A match string compiled once. `constant` is set when it has no placeholder, so the common
 * `role:admin` needs no work at evaluation time.
 */
export interface Template {
  readonly constant: string | null;
  readonly parts: readonly (string | TemplateKey | TemplateError)[];
}

const SPEC_TAIL = /^([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?[hlL]?/;

/**
 * Compiles a Python `%`-format string that Python applies to a mapping (the policy target):
 * `%(key)s`, `%(key)r`, `%(key)d` with flags, width and precision, `%%`, and one bare `%s`
 * (the whole target). Shapes Python rejects, and the numeric conversions no policy uses
 * (x, o, e, f, g, c), become an error part that stops evaluation.
 */
export function compileTemplate(match: string): Template {
  if (!match.includes('%')) return { constant: match, parts: [match] };
  const parts: (string | TemplateKey | TemplateError)[] = [];
  let literal = '';
  let usedKey = false;
  let usedBare = false;
  const flush = (): void => {
    if (literal !== '') parts.push(literal);
    literal = '';
  };
  const fail = (error: string): Template => {
    flush();
    parts.push({ error });
    return { constant: null, parts };
  };
  let i = 0;
  while (i < match.length) {
    const ch = match.charAt(i);
    if (ch !== '%') {
      literal += ch;
      i += 1;
      continue;
    }
    let j = i + 1;
    let key: string | null = null;
    if (match[j] === '(') {
      // Python matches nested parentheses when it reads the mapping key.
      let depth = 1;
      j += 1;
      while (j < match.length && depth > 0) {
        if (match[j] === '(') depth += 1;
        else if (match[j] === ')') depth -= 1;
        j += 1;
      }
      if (depth > 0) return fail('incomplete format key');
      key = match.slice(i + 2, j - 1);
    }
    // SPEC_TAIL matches the empty string, so exec always succeeds.
    const tail = SPEC_TAIL.exec(match.slice(j)) ?? [''];
    j += tail[0].length;
    const conv = match[j];
    if (conv === undefined) return fail('incomplete format');
    if (conv === '%' && key === null && tail[0] === '') {
      literal += '%';
      i = j + 1;
      continue;
    }
    if (tail[2] === '*' || tail[3] === '*') return fail('* width needs positional arguments');
    const conversion =
      conv === 's' ? 's' : conv === 'r' || conv === 'a' ? 'r' : 'diu'.includes(conv) ? 'd' : null;
    if (conversion === null) return fail(`unsupported format character '${conv}'`);
    if (key === null) {
      // The lone dict argument serves one bare conversion, and only before any %(key).
      if (usedKey || usedBare) return fail('not enough arguments for format string');
      usedBare = true;
    } else {
      usedKey = true;
    }
    flush();
    parts.push({
      key,
      path: key !== null && key.includes('.') ? key.split('.') : null,
      conversion,
      flags: tail[1] ?? '',
      width: tail[2] ? Number(tail[2]) : 0,
      precision: tail[3] === undefined ? null : Number(tail[3] || '0'),
    });
    i = j + 1;
  }
  flush();
  if (parts.every((p) => typeof p === 'string')) return { constant: parts.join(''), parts };
  return { constant: null, parts };
}

const hasOwn = Object.prototype.hasOwnProperty;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads `key` from the target the way Python's `target[key]` does, then, for a dotted key the
 * target lacks, walks nested objects (`target.project.id` → target.target.project.id).
 * Returns `undefined` for "KeyError".
 */
export function lookupTarget(target: Readonly<Record<string, unknown>>, tk: TemplateKey): unknown {
  if (tk.key === null) return target;
  if (hasOwn.call(target, tk.key)) {
    const v = target[tk.key];
    if (v !== undefined) return v;
  }
  if (tk.path === null) return undefined;
  let cur: unknown = target;
  for (const seg of tk.path) {
    if (!isRecord(cur) || !hasOwn.call(cur, seg)) return undefined;
    cur = cur[seg];
  }
  return cur;
}

function pad(text: string, tk: TemplateKey, zeroOk: boolean): string {
  if (text.length >= tk.width) return text;
  if (tk.flags.includes('-')) return text.padEnd(tk.width, ' ');
  if (zeroOk && tk.flags.includes('0')) {
    const sign = /^[-+ ]/.test(text) ? text.charAt(0) : '';
    return sign + text.slice(sign.length).padStart(tk.width - sign.length, '0');
  }
  return text.padStart(tk.width, ' ');
}

function formatOne(value: unknown, tk: TemplateKey): string {
  if (tk.conversion === 'd') {
    const n = pyInt(value);
    if (n === null) {
      throw new PolicyEvaluationError(`%d format: a number is required, not ${typeof value}`);
    }
    let digits = n.replace('-', '');
    if (tk.precision !== null) digits = digits.padStart(tk.precision, '0');
    const sign = n.startsWith('-')
      ? '-'
      : tk.flags.includes('+')
        ? '+'
        : tk.flags.includes(' ')
          ? ' '
          : '';
    return pad(sign + digits, tk, true);
  }
  let text = tk.conversion === 's' ? pyStr(value) : pyRepr(value);
  if (tk.precision !== null) text = text.slice(0, tk.precision);
  return pad(text, tk, false);
}

/**
 * Expands a template against the target like Python's `match % target`. Returns `null` on a
 * missing key (oslo catches that KeyError: the check is false); throws PolicyEvaluationError
 * where Python raises anything else.
 */
export function expandTemplate(
  t: Template,
  target: Readonly<Record<string, unknown>>,
): string | null {
  if (t.constant !== null) return t.constant;
  let out = '';
  for (const part of t.parts) {
    if (typeof part === 'string') {
      out += part;
    } else if ('error' in part) {
      throw new PolicyEvaluationError(`cannot format the match: ${part.error}`);
    } else {
      const value = lookupTarget(target, part);
      if (value === undefined) return null;
      out += formatOne(value, part);
    }
  }
  return out;
}

function pyInt(value: unknown): string | null {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' && Number.isFinite(value)) return String(Math.trunc(value));
  return null;
}

function pyFloat(n: number): string {
  if (Number.isNaN(n)) return 'nan';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  const abs = Math.abs(n);
  if (abs !== 0 && (abs >= 1e16 || abs < 1e-4)) {
    // Python prints at least two exponent digits: 1e-05, 1e+16.
    return n.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  const s = String(n);
  return Number.isInteger(n) ? `${s}.0` : s;
}

/** Python's `str()` of a JSON value. Integral numbers print as Python ints (JSON has one type). */
export function pyStr(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? 'True' : 'False';
    case 'number':
      return Number.isInteger(value) && Math.abs(value) < 1e16 ? String(value) : pyFloat(value);
    case 'bigint':
      return value.toString();
    case 'undefined':
      return 'None';
    default:
      return pyRepr(value);
  }
}

/** Python's `repr()` of a JSON value. */
export function pyRepr(value: unknown): string {
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    let out = quote;
    for (const ch of value) {
      if (ch === '\\' || ch === quote) out += `\\${ch}`;
      else if (ch === '\n') out += '\\n';
      else if (ch === '\r') out += '\\r';
      else if (ch === '\t') out += '\\t';
      else out += ch;
    }
    return out + quote;
  }
  if (value === null || value === undefined) return 'None';
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (isRecord(value)) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`)
      .join(', ')}}`;
  }
  return pyStr(value);
}

const INT_LITERAL = /^[+-]?(?:0(?:_?0)*|[1-9](?:_?\d)*)$/;
const RADIX_LITERAL = /^([+-]?)0([xXoObB])((?:_?[0-9a-fA-F])+)$/;
const FLOAT_LITERAL =
  /^[+-]?(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][+-]?\d(?:_?\d)*)?$/;
const STRING_LITERAL = /^[uU]?(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")$/s;

function unescapePy(body: string): string {
  return body.replace(/\\(.)/gs, (_m, c: string) => {
    switch (c) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case '0':
        return '\0';
      case '\\':
      case "'":
      case '"':
        return c;
      case '\n':
        return '';
      default:
        return `\\${c}`;
    }
  });
}

const PY_KEYWORDS = new Set(
  (
    'and as assert async await break class continue def del elif else except finally for from ' +
    'global if import in is lambda nonlocal not or pass raise return try while with yield'
  ).split(' '),
);
const NAME_EXPR =
  /^[-+~]*[A-Za-z_]\w*(?:-+(?:[A-Za-z_]\w*|\d+))*(?:\.[A-Za-z_]\w*(?:-+(?:[A-Za-z_]\w*|\d+))*)*$/;

/**
 * Whether Python parses the kind as an expression that is not a literal (a name such as
 * `project_id`, an attribute chain such as `user.domain.id`, or `os-keypairs`), which makes
 * literal_eval raise ValueError and oslo look the kind up in the credentials. Anything else that
 * is not a literal is a Python SyntaxError, which oslo lets escape.
 */
export function isPyNameExpression(kind: string): boolean {
  if (!NAME_EXPR.test(kind)) return false;
  for (const word of kind.match(/[A-Za-z_]\w*/g) ?? []) if (PY_KEYWORDS.has(word)) return false;
  return true;
}

/**
 * The string oslo's GenericCheck compares against when the left side of `kind:match` is a Python
 * literal (`ast.literal_eval(kind)` succeeds), e.g. `'public':%(visibility)s` or
 * `True:%(enabled)s`; `null` when the kind is a credential path instead. Covers the literals
 * found in policies: strings, True/False/None and numbers.
 */
export function pyLiteralString(kind: string): string | null {
  if (kind === 'True' || kind === 'False' || kind === 'None') return kind;
  const str = STRING_LITERAL.exec(kind);
  if (str) return unescapePy(str[1] ?? str[2] ?? '');
  if (INT_LITERAL.test(kind)) {
    const big = BigInt(kind.replace(/_/g, ''));
    return big.toString();
  }
  const radix = RADIX_LITERAL.exec(kind);
  if (radix) {
    const letter = (radix[2] ?? 'x').toLowerCase();
    const base = letter === 'x' ? 16 : letter === 'o' ? 8 : 2;
    const digits = (radix[3] ?? '').replace(/_/g, '');
    const valid = base === 16 || [...digits].every((d) => parseInt(d, 16) < base);
    if (valid) {
      const prefix = base === 16 ? '0x' : base === 8 ? '0o' : '0b';
      const n = BigInt(prefix + digits);
      return (radix[1] === '-' && n !== 0n ? '-' : '') + n.toString();
    }
    return null;
  }
  if (FLOAT_LITERAL.test(kind) && /[.eE]/.test(kind))
    return pyFloat(Number(kind.replace(/_/g, '')));
  return null;
}
