import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { CreateApplicationCredentialModal } from './CreateApplicationCredentialModal';

const SESSION = {
  id: 'u1',
  username: 'demo',
  user_domain_id: 'default',
  user_domain_name: 'Default',
  project_id: 'p1',
  project_name: 'demo',
  project_domain_id: 'default',
  roles: ['member', 'reader'],
  is_superuser: false,
  services_region: 'RegionOne',
  available_services_regions: ['RegionOne'],
  token_expires_at: '2099-01-01T00:00:00Z',
};

function setup() {
  const posts: Record<string, unknown>[] = [];
  mockFetch(
    cloud({
      routes: {
        'GET /api/keystone/user-session/': () => ({ body: SESSION }),
        'GET /api/keystone/application-credentials/': () => ({ body: { items: [] } }),
        'POST /api/keystone/application-credentials/': (_url, init) => {
          const body = init.json as Record<string, unknown>;
          posts.push(body);
          return {
            status: 201,
            body: {
              id: 'ac1',
              name: body['name'],
              description: null,
              project_id: 'p1',
              expires_at: null,
              unrestricted: false,
              roles: [{ id: 'r', name: 'reader' }],
              access_rules: [],
              secret: 'the-secret',
              openrc: 'export OS_AUTH_TYPE=v3applicationcredential\n',
              clouds_yaml: 'clouds:\n',
              cloud_name: 'ci',
            },
          };
        },
      },
    }),
  );
  const onClose = vi.fn();
  renderWithProviders(<CreateApplicationCredentialModal target={undefined} onClose={onClose} />);
  return { posts, onClose };
}

describe('Create Application Credential', () => {
  it('sends the chosen roles and shows the secret once, closing only when asked', async () => {
    const user = userEvent.setup();
    const { posts, onClose } = setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'ci');
    await user.click(await screen.findByRole('checkbox', { name: 'reader' }));
    await user.click(screen.getByRole('button', { name: 'Create Application Credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Application Credential' });
    expect(posts).toEqual([{ name: 'ci', roles: ['reader'] }]);
    expect(dialog.contains(screen.getByDisplayValue('the-secret'))).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: ['ac1'] }));
  });

  it('refuses access rules that are not a list, under the field', async () => {
    const user = userEvent.setup();
    setup();
    const rules = await screen.findByRole('textbox', { name: /^Access Rules/ });
    await user.click(rules);
    await user.paste('{"service": "compute"}');
    await user.tab();
    expect(await screen.findByText('Access rules: expected a list of rules.')).toBeTruthy();
  });
});
