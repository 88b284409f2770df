import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/render';
import { cloud, renderPanel } from '../../testing/panelTestKit';
import { serverGroups } from './serverGroups.resource';

afterEach(() => vi.unstubAllGlobals());

describe('Server Groups panel', () => {
  it('lists groups with name, id and policy; unnamed groups show their id', async () => {
    mockFetch(
      cloud({
        routes: {
          'GET /api/nova/servergroups/': () => ({
            body: {
              items: [
                { id: 'id-b', name: 'web', policy: 'affinity', policies: [], members: [] },
                { id: 'id-a', name: '', policy: 'anti-affinity', policies: [], members: [] },
              ],
            },
          }),
        },
      }),
    );
    await renderPanel('OS::Nova::ServerGroup');
    const table = await screen.findByRole('grid', { name: 'Server Groups' });
    const web = await within(table).findByRole('link', { name: 'web' });
    expect(web).toHaveAttribute('href', '/ngdetails/OS::Nova::ServerGroup/id-b');
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['id-a', 'web']);
    expect(within(table).getByRole('cell', { name: 'anti-affinity' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Server Group' })).toBeInTheDocument();
  });

  it('shows project and user ids only with the user-info feature', () => {
    const overview = serverGroups.details?.[0];
    const gated = overview?.fields?.filter((f) => f.requires?.length).map((f) => f.label);
    expect(gated).toEqual(['Project ID', 'User ID']);
    expect(overview?.fields?.[4]?.requires).toEqual([
      { kind: 'feature', service: 'compute', feature: 'servergroup_user_info' },
    ]);
  });
});
