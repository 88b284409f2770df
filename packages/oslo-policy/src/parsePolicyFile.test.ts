import { describe, expect, it } from 'vitest';
import { Enforcer } from './Enforcer';
import { parsePolicyFile } from './parsePolicyFile';

describe('parsePolicyFile', () => {
  it('reads YAML and JSON policy files', () => {
    expect(parsePolicyFile('"a": "role:x"\nb: rule:a or role:y\n')).toEqual({
      a: 'role:x',
      b: 'rule:a or role:y',
    });
    expect(parsePolicyFile('{"a": "role:x", "b": [["role:y"]]}')).toEqual({
      a: 'role:x',
      b: [['role:y']],
    });
  });

  it('treats an empty file as no overrides and a null rule as an empty one', () => {
    expect(parsePolicyFile('')).toEqual({});
    expect(parsePolicyFile('# only comments\n')).toEqual({});
    expect(parsePolicyFile('a:\n')).toEqual({ a: '' });
  });

  it('rejects files that are not a map of rules', () => {
    expect(() => parsePolicyFile('- a\n- b\n')).toThrow(/map of rule name/);
    expect(() => parsePolicyFile('a: 3\n')).toThrow(/"a" must be a check string/);
  });

  it('feeds an Enforcer', () => {
    const overrides = parsePolicyFile('x: role:ops\n');
    const e = new Enforcer({ rules: { x: { check_str: 'role:admin' } }, overrides });
    expect(e.enforce('x', {}, { user_id: 'u', project_id: 'p', roles: ['ops'] })).toBe(true);
  });
});
