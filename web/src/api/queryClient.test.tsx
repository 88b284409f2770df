import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryOptions } from '@tanstack/react-query';
import { msg } from '../i18n/msg';
import { mockFetch, renderWithProviders } from '../testing/render';
import { setUnauthorizedHandler } from './errors';
import { ApiError, apiFetch } from './http';
import { mutation, retryQuery } from './queryClient';

const keyPairs = () =>
  queryOptions({
    queryKey: ['nova', 'keypairs', 'list'] as const,
    queryFn: ({ signal }) => apiFetch<{ items: string[] }>('api/nova/keypairs/', { signal }),
    meta: { errorMessage: msg('Unable to retrieve the key pairs.') },
  });

function KeyPairs(): React.ReactNode {
  const query = useQuery(keyPairs());
  return <p>{query.data ? `items: ${query.data.items.join(',')}` : 'none'}</p>;
}

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('query cache errors', () => {
  it('on 401 toasts "Unauthorized. Redirecting to login" and forces the logout', async () => {
    const onUnauthorized = vi.fn();
    restore = setUnauthorizedHandler(onUnauthorized);
    mockFetch(() => ({
      status: 401,
      body: { message: 'The request you have made requires authentication.' },
    }));
    renderWithProviders(<KeyPairs />);
    expect(await screen.findByText('Unauthorized. Redirecting to login')).toBeInTheDocument();
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
  });

  it('on 403 toasts the Forbidden text and does not log out', async () => {
    const onUnauthorized = vi.fn();
    restore = setUnauthorizedHandler(onUnauthorized);
    mockFetch(() => ({ status: 403, body: { message: 'Policy does not allow' } }));
    renderWithProviders(<KeyPairs />);
    expect(
      await screen.findByText('Forbidden. Insufficient permissions of the requested operation'),
    ).toBeInTheDocument();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on other errors toasts the query meta message', async () => {
    mockFetch(() => ({ status: 500, body: { message: 'internal detail' } }));
    renderWithProviders(<KeyPairs />);
    expect(await screen.findByText('Unable to retrieve the key pairs.')).toBeInTheDocument();
    expect(screen.queryByText('internal detail')).not.toBeInTheDocument();
  });

  it("adds the server's sentence on a failing service to the meta message", async () => {
    mockFetch(() => ({
      status: 504,
      body: { message: 'The image service (glance) did not answer in time.' },
    }));
    renderWithProviders(<KeyPairs />);
    expect(
      await screen.findByText(
        'Unable to retrieve the key pairs. The image service (glance) did not answer in time.',
      ),
    ).toBeInTheDocument();
  });

  it('does not ask again after a 504 or a 4xx, but does after other 5xx', () => {
    const timedOut = new ApiError(504, 'The compute service (nova) did not answer in time.', {});
    expect(retryQuery(0, timedOut)).toBe(false);
    expect(retryQuery(0, new ApiError(404, 'Not found', {}))).toBe(false);
    expect(retryQuery(0, new ApiError(502, 'bad gateway', {}))).toBe(true);
    expect(retryQuery(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryQuery(2, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('logs out once for a burst of 401s', async () => {
    const onUnauthorized = vi.fn(() => new Promise<void>((r) => setTimeout(r, 50)));
    restore = setUnauthorizedHandler(onUnauthorized);
    mockFetch(() => ({ status: 401, body: { message: 'no' } }));
    const { client } = renderWithProviders(<KeyPairs />);
    await client
      .fetchQuery({ queryKey: ['a'], queryFn: () => apiFetch('api/a/') })
      .catch(() => undefined);
    await client
      .fetchQuery({ queryKey: ['b'], queryFn: () => apiFetch('api/b/') })
      .catch(() => undefined);
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
  });
});

const createKeyPair = mutation({
  fn: (name: string) =>
    apiFetch<{ name: string }>('api/nova/keypairs/', { method: 'POST', body: { name } }),
  invalidates: [['nova', 'keypairs']],
  successMessage: (data) => `Key pair ${data.name} was successfully created`,
  errorMessage: msg('Unable to create the keypair'),
});

function CreateButton(): React.ReactNode {
  const create = useMutation(createKeyPair);
  return (
    <button type="button" onClick={() => create.mutate('k1')}>
      Create
    </button>
  );
}

describe('mutation meta', () => {
  it('toasts the success message and invalidates the declared keys', async () => {
    let listCalls = 0;
    mockFetch((url, init) => {
      if (url.pathname === '/api/nova/keypairs/' && init.method === 'POST') {
        return { body: { name: (init.json as { name: string }).name } };
      }
      if (url.pathname === '/api/nova/keypairs/') {
        listCalls += 1;
        return { body: { items: listCalls > 1 ? ['k1'] : [] } };
      }
      return undefined;
    });
    renderWithProviders(
      <>
        <KeyPairs />
        <CreateButton />
      </>,
    );
    expect(await screen.findByText('items:')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Key pair k1 was successfully created')).toBeInTheDocument();
    expect(await screen.findByText('items: k1')).toBeInTheDocument();
  });

  it('toasts the declared error message on failure', async () => {
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderWithProviders(<CreateButton />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Unable to create the keypair')).toBeInTheDocument();
  });
});
