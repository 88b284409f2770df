import { describe, expect, it } from 'vitest';
import type { InstanceList } from '@skydeck/contract';
import type { TestSession } from '../../../testing/buildTestApp';
import { useTestApp } from '../../../testing/useTestApp';

/** Every upstream call the server makes, as `METHOD path`. */
const calls: string[] = [];
const countingFetch = async (url: string, init: RequestInit): Promise<Response> => {
  calls.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
  return fetch(url, init);
};

const { t, demo, admin } = useTestApp(['demo', 'admin'], { app: { fetch: countingFetch } });

const list = async (session: TestSession, query: string): Promise<InstanceList> => {
  const res = await t.as(session, { url: `/api/nova/servers/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InstanceList>();
};

describe('GET /api/nova/servers/?ids=', () => {
  it('answers only the named instances, as the list shows them, a gone one left out', async () => {
    const all = await list(demo, '?limit=100');
    const [a, b] = all.items.filter((i) => i.name === 'web-1' || i.name === 'db-1');
    const gone = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
    const page = await list(demo, `?ids=${a?.id},${b?.id},${gone}`);
    expect(page.items.map((i) => i.name).sort()).toEqual(['db-1', 'web-1']);
    const web1 = page.items.find((i) => i.name === 'web-1');
    const listed = all.items.find((i) => i.name === 'web-1');
    expect({ ...web1, updated: null }).toEqual({ ...listed, updated: null });
    expect(page).toMatchObject({ has_more_data: false, has_prev_data: false });
  });

  it('names the images once for all the rows, with one GET per instance', async () => {
    const all = await list(demo, '?limit=100');
    const ids = all.items.slice(0, 4).map((i) => i.id);
    await list(demo, `?ids=${ids.join(',')}`);
    calls.length = 0;
    await list(demo, `?ids=${ids.join(',')}`);
    expect(calls.filter((c) => /\/servers\/[0-9a-f-]{32,36}$/.test(c))).toHaveLength(4);
    expect(calls.filter((c) => c.includes('/images')).length).toBeLessThanOrEqual(1);
  });

  it("shows an admin another project's instance with its project name", async () => {
    const alt = (await list(admin, '?all_projects=true&name=alt-server')).items[0];
    const page = await list(admin, `?ids=${alt?.id}`);
    expect(page.items[0]).toMatchObject({ name: 'alt-server', project_name: 'alt_demo' });
    // A member does not see it at all.
    expect((await list(demo, `?ids=${alt?.id}`)).items).toEqual([]);
  });

  it('answers a bad ids list with a 400', async () => {
    const many = Array.from(
      { length: 101 },
      (_, i) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-${'0'.repeat(12)}`,
    );
    for (const ids of ['x', 'a,,b', many.join(',')]) {
      const res = await t.as(demo, { url: `/api/nova/servers/?ids=${ids}` });
      expect(res.statusCode, ids.slice(0, 20)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/ids/);
    }
  });
});
