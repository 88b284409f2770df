import { describe, expect, it } from 'vitest';
import { cinderListParts } from './listQuery';

describe('cinderListParts', () => {
  it('splits paging, shared options and the remaining filters', () => {
    expect(
      cinderListParts({
        paginate: true,
        limit: 5,
        marker: 'm',
        sort_key: 'name',
        sort_dir: 'asc',
        all_projects: true,
        status: 'available',
      }),
    ).toEqual({
      paging: { paginate: true, limit: 5, marker: 'm', prev_marker: undefined },
      common: {
        filters: { status: 'available' },
        allProjects: true,
        sortKey: 'name',
        sortDir: 'asc',
      },
    });
  });

  it('names the default key for a direction given alone (the client sends key:dir)', () => {
    expect(cinderListParts({ sort_dir: 'asc' }).common).toMatchObject({
      sortKey: 'created_at',
      sortDir: 'asc',
    });
    expect(cinderListParts({}).common.sortKey).toBeUndefined();
  });
});
