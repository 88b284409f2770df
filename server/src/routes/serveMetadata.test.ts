import { describe, expect, it } from 'vitest';
import type { VolumeType } from '@skydeck/contract';
import { useTestApp } from '../testing/useTestApp';

const { t, admin } = useTestApp(['admin']);

/** serveMetadata's per-key path, on a family without its own route test (volume-type specs). */
describe('serveMetadata', () => {
  it('sets the updated keys, deletes each removed key once, and keeps one also updated', async () => {
    const types = await t.as(admin, { url: '/api/cinder/volumetypes/' });
    const type = types.json<{ items: VolumeType[] }>().items[0];
    const url = `/api/cinder/volumetypes/${type?.id ?? ''}/metadata/`;
    const seed = await t.as(admin, {
      method: 'PATCH',
      url,
      payload: { updated: { 'test:a': '1', 'test:b': '2', 'test:c': '3' }, removed: [] },
    });
    expect(seed.statusCode, seed.body).toBe(204);

    const res = await t.as(admin, {
      method: 'PATCH',
      url,
      payload: { updated: { 'test:c': '30' }, removed: ['test:a', 'test:a', 'test:c'] },
    });
    expect(res.statusCode, res.body).toBe(204);
    const read = await t.as(admin, { url });
    expect(read.statusCode).toBe(200);
    const specs = read.json<Record<string, string>>();
    expect(specs).toMatchObject({ 'test:b': '2', 'test:c': '30' });
    expect(specs).not.toHaveProperty('test:a');
  });

  it('answers 404 for a resource that does not exist', async () => {
    const res = await t.as(admin, { url: '/api/cinder/volumetypes/no-such-type/metadata/' });
    expect(res.statusCode).toBe(404);
  });
});
