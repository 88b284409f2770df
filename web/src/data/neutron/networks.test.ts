import { describe, expect, it } from 'vitest';
import { networkListQuery, networkQueries } from './networks';

describe('networks data', () => {
  it("turns facet values into the list route's query: booleans as booleans, unknown keys dropped", () => {
    expect(
      networkListQuery({
        name: 'net',
        shared: 'true',
        external: 'false',
        admin_state_up: 'true',
        status: 'ACTIVE',
        project_id: 'p1',
        mtu: '1500',
        empty: '',
      }),
    ).toEqual({
      name: 'net',
      shared: true,
      external: false,
      admin_state_up: true,
      status: 'ACTIVE',
      project_id: 'p1',
    });
  });

  it('keys the project view and the admin pages apart, under the networks prefix', () => {
    const mine = networkQueries.mine({ name: 'a' }).queryKey;
    const page = networkQueries.page({}, { limit: 20, sort_key: 'mtu' }).queryKey;
    expect(mine.slice(0, 2)).toEqual(networkQueries.all());
    expect(page.slice(0, 2)).toEqual(networkQueries.all());
    expect(JSON.stringify(mine)).toContain('"mine":true');
    // A sort key Neutron cannot take falls back to name.
    expect(JSON.stringify(page)).toContain('"sort_key":"name"');
    expect(JSON.stringify(page)).toContain('"paginate":true');
  });
});
