import { describe, expect, it } from 'vitest';
import { METADATA_MAX_REMOVED, type Flavor, type VolumeTypeList } from '@skydeck/contract';
import { METADATA_DELETE_CONCURRENCY } from '../../lib/mapLimit';
import { useTestApp } from '../../testing/useTestApp';

/** DELETEs of single metadata keys (Nova extra specs, Cinder metadata) seen upstream. */
const deletes = { inFlight: 0, peak: 0, count: 0 };
const isKeyDelete = (url: string, init: RequestInit): boolean =>
  init.method === 'DELETE' && /\/(os-extra_specs|extra_specs|metadata)\/[^/]+$/.test(url);

/** The real fetch, counting key deletes in flight: the test is about how many go at once. */
const countingFetch = async (url: string, init: RequestInit): Promise<Response> => {
  if (!isKeyDelete(url, init)) return fetch(url, init);
  deletes.count += 1;
  deletes.inFlight += 1;
  deletes.peak = Math.max(deletes.peak, deletes.inFlight);
  try {
    return await fetch(url, init);
  } finally {
    deletes.inFlight -= 1;
  }
};

const { t, admin } = useTestApp(['admin'], { app: { fetch: countingFetch } });

const resetCounts = (): void => {
  Object.assign(deletes, { inFlight: 0, peak: 0, count: 0 });
};

const keys = (count: number, prefix: string): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}:${i}`);

describe('the removed list of metadata updates', () => {
  it.each([
    '/api/nova/flavors/x/extra-specs/',
    '/api/nova/aggregates/x/extra-specs/',
    '/api/glance/images/x/properties/',
    '/api/cinder/volumes/x/metadata/',
    '/api/cinder/volumesnapshots/x/metadata/',
    '/api/cinder/volumetypes/x/metadata/',
  ])('is capped at METADATA_MAX_REMOVED keys: %s', async (url) => {
    const tooMany = await t.as(admin, {
      method: 'PATCH',
      url,
      payload: { updated: {}, removed: keys(METADATA_MAX_REMOVED + 1, 'k') },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toMatch(/removed/);
  });

  /** Sets `many` keys at `url`, then sends `removal` and checks the deletes went a few at a time. */
  const setThenRemove = async (
    url: string,
    many: string[],
    removal: { updated: Record<string, string>; removed: string[] },
    expectedDeletes: number,
  ): Promise<Record<string, string>> => {
    const set = await t.as(admin, {
      method: 'PATCH',
      url,
      payload: { updated: Object.fromEntries(many.map((key) => [key, 'v'])), removed: [] },
    });
    expect(set.statusCode, set.body).toBe(204);

    resetCounts();
    const removed = await t.as(admin, { method: 'PATCH', url, payload: removal });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(deletes.count).toBe(expectedDeletes);
    expect(deletes.peak).toBeGreaterThan(1);
    expect(deletes.peak).toBeLessThanOrEqual(METADATA_DELETE_CONCURRENCY);
    return (await t.as(admin, { url })).json<Record<string, string>>();
  };

  it('deletes flavor extra specs a few at a time, each key once', async () => {
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/nova/flavors/',
      payload: {
        name: 'many.extra.specs',
        vcpus: 1,
        ram: 64,
        disk: 0,
        ephemeral: 0,
        swap: 0,
        is_public: false,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/nova/flavors/${created.json<Flavor>().id}/extra-specs/`;
    const many = keys(40, 'test');
    // A key twice (deleted once), and a key also updated (kept): 39 deletes.
    const removal = { updated: { 'test:0': 'again' }, removed: [...many, 'test:1'] };
    expect(await setThenRemove(url, many, removal, 39)).toEqual({ 'test:0': 'again' });
  });

  it('deletes Cinder metadata keys a few at a time', async () => {
    const list = await t.as(admin, { url: '/api/cinder/volumetypes/' });
    // A type no volume uses (Cinder refuses spec changes on types in use).
    const gold = list.json<VolumeTypeList>().items.find((type) => type.name === 'gold-private');
    const url = `/api/cinder/volumetypes/${gold?.id}/metadata/`;
    const many = keys(30, 'test');
    const left = await setThenRemove(url, many, { updated: {}, removed: many }, 30);
    expect(Object.keys(left).filter((k) => k.startsWith('test:'))).toEqual([]);
  });
});
