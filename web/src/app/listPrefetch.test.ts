import { queryOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { asList, asPage, defineResource } from '../registry/defineResource';
import type { ListPage, ResourceType } from '../registry/types';
import { TEST_SETTINGS } from '../testing/panelTestKit';
import { panelListQuery } from './listPrefetch';
import { testScope } from '../testing/testScope';

interface Row {
  id: string;
}

const rows = defineResource<Row>({
  key: (r) => r.id,
  label: (r) => r.id,
  columns: [],
  facets: [{ id: 'name', label: 'Name', server: true }],
  list: (_scope, filters) =>
    asList(queryOptions({ queryKey: ['rows', 'list', filters], queryFn: (): Row[] => [] })),
  paging: {
    when: (scope) => scope.group === 'admin',
    page: (_scope, filters, page) =>
      asPage(
        queryOptions({
          queryKey: ['rows', 'page', filters, page],
          queryFn: (): ListPage<Row> => ({ items: [] }),
        }),
      ),
  },
}) as unknown as ResourceType<unknown>;

describe('panelListQuery', () => {
  it('prefetches the page a server-paged panel’s URL names, as its table will ask it', () => {
    const query = panelListQuery(
      rows,
      testScope('/admin/rows', 'admin'),
      new URLSearchParams('name=web&marker=m&limit=3'),
      TEST_SETTINGS,
    );
    expect(query?.queryKey).toEqual(['rows', 'page', { name: 'web' }, { limit: 3, marker: 'm' }]);
  });

  it('prefetches the whole list elsewhere', () => {
    const query = panelListQuery(
      rows,
      testScope('/project/rows', 'project'),
      new URLSearchParams('marker=m'),
      TEST_SETTINGS,
    );
    expect(query?.queryKey).toEqual(['rows', 'list', {}]);
  });
});
