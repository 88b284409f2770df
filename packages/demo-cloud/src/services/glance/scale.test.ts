import { describe, expect, it } from 'vitest';
import { startTestCloud } from '../../testing/testCloud';
import type { ImageList } from './testing';

describe('the images scale seed', () => {
  it('generates DEMO_CLOUD_SCALE images=N at once, lists them, and adds none on a restart', async () => {
    const started = Date.now();
    const cloud = await startTestCloud({ scale: { images: 10_000 } });
    const took = Date.now() - started;
    try {
      // One transaction of batched inserts: seconds at most, even on a busy machine.
      expect(took).toBeLessThan(30_000);
      const admin = await cloud.token('admin', 'admin');
      const get = async (query: string): Promise<ImageList> => {
        const response = await cloud.request<ImageList>('GET', `/image/v2/images${query}`, {
          token: admin,
        });
        expect(response.status).toBe(200);
        return response.body;
      };
      const knobs = await cloud.request<{ scale: Record<string, unknown> }>('GET', '/_demo/knobs', {
        token: admin,
      });
      expect(knobs.body.scale).toMatchObject({ images: { requested: 10_000, seeder: 'glance' } });
      // Every tenth is tagged, so a count is one call.
      const tagged = async (): Promise<number> =>
        (await get('?tag=scale&limit=1000')).images.length;
      expect(await tagged()).toBe(1000);
      const last = await get('?name=in:scale-image-010000,scale-image-010001');
      expect(last.images.map((i) => i.name)).toEqual(['scale-image-010000']);
      // Marker paging over the whole set: the page after the first, by name.
      const first = await get('?sort_key=name&sort_dir=asc&limit=20&name=in:' + names(1, 30));
      expect(first.images).toHaveLength(20);
      const after = await get(
        `?sort_key=name&sort_dir=asc&limit=20&marker=${first.images[19]?.id ?? ''}&name=in:${names(1, 30)}`,
      );
      expect(after.images.map((i) => i.name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `scale-image-${String(21 + i).padStart(6, '0')}`),
      );
      await cloud.restart();
      expect(await tagged()).toBe(1000);
    } finally {
      await cloud.close();
    }
  }, 120_000);
});

/** `scale-image-000001,…` for the numbers from..to. */
const names = (from: number, to: number): string =>
  Array.from(
    { length: to - from + 1 },
    (_, i) => `scale-image-${String(from + i).padStart(6, '0')}`,
  ).join(',');
