import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { usageQueries } from '../../data/nova/usage';
import { toast } from '../../ui/Toasts/toast';
import { periodOf } from '../../ui/usage/period';
import { mockFetch, renderWithProviders, testQueryClient } from '../../testing/render';
import { prefetchAdminOverview, prefetchProjectOverview } from './prefetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const thisMonth = () => periodOf('month', new Date());

describe("the overviews' route reads", () => {
  it('asks what the project overview asks on mount, under the same keys', async () => {
    const calls = mockFetch((url) =>
      url.pathname === '/api/nova/usage/limits/'
        ? { body: { items: [] } }
        : { body: { items: [], totals: {} } },
    );
    const client = testQueryClient();
    await prefetchProjectOverview(client);
    expect(calls).toHaveBeenCalledTimes(2);
    expect(client.getQueryState(usageQueries.limits().queryKey)?.status).toBe('success');
    expect(
      client.getQueryState(usageQueries.project(thisMonth(), undefined).queryKey)?.status,
    ).toBe('success');
  });

  it("keeps a 403 quiet for the panel's gate; a page that mounts asks again and says so", async () => {
    const calls = mockFetch(() => ({ status: 403, body: { message: 'Forbidden.' } }));
    const toasted = vi.spyOn(toast, 'error');
    const client = testQueryClient();
    // A member who typed /admin/overview: the gate says "not authorized", no toast besides.
    renderWithProviders(<p>the shell</p>, { client });
    await prefetchAdminOverview(client);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(toasted).not.toHaveBeenCalled();
    // An admin whose cloud refused it: the page mounts, asks once more and reports it.
    function Page() {
      useQuery(usageQueries.all(thisMonth()));
      return null;
    }
    renderWithProviders(<Page />, { client });
    expect(await screen.findByText(/^Forbidden\./)).toBeInTheDocument();
    expect(toasted).toHaveBeenCalledTimes(1);
    expect(calls).toHaveBeenCalledTimes(2);
  });
});
