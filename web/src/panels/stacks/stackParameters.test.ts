import { describe, expect, it } from 'vitest';
import { initialValue, parameterError } from './stackParameters';

describe('parameterError', () => {
  it('checks a number and its range', () => {
    const p = { type: 'Number', hidden: false, min_value: 1, max_value: 8 };
    expect(parameterError(p, 'x')).toBe('Enter a number.');
    expect(parameterError(p, '0')).toBe('The value must be at least 1.');
    expect(parameterError(p, '9')).toBe('The value must be at most 8.');
    expect(parameterError(p, '4')).toBeUndefined();
  });

  it('prefers the template’s constraint description', () => {
    const p = { type: 'String', hidden: true, min_length: 6, constraint_description: 'Too short' };
    expect(parameterError(p, 'abc')).toBe('Too short');
  });

  it('checks length, the whole-value pattern and allowed values', () => {
    expect(parameterError({ type: 'String', hidden: false, max_length: 2 }, 'abc')).toBe(
      'The value must be at most 2 characters long.',
    );
    const pattern = { type: 'String', hidden: false, allowed_pattern: '[a-z]+' };
    expect(parameterError(pattern, 'abc1')).toBe('The value must match the pattern [a-z]+.');
    expect(parameterError(pattern, 'abc')).toBeUndefined();
    const values = { type: 'String', hidden: false, allowed_values: ['a', 'b'] };
    expect(parameterError(values, 'c')).toBe('Choose one of the allowed values.');
  });

  it('requires a value only without a default', () => {
    expect(parameterError({ type: 'String', hidden: false }, '')).toBe('This field is required.');
    expect(parameterError({ type: 'String', hidden: false, default: 'x' }, '')).toBeUndefined();
    expect(initialValue({ type: 'Number', hidden: false, default: 4 })).toBe('4');
  });
});
