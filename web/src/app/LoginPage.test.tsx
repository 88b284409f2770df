import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import type { AuthOptions, LoginBody } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../testing/render';
import { LoginPage } from './LoginPage';

const OPTIONS: AuthOptions = {
  auth_types: [
    { id: 'credentials', label: 'Keystone Credentials' },
    { id: 'oidc', label: 'OpenID Connect' },
  ],
  default_auth_type: 'credentials',
  regions: [
    { id: 'RegionOne', label: 'RegionOne' },
    { id: 'RegionTwo', label: 'RegionTwo' },
  ],
  default_region: 'RegionOne',
  show_domain: true,
  default_domain: 'Default',
};

function Where(): ReactNode {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

function renderLogin(
  options: AuthOptions,
  login: (body: LoginBody) => { status?: number; body?: unknown },
  route = '/login',
) {
  const bodies: LoginBody[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/auth/options/') return { body: options };
    if (url.pathname === '/auth/login/' && init.method === 'POST') {
      bodies.push(init.json as LoginBody);
      return login(init.json as LoginBody);
    }
    return undefined;
  });
  renderWithProviders(<LoginPage />, {
    route,
    path: '/login',
    routes: <Route path="*" element={<Where />} />,
  });
  return bodies;
}

describe('LoginPage', () => {
  it('shows username, password, domain and region only for the credentials auth type', async () => {
    renderLogin(OPTIONS, () => ({ body: {} }));
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: /User Name/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Domain/ })).toHaveValue('Default');
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('RegionOne');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Authenticate using' }), 'oidc');
    expect(screen.queryByRole('textbox', { name: /User Name/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Domain/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Region' })).not.toBeInTheDocument();
  });

  it('hides domain without multi-domain, region and auth type when there is one choice', async () => {
    renderLogin(
      {
        ...OPTIONS,
        auth_types: [{ id: 'credentials', label: 'Keystone Credentials' }],
        regions: [{ id: 'RegionOne', label: 'RegionOne' }],
        show_domain: false,
      },
      () => ({ body: {} }),
    );
    expect(await screen.findByRole('textbox', { name: /User Name/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Domain/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Region' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Authenticate using' })).not.toBeInTheDocument();
  });

  it('shows the server message of a 401 in the form', async () => {
    renderLogin(OPTIONS, () => ({ status: 401, body: { message: 'Invalid credentials.' } }));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /User Name/ }), 'demo');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid credentials.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid credentials.');
    // No "Unauthorized" toast: a failed login is not a lost session.
    expect(screen.queryByText('Unauthorized. Redirecting to login')).not.toBeInTheDocument();
  });

  it('posts the credentials and goes to a same-origin next', async () => {
    const bodies = renderLogin(
      OPTIONS,
      () => ({ body: {} }),
      '/login?next=%2Fproject%2Fkey_pairs%3Fq%3D1',
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /User Name/ }), 'demo');
    await user.type(screen.getByLabelText(/Password/), 'demo');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'RegionTwo');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('at /project/key_pairs?q=1')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      auth_type: 'credentials',
      username: 'demo',
      password: 'demo',
      domain: 'Default',
      region: 'RegionTwo',
    });
  });

  it('posts the domain typed, trimmed, and keeps Sign In disabled while it is blank', async () => {
    const bodies = renderLogin(OPTIONS, () => ({ body: {} }));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /User Name/ }), 'faraway');
    await user.type(screen.getByLabelText(/Password/), 'faraway-pass');
    const domain = screen.getByRole('textbox', { name: /Domain/ });
    await user.clear(domain);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await user.type(domain, '   ');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await user.type(domain, 'Elsewhere ');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('at /')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ username: 'faraway', domain: 'Elsewhere' });
  });

  it('ignores a next that leaves the site', async () => {
    renderLogin(OPTIONS, () => ({ body: {} }), '/login?next=%2F%2Fevil.example%2F');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /User Name/ }), 'demo');
    await user.type(screen.getByLabelText(/Password/), 'demo');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('at /')).toBeInTheDocument();
  });
});
