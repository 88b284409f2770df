import { describe, expect, it } from 'vitest';
import type { Column } from '../../registry/types';
import { msg } from '../../i18n/msg';
import {
  DECIDE_STEP,
  FIRST_BAND,
  VIRTUALIZE_AT,
  decidedWindow,
  firstDecidedRows,
  pageOf,
} from './rowWindow';

interface Row {
  name: string;
}

const columns: Column<Row>[] = [
  { id: 'name', title: msg('Name'), priority: 1, value: (r) => r.name, defaultSort: true },
];
const named = (...names: string[]): Row[] => names.map((name) => ({ name }));

describe('firstDecidedRows', () => {
  it('is a server page as it came (the server sorted it)', () => {
    const page = named('b', 'a', 'c');
    expect(firstDecidedRows(page, columns, 2, true)).toEqual(page);
  });

  it('is the first client page in the default order', () => {
    expect(firstDecidedRows(named('c10', 'a', 'c9', 'b'), columns, 3, false)).toEqual(
      named('a', 'b', 'c9'),
    );
  });

  it('is the first band of a page long enough to be virtualised', () => {
    const many = Array.from({ length: VIRTUALIZE_AT + 1 }, (_v, i) => ({
      name: `r${String(i).padStart(4, '0')}`,
    }));
    const first = firstDecidedRows(many, columns, 1000, false);
    expect(first).toHaveLength(DECIDE_STEP);
    expect(first[0]).toEqual({ name: 'r0000' });
  });
});

describe("the table's steps", () => {
  it('pages a client list from page 1, a server page not at all', () => {
    const rows = named('a', 'b', 'c', 'd', 'e');
    expect(pageOf(rows, 2, 2, true)).toEqual(named('c', 'd'));
    expect(pageOf(rows, 2, 2, false)).toBe(rows);
  });

  it('decides every row of a short page, the band of a virtualised one', () => {
    expect(decidedWindow(VIRTUALIZE_AT, { start: 100, end: 150 })).toEqual({
      start: 0,
      end: VIRTUALIZE_AT,
    });
    const band = { start: 100, end: 150 };
    expect(decidedWindow(VIRTUALIZE_AT + 1, band)).toBe(band);
    expect(FIRST_BAND).toEqual({ start: 0, end: DECIDE_STEP });
  });
});
