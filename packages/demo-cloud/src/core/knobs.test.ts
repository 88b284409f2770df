import { afterEach, describe, expect, it } from 'vitest';
import { startTestCloud, useTestCloud } from '../testing/testCloud';
import {
  parseLatency,
  parseScale,
  parseSwitchedOff,
  pathMatcher,
  resolveKnobOptions,
} from './knobs';

describe('knob parsing', () => {
  it('reads the CLI and environment forms', () => {
    expect(parseScale('servers=5000, networks=1000,objects=100000')).toEqual({
      servers: 5000,
      networks: 1000,
      objects: 100000,
    });
    expect(parseLatency('nova=200,image=100:50')).toEqual({
      nova: { ms: 200 },
      image: { ms: 100, jitter: 50 },
    });
    expect(parseSwitchedOff('image=absent,volume=unavailable')).toEqual({
      image: 'absent',
      volume: 'unavailable',
    });
    expect(() => parseScale('servers=many')).toThrow(/non-negative integer/);
    expect(() => parseSwitchedOff('image=gone')).toThrow(/absent or unavailable/);
    expect(
      resolveKnobOptions(
        { latency: { nova: 5 } },
        { DEMO_CLOUD_LATENCY: 'nova=9', DEMO_CLOUD_SCALE: 'objects=3' },
      ),
    ).toMatchObject({ latency: { nova: 5 }, scale: { objects: 3 } });
  });

  it('matches paths by glob or regular expression', () => {
    expect(pathMatcher('/v2.1/flavors/*').test('/v2.1/flavors/42')).toBe(true);
    expect(pathMatcher('/v2.1/flavors/*').test('/v2.1/flavors/42/os-extra_specs')).toBe(false);
    expect(pathMatcher('/v2.1/**').test('/v2.1/flavors/42/os-extra_specs')).toBe(true);
    expect(pathMatcher('/flavors/\\d+$/').test('/compute/v2.1/flavors/42')).toBe(true);
    expect(pathMatcher('^/compute/').test('/compute/v2.1')).toBe(true);
  });
});

describe('test knobs on a running cloud', () => {
  const cloud = useTestCloud();
  const admin = (): Promise<string> => cloud().token('admin', 'admin');
  const control = async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> =>
    cloud().request(method, `/_demo${path}`, { token: await admin(), body });

  afterEach(async () => {
    await control('DELETE', '/knobs');
  });

  it('is admin only', async () => {
    expect((await cloud().request('GET', '/_demo/knobs')).status).toBe(401);
    const member = await cloud().request('GET', '/_demo/knobs', {
      token: await cloud().token('demo', 'demo'),
    });
    expect(member.status).toBe(403);
    const state = await control('GET', '/knobs');
    expect(state.status).toBe(200);
    expect(state.body).toEqual({ latency: {}, faults: [], services: {}, scale: {} });
  });

  it('adds latency to one service only', async () => {
    const token = await cloud().token('demo', 'demo');
    const timed = async (path: string): Promise<number> => {
      const started = performance.now();
      const response = await cloud().request('GET', path, { token });
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    expect((await control('PUT', '/latency/compute', { ms: 800 })).status).toBe(200);
    expect(await timed('/compute/v2.1/flavors')).toBeGreaterThanOrEqual(790);
    // Generous bounds: the machine is shared, only the 800 ms must be missing.
    expect(await timed('/identity/v3/auth/projects')).toBeLessThan(700);
    expect((await control('DELETE', '/latency/nova')).status).toBe(204);
    expect(await timed('/compute/v2.1/flavors')).toBeLessThan(700);
    const unknown = await control('PUT', '/latency/nowhere', { ms: 10 });
    expect(unknown.status).toBe(400);
  });

  it('fails the next N matching calls with the service’s own fault body, then stops', async () => {
    const token = await cloud().token('demo', 'demo');
    const armed = await control('POST', '/faults', {
      service: 'compute',
      method: 'GET',
      path: '/v2.1/flavors/*',
      status: 503,
      count: 2,
    });
    expect(armed.status).toBe(201);
    // Other paths and methods are not affected.
    expect((await cloud().request('GET', '/compute/v2.1/flavors', { token })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const failed = await cloud().request('GET', '/compute/v2.1/flavors/1', { token });
      expect(failed.status).toBe(503);
      expect(failed.body).toEqual({
        serviceUnavailable: {
          code: 503,
          message: 'The server is currently unavailable. Please try again at a later time.',
        },
      });
    }
    expect((await cloud().request('GET', '/compute/v2.1/flavors/1', { token })).status).toBe(200);

    await control('POST', '/faults', { path: '/v3/auth/projects', status: 500, count: 5 });
    expect((await control('GET', '/faults')).body['faults']).toHaveLength(1);
    const identity = await cloud().request('GET', '/identity/v3/auth/projects', { token });
    expect(identity.status).toBe(500);
    expect(identity.body).toMatchObject({ error: { code: 500 } });
    expect((await control('DELETE', '/faults')).status).toBe(204);
    expect((await cloud().request('GET', '/identity/v3/auth/projects', { token })).status).toBe(
      200,
    );
  });

  it('renders injected Swift faults as Swift does', async () => {
    await control('POST', '/faults', { service: 'object-store', status: 507, count: 1 });
    const response = await fetch(`${cloud().url}/object-store/info`);
    expect(response.status).toBe(507);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
  });

  it('switches a service off: absent from new catalogs, or answering 503', async () => {
    const catalogTypes = async (): Promise<string[]> =>
      ((await cloud().login('demo', 'demo')).body.token.catalog ?? []).map((s) => s.type);
    expect(await catalogTypes()).toContain('object-store');
    await control('POST', '/services', { service: 'swift', mode: 'absent' });
    expect(await catalogTypes()).not.toContain('object-store');
    expect((await control('GET', '/knobs')).body['services']).toEqual({ swift: 'absent' });

    await control('PUT', '/services/compute', { mode: 'unavailable' });
    const token = await cloud().token('demo', 'demo');
    const refused = await cloud().request('GET', '/compute/v2.1/flavors', { token });
    expect(refused.status).toBe(503);
    expect(refused.body).toHaveProperty('serviceUnavailable');
    // Unavailable services stay in the catalog, as a failing endpoint does.
    expect(await catalogTypes()).toContain('compute');

    expect((await control('DELETE', '/services')).status).toBe(204);
    expect(await catalogTypes()).toContain('object-store');
    expect((await cloud().request('GET', '/compute/v2.1/flavors', { token })).status).toBe(200);
  });
});

describe('knobs given at start', () => {
  it('applies switched-off services and the scale seed from the options', async () => {
    const cloud = await startTestCloud({
      switchedOff: { 'object-store': 'unavailable' },
      scale: { objects: 2500, containers: 3, servers: 10 },
    });
    try {
      const { body, token } = await cloud.login('demo', 'demo');
      expect((await fetch(`${cloud.url}/object-store/info`)).status).toBe(503);
      const admin = await cloud.token('admin', 'admin');
      const state = await cloud.request<{ scale: Record<string, unknown> }>('GET', '/_demo/knobs', {
        token: admin,
      });
      expect(state.body.scale).toMatchObject({
        objects: { requested: 2500, seeder: 'swift' },
        containers: { requested: 3, seeder: 'swift' },
      });
      await cloud.request('DELETE', '/_demo/services', { token: admin });
      const account = `/object-store/v1/AUTH_${body.token.project?.id}`;
      const head = await fetch(`${cloud.url}${account}/scale-objects`, {
        headers: { 'X-Auth-Token': token },
      });
      expect(head.headers.get('x-container-object-count')).toBe('2500');
      const listing = await fetch(`${cloud.url}${account}?prefix=scale-container-&format=json`, {
        headers: { 'X-Auth-Token': token },
      });
      expect(((await listing.json()) as unknown[]).length).toBe(3);
      // A restart with the same request adds nothing (and re-applies the start knobs).
      await cloud.restart();
      await cloud.request('DELETE', '/_demo/services', { token: admin });
      const again = await fetch(`${cloud.url}${account}/scale-objects`, {
        headers: { 'X-Auth-Token': token },
      });
      expect(again.headers.get('x-container-object-count')).toBe('2500');
    } finally {
      await cloud.close();
    }
  });
});
