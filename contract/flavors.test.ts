import { afterAll, describe, expect, it } from 'vitest';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import { nova } from './support/nova';
import { session, uniqueName } from './support/session';
import { expectComputeFault, expectKeys, expectShape, field } from './support/shape';
import type { Shape } from './support/shape';

const LINKS: Shape = [{ rel: 'string', href: 'string' }];
const BASE_KEYS = [
  'id',
  'name',
  'ram',
  'disk',
  'swap',
  'vcpus',
  'OS-FLV-EXT-DATA:ephemeral',
  'OS-FLV-DISABLED:disabled',
  'os-flavor-access:is_public',
  'rxtx_factor',
  'links',
];
const BASE_SHAPE: Shape = {
  id: 'string',
  name: 'string',
  ram: 'integer',
  disk: 'integer',
  vcpus: 'integer',
  'OS-FLV-EXT-DATA:ephemeral': 'integer',
  'OS-FLV-DISABLED:disabled': 'boolean',
  'os-flavor-access:is_public': 'boolean',
  rxtx_factor: 'number',
  links: LINKS,
};

/** Flavors this file created, deleted at the end even when a test fails half-way. */
const created: string[] = [];

afterAll(async () => {
  const admin = await session('admin');
  for (const id of created) await nova(admin, 'DELETE', `flavors/${id}`);
});

describe('nova flavors: shapes by microversion', () => {
  it('the plain list has id, name and links (2.1), plus description from 2.55', async () => {
    const demo = await session('demo');
    const v21 = await nova(demo, 'GET', 'flavors', '2.1');
    expect(v21.status).toBe(200);
    expectShape(v21.body, { flavors: [{ id: 'string', name: 'string', links: LINKS }] });
    for (const flavor of field(v21.body, 'flavors') as unknown[]) {
      expectKeys(flavor, ['id', 'name', 'links']);
    }
    const v255 = await nova(demo, 'GET', 'flavors', '2.55');
    for (const flavor of field(v255.body, 'flavors') as unknown[]) {
      expectKeys(flavor, ['id', 'name', 'links', 'description']);
    }
  });

  it('lists the seeded public flavors, sorted by flavor id, to a member', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', 'flavors/detail', '2.1');
    const flavors = field(answer.body, 'flavors') as { id: string; name: string }[];
    const seeded = flavors.filter((flavor) => /^m1\./.test(flavor.name));
    expect(seeded.map((flavor) => `${flavor.id}:${flavor.name}`)).toEqual([
      '1:m1.tiny',
      '2:m1.small',
      '3:m1.medium',
      '4:m1.large',
      '5:m1.xlarge',
    ]);
    expect(flavors.map((flavor) => flavor.name)).not.toContain('p1.secret');
  });

  it.each([
    ['2.1', BASE_KEYS, ''],
    ['2.55', [...BASE_KEYS, 'description'], ''],
    ['2.61', [...BASE_KEYS, 'description', 'extra_specs'], ''],
    ['2.75', [...BASE_KEYS, 'description', 'extra_specs'], 0],
  ] as const)('detail at %s has exactly the keys of that version', async (version, keys, swap) => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', 'flavors/detail', version);
    expect(answer.status).toBe(200);
    const flavors = field(answer.body, 'flavors') as Record<string, unknown>[];
    expect(flavors.length).toBeGreaterThanOrEqual(5);
    for (const flavor of flavors) {
      expectShape(flavor, BASE_SHAPE);
      expectKeys(flavor, keys);
    }
    const tiny = flavors.find((flavor) => flavor['id'] === '1');
    // No swap: "" before 2.75, 0 from 2.75.
    expect(tiny?.['swap']).toBe(swap);
    expect(tiny).toMatchObject({
      name: 'm1.tiny',
      ram: 512,
      vcpus: 1,
      disk: 1,
      'OS-FLV-EXT-DATA:ephemeral': 0,
      'OS-FLV-DISABLED:disabled': false,
      'os-flavor-access:is_public': true,
      rxtx_factor: 1,
    });
    if (keys.includes('description')) expect(tiny?.['description']).toBeNull();
  });

  it('inline extra_specs (2.61) match os-extra_specs', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', 'flavors/4', '2.61');
    expect(answer.status).toBe(200);
    expect(field(answer.body, 'flavor', 'extra_specs')).toEqual({
      'hw:cpu_policy': 'dedicated',
      'hw:mem_page_size': 'large',
    });
    const specs = await demo.client.nova.flavors.getExtraSpecs('4');
    expect(specs).toEqual({ 'hw:cpu_policy': 'dedicated', 'hw:mem_page_size': 'large' });
    const one = await nova(demo, 'GET', 'flavors/4/os-extra_specs/hw:cpu_policy');
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ 'hw:cpu_policy': 'dedicated' });
  });

  it('GET /flavors/{id} has the detail shape; the client normalises swap to a number', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', 'flavors/2', '2.61');
    expect(answer.status).toBe(200);
    expectShape(answer.body, { flavor: BASE_SHAPE });
    expectKeys(field(answer.body, 'flavor'), [...BASE_KEYS, 'description', 'extra_specs']);
    const flavor = await demo.client.nova.flavors.get('2');
    expect(flavor.swap).toBe(0);
    expect(flavor.name).toBe('m1.small');
    const listed = await demo.client.nova.flavors.list();
    expect(listed.every((entry) => typeof entry.swap === 'number')).toBe(true);
  });

  it('pages with limit and marker, linking the next page', async () => {
    const demo = await session('demo');
    const first = await nova(demo, 'GET', 'flavors?limit=2', '2.1');
    expect(first.status).toBe(200);
    expect((field(first.body, 'flavors') as { id: string }[]).map((f) => f.id)).toEqual(['1', '2']);
    expectShape(first.body, { flavors_links: [{ rel: 'string', href: 'string' }] });
    const next = (field(first.body, 'flavors_links') as { rel: string; href: string }[])[0];
    expect(next?.rel).toBe('next');
    const nextUrl = new URL(next?.href ?? '');
    expect(nextUrl.pathname).toMatch(/\/v2\.1\/flavors$/);
    expect(Object.fromEntries(nextUrl.searchParams)).toEqual({ limit: '2', marker: '2' });
    const second = await nova(demo, 'GET', 'flavors/detail?limit=2&marker=2', '2.1');
    expect((field(second.body, 'flavors') as { id: string }[]).map((f) => f.id)).toEqual([
      '3',
      '4',
    ]);
    const filtered = await nova(demo, 'GET', 'flavors/detail?minRam=4096&minDisk=50', '2.1');
    const names = (field(filtered.body, 'flavors') as { name: string }[]).map((f) => f.name);
    expect(names).toEqual(['m1.large', 'm1.xlarge']);
    const badMarker = await nova(demo, 'GET', 'flavors?marker=no-such-flavor', '2.1');
    expect(badMarker.status).toBe(400);
    expectComputeFault(badMarker.body, 'badRequest', 400);
  });

  it('answers an unknown flavor with 404 itemNotFound', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', 'flavors/no-such-flavor');
    expect(answer.status).toBe(404);
    expectComputeFault(answer.body, 'itemNotFound', 404);
    expect(field(answer.body, 'itemNotFound', 'message')).toBe(
      'Flavor no-such-flavor could not be found.',
    );
    const error = await demo.client.nova.flavors.get('no-such-flavor').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenStackHttpError);
    expect((error as OpenStackHttpError).status).toBe(404);
    expect((error as OpenStackHttpError).title).toBe('itemNotFound');
  });
});

describe('nova flavors: visibility and policy', () => {
  it('is_public=None shows private flavors to the admin only', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const adminNames = (await admin.client.nova.flavors.list({ isPublic: 'None' })).map(
      (flavor) => flavor.name,
    );
    expect(adminNames).toContain('p1.secret');
    const memberNames = (await demo.client.nova.flavors.list({ isPublic: 'None' })).map(
      (flavor) => flavor.name,
    );
    expect(memberNames).not.toContain('p1.secret');
    expect(memberNames).toContain('m1.tiny');
  });

  it('a member may not create a flavor (403 forbidden naming the rule)', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'POST', 'flavors', '2.55', {
      json: { flavor: { name: uniqueName('forbidden'), ram: 64, vcpus: 1, disk: 0 } },
    });
    expect(answer.status).toBe(403);
    expectComputeFault(answer.body, 'forbidden', 403);
    expect(field(answer.body, 'forbidden', 'message')).toBe(
      "Policy doesn't allow os_compute_api:os-flavor-manage:create to be performed.",
    );
  });

  it('a reader may not set extra specs either', async () => {
    const reader = await session('reader');
    const answer = await nova(reader, 'POST', 'flavors/1/os-extra_specs', '2.1', {
      json: { extra_specs: { 'hw:cpu_policy': 'shared' } },
    });
    expect(answer.status).toBe(403);
    expectComputeFault(answer.body, 'forbidden', 403);
  });
});

describe('nova flavors: admin lifecycle', () => {
  it('create (200) → get → describe → extra specs → access → delete (202) → 404', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const name = uniqueName('flavor');
    const createdAnswer = await nova(admin, 'POST', 'flavors', '2.55', {
      json: {
        flavor: {
          name,
          ram: 128,
          vcpus: 1,
          disk: 1,
          'os-flavor-access:is_public': false,
          description: 'contract test flavor',
        },
      },
    });
    expect(createdAnswer.status).toBe(200);
    expectShape(createdAnswer.body, { flavor: BASE_SHAPE });
    const id = String(field(createdAnswer.body, 'flavor', 'id'));
    created.push(id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(field(createdAnswer.body, 'flavor', 'description')).toBe('contract test flavor');
    expect(field(createdAnswer.body, 'flavor', 'swap')).toBe('');

    const duplicate = await nova(admin, 'POST', 'flavors', '2.1', {
      json: { flavor: { name, ram: 128, vcpus: 1, disk: 1 } },
    });
    expect(duplicate.status).toBe(409);
    expectComputeFault(duplicate.body, 'conflictingRequest', 409);

    const described = await admin.client.nova.flavors.updateDescription(id, 'changed');
    expect(described.description).toBe('changed');

    const specs = await admin.client.nova.flavors.setExtraSpecs(id, { 'hw:cpu_policy': 'shared' });
    expect(specs).toEqual({ 'hw:cpu_policy': 'shared' });
    const removed = await nova(admin, 'DELETE', `flavors/${id}/os-extra_specs/hw:cpu_policy`);
    expect(removed.status).toBe(200);
    expect(await admin.client.nova.flavors.getExtraSpecs(id)).toEqual({});
    const missingSpec = await nova(admin, 'GET', `flavors/${id}/os-extra_specs/hw:cpu_policy`);
    expect(missingSpec.status).toBe(404);
    expectComputeFault(missingSpec.body, 'itemNotFound', 404);

    // A private flavor is invisible to a project without access, then visible with it.
    const hidden = await nova(demo, 'GET', `flavors/${id}`);
    expect(hidden.status).toBe(404);
    const access = await admin.client.nova.flavors.addAccess(id, demo.projectId);
    expect(access).toEqual(expect.arrayContaining([{ flavor_id: id, tenant_id: demo.projectId }]));
    const listed = await nova(admin, 'GET', `flavors/${id}/os-flavor-access`);
    expect(listed.status).toBe(200);
    expectShape(listed.body, { flavor_access: [{ flavor_id: 'string', tenant_id: 'string' }] });
    const seen = await nova(demo, 'GET', `flavors/${id}`);
    expect(seen.status).toBe(200);
    const again = await nova(admin, 'POST', `flavors/${id}/action`, '2.1', {
      json: { addTenantAccess: { tenant: demo.projectId } },
    });
    expect(again.status).toBe(409);
    expectComputeFault(again.body, 'conflictingRequest', 409);
    const revoked = await admin.client.nova.flavors.removeAccess(id, demo.projectId);
    expect(revoked.map((entry) => entry.tenant_id)).not.toContain(demo.projectId);

    const deleted = await nova(admin, 'DELETE', `flavors/${id}`);
    expect(deleted.status).toBe(202);
    expect(deleted.body).toBeUndefined();
    created.splice(created.indexOf(id), 1);
    const gone = await nova(admin, 'GET', `flavors/${id}`);
    expect(gone.status).toBe(404);
    expectComputeFault(gone.body, 'itemNotFound', 404);
  });

  it('the access list of a public flavor is 404', async () => {
    const admin = await session('admin');
    const answer = await nova(admin, 'GET', 'flavors/1/os-flavor-access');
    expect(answer.status).toBe(404);
    expectComputeFault(answer.body, 'itemNotFound', 404);
  });

  it('creates through the client with a caller-chosen id and deletes it', async () => {
    const admin = await session('admin');
    const id = uniqueName('id');
    const flavor = await admin.client.nova.flavors.create({
      id,
      name: uniqueName('client'),
      ram: 64,
      vcpus: 1,
      disk: 0,
      description: null,
    });
    created.push(id);
    expect(flavor.id).toBe(id);
    expect(flavor.swap).toBe(0);
    expect(flavor.description).toBeNull();
    await admin.client.nova.flavors.delete(id);
    created.splice(created.indexOf(id), 1);
  });
});
