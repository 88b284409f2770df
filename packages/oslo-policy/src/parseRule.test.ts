import { describe, expect, it } from 'vitest';
import { parseRule, PolicyParseError, type RuleNode } from './parseRule';

/** Compact rendering of an AST, for readable expectations. */
function show(node: RuleNode): string {
  switch (node.type) {
    case 'true':
      return '@';
    case 'false':
      return '!';
    case 'and':
      return `(${node.rules.map(show).join(' & ')})`;
    case 'or':
      return `(${node.rules.map(show).join(' | ')})`;
    case 'not':
      return `~${show(node.rule)}`;
    case 'rule':
      return `rule:${node.name}`;
    case 'role':
      return `role:${node.match}`;
    case 'generic':
      return `${node.kind}:${node.match}`;
    case 'external':
      return `${node.kind}:${node.match}`;
    case 'invalid':
      return `?${node.text}`;
  }
}

const p = (text: string): string => show(parseRule(text));

describe('parseRule: checks', () => {
  it('parses the special checks', () => {
    expect(parseRule('@')).toEqual({ type: 'true' });
    expect(parseRule('!')).toEqual({ type: 'false' });
  });

  it('allows an empty rule and an empty list', () => {
    expect(parseRule('')).toEqual({ type: 'true' });
    expect(parseRule([])).toEqual({ type: 'true' });
  });

  it('splits kind and match at the first colon only', () => {
    const node = parseRule('role:compute:admin');
    expect(node).toMatchObject({ type: 'role', match: 'compute:admin' });
  });

  it('keeps rule names unsubstituted', () => {
    expect(parseRule('rule:%(x)s')).toEqual({ type: 'rule', name: '%(x)s' });
  });

  it('classifies generic kinds as literal or credential path', () => {
    expect(parseRule("'public':%(visibility)s")).toMatchObject({
      type: 'generic',
      literal: 'public',
      path: null,
    });
    expect(parseRule('True:%(enabled)s')).toMatchObject({ literal: 'True', path: null });
    expect(parseRule('None:%(x)s')).toMatchObject({ literal: 'None' });
    expect(parseRule('0x10:%(x)s')).toMatchObject({ literal: '16' });
    expect(parseRule('user.domain_id:x')).toMatchObject({
      literal: null,
      path: ['user', 'domain_id'],
    });
    // Python cannot read these kinds at all: evaluating them raises.
    expect(parseRule('@x:1')).toMatchObject({ literal: null, path: null });
    expect(parseRule('and:1')).toMatchObject({ literal: null, path: null });
  });

  it('keeps check kinds case-sensitive', () => {
    expect(parseRule('ROLE:admin')).toMatchObject({ type: 'generic', kind: 'ROLE' });
    expect(parseRule('Rule:x')).toMatchObject({ type: 'generic', kind: 'Rule' });
  });

  it('marks http and https checks as external', () => {
    expect(parseRule('http://pdp/%(x)s')).toEqual({
      type: 'external',
      kind: 'http',
      match: '//pdp/%(x)s',
    });
    expect(parseRule('https://pdp')).toMatchObject({ type: 'external', kind: 'https' });
  });

  it('turns a token without a colon into a false check, not a parse error', () => {
    expect(parseRule('foo')).toEqual({ type: 'invalid', text: 'foo' });
    expect(p('foo or @')).toBe('(?foo | @)');
  });
});

describe('parseRule: operators and precedence', () => {
  it('joins with and / or', () => {
    expect(p('role:a and role:b')).toBe('(role:a & role:b)');
    expect(p('role:a or role:b')).toBe('(role:a | role:b)');
  });

  it('flattens chains of one operator', () => {
    expect(p('role:a and role:b and role:c')).toBe('(role:a & role:b & role:c)');
    expect(p('role:a or role:b or role:c')).toBe('(role:a | role:b | role:c)');
  });

  it('binds and tighter than or, on either side', () => {
    expect(p('role:a or role:b and role:c')).toBe('(role:a | (role:b & role:c))');
    expect(p('role:a and role:b or role:c')).toBe('((role:a & role:b) | role:c)');
    expect(p('role:a and role:b or role:c and role:d')).toBe(
      '((role:a & role:b) | (role:c & role:d))',
    );
    expect(p('role:a or role:b and role:c and role:d or role:e')).toBe(
      '(role:a | (role:b & role:c & role:d) | role:e)',
    );
  });

  it('binds not to the single check after it', () => {
    expect(p('not role:a and role:b')).toBe('(~role:a & role:b)');
    expect(p('not role:a or role:b')).toBe('(~role:a | role:b)');
    expect(p('role:a or not role:b and role:c')).toBe('(role:a | (~role:b & role:c))');
    expect(p('not not role:a')).toBe('~~role:a');
    expect(p('not (role:a and role:b)')).toBe('~(role:a & role:b)');
  });

  it('honours nested parentheses', () => {
    expect(p('((role:a))')).toBe('role:a');
    expect(p('(role:a or role:b) and role:c')).toBe('((role:a | role:b) & role:c)');
    expect(p('(role:a or (role:b and (role:c or role:d)))')).toBe(
      '(role:a | (role:b & (role:c | role:d)))',
    );
    // oslo appends to the and that the parentheses produced; same meaning either way.
    expect(p('role:a or (role:b and role:c) and role:d')).toBe(
      '(role:a | (role:b & role:c & role:d))',
    );
  });

  it('accepts keywords in any case, as oslo lowercases words before matching them', () => {
    expect(p('role:a AND role:b')).toBe('(role:a & role:b)');
    expect(p('(role:admin and is_admin_project:True) OR (role:admin and system_scope:all)')).toBe(
      '((role:admin & is_admin_project:True) | (role:admin & system_scope:all))',
    );
    expect(p('NOT role:a')).toBe('~role:a');
  });
});

describe('parseRule: tokenizer quirks', () => {
  it('splits on any whitespace', () => {
    expect(p('\trole:a\n or   role:b ')).toBe('(role:a | role:b)');
  });

  it('peels parentheses only from the ends of a word', () => {
    expect(p('(role:a)or(role:b)')).toBe('role:a)or(role:b');
    expect(p('role:a)and')).toBe('role:a)and');
    // `role:(a)` loses its last parenthesis to the tokenizer and no longer balances.
    expect(() => parseRule('role:(a)')).toThrow(PolicyParseError);
  });

  it('keeps the parentheses of a substitution key', () => {
    expect(parseRule('(project_id:%(project_id)s)')).toMatchObject({
      type: 'generic',
      match: '%(project_id)s',
    });
  });

  it('treats a fully quoted word as a string token, which no rule accepts', () => {
    expect(() => parseRule('"role:a"')).toThrow(PolicyParseError);
    expect(() => parseRule("role:a and 'x'")).toThrow(/quoted string 'x'/);
    // A quoted literal with a colon is a check, not a string.
    expect(p("'public':%(visibility)s")).toBe("'public':%(visibility)s");
  });
});

describe('parseRule: errors', () => {
  it.each([
    ['role:a role:b'],
    ['role:a and'],
    ['and role:a'],
    ['or'],
    ['not'],
    ['('],
    [')'],
    ['()'],
    ['(role:a'],
    ['role:a)'],
    ['(role:a))'],
    ['role:a or or role:b'],
    ['role:a not role:b'],
    [' '],
    ['\t\n'],
  ])('rejects %j', (text) => {
    expect(() => parseRule(text)).toThrow(PolicyParseError);
  });

  it('says which rule failed', () => {
    try {
      parseRule('role:a and');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(PolicyParseError);
      expect((err as PolicyParseError).rule).toBe('role:a and');
      expect((err as PolicyParseError).message).toContain('"and"');
    }
  });

  it('throws again on a memoized failure', () => {
    expect(() => parseRule('role:x or')).toThrow(PolicyParseError);
    expect(() => parseRule('role:x or')).toThrow(PolicyParseError);
  });
});

describe('parseRule: legacy list syntax', () => {
  it('ORs the outer list and ANDs the inner lists', () => {
    expect(show(parseRule([['role:a', 'role:b'], ['role:c']]))).toBe(
      '((role:a & role:b) | role:c)',
    );
    expect(show(parseRule(['role:a', 'role:b']))).toBe('(role:a | role:b)');
    expect(show(parseRule([['role:a']]))).toBe('role:a');
  });

  it('denies a list made only of empty entries', () => {
    expect(parseRule([[]])).toEqual({ type: 'false' });
    expect(parseRule([''])).toEqual({ type: 'false' });
    expect(show(parseRule([[], ['role:a']]))).toBe('role:a');
  });

  it('reads each entry as one check, with no operators', () => {
    expect(parseRule([['role:a or role:b']])).toMatchObject({
      type: 'role',
      match: 'a or role:b',
    });
  });
});

describe('parseRule: memoization', () => {
  it('returns the same frozen tree for the same text', () => {
    const a = parseRule('role:m and project_id:%(project_id)s');
    const b = parseRule('role:m and project_id:%(project_id)s');
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
  });
});
