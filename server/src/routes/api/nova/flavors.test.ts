import { beforeAll, describe, expect, it } from 'vitest';
import type { Flavor } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, admin, demo } = useTestApp(['admin', 'demo']);
let demoProject: string;

beforeAll(() => {
  demoProject = demo.user.project_id;
});

const NEW_FLAVOR = {
  name: 'test.private',
  vcpus: 2,
  ram: 1024,
  disk: 10,
  ephemeral: 0,
  swap: 0,
  is_public: false,
  description: 'for tests',
};

const create = async (body: Record<string, unknown>): Promise<Flavor> => {
  const res = await t.as(admin, { method: 'POST', url: '/api/nova/flavors/', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Flavor;
};

describe('GET /api/nova/flavors/', () => {
  it('lists flavors in the contract shape', async () => {
    const res = await t.as(demo, { url: '/api/nova/flavors/' });
    expect(res.statusCode).toBe(200);
    const flavor = (res.json().items as Flavor[])[0];
    expect(flavor).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      vcpus: expect.any(Number),
      'OS-FLV-EXT-DATA:ephemeral': expect.any(Number),
      'os-flavor-access:is_public': true,
    });
    expect(flavor?.extras).toBeUndefined();
    expect(Object.keys(flavor ?? {})).not.toContain('links');
  });

  it('adds extra specs with get_extras, and filters by is_public and name', async () => {
    const made = await create({ ...NEW_FLAVOR, name: 'extras.private' });
    await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/flavors/${made.id}/extra-specs/`,
      payload: { updated: { 'hw:cpu_policy': 'dedicated' }, removed: [] },
    });
    const all = await t.as(admin, { url: '/api/nova/flavors/?get_extras=true' });
    const found = (all.json().items as Flavor[]).find((f) => f.id === made.id);
    expect(found?.extras).toEqual({ 'hw:cpu_policy': 'dedicated' });
    expect((all.json().items as Flavor[]).every((f) => f.extras !== undefined)).toBe(true);

    const publicOnly = await t.as(admin, { url: '/api/nova/flavors/?is_public=true' });
    expect((publicOnly.json().items as Flavor[]).map((f) => f.id)).not.toContain(made.id);
    const privateOnly = await t.as(admin, { url: '/api/nova/flavors/?is_public=false' });
    expect((privateOnly.json().items as Flavor[]).map((f) => f.id)).toContain(made.id);
    const byName = await t.as(admin, { url: '/api/nova/flavors/?name=EXTRAS' });
    expect((byName.json().items as Flavor[]).map((f) => f.name)).toEqual(['extras.private']);
  });
});

describe('POST /api/nova/flavors/', () => {
  it('is refused to a member with 403 and Nova’s message', async () => {
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/nova/flavors/',
      payload: NEW_FLAVOR,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/os-flavor-manage:create/);
  });

  it('creates a private flavor with project access', async () => {
    const made = await create({ ...NEW_FLAVOR, flavor_access: [demoProject] });
    expect(made).toMatchObject({
      name: 'test.private',
      vcpus: 2,
      'os-flavor-access:is_public': false,
      description: 'for tests',
      access_list: [demoProject],
    });
    // The project with access sees it; its access list is for admins only.
    expect((await t.as(demo, { url: `/api/nova/flavors/${made.id}/` })).statusCode).toBe(200);
    const list = await t.as(demo, { url: `/api/nova/flavors/${made.id}/?get_access_list=true` });
    expect(list.statusCode).toBe(403);
    const shown = await t.as(admin, {
      url: `/api/nova/flavors/${made.id}/?get_access_list=true&get_extras=true`,
    });
    expect(shown.json()).toMatchObject({ access_list: [demoProject], extras: {} });
  });

  it('validates with clear messages', async () => {
    const zero = await t.as(admin, {
      method: 'POST',
      url: '/api/nova/flavors/',
      payload: { ...NEW_FLAVOR, vcpus: 0 },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ message: 'vcpus must be at least 1' });
    const { ram: _ram, ...noRam } = NEW_FLAVOR;
    const missing = await t.as(admin, {
      method: 'POST',
      url: '/api/nova/flavors/',
      payload: noRam,
    });
    expect(missing.json()).toEqual({ message: 'ram is required' });
  });
});

describe('PATCH /api/nova/flavors/{id}/', () => {
  it('edits a description in place', async () => {
    const made = await create({ ...NEW_FLAVOR, name: 'desc.only', is_public: true });
    const res = await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/flavors/${made.id}/`,
      payload: { ...NEW_FLAVOR, name: 'desc.only', is_public: true, description: 'changed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: made.id, description: 'changed' });
  });

  it('re-creates the flavor under the same id when sizes change, keeping extra specs', async () => {
    const made = await create({ ...NEW_FLAVOR, name: 'resize.me', flavor_access: [demoProject] });
    await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/flavors/${made.id}/extra-specs/`,
      payload: { updated: { 'hw:mem_page_size': 'large' }, removed: [] },
    });
    const res = await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/flavors/${made.id}/`,
      payload: { ...NEW_FLAVOR, name: 'resize.me', vcpus: 4, ram: 4096 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: made.id,
      vcpus: 4,
      ram: 4096,
      access_list: [demoProject],
    });
    const shown = await t.as(admin, {
      url: `/api/nova/flavors/${made.id}/?get_extras=true&get_access_list=true`,
    });
    expect(shown.json()).toMatchObject({
      vcpus: 4,
      extras: { 'hw:mem_page_size': 'large' },
      access_list: [demoProject],
    });
  });

  it('sets the access list of a private flavor', async () => {
    const made = await create({ ...NEW_FLAVOR, name: 'access.me', flavor_access: [demoProject] });
    const res = await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/flavors/${made.id}/`,
      payload: { ...NEW_FLAVOR, name: 'access.me', flavor_access: [admin.user.project_id] },
    });
    expect(res.json().access_list).toEqual([admin.user.project_id]);
    const shown = await t.as(admin, { url: `/api/nova/flavors/${made.id}/?get_access_list=true` });
    expect(shown.json().access_list).toEqual([admin.user.project_id]);
  });
});

describe('extra specs and delete', () => {
  it('GET and PATCH /api/nova/flavors/{id}/extra-specs/', async () => {
    const made = await create({ ...NEW_FLAVOR, name: 'specs', is_public: true });
    const url = `/api/nova/flavors/${made.id}/extra-specs/`;
    const set = await t.as(admin, {
      method: 'PATCH',
      url,
      payload: { updated: { a: '1', b: '2' }, removed: [] },
    });
    expect(set.statusCode).toBe(204);
    await t.as(admin, { method: 'PATCH', url, payload: { updated: { c: '3' }, removed: ['a'] } });
    const res = await t.as(admin, { url });
    expect(res.json()).toEqual({ b: '2', c: '3' });
    const bad = await t.as(admin, { method: 'PATCH', url, payload: { updated: { a: 1 } } });
    expect(bad.statusCode).toBe(400);
  });

  it('DELETE answers 204, then the flavor is 404', async () => {
    const made = await create({ ...NEW_FLAVOR, name: 'bye', is_public: true });
    const del = await t.as(admin, { method: 'DELETE', url: `/api/nova/flavors/${made.id}/` });
    expect(del.statusCode).toBe(204);
    const gone = await t.as(admin, { url: `/api/nova/flavors/${made.id}/` });
    expect(gone.statusCode).toBe(404);
    expect(typeof gone.json().message).toBe('string');
  });
});
