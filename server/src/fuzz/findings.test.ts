import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/useTestApp';

// What the route fuzzer found, each as the smallest request that showed it: these stay fixed
// whatever seed the fuzzer happens to draw.
const { t, admin } = useTestApp(['admin']);

describe('metadata updates', () => {
  // Found as a 500 (the OpenStack client refuses to build a DELETE for an empty key).
  it.each([
    ['PATCH', '/api/nova/flavors/1/extra-specs/'],
    ['PATCH', '/api/cinder/volumetypes/x/metadata/'],
    ['PATCH', '/api/cinder/volumes/x/metadata/'],
    ['PATCH', '/api/glance/images/x/properties/'],
  ] as const)('%s %s refuses an empty key to remove with 400', async (method, url) => {
    const res = await t.as(admin, { method, url, payload: { updated: {}, removed: ['', 'a'] } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('removed[0] is required');
  });

  it('refuses a key to remove longer than any service allows', async () => {
    const res = await t.as(admin, {
      method: 'PATCH',
      url: '/api/nova/flavors/1/extra-specs/',
      payload: { updated: {}, removed: ['k'.repeat(256)] },
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('quota updates', () => {
  // Found as a 500: a key outside the quota-name pattern passed validation with any value, and
  // a deeply nested one overflowed the stack when the body was serialised for Cinder.
  it('drops a key that is no quota name, however deep its value, and sends the rest', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const res = await t.as(admin, {
      method: 'PATCH',
      url: '/api/cinder/quota-sets/defaults/',
      headers: { 'content-type': 'application/json' },
      payload: `{"gigabytes":1001,"%2e":${deep}}`,
    });
    expect(res.statusCode, res.body).toBe(204);
    const defaults = await t.as(admin, { method: 'GET', url: '/api/cinder/quota-sets/defaults/' });
    expect(defaults.json<{ items: Array<{ name: string; limit: number }> }>().items).toContainEqual(
      { name: 'gigabytes', limit: 1001 },
    );
  });
});

describe('maps with any key', () => {
  // Found as a 500: a key with a line break escaped the value schema of a string-keyed map, so a
  // deeply nested value went on and overflowed the stack when serialised for the service.
  const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
  it.each([
    ['PATCH', '/api/nova/flavors/1/extra-specs/', `{"updated":{"a\\nb":${deep}},"removed":[]}`],
    [
      'POST',
      '/api/policy/',
      `{"rules":[["compute","os_compute_api:os-keypairs:index"]],"target":{"a\\nb":${deep}}}`,
    ],
    ['POST', '/api/cinder/volumes/', `{"size":1,"name":"x","metadata":{"a\\nb":${deep}}}`],
  ] as const)('%s %s refuses a value of the wrong type under such a key', async (m, url, body) => {
    const res = await t.as(admin, {
      method: m,
      url,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});
