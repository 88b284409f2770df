import { describe, expect, it } from 'vitest';
import { aggregateChanges, hostChanges, validateAggregate } from './aggregateForm';
import { FAST_STORAGE } from './aggregateFixtures';

const aggregate = FAST_STORAGE;

describe('aggregate form', () => {
  it('requires a name that no other aggregate has', () => {
    expect(validateAggregate({ name: ' ', zone: '' }, []).name).toBe('This field is required.');
    expect(validateAggregate({ name: 'fast-storage', zone: '' }, [aggregate]).name).toBe(
      'An aggregate named "fast-storage" already exists.',
    );
    expect(validateAggregate({ name: 'rack-1', zone: 'az1' }, [aggregate]).name).toBeUndefined();
  });

  it('keeps a zone once set: it may be renamed, never emptied', () => {
    expect(validateAggregate({ name: 'a', zone: ' ' }, [], 'az1').zone).toBe(
      'Nova can rename an availability zone but not remove it.',
    );
    expect(validateAggregate({ name: 'a', zone: 'az2' }, [], 'az1').zone).toBeUndefined();
    expect(validateAggregate({ name: 'a', zone: '' }, []).zone).toBeUndefined();
  });

  it('sends only what changed', () => {
    expect(aggregateChanges(aggregate, { name: 'fast-storage', zone: '' })).toBeUndefined();
    expect(aggregateChanges(aggregate, { name: ' fast ', zone: '' })).toEqual({ name: 'fast' });
    expect(aggregateChanges(aggregate, { name: 'fast-storage', zone: 'az1' })).toEqual({
      availability_zone: 'az1',
    });
  });

  it('turns two host lists into additions and removals', () => {
    expect(hostChanges(['a', 'b'], ['b', 'c'])).toEqual({ add: ['c'], remove: ['a'] });
    expect(hostChanges(['a'], ['a'])).toEqual({ add: [], remove: [] });
  });
});
