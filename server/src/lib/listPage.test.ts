import { describe, expect, it } from 'vitest';
import { pageOf, wantsPage, wholeList } from './listPage';

describe('wantsPage', () => {
  it.each([
    [{}, false],
    [{ paginate: true }, true],
    [{ limit: 5 }, true],
    [{ marker: 'm' }, true],
    [{ paginate: false, limit: 5, marker: 'm' }, false],
  ])('%j → %s', (query, expected) => {
    expect(wantsPage(query)).toBe(expected);
  });
});

describe('pageOf and wholeList', () => {
  const double = (n: number): number => n * 2;

  it('cuts the look-ahead item and says another page exists', () => {
    expect(pageOf([1, 2, 3], 2, undefined, double)).toEqual({
      items: [2, 4],
      has_more_data: true,
      has_prev_data: false,
    });
    expect(pageOf([1, 2], 2, 'm', double)).toEqual({
      items: [2, 4],
      has_more_data: false,
      has_prev_data: true,
    });
  });

  it('answers a whole list, more data only when the read was cut', () => {
    expect(wholeList([1], true, double)).toEqual({
      items: [2],
      has_more_data: true,
      has_prev_data: false,
    });
  });
});
