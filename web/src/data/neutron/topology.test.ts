import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Topology } from '@skydeck/contract';
import { mockFetch } from '../../testing/render';
import { preloadTopology, useTopology } from './topology';

const model = (version: string, full: boolean, name = 'private'): Topology => ({
  version,
  full,
  networks: full
    ? [
        {
          id: 'n1',
          name,
          status: 'ACTIVE',
          external: false,
          shared: false,
          subnets: [],
          allow_delete_subnet: true,
        },
      ]
    : [],
  routers: [],
  servers: [],
  ports: [],
  removed: { networks: [], routers: [], servers: [], ports: [] },
  truncated: false,
});

/** The topology reads the page sends, as their query strings. */
function serve(): string[] {
  const reads: string[] = [];
  mockFetch((url) => {
    if (url.pathname !== '/api/neutron/topology/') return undefined;
    reads.push(url.search);
    return {
      body: model(url.searchParams.has('since') ? 'v1' : 'v1', !url.searchParams.has('since')),
    };
  });
  return reads;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useTopology', () => {
  it('takes the model the route started reading, then reloads on its stream', async () => {
    const reads = serve();
    await preloadTopology();
    expect(reads).toHaveLength(1);
    const stream = new URLSearchParams(reads[0]).get('stream');
    const { result, unmount } = renderHook(() => useTopology(50));
    await waitFor(() => expect(result.current.state?.networks.get('n1')?.name).toBe('private'));
    // Only the preloaded read so far; the next one asks for changes on the same stream.
    await waitFor(() => expect(reads.length).toBeGreaterThan(1));
    const next = new URLSearchParams(reads[1]);
    expect(next.get('stream')).toBe(stream);
    expect(next.get('since')).toBe('v1');
    unmount();
  });

  it('reads afresh when the preloaded model is stale or was taken', async () => {
    const reads = serve();
    await preloadTopology(() => Date.now() - 60_000);
    const first = renderHook(() => useTopology(60_000));
    await waitFor(() => expect(first.result.current.state).toBeDefined());
    expect(reads).toHaveLength(2);
    expect(new URLSearchParams(reads[1]).get('stream')).not.toBe(
      new URLSearchParams(reads[0]).get('stream'),
    );
    first.unmount();
    // Nothing preloaded now: a second page reads on its own stream.
    const second = renderHook(() => useTopology(60_000));
    await waitFor(() => expect(second.result.current.state).toBeDefined());
    expect(reads).toHaveLength(3);
    second.unmount();
  });
});
