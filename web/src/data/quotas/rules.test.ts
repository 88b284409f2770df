import { describe, expect, it } from 'vitest';
import { changedQuotas, parseQuota } from './rules';

describe('parseQuota', () => {
  it('takes whole numbers from -1 to 2^31-1', () => {
    expect(parseQuota('10')).toBe(10);
    expect(parseQuota(' -1 ')).toBe(-1);
    expect(parseQuota('0')).toBe(0);
    expect(parseQuota('2147483647')).toBe(2147483647);
  });

  it('refuses anything else', () => {
    for (const text of ['', '-2', '1.5', 'ten', '1e3', '2147483648', '+3']) {
      expect(parseQuota(text), text).toBeUndefined();
    }
  });
});

describe('changedQuotas', () => {
  const rows = [
    { name: 'instances', limit: 10 },
    { name: 'cores', limit: 20 },
  ];

  it('sends only what changed', () => {
    expect(changedQuotas(rows, { instances: '10', cores: '-1' })).toEqual({ cores: -1 });
    expect(changedQuotas(rows, { instances: '10', cores: '20' })).toEqual({});
  });

  it('is undefined while a field is invalid', () => {
    expect(changedQuotas(rows, { instances: 'x', cores: '21' })).toBeUndefined();
  });
});
