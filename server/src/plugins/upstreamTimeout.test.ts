import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/useTestApp';

/** A hung Glance: every image call waits this long before the demo cloud answers. */
const HANG_MS = 6_000;

describe('a hung OpenStack service (SKYDECK_UPSTREAM_TIMEOUT)', () => {
  const { t, admin, demo } = useTestApp(['admin', 'demo'], { config: { upstreamTimeout: 1 } });

  /** The demo cloud's latency knob (its control API takes an admin token). */
  const setLatency = async (service: string, ms: number | undefined): Promise<void> => {
    const token = await t.tokenOf(admin);
    const response = await fetch(
      `${t.cloud.url}/_demo/latency/${service}`,
      ms === undefined
        ? { method: 'DELETE', headers: { 'x-auth-token': token } }
        : {
            method: 'PUT',
            headers: { 'x-auth-token': token, 'content-type': 'application/json' },
            body: JSON.stringify({ ms }),
          },
    );
    expect(response.ok).toBe(true);
  };

  afterEach(async () => {
    await setLatency('image', undefined);
  });

  it('answers 504 naming the service once the configured timeout passes', async () => {
    await setLatency('image', HANG_MS);
    const started = performance.now();
    const response = await t.as(demo, { method: 'GET', url: '/api/glance/images/' });
    const seconds = (performance.now() - started) / 1000;

    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({
      message: 'The image service (glance) did not answer in time.',
    });
    // One timeout (version discovery and the list each get 1 s), far from the default 30 s.
    expect(seconds).toBeLessThan(3.5);
    // Counted as the service's failure, for alerts (plugins/metrics.ts).
    expect(await t.app.metrics.registry.metrics()).toMatch(
      /skydeck_upstream_errors_total\{service="image",reason="timeout"\} [1-9]/,
    );
  });

  it('keeps serving the services that answer', async () => {
    await setLatency('image', HANG_MS);
    const response = await t.as(demo, { method: 'GET', url: '/api/nova/keypairs/' });
    expect(response.statusCode).toBe(200);
  });
});
