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
