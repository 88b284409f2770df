import { describe, expect, it, vi } from 'vitest';
import type { FlavorUpdateBody } from '@skydeck/contract';
import {
  type FlavorCreate,
  type NormalizedFlavor,
  OpenStackHttpError,
} from '@skydeck/openstack-client';
import { createFlavor, type FlavorNova, updateFlavor } from './flavors';

interface Stored {
  flavor: NormalizedFlavor;
  extras: Record<string, string>;
  access: Set<string>;
}

const httpError = (status: number, message: string): OpenStackHttpError =>
  new OpenStackHttpError({ status, message, service: 'compute', body: null });
const refused = (message: string): OpenStackHttpError => httpError(409, message);

/**
 * Nova's flavor calls over a map, with switches that make chosen calls fail: enough to drive
 * the workflows' failure paths without HTTP.
 */
const fakeNova = (initial: Stored[] = []) => {
  const flavors = new Map(initial.map((s) => [s.flavor.id, s]));
  const fail = { create: 0, addAccess: undefined as string | undefined };
  let creates = 0;
  const must = (id: string): Stored => {
    const found = flavors.get(id);
    if (!found) throw httpError(404, 'Flavor not found');
    return found;
  };
  const calls: FlavorNova['flavors'] = {
    list: async () => [...flavors.values()].map((s) => s.flavor),
    get: async (id) => must(id).flavor,
    create: async (body: FlavorCreate) => {
      creates++;
      if (creates === fail.create) throw refused('Flavor with name x already exists.');
      const id = body.id ?? `generated-${creates}`;
      const flavor: NormalizedFlavor = {
        id,
        name: body.name,
        vcpus: body.vcpus,
        ram: body.ram,
        disk: body.disk,
        swap: body.swap ?? 0,
        rxtx_factor: body.rxtx_factor ?? 1,
        'OS-FLV-EXT-DATA:ephemeral': body['OS-FLV-EXT-DATA:ephemeral'] ?? 0,
        'OS-FLV-DISABLED:disabled': false,
        'os-flavor-access:is_public': body['os-flavor-access:is_public'] ?? true,
        description: body.description ?? null,
        links: [],
      };
      flavors.set(id, { flavor, extras: {}, access: new Set() });
      return flavor;
    },
    updateDescription: async (id, description) => {
      const stored = must(id);
      stored.flavor = { ...stored.flavor, description };
      return stored.flavor;
    },
    delete: async (id) => {
      must(id);
      flavors.delete(id);
    },
    getExtraSpecs: async (id) => ({ ...must(id).extras }),
    setExtraSpecs: async (id, specs) => Object.assign(must(id).extras, specs),
    deleteExtraSpec: async (id, key) => {
      Reflect.deleteProperty(must(id).extras, key);
    },
    listAccess: async (id) =>
      [...must(id).access].map((tenant_id) => ({ flavor_id: id, tenant_id })),
    addAccess: async (id, project) => {
      if (project === fail.addAccess) throw refused(`Project ${project} is unknown.`);
      must(id).access.add(project);
      return [];
    },
    removeAccess: async (id, project) => {
      must(id).access.delete(project);
      return [];
    },
  };
  return { nova: { flavors: calls }, flavors, fail };
};

const OLD: Stored = {
  flavor: {
    id: 'f1',
    name: 'm1.small',
    vcpus: 1,
    ram: 2048,
    disk: 20,
    swap: 0,
    rxtx_factor: 1,
    'OS-FLV-EXT-DATA:ephemeral': 0,
    'OS-FLV-DISABLED:disabled': false,
    'os-flavor-access:is_public': false,
    description: 'small',
    links: [],
  },
  extras: { 'hw:cpu_policy': 'dedicated', 'quota:disk_read_bytes_sec': '1000' },
  access: new Set(['p1', 'p2']),
};

const EDIT: FlavorUpdateBody = {
  name: 'm1.small',
  vcpus: 2,
  ram: 2048,
  disk: 20,
  ephemeral: 0,
  swap: 0,
  is_public: false,
  description: 'small',
};

const stored = (): Stored => ({
  flavor: { ...OLD.flavor },
  extras: { ...OLD.extras },
  access: new Set(OLD.access),
});

const silentLog = () => ({ error: vi.fn() });

describe('updateFlavor', () => {
  it('re-creates a resized flavor under its id, keeping extra specs and access', async () => {
    const { nova, flavors } = fakeNova([stored()]);
    const result = await updateFlavor(nova, 'f1', EDIT, silentLog());
    expect(result.flavor).toMatchObject({ id: 'f1', vcpus: 2 });
    expect(result.access).toEqual(['p1', 'p2']);
    expect(flavors.get('f1')?.extras).toEqual(OLD.extras);
    expect([...(flavors.get('f1')?.access ?? [])]).toEqual(['p1', 'p2']);
  });

  it('restores the old flavor with its extra specs and access when Nova refuses the new one', async () => {
    const { nova, flavors, fail } = fakeNova([stored()]);
    fail.create = 1;
    const log = silentLog();
    await expect(updateFlavor(nova, 'f1', { ...EDIT, flavor_access: ['p3'] }, log)).rejects.toThrow(
      'already exists',
    );
    const back = flavors.get('f1');
    expect(back?.flavor).toMatchObject({
      id: 'f1',
      name: 'm1.small',
      vcpus: 1,
      ram: 2048,
      description: 'small',
      'os-flavor-access:is_public': false,
    });
    expect(back?.extras).toEqual(OLD.extras);
    expect([...(back?.access ?? [])].sort()).toEqual(['p1', 'p2']);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs, and still reports the first refusal, when the restore fails too', async () => {
    const { nova, flavors, fail } = fakeNova([stored()]);
    fail.create = 1;
    fail.addAccess = 'p2';
    const log = silentLog();
    await expect(updateFlavor(nova, 'f1', EDIT, log)).rejects.toThrow('already exists');
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ flavor: 'f1' }),
      'could not restore flavor',
    );
    // What could be restored was: the flavor and its extra specs are back.
    expect(flavors.get('f1')?.extras).toEqual(OLD.extras);
  });

  it('edits a description in place and applies access changes as grants and revokes', async () => {
    const { nova, flavors } = fakeNova([stored()]);
    const result = await updateFlavor(
      nova,
      'f1',
      { ...EDIT, vcpus: 1, description: 'tiny', flavor_access: ['p2', 'p3', 'p3'] },
      silentLog(),
    );
    expect(result.flavor.description).toBe('tiny');
    expect(result.access).toEqual(['p2', 'p3']);
    expect([...(flavors.get('f1')?.access ?? [])].sort()).toEqual(['p2', 'p3']);
  });

  it('reports no access list for a flavor made public', async () => {
    const { nova } = fakeNova([stored()]);
    const result = await updateFlavor(nova, 'f1', { ...EDIT, is_public: true }, silentLog());
    expect(result.access).toBeUndefined();
    expect(result.flavor['os-flavor-access:is_public']).toBe(true);
  });
});

describe('createFlavor', () => {
  const BODY = { ...EDIT, name: 'new', flavor_access: ['p1', 'p1', 'p2'] };

  it('grants each project once and answers the access list', async () => {
    const { nova, flavors } = fakeNova();
    const result = await createFlavor(nova, BODY);
    expect(result.access).toEqual(['p1', 'p2']);
    expect([...(flavors.get(result.flavor.id)?.access ?? [])]).toEqual(['p1', 'p2']);
  });

  it('deletes the new flavor again when a grant fails', async () => {
    const { nova, flavors, fail } = fakeNova();
    fail.addAccess = 'p2';
    await expect(createFlavor(nova, BODY)).rejects.toThrow('Project p2 is unknown.');
    expect(flavors.size).toBe(0);
  });

  it('uses the given id unless it is "auto", and grants nothing for a public flavor', async () => {
    const { nova } = fakeNova();
    expect((await createFlavor(nova, { ...BODY, id: 'mine' })).flavor.id).toBe('mine');
    const auto = await createFlavor(nova, { ...BODY, id: 'auto', is_public: true });
    expect(auto.flavor.id).toMatch(/^generated-/);
    expect(auto.access).toBeUndefined();
  });
});
