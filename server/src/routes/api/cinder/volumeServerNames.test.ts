import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InstanceList, Volume, VolumeList } from '@skydeck/contract';
import type { TestSession } from '../../../testing/buildTestApp';
import { useTestApp } from '../../../testing/useTestApp';
import { forgetServerNames } from '../../../services/nova/serverNames';

/** Every upstream call the server makes, as `METHOD path?query`. */
const calls: string[] = [];
const countingFetch = async (url: string, init: RequestInit): Promise<Response> => {
  const u = new URL(url);
  calls.push(`${init.method ?? 'GET'} ${u.pathname}${u.search}`);
  return fetch(url, init);
};

const { t, demo, admin } = useTestApp(['demo', 'admin'], { app: { fetch: countingFetch } });

const get = async <T>(session: TestSession, url: string): Promise<T> => {
  const res = await t.as(session, { url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

const serverId = async (session: TestSession, name: string, all = false): Promise<string> => {
  const query = `?name=${name}${all ? '&all_projects=true' : ''}`;
  const id = (await get<InstanceList>(session, `/api/nova/servers/${query}`)).items.find(
    (i) => i.name === name,
  )?.id;
  if (!id) throw new Error(`no server ${name}`);
  return id;
};

const volumeNamed = async (session: TestSession, name: string, all = false): Promise<Volume> => {
  const query = `?name=${name}${all ? '&all_projects=true' : ''}`;
  const volume = (await get<VolumeList>(session, `/api/cinder/volumes/${query}`)).items.find(
    (v) => v.name === name,
  );
  if (!volume) throw new Error(`no volume ${name}`);
  return volume;
};

const attach = async (session: TestSession, server: string, volume: string): Promise<void> => {
  const res = await t.as(session, {
    method: 'POST',
    url: `/api/nova/servers/${server}/volumes/`,
    payload: { volume_id: volume },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** Nova's server listings (the brief list or the detailed one), not one server's GET. */
const novaListings = (): string[] =>
  calls.filter((c) => /^GET \/[^?]*\/servers(\/detail)?\?/.test(c));
const novaServerGets = (): string[] =>
  calls.filter((c) => /\/servers\/[0-9a-f-]{32,36}(\?|$)/.test(c));

let altVol = '';
let altServer = '';
let webServer = '';

beforeAll(async () => {
  // alt_demo's volume on alt_demo's server (an admin attaches it), and one of demo's on web-1.
  altServer = await serverId(admin, 'alt-server', true);
  altVol = (await volumeNamed(admin, 'alt-vol', true)).id;
  await attach(admin, altServer, altVol);
  webServer = await serverId(demo, 'web-1');
  await attach(demo, webServer, (await volumeNamed(demo, 'fast-scratch')).id);
});

beforeEach(() => {
  forgetServerNames();
  calls.length = 0;
});

describe("volumes' attachments name their servers", () => {
  it("names every project's servers in an admin's all-projects list", async () => {
    const list = await get<VolumeList>(admin, '/api/cinder/volumes/?all_projects=true&limit=50');
    const alt = list.items.find((v) => v.id === altVol);
    expect(alt?.attachments).toEqual([
      expect.objectContaining({ server_id: altServer, server_name: 'alt-server' }),
    ]);
    const scratch = list.items.find((v) => v.name === 'fast-scratch');
    expect(scratch?.attachments[0]).toMatchObject({ server_id: webServer, server_name: 'web-1' });
    // One listing of every project's servers, and no GET per attached server.
    expect(novaListings()).toHaveLength(1);
    expect(novaListings()[0]).toMatch(/all_tenants=True/);
    expect(novaServerGets()).toEqual([]);
  });

  it('makes the same one listing whatever the page size, and reuses it for the next page', async () => {
    for (const limit of [1, 2, 1000]) {
      forgetServerNames();
      calls.length = 0;
      await get<VolumeList>(admin, `/api/cinder/volumes/?all_projects=true&limit=${limit}`);
      expect(novaListings().length, `limit=${limit}`).toBeLessThanOrEqual(1);
      expect(novaServerGets()).toEqual([]);
    }
    calls.length = 0;
    await get<VolumeList>(admin, '/api/cinder/volumes/?all_projects=true&paginate=false');
    await get<VolumeList>(admin, '/api/cinder/volumes/?all_projects=true&paginate=false');
    expect(novaListings()).toEqual([]);
  });

  it("names a member's own servers from their project's list", async () => {
    const scratch = await volumeNamed(demo, 'fast-scratch');
    expect(scratch.attachments[0]).toMatchObject({ server_id: webServer, server_name: 'web-1' });
    expect(novaListings().every((c) => !c.includes('all_tenants'))).toBe(true);
  });

  it("names another project's server on an admin's volume details", async () => {
    const shown = await get<Volume>(admin, `/api/cinder/volumes/${altVol}/`);
    expect(shown.attachments[0]).toMatchObject({ server_id: altServer, server_name: 'alt-server' });
  });

  it('makes no Nova call for a page without attachments', async () => {
    await get<VolumeList>(demo, '/api/cinder/volumes/?status=available&limit=5');
    expect(novaListings()).toEqual([]);
  });
});
