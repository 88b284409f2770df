import { describe, expect, it } from 'vitest';
import { membershipChanges } from './groups';

describe('membershipChanges', () => {
  it('adds the new members and removes the dropped ones, once each', () => {
    expect(membershipChanges(['a', 'b'], ['b', 'c', 'c'])).toEqual({ add: ['c'], remove: ['a'] });
  });

  it('changes nothing when the members are the same in another order', () => {
    expect(membershipChanges(['a', 'b'], ['b', 'a'])).toEqual({ add: [], remove: [] });
  });
});
