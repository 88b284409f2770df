import { describe, expect, it } from 'vitest';
import { identityFieldsOf, withTimestamps, type Timestamps } from './standardAttrs';

describe('identityFieldsOf', () => {
  it("keeps the identity fields only, with '' for a missing description", () => {
    const upstream = { id: 'n1', name: 'net', project_id: 'p1', revision_number: 3 };
    expect(identityFieldsOf(upstream)).toStrictEqual({
      id: 'n1',
      name: 'net',
      description: '',
      project_id: 'p1',
    });
    expect(identityFieldsOf({ ...upstream, description: 'd' }).description).toBe('d');
  });
});

describe('withTimestamps', () => {
  const mapped = (): Timestamps & { id: string } => ({ id: 'a' });

  it('copies the timestamps Neutron answered and leaves absent ones out', () => {
    expect(withTimestamps(mapped(), {})).toStrictEqual({ id: 'a' });
    expect(withTimestamps(mapped(), { created_at: 'c' })).toStrictEqual({
      id: 'a',
      created_at: 'c',
    });
    expect(withTimestamps(mapped(), { created_at: 'c', updated_at: 'u' })).toStrictEqual({
      id: 'a',
      created_at: 'c',
      updated_at: 'u',
    });
  });
});
