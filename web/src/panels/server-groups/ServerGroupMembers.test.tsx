import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ServerGroupMembers } from './ServerGroupMembers';

describe('Server group members (spec 2 §2)', () => {
  it("shows each member's instance name, linking to its instance page", async () => {
    renderWithProviders(
      <ServerGroupMembers
        group={{
          id: 'g1',
          name: 'web-ha',
          policy: 'anti-affinity',
          policies: ['anti-affinity'],
          members: ['s-1', 's-2'],
          member_names: { 's-1': 'web-1' },
        }}
      />,
      { route: '/ngdetails/OS::Nova::ServerGroup/g1?tab=members' },
    );
    const table = await screen.findByRole('grid', { name: 'Members' });
    expect(within(table).getByRole('link', { name: 'web-1' })).toHaveAttribute(
      'href',
      '/project/instances/s-1/',
    );
    // A member the server could not name keeps its id.
    expect(within(table).getByRole('link', { name: 's-2' })).toHaveAttribute(
      'href',
      '/project/instances/s-2/',
    );
  });
});
