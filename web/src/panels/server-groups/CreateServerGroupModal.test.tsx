import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { CreateServerGroupModal } from './CreateServerGroupModal';
import { ServerGroupMembers } from './ServerGroupMembers';

function setup(soft: boolean) {
  const posts: unknown[] = [];
  mockFetch(
    cloud({
      features: { servergroup_soft_policies: soft },
      routes: {
        'POST /api/nova/servergroups/': (_url, init) => {
          posts.push(init.json);
          const body = init.json as { name: string; policy: string };
          return {
            body: { id: 'sg-1', name: body.name, policy: body.policy, policies: [], members: [] },
          };
        },
      },
    }),
  );
  const onClose = vi.fn();
  renderWithProviders(<CreateServerGroupModal target={undefined} onClose={onClose} />);
  return { posts, onClose };
}

const policySelect = (): HTMLElement => screen.getByRole('combobox', { name: /Policy/ });
const optionNames = (): string[] =>
  within(policySelect())
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');

afterEach(() => vi.unstubAllGlobals());

describe('CreateServerGroupModal', () => {
  it('offers the soft policies only when the cloud supports them', async () => {
    setup(true);
    await waitFor(() => expect(optionNames()).toContain('Soft Affinity'));
    expect(optionNames()).toEqual([
      'Select a policy',
      'Affinity',
      'Anti Affinity',
      'Soft Affinity',
      'Soft Anti Affinity',
    ]);
  });

  it('offers affinity and anti-affinity without the soft-policy feature', async () => {
    setup(false);
    // Give the feature answer time to arrive before concluding.
    await new Promise((r) => setTimeout(r, 50));
    expect(optionNames()).toEqual(['Select a policy', 'Affinity', 'Anti Affinity']);
  });

  it('requires a name and a policy', async () => {
    const user = userEvent.setup();
    setup(false);
    const submit = screen.getByRole('button', { name: 'Create Server Group' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: /Name/ }));
    await user.click(policySelect());
    await user.tab();
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'web');
    expect(submit).toBeDisabled();
    await user.selectOptions(policySelect(), 'anti-affinity');
    expect(submit).toBeEnabled();
  });

  it('creates the group and reports', async () => {
    const user = userEvent.setup();
    const { posts, onClose } = setup(true);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'web tier');
    await waitFor(() => expect(optionNames()).toContain('Soft Anti Affinity'));
    await user.selectOptions(policySelect(), 'soft-anti-affinity');
    await user.click(screen.getByRole('button', { name: 'Create Server Group' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: ['sg-1'] }));
    expect(posts).toEqual([{ name: 'web tier', policy: 'soft-anti-affinity' }]);
    expect(
      await screen.findByText('Server Group web tier was successfully created'),
    ).toBeInTheDocument();
  });
});

describe('ServerGroupMembers', () => {
  it('links each member to its instance, the id standing in for the name', () => {
    renderWithProviders(
      <ServerGroupMembers
        group={{ id: 'g', name: 'g', policy: 'affinity', policies: [], members: ['b-2', 'a-1'] }}
      />,
      { route: '/' },
    );
    const table = screen.getByRole('grid', { name: 'Members' });
    const links = within(table).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['a-1', 'b-2']);
    expect(links[0]).toHaveAttribute('href', '/project/instances/a-1/');
    expect(within(table).getByRole('columnheader', { name: 'Instance ID' })).toBeInTheDocument();
    expect(screen.getByText('Displaying 2 items')).toBeInTheDocument();
  });

  it('shows the empty text without members', () => {
    renderWithProviders(
      <ServerGroupMembers
        group={{ id: 'g', name: 'g', policy: 'affinity', policies: [], members: [] }}
      />,
      { route: '/' },
    );
    expect(screen.getByText('No items to display.')).toBeInTheDocument();
  });
});
