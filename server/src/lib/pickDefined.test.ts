import { describe, expect, it } from 'vitest';
import { pickDefined } from './pickDefined';

describe('pickDefined', () => {
  it('keeps the named fields that are set, falsy ones included, and nothing else', () => {
    const from = { a: 0, b: undefined, c: false, d: 'x', e: null };
    expect(pickDefined(from, ['a', 'b', 'c', 'e'])).toEqual({ a: 0, c: false, e: null });
    expect(Object.keys(pickDefined(from, ['b']))).toEqual([]);
  });
});
