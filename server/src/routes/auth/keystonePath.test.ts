import { describe, expect, it } from 'vitest';
import type { Project } from '@skydeck/contract';
import type { FetchLike } from '@skydeck/openstack-client';
import { useTestApp } from '../../testing/useTestApp';

/** Keystone token requests the server made, with the request id each carried. */
const tokenCalls: Array<{ method: string; requestId: string | null }> = [];
const recordingFetch: FetchLike = (url, init) => {
  if (new URL(url).pathname.endsWith('/auth/tokens')) {
    tokenCalls.push({
      method: init.method ?? 'GET',
      requestId: new Headers(init.headers).get('x-openstack-request-id'),
    });
  }
  return fetch(url, init);
};

/**
 * Sign-in and project switching reach Keystone through the openstack plugin (app.keystoneAuth),
 * the path of every other call: the request id goes along and the calls are counted.
 */
describe('Keystone from login and switch', () => {
  const { t, admin } = useTestApp(['admin'], { app: { fetch: recordingFetch } });

  it('sends the request id with the login and switch token requests, and counts them', async () => {
    const projects = await t.as(admin, { url: '/api/keystone/projects/?name=alt_demo' });
    const alt = (projects.json().items as Project[])[0]?.id ?? '';

    tokenCalls.length = 0;
    const demo = await t.login('demo');
    expect(tokenCalls.filter((c) => c.method === 'POST')).not.toHaveLength(0);
    expect(tokenCalls.every((c) => c.requestId?.startsWith('req-'))).toBe(true);

    tokenCalls.length = 0;
    const res = await t.as(demo, {
      method: 'POST',
      url: '/auth/switch/',
      payload: { project_id: alt },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(tokenCalls).toEqual([{ method: 'POST', requestId: res.headers['x-request-id'] }]);

    expect(await t.app.metrics.registry.metrics()).toMatch(
      /skydeck_upstream_requests_total\{[^}]*service="identity"[^}]*method="POST"[^}]*\} [1-9]/,
    );
  });
});
