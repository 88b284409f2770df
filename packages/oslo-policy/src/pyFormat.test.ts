import { describe, expect, it } from 'vitest';
import { PolicyEvaluationError } from './PolicyEvaluationError';
import {
  compileTemplate,
  expandTemplate,
  isPyNameExpression,
  pyLiteralString,
  pyRepr,
  pyStr,
} from './pyFormat';

describe('pyStr / pyRepr', () => {
  it('prints JSON values as Python str() does', () => {
    expect(pyStr('x')).toBe('x');
    expect(pyStr(true)).toBe('True');
    expect(pyStr(false)).toBe('False');
    expect(pyStr(null)).toBe('None');
    expect(pyStr(3)).toBe('3');
    expect(pyStr(1.5)).toBe('1.5');
    expect(pyStr(1e-5)).toBe('1e-05');
    expect(pyStr(['a', 1, null])).toBe("['a', 1, None]");
    expect(pyStr({ k: 'v', n: [true] })).toBe("{'k': 'v', 'n': [True]}");
  });

  it('quotes strings as Python repr() does', () => {
    expect(pyRepr('a')).toBe("'a'");
    expect(pyRepr("it's")).toBe('"it\'s"');
    expect(pyRepr('a\'b"c')).toBe("'a\\'b\"c'");
    expect(pyRepr('line\n')).toBe("'line\\n'");
  });
});

describe('pyLiteralString / isPyNameExpression', () => {
  it('evaluates the literal kinds policies use', () => {
    expect(pyLiteralString("'public'")).toBe('public');
    expect(pyLiteralString('"shared"')).toBe('shared');
    expect(pyLiteralString("'a\\'b'")).toBe("a'b");
    expect(pyLiteralString('True')).toBe('True');
    expect(pyLiteralString('None')).toBe('None');
    expect(pyLiteralString('42')).toBe('42');
    expect(pyLiteralString('-1')).toBe('-1');
    expect(pyLiteralString('1_000')).toBe('1000');
    expect(pyLiteralString('0x1f')).toBe('31');
    expect(pyLiteralString('2.0')).toBe('2.0');
    expect(pyLiteralString('1e3')).toBe('1000.0');
  });

  it('leaves names to the credential lookup', () => {
    expect(pyLiteralString('project_id')).toBeNull();
    expect(pyLiteralString('true')).toBeNull();
    expect(isPyNameExpression('project_id')).toBe(true);
    expect(isPyNameExpression('user.domain.id')).toBe(true);
    expect(isPyNameExpression('os-keypairs')).toBe(true);
  });

  it('recognises kinds Python cannot parse', () => {
    for (const kind of ['', '@x', '1abc', '%(x)s', 'and', 'a.not', 'a.', 'a..b']) {
      expect(pyLiteralString(kind), kind).toBeNull();
      expect(isPyNameExpression(kind), kind).toBe(false);
    }
  });
});

describe('compileTemplate / expandTemplate', () => {
  const t = (match: string, target: Record<string, unknown>): string | null =>
    expandTemplate(compileTemplate(match), target);

  it('needs no work for a constant match', () => {
    expect(compileTemplate('admin').constant).toBe('admin');
    expect(compileTemplate('100%%').constant).toBe('100%');
  });

  it('substitutes %(key)s with str() of the value', () => {
    expect(t('%(project_id)s', { project_id: 'p1' })).toBe('p1');
    expect(t('%(project_id)s', { project_id: null })).toBe('None');
    expect(t('%(flag)s', { flag: true })).toBe('True');
    expect(t('pre-%(a)s-%(b)s', { a: 1, b: 'x' })).toBe('pre-1-x');
  });

  it('answers null for a missing key (KeyError: the check is false)', () => {
    expect(t('%(project_id)s', {})).toBeNull();
    expect(t('%(project_id)s', { project_id: undefined })).toBeNull();
    expect(t('%(constructor)s', {})).toBeNull();
  });

  it('prefers the flat key, then walks nested objects for a dotted key', () => {
    expect(t('%(target.project.id)s', { 'target.project.id': 'flat' })).toBe('flat');
    expect(t('%(target.project.id)s', { target: { project: { id: 'nested' } } })).toBe('nested');
    expect(t('%(target.project.id)s', { target: { project: {} } })).toBeNull();
    expect(t('%(target.project.id)s', { target: 'x' })).toBeNull();
  });

  it('supports repr, integers, flags, width and precision', () => {
    expect(t('%(u)r', { u: 'a' })).toBe("'a'");
    expect(t('%(n)d', { n: 2.9 })).toBe('2');
    expect(t('%(n)05d', { n: 12 })).toBe('00012');
    expect(t('%(n)+d', { n: 12 })).toBe('+12');
    expect(t('%(s)-5s|', { s: 'ab' })).toBe('ab   |');
    expect(t('%(s).1s', { s: 'ab' })).toBe('a');
  });

  it('formats one bare %s with the whole target', () => {
    expect(t('%s', { a: 1 })).toBe("{'a': 1}");
  });

  it('throws where Python raises', () => {
    for (const match of ['%(a)s%', '%(a', '%(a)q', '%(a)*s', '%s%s', '%(a)s%s', '%(a)x']) {
      expect(() => t(match, { a: 'x' }), match).toThrow(PolicyEvaluationError);
    }
    expect(() => t('%(n)d', { n: 'x' })).toThrow(PolicyEvaluationError);
  });

  it('raises only once it gets there: an earlier missing key wins', () => {
    expect(t('%(missing)s%', {})).toBeNull();
  });
});
