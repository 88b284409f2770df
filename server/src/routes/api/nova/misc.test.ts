import { describe, expect, it } from 'vitest';
import { NOVA_FEATURES } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo } = useTestApp(['demo']);

describe('GET /api/nova/features/{feature}', () => {
  it('answers a boolean per known feature (the demo cloud speaks up to 2.93)', async () => {
    for (const feature of Object.keys(NOVA_FEATURES)) {
      const res = await t.as(demo, { url: `/api/nova/features/${feature}` });
      expect(res.statusCode, feature).toBe(200);
      expect(res.json(), feature).toBe(true);
    }
  });

  it('answers 404 for an unknown feature', async () => {
    const res = await t.as(demo, { url: '/api/nova/features/teleport' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Unknown feature: teleport' });
    expect((await t.as(demo, { url: '/api/nova/features/toString' })).statusCode).toBe(404);
  });
});

describe('GET /api/nova/extensions/ and /api/nova/limits/', () => {
  it('lists extensions', async () => {
    const res = await t.as(demo, { url: '/api/nova/extensions/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toEqual({
      name: expect.any(String),
      alias: expect.any(String),
      description: expect.any(String),
      updated: expect.any(String),
    });
  });

  it('answers the absolute limits, with or without reserved', async () => {
    for (const url of ['/api/nova/limits/', '/api/nova/limits/?reserved=true']) {
      const res = await t.as(demo, { url });
      expect(res.statusCode, url).toBe(200);
      // The demo project's seeded servers use some cores; the limit must cover them.
      const limits = res.json<Record<string, number>>();
      expect(limits['totalCoresUsed']).toBeGreaterThan(0);
      expect(limits['maxTotalCores']).toBeGreaterThanOrEqual(limits['totalCoresUsed'] ?? 0);
    }
    const bad = await t.as(demo, { url: '/api/nova/limits/?reserved=maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'reserved must be true or false' });
  });
});
