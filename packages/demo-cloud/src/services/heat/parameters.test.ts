import { describe, expect, it } from 'vitest';
import { HeatFault } from './http';
import { paramText, parseParameters, resolveParameters } from './parameters';

// Texts as Zed's heat words them (read from the lab's heat-api).

const PSEUDO = { stackId: 'sid', stackName: 'st', projectId: 'pid' };

const DEFS = parseParameters({
  l1: { type: 'string', default: 'abc', constraints: [{ length: { min: 2, max: 5 } }] },
  l2: { type: 'string', default: 'abc', constraints: [{ length: { min: 2 } }] },
  r1: { type: 'number', default: 3, constraints: [{ range: { min: 2, max: 5 } }] },
  av: { type: 'string', default: 'x', constraints: [{ allowed_values: ['x', 'y'] }] },
  an: { type: 'number', default: 1, constraints: [{ allowed_values: [1, 3, 5] }] },
  ll: {
    type: 'comma_delimited_list',
    default: 'a,b',
    constraints: [{ length: { min: 2, max: 3 } }],
  },
  la: { type: 'comma_delimited_list', default: 'a', constraints: [{ allowed_values: ['a', 'b'] }] },
  ap: { type: 'string', default: 'abc', constraints: [{ allowed_pattern: '[a-c]+' }] },
  cd: {
    type: 'string',
    default: 'ok',
    constraints: [{ length: { max: 3 }, description: 'at most three' }],
  },
  b: { type: 'boolean', default: true },
  j: { type: 'json', default: { a: 1 } },
});

const invalid = (given: Record<string, unknown>): string => {
  try {
    resolveParameters(DEFS, given, {}, PSEUDO);
  } catch (error) {
    if (error instanceof HeatFault) return `${error.type}: ${error.message}`;
    throw error;
  }
  throw new Error('no failure');
};

const schemaError = (raw: unknown): string => {
  try {
    parseParameters(raw);
  } catch (error) {
    if (error instanceof HeatFault) return `${error.type}: ${error.message}`;
    throw error;
  }
  throw new Error('no failure');
};

describe('HOT parameters', () => {
  it('words constraint failures as heat does', () => {
    expect(invalid({ l1: 'a' })).toBe(
      "StackValidationFailed: Parameter 'l1' is invalid: length (1) is out of range (min: 2, max: 5)",
    );
    expect(invalid({ l2: 'a' })).toBe(
      "StackValidationFailed: Parameter 'l2' is invalid: length (1) is out of range (min: 2, max: None)",
    );
    expect(invalid({ r1: '6.5' })).toBe(
      "StackValidationFailed: Parameter 'r1' is invalid: 6.5 is out of range (min: 2, max: 5)",
    );
    expect(invalid({ av: 'z' })).toBe(
      'StackValidationFailed: Parameter \'av\' is invalid: "z" is not an allowed value ["x", "y"]',
    );
    expect(invalid({ an: '4' })).toBe(
      'StackValidationFailed: Parameter \'an\' is invalid: "4" is not an allowed value [1, 3, 5]',
    );
    expect(invalid({ ll: 'a,b,c,d' })).toBe(
      "StackValidationFailed: Parameter 'll' is invalid: length (4) is out of range (min: 2, max: 3)",
    );
    expect(invalid({ la: 'a,d' })).toBe(
      'StackValidationFailed: Parameter \'la\' is invalid: ["a", "d"] is not an allowed value ["a", "b"]',
    );
    expect(invalid({ ap: 'abcd' })).toBe(
      'StackValidationFailed: Parameter \'ap\' is invalid: "abcd" does not match pattern "[a-c]+"',
    );
    expect(invalid({ cd: 'toolong' })).toBe(
      "StackValidationFailed: Parameter 'cd' is invalid: at most three",
    );
  });

  it('words conversion failures, missing and unknown parameters', () => {
    expect(invalid({ r1: 'abc' })).toBe(
      "StackValidationFailed: Parameter 'r1' is invalid: could not convert string to float: 'abc'",
    );
    expect(invalid({ b: 'maybe' })).toBe(
      "StackValidationFailed: Parameter 'b' is invalid: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'",
    );
    expect(invalid({ j: '{bad' })).toBe(
      "StackValidationFailed: Parameter 'j' is invalid: Value must be valid JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
    );
    expect(invalid({ zz: 1 })).toBe(
      'UnknownUserParameter: The Parameter (zz) was not defined in template.',
    );
    const noDefault = parseParameters({ f: { type: 'string' } });
    expect(() => resolveParameters(noDefault, {}, {}, PSEUDO)).toThrow(
      'The Parameter (f) was not provided.',
    );
  });

  it('takes environment defaults, coerces values and shows them as text', () => {
    const values = resolveParameters(DEFS, { r1: ' 4 ', b: 'false' }, { l1: 'env' }, PSEUDO);
    expect(values).toMatchObject({ 'OS::stack_id': 'sid', r1: 4, b: false, l1: 'env' });
    expect(paramText(values['b'])).toBe('False');
    expect(paramText(values['ll'])).toBe('a,b');
    expect(paramText(values['j'])).toBe('{"a": 1}');
  });

  it('refuses bad schemas with InvalidSchemaError', () => {
    expect(schemaError({ p: { default: 1 } })).toBe(
      'InvalidSchemaError: Missing parameter type for parameter: p',
    );
    expect(schemaError({ p: { type: 'foo' } })).toBe('InvalidSchemaError: Invalid type (foo)');
    expect(schemaError({ p: { type: 'string', foo: 1 } })).toBe(
      "InvalidSchemaError: Invalid key 'foo' for parameter (p)",
    );
    expect(schemaError({ p: { type: 'string', constraints: [{ range: { min: 1 } }] } })).toBe(
      "InvalidSchemaError: Parameter 'p' is invalid: Range constraint invalid for string",
    );
    expect(
      schemaError({ p: { type: 'string', default: 'abc', constraints: [{ length: { max: 1 } }] } }),
    ).toBe(
      "InvalidSchemaError: Parameter 'p' is invalid: Invalid default abc (length (3) is out of range (min: None, max: 1))",
    );
    expect(schemaError({ p: 'string' })).toBe(
      'InvalidSchemaError: Invalid parameter (p), expected a mapping',
    );
  });
});
