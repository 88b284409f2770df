import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportError } from '../api/errors';
import { ApiError } from '../api/http';
import { testQueryClient } from '../testing/render';
import { installForcedLogout } from './App';

afterEach(() => vi.unstubAllGlobals());

describe('forced logout on 401', () => {
  it('aborts the requests still running before signing out', async () => {
    let signal: AbortSignal | undefined;
    // Whether the running query was already aborted when the sign-out request went out.
    let abortedBeforeLogout: boolean | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        abortedBeforeLogout = signal?.aborted;
        return Promise.resolve(new Response(null, { status: 204 }));
      }),
    );
    const client = testQueryClient();
    void client
      .fetchQuery({
        queryKey: ['slow'],
        queryFn: ({ signal: s }) => {
          signal = s;
          return new Promise(() => undefined);
        },
      })
      .catch(() => undefined);
    const navigate = vi.fn(() => Promise.resolve());
    const router = {
      state: { location: { pathname: '/project/images', search: '' } },
      navigate,
    } as unknown as Parameters<typeof installForcedLogout>[1];
    const uninstall = installForcedLogout(client, router);
    try {
      reportError(new ApiError(401, 'expired', undefined));
      await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
      expect(abortedBeforeLogout).toBe(true);
      expect(navigate).toHaveBeenCalledWith('/login?next=%2Fproject%2Fimages', { replace: true });
    } finally {
      uninstall();
    }
  });
});
