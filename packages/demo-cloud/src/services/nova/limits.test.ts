import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';

type Absolute = Record<string, number>;

describe('nova limits', () => {
  const cloud = useTestCloud();
  const absolute = async (
    token: string,
    microversion?: string,
    query = '',
  ): Promise<{ status: number; absolute?: Absolute }> => {
    const r = await cloud().request<{ limits?: { rate: unknown[]; absolute: Absolute } }>(
      'GET',
      `/compute/v2.1/limits${query}`,
      {
        token,
        ...(microversion ? { microversion } : {}),
      },
    );
    return { status: r.status, absolute: r.body.limits?.absolute };
  };

  it('answers the absolute limits and usage, with fields dropped by microversion', async () => {
    const token = await cloud().token('demo', 'demo');
    const { absolute: v21 } = await absolute(token);
    expect(v21).toMatchObject({
      maxTotalKeypairs: 100,
      maxServerGroups: 10,
      maxServerGroupMembers: 10,
      maxTotalCores: 20,
      maxTotalInstances: 10,
      maxTotalRAMSize: 51200,
      // The seeded web-1, web-2, broken, paused-1 (m1.tiny) and db-1 (m1.small).
      totalCoresUsed: 5,
      totalInstancesUsed: 5,
      totalRAMUsed: 4 * 512 + 2048,
      totalServerGroupsUsed: 2,
      maxSecurityGroups: 10,
      maxImageMeta: 128,
      maxPersonality: 5,
    });
    const { absolute: v236 } = await absolute(token, '2.36');
    expect(v236).not.toHaveProperty('maxSecurityGroups');
    expect(v236).toHaveProperty('maxImageMeta');
    const { absolute: v257 } = await absolute(token, '2.57');
    expect(Object.keys(v257 ?? {}).sort()).toEqual(
      [
        'maxServerGroupMembers',
        'maxServerGroups',
        'maxServerMeta',
        'maxTotalCores',
        'maxTotalInstances',
        'maxTotalKeypairs',
        'maxTotalRAMSize',
        'totalCoresUsed',
        'totalInstancesUsed',
        'totalRAMUsed',
        'totalServerGroupsUsed',
      ].sort(),
    );
    expect((await absolute(token, undefined, '?reserved=1')).status).toBe(200);
  });

  it('lets only an admin read another project’s usage', async () => {
    const demoProject = (await cloud().login('demo', 'demo')).body.token.project?.id ?? '';
    const adminToken = await cloud().token('admin', 'admin');
    const own = await absolute(adminToken);
    expect(own.absolute?.['totalServerGroupsUsed']).toBe(0);
    const other = await absolute(adminToken, undefined, `?tenant_id=${demoProject}`);
    expect(other.absolute?.['totalServerGroupsUsed']).toBe(2);
    const alt = await cloud().token('demo', 'alt_demo');
    expect((await absolute(alt, undefined, `?tenant_id=${demoProject}`)).status).toBe(403);
  });
});

describe('nova versions, negotiation and errors', () => {
  const cloud = useTestCloud();

  it('serves the version documents without a token', async () => {
    const root = await cloud().request<{ versions: Array<{ id: string; status: string }> }>(
      'GET',
      '/compute',
    );
    expect(root.body.versions.map((v) => `${v.id}:${v.status}`)).toEqual([
      'v2.0:SUPPORTED',
      'v2.1:CURRENT',
    ]);
    const v21 = await cloud().request<{ version: Record<string, unknown> }>('GET', '/compute/v2.1');
    expect(v21.body.version).toMatchObject({
      id: 'v2.1',
      status: 'CURRENT',
      version: '2.93',
      min_version: '2.1',
    });
    expect(v21.body.version['links']).toContainEqual({
      rel: 'self',
      href: `${cloud().url}/compute/v2.1/`,
    });
  });

  it('negotiates the microversion from either header, and refuses bad ones', async () => {
    const token = await cloud().token('demo', 'demo');
    const latest = await cloud().request('GET', '/compute/v2.1/flavors', {
      token,
      microversion: 'latest',
    });
    expect(latest.headers.get('openstack-api-version')).toBe('compute 2.93');
    const legacy = await cloud().request('GET', '/compute/v2.1/flavors', {
      token,
      headers: { 'X-OpenStack-Nova-API-Version': '2.42' },
    });
    expect(legacy.headers.get('x-openstack-nova-api-version')).toBe('2.42');
    const tooNew = await cloud().request('GET', '/compute/v2.1/flavors', {
      token,
      microversion: '2.94',
    });
    expect(tooNew.status).toBe(406);
    expect(tooNew.body).toEqual({
      computeFault: {
        code: 406,
        message: 'Version 2.94 is not supported by the API. Minimum is 2.1 and maximum is 2.93.',
      },
    });
    const malformed = await cloud().request('GET', '/compute/v2.1/flavors', {
      token,
      microversion: 'two',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'API Version String two is of invalid format. Must be of format MajorNum.MinorNum.',
      },
    });
  });

  it('answers errors in upstream shapes', async () => {
    const unauthenticated = await cloud().request('GET', '/compute/v2.1/flavors');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body).toEqual({
      error: {
        code: 401,
        title: 'Unauthorized',
        message: 'The request you have made requires authentication.',
      },
    });
    const token = await cloud().token('demo', 'demo');
    const unknown = await cloud().request('GET', '/compute/v2.1/no-such-thing', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: '404 Not Found', title: 'Not Found' });
    const response = await fetch(`${cloud().url}/compute/v2.1/os-server-groups`, {
      method: 'POST',
      headers: { 'X-Auth-Token': token, 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      badRequest: { code: 400, message: 'Malformed request body' },
    });
    const unscoped = (await cloud().login('demo')).token;
    const unscopedToken = await cloud().request('POST', '/identity/v3/auth/tokens', {
      body: {
        auth: { identity: { methods: ['token'], token: { id: unscoped } }, scope: 'unscoped' },
      },
    });
    const bare = unscopedToken.headers.get('x-subject-token') ?? '';
    expect((await cloud().request('GET', '/compute/v2.1/flavors', { token: bare })).status).toBe(
      401,
    );
  });

  it('lists extensions and availability zones', async () => {
    const token = await cloud().token('demo', 'demo');
    const extensions = await cloud().request<{
      extensions: Array<{ alias: string; name: string; links: unknown[] }>;
    }>('GET', '/compute/v2.1/extensions', { token });
    expect(extensions.body.extensions.find((e) => e.alias === 'os-keypairs')).toMatchObject({
      name: 'Keypairs',
      links: [],
    });
    const one = await cloud().request('GET', '/compute/v2.1/extensions/os-server-groups', {
      token,
    });
    expect(one.body).toMatchObject({ extension: { alias: 'os-server-groups' } });
    const zones = await cloud().request('GET', '/compute/v2.1/os-availability-zone', { token });
    expect(zones.body).toEqual({
      availabilityZoneInfo: [{ zoneName: 'nova', zoneState: { available: true }, hosts: null }],
    });
    expect(
      (await cloud().request('GET', '/compute/v2.1/os-availability-zone/detail', { token })).status,
    ).toBe(403);
    const detail = await cloud().request<{ availabilityZoneInfo: Array<{ zoneName: string }> }>(
      'GET',
      '/compute/v2.1/os-availability-zone/detail',
      { token: await cloud().token('admin', 'admin') },
    );
    expect(detail.body.availabilityZoneInfo.map((z) => z.zoneName)).toEqual(['internal', 'nova']);
    const services = await cloud().request<{
      services: Array<{ id: unknown; binary: string; state: string }>;
    }>('GET', '/compute/v2.1/os-services?binary=nova-compute', {
      token: await cloud().token('admin', 'admin'),
      microversion: '2.53',
    });
    expect(services.body.services).toHaveLength(3);
    expect(services.body.services[0]).toMatchObject({
      binary: 'nova-compute',
      state: 'up',
      forced_down: false,
    });
    expect(typeof services.body.services[0]?.id).toBe('string');
    expect((await cloud().request('GET', '/compute/v2.1/os-services', { token })).status).toBe(403);
  });
});
