import { describe, expect, it } from 'vitest';
import { evaluate, evaluateCondition, FunctionError } from './functions';
import type { Scope } from './functions';
import { HeatFault, ValidationFault } from './http';
import { checkTemplate, loadTemplate } from './template';

// Values and texts as Zed's heat gives them (read from the lab's heat-api).

const scope = (overrides: Partial<Scope> = {}): Scope => ({
  version: '2021-04-16',
  params: { p: { a: [1, { b: 'deep' }] }, l: ['x', 'y', 'z'], n: 7, flag: true, s: 'hello' },
  files: { 'hello.sh': 'echo hi' },
  resourceRef: (name) => (name === 'v' ? 'stack-v-abc' : undefined),
  attribute: (name, attr, path) => {
    const values: Record<string, unknown> = { value: { k: [10, 20, { z: 'zz' }] } };
    let current = attr === undefined ? values : values[attr];
    for (const key of path) {
      current = Array.isArray(current)
        ? current[Number(key)]
        : (current as Record<string, unknown> | undefined)?.[String(key)];
    }
    return name === 'v' ? (current ?? null) : null;
  },
  condition: (name) => name === 'yes',
  ...overrides,
});

const value = (v: unknown, s: Scope = scope()): unknown => evaluate(v, s);

const failure = (v: unknown): string => {
  try {
    evaluate(v, scope());
  } catch (error) {
    if (error instanceof FunctionError) return error.message;
    throw error;
  }
  throw new Error('no failure');
};

describe('HOT functions', () => {
  it('reads parameters and attributes along paths', () => {
    expect(value({ get_param: ['p', 'a', 1, 'b'] })).toBe('deep');
    expect(value({ get_param: 'l' })).toEqual(['x', 'y', 'z']);
    expect(value({ get_attr: ['v', 'value', 'k', 2, 'z'] })).toBe('zz');
    expect(value({ get_attr: ['v', 'value', 'nope'] })).toBeNull();
    expect(value({ get_resource: 'v' })).toBe('stack-v-abc');
    expect(failure({ get_param: 'nope' })).toBe('The Parameter (nope) was not provided.');
    expect(value({ get_file: 'hello.sh' })).toBe('echo hi');
    expect(failure({ get_file: 'x.sh' })).toBe(
      'No content found in the "files" section for get_file path: x.sh',
    );
  });

  it('replaces, joins and splits strings as heat does', () => {
    expect(
      value({
        str_replace: {
          template: '$a-$ab-$n',
          params: { $a: '1', $ab: '2', $n: { get_param: 'n' } },
        },
      }),
    ).toBe('1-2-7');
    expect(value({ str_replace: { template: 'x=$x', params: { $x: [1, 2] } } })).toBe('x=[1, 2]');
    expect(failure({ str_replace_strict: { template: 'a', params: { b: 'c' } } })).toBe(
      'The following params were not found in the template: b',
    );
    expect(failure({ str_replace_vstrict: { template: 'a', params: { a: '' } } })).toBe(
      'str_replace_vstrict has an undefined or empty value for param a, must be a defined non-empty value',
    );
    expect(value({ list_join: [',', ['a', 'b'], { get_param: 'l' }] })).toBe('a,b,x,y,z');
    expect(value({ list_join: [',', [{ a: 1 }, 'b']] })).toBe('{"a": 1},b');
    expect(failure({ list_join: [',', [1, 2.5]] })).toBe(
      'Items to join must be string, map or list not 1',
    );
    expect(failure({ list_join: [',', 'abc'] })).toBe('"list_join" must operate on a list');
    expect(value({ str_split: [',', 'a,b,c'] })).toEqual(['a', 'b', 'c']);
    expect(value({ str_split: [',', 'a,b,c', 1] })).toBe('b');
    expect(value({ digest: ['sha256', 'abc'] })).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('repeats, merges, filters and concatenates', () => {
    expect(
      value({
        repeat: { for_each: { '<%p%>': ['80', '443'] }, template: { port: '<%p%>' } },
      }),
    ).toEqual([{ port: '80' }, { port: '443' }]);
    expect(
      value({ repeat: { for_each: { '%x%': ['a', 'b'], '%y%': ['1', '2'] }, template: '%x%%y%' } }),
    ).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(failure({ repeat: { for_each: { '%x%': [1] }, template: '%x%' } })).toBe(
      'replace() argument 2 must be str, not int',
    );
    expect(value({ map_merge: [{ a: 1, b: 2 }, { b: 3 }] })).toEqual({ a: 1, b: 3 });
    expect(
      value({
        map_replace: [
          { k1: 'v1', k2: 'v2' },
          { keys: { k1: 'K1' }, values: { v2: 'V2' } },
        ],
      }),
    ).toEqual({ K1: 'v1', k2: 'V2' });
    expect(
      value({
        filter: [
          [null, 'a'],
          [1, null, 'a', 'b'],
        ],
      }),
    ).toEqual([1, 'b']);
    expect(
      value({
        list_concat: [
          [1, 2],
          [2, 3],
        ],
      }),
    ).toEqual([1, 2, 2, 3]);
    expect(
      value({
        list_concat_unique: [
          [1, 2],
          [2, 3],
        ],
      }),
    ).toEqual([1, 2, 3]);
    expect(value({ contains: ['a', ['a', 'b']] })).toBe(true);
    expect(
      value({
        make_url: {
          scheme: 'http',
          host: 'example.com',
          port: 8080,
          path: '/a b',
          query: { q: '1 2' },
          fragment: 'f',
        },
      }),
    ).toBe('http://example.com:8080/a%20b?q=1+2#f');
  });

  it('chooses with if and conditions; other maps stay maps', () => {
    expect(value({ if: ['yes', 'a', 'b'] })).toBe('a');
    expect(value({ if: ['no', 'a'] })).toBeNull();
    expect(value({ if: [{ equals: [1, 1] }, 'a', 'b'] })).toBe('a');
    expect(evaluateCondition({ and: ['yes', { not: 'no' }] }, scope())).toBe(true);
    expect(evaluateCondition({ or: ['no', { equals: ['a', 'b'] }] }, scope())).toBe(false);
    expect(evaluateCondition({ contains: ['y', { get_param: 'l' }] }, scope())).toBe(true);
    expect(value({ get_nothing: 'x', b: { get_param: 's' } })).toEqual({
      get_nothing: 'x',
      b: 'hello',
    });
    // Condition functions are plain maps outside conditions.
    expect(value({ equals: [1, 1] })).toEqual({ equals: [1, 1] });
  });
});

const checked = (template: Record<string, unknown>): HeatFault | undefined => {
  try {
    const t = loadTemplate(template);
    checkTemplate(t, () => true);
    return undefined;
  } catch (error) {
    if (error instanceof HeatFault) return error;
    throw error;
  }
};

const withValue = (v: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  heat_template_version: '2018-08-31',
  resources: { r: { type: 'OS::Heat::Value', properties: { value: v } } },
  ...extra,
});

describe('template checks', () => {
  it('words function argument errors with their path, on create and on /validate', () => {
    const fault = checked(withValue({ k: [1, { str_replace: 'x' }] }));
    expect(fault).toBeInstanceOf(ValidationFault);
    expect(fault?.message).toBe(
      'resources.r.properties.value.k[1].str_replace: : Arguments to "str_replace" must be a map',
    );
    expect((fault as ValidationFault).forValidate().message).toBe(
      'resources.r.properties.value.k[1].str_replace: Arguments to "str_replace" must be a map',
    );
    expect(checked(withValue({ list_join: 'x' }))?.message).toBe(
      'resources.r.properties.value.list_join: : Incorrect arguments to "list_join" should be: "list_join" : [ " ", [ "str1", "str2"] ...]',
    );
    expect(checked(withValue({ 'Fn::Join': [',', ['a']] }))?.message).toBe(
      'resources.r.properties.value.Fn::Join: : The template version is invalid: The function Fn::Join is not supported in this version of HOT.',
    );
  });

  it('reports invalid references and attributes as heat does', () => {
    const ref = checked(withValue({ list_join: [',', [{ get_resource: 'x' }]] }));
    expect(ref?.type).toBe('InvalidTemplateReference');
    expect(ref?.message).toBe(
      'The specified reference "x" (in r.Properties.value.list_join[1][0]) is incorrect.',
    );
    const output = checked(
      withValue(1, { outputs: { o: { value: { get_attr: ['r', 'nope'] } } } }),
    );
    expect(output?.message).toBe(
      'outputs.o.value.get_attr: : The Referenced Attribute (r nope) is incorrect.',
    );
    // get_resource in outputs is not checked before the output is read.
    expect(checked(withValue(1, { outputs: { o: { value: { get_resource: 'nope' } } } }))).toBe(
      undefined,
    );
  });

  it('checks conditions, their functions and references', () => {
    expect(
      checked(withValue(1, { conditions: { c: { get_attr: ['r', 'value'] } } }))?.message,
    ).toBe('conditions.c.get_attr: : The function "get_attr" is invalid in this context');
    expect(checked(withValue(1, { conditions: { c: { and: [true] } } }))?.message).toBe(
      'conditions.c.and: : The minimum number of condition arguments to "and" is 2.',
    );
    expect(checked(withValue(1, { conditions: { c: 'd' } }))?.message).toBe(
      'Condition validation error: : The definition of condition "c" is invalid: d',
    );
    expect(checked(withValue({ if: ['nope', 1, 2] }, { conditions: {} }))?.message).toBe(
      'resources.r.properties.value.if: : Invalid condition "nope"',
    );
    const old = checked({ ...withValue(1), heat_template_version: '2016-04-08', conditions: {} });
    expect(old?.message).toBe('The template section is invalid: conditions');
  });

  it('checks parameter groups', () => {
    const template = {
      ...withValue(1),
      parameters: { p: { type: 'string', default: 'a' } },
      parameter_groups: [
        { label: 'g', parameters: ['p'] },
        { label: 'h', parameters: ['p'] },
      ],
    };
    expect(checked(template)?.message).toBe(
      'Parameter Groups error: : parameter_groups.h: : The p parameter must be assigned to one parameter group only.',
    );
  });
});
