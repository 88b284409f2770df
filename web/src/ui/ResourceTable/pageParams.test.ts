import { describe, expect, it } from 'vitest';
import { adminPagedRows } from '../../testing/pagedRows';
import { TEST_SETTINGS } from '../../testing/panelTestKit';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  cookiePageSize,
  defaultPageSize,
  pageRequestOf,
  rememberPageSize,
  serverSortOf,
  tableQuery,
} from './pageParams';
import { nameColumn, sizeColumn, textColumn } from '../../registry/columns';
import { msg } from '../../i18n/msg';
import { testScope } from '../../testing/testScope';

const search = (text: string): URLSearchParams => new URLSearchParams(text);

describe('pageRequestOf', () => {
  it('reads the first page, the page after a marker, or the page before one', () => {
    expect(pageRequestOf(search(''), 20)).toEqual({ limit: 20 });
    expect(pageRequestOf(search('marker=a&limit=5'), 20)).toEqual({ limit: 5, marker: 'a' });
    expect(pageRequestOf(search('prev_marker=b'), 20)).toEqual({ limit: 20, prev_marker: 'b' });
  });

  it('ignores a page size that is not a positive whole number, and caps a huge one', () => {
    for (const bad of ['0', '-3', '2.5', 'x', '']) {
      expect(pageRequestOf(search(`limit=${bad}`), 20).limit).toBe(20);
    }
    expect(pageRequestOf(search('limit=99999'), 20).limit).toBe(MAX_PAGE_SIZE);
  });
});

describe('the order of a server-paged table', () => {
  interface Row {
    id: string;
    name: string;
    size: number;
  }
  const columns = [
    nameColumn<Row>({ defaultSort: true, serverSort: 'name' }),
    sizeColumn<Row>('size', msg('Size'), (r) => r.size, { serverSort: 'size' }),
    textColumn<Row>('id', msg('ID'), (r) => r.id),
  ];

  it('is the URL column the server can sort by, else the default column', () => {
    expect(serverSortOf(search('sort=size&dir=desc'), columns)).toEqual({
      column: 'size',
      direction: 'desc',
    });
    for (const other of ['sort=id', 'sort=nope', '']) {
      expect(serverSortOf(search(other), columns)).toEqual({ column: 'name', direction: 'asc' });
    }
    // Without a server-sortable default, the server's own order.
    expect(serverSortOf(search(''), columns.slice(2))).toBeUndefined();
  });

  it('goes into the page request as the API sort key', () => {
    expect(pageRequestOf(search('sort=size&dir=desc&marker=m'), 20, columns)).toEqual({
      limit: 20,
      marker: 'm',
      sort_key: 'size',
      sort_dir: 'desc',
    });
  });
});

describe('page size', () => {
  it('comes from the cookie, else the setting, else 20', () => {
    expect(defaultPageSize(undefined)).toBe(DEFAULT_PAGE_SIZE);
    expect(defaultPageSize({ ...TEST_SETTINGS, API_RESULT_PAGE_SIZE: 30 })).toBe(30);
    rememberPageSize(50);
    expect(cookiePageSize()).toBe(50);
    expect(defaultPageSize({ ...TEST_SETTINGS, API_RESULT_PAGE_SIZE: 30 })).toBe(50);
  });
});

describe('tableQuery', () => {
  const resource = adminPagedRows();

  it('pages on the server only on the panels the declaration names', () => {
    const project = tableQuery(resource, testScope('/p', 'project'), {}, search(''), undefined);
    expect(project.paged).toBe(false);
    expect(project.options.queryKey).toEqual(['rows', 'list', {}]);

    const admin = tableQuery(
      resource,
      testScope('/a', 'admin'),
      { name: 'x' },
      search('marker=m&limit=3'),
      undefined,
    );
    expect(admin.paged).toBe(true);
    expect(admin.options.queryKey).toEqual([
      'rows',
      'page',
      { name: 'x' },
      { limit: 3, marker: 'm' },
    ]);
  });

  it('is unused without a declaration of paging', () => {
    const { paging: _drop, ...plain } = resource;
    expect(tableQuery(plain, testScope('/a', 'admin'), {}, search(''), undefined).paged).toBe(
      false,
    );
  });
});
