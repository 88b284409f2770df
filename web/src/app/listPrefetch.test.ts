import { describe, expect, it } from 'vitest';
import type { ResourceType } from '../registry/types';
import { adminPagedRows } from '../testing/pagedRows';
import { TEST_SETTINGS } from '../testing/panelTestKit';
import { panelListQuery } from './listPrefetch';
import { testScope } from '../testing/testScope';

const rows = adminPagedRows({
  extra: { facets: [{ id: 'name', label: 'Name', server: true }] },
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
