import { afterAll, describe, expect, it } from 'vitest';
import { call, waitFor } from './support/services';
import { session, uniqueName } from './support/session';
import { expectShape, field } from './support/shape';

/** Types and QoS specs this file created (as admin), deleted at the end. */
const types = new Set<string>();
const qosSpecs = new Set<string>();

afterAll(async () => {
  const admin = await session('admin');
  for (const id of qosSpecs) await call(admin, 'volumev3', 'DELETE', `qos-specs/${id}?force=True`);
  for (const id of types) await call(admin, 'volumev3', 'DELETE', `types/${id}`);
});

const TYPE_SHAPE = {
  id: 'string',
  name: 'string',
  description: 'string|null',
  is_public: 'boolean',
  extra_specs: 'object',
} as const;

describe('cinder volume types (admin)', () => {
  it('creates a private type, sets an extra spec, encryption and project access', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const calls = admin.client.cinder.volumeTypes;
    const name = uniqueName('type');
    const type = await calls.create({ name, description: 'contract', is_public: false });
    types.add(type.id);
    expectShape(type, TYPE_SHAPE);
    expect(type.is_public).toBe(false);

    // An admin's plain list is the public types; 'all' adds the private ones.
    expect((await calls.list()).map((t) => t.id)).not.toContain(type.id);
    expect((await calls.list({ isPublic: 'all' })).map((t) => t.id)).toContain(type.id);

    const edited = await calls.update(type.id, { description: 'edited' });
    expect(edited.description).toBe('edited');
    expect(await calls.setExtraSpecs(type.id, { 'contract:tier': 'gold' })).toEqual({
      'contract:tier': 'gold',
    });

    expect(await calls.getEncryption(type.id)).toBeNull();
    const created = await calls.createEncryption(type.id, {
      provider: 'luks',
      control_location: 'front-end',
      cipher: 'aes-xts-plain64',
      key_size: 256,
    });
    expect(created).toMatchObject({ provider: 'luks', control_location: 'front-end' });
    const encryption = await calls.getEncryption(type.id);
    expectShape(encryption, {
      encryption_id: 'string',
      provider: 'string',
      control_location: 'string',
      cipher: 'string|null',
      key_size: 'integer|null',
    });
    const encryptionId = String(encryption?.encryption_id);
    const again = await call(admin, 'volumev3', 'POST', `types/${type.id}/encryption`, {
      json: { encryption: { provider: 'luks', control_location: 'front-end' } },
    });
    expect(again.status).toBe(400);
    await calls.updateEncryption(type.id, encryptionId, { control_location: 'back-end' });
    expect(await calls.getEncryption(type.id)).toMatchObject({
      control_location: 'back-end',
      key_size: 256,
    });
    const badLocation = await call(
      admin,
      'volumev3',
      'PUT',
      `types/${type.id}/encryption/${encryptionId}`,
      { json: { encryption: { control_location: 'middle' } } },
    );
    expect(badLocation.status).toBe(400);
    await calls.deleteEncryption(type.id, encryptionId);
    expect(await calls.getEncryption(type.id)).toBeNull();

    await calls.addAccess(type.id, demo.projectId);
    expect(await calls.listAccess(type.id)).toEqual([demo.projectId]);
    const twice = await call(admin, 'volumev3', 'POST', `types/${type.id}/action`, {
      json: { addProjectAccess: { project: demo.projectId } },
    });
    expect(twice.status).toBe(409);
    expect((await demo.client.cinder.volumeTypes.list()).map((t) => t.id)).toContain(type.id);
    await calls.removeAccess(type.id, demo.projectId);
    expect(await calls.listAccess(type.id)).toEqual([]);

    await calls.delete(type.id);
    types.delete(type.id);
    const gone = await call(admin, 'volumev3', 'GET', `types/${type.id}`);
    expect(gone.status).toBe(404);
  });

  it('refuses type management to a member', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'volumev3', 'POST', 'types', {
      json: { volume_type: { name: uniqueName('nope') } },
    });
    expect(answer.status).toBe(403);
  });

  it('lists the access of a public type as not found', async () => {
    const admin = await session('admin');
    const type = await admin.client.cinder.volumeTypes.getDefault();
    const answer = await call(admin, 'volumev3', 'GET', `types/${type.id}/os-volume-type-access`);
    expect(answer.status).toBe(404);
  });
});

describe('cinder QoS specs (admin)', () => {
  it('creates a spec, edits its keys and consumer, associates it with a type', async () => {
    const admin = await session('admin');
    const qos = admin.client.cinder.qosSpecs;
    const spec = await qos.create({
      name: uniqueName('qos'),
      consumer: 'front-end',
      specs: { total_iops_sec: '500' },
    });
    qosSpecs.add(spec.id);
    expectShape(spec, { id: 'string', name: 'string', consumer: 'string', specs: 'object' });
    expect(spec.specs).toEqual({ total_iops_sec: '500' });

    await qos.set(spec.id, { consumer: 'both', read_iops_sec: '100' });
    await qos.deleteKeys(spec.id, ['total_iops_sec']);
    expect(await qos.get(spec.id)).toMatchObject({
      consumer: 'both',
      specs: { read_iops_sec: '100' },
    });
    const missingKey = await call(admin, 'volumev3', 'PUT', `qos-specs/${spec.id}/delete_keys`, {
      json: { keys: ['nothing_here'] },
    });
    expect(missingKey.status).toBe(404);

    const type = await admin.client.cinder.volumeTypes.create({ name: uniqueName('qos-type') });
    types.add(type.id);
    await qos.associate(spec.id, type.id);
    expect(await qos.associations(spec.id)).toEqual([{ id: type.id, name: type.name }]);
    expect((await admin.client.cinder.volumeTypes.get(type.id)).qos_specs_id).toBe(spec.id);
    // An associated spec is deleted only with force.
    const unforced = await call(admin, 'volumev3', 'DELETE', `qos-specs/${spec.id}`);
    expect(unforced.status).toBe(400);
    await qos.disassociate(spec.id, type.id);
    expect(await qos.associations(spec.id)).toEqual([]);
    await qos.delete(spec.id, true);
    qosSpecs.delete(spec.id);
    expect(
      field(
        (await call(admin, 'volumev3', 'GET', `qos-specs/${spec.id}`)).body,
        'itemNotFound',
        'code',
      ),
    ).toBe(404);
  });
});

describe('cinder manage and unmanage (admin)', () => {
  it('adopts a volume by source name on the volume host, then unmanages it', async () => {
    const admin = await session('admin');
    const cinder = admin.client.cinder;
    const host = (await cinder.services.list({ binary: 'cinder-volume' }))[0]?.host;
    if (!host) throw new Error('no cinder-volume service');
    // No such backend volume: the lab's LVM driver fails the adoption (error), the demo's
    // backend adopts anything (available); both leave a volume to unmanage.
    const { id } = await cinder.volumeActions.manage({
      host,
      ref: { 'source-name': uniqueName('backend') },
      name: uniqueName('managed'),
      bootable: false,
    });
    const settled = await waitFor(
      () => call(admin, 'volumev3', 'GET', `volumes/${id}`),
      (a) => ['available', 'error'].includes(String(field(a.body, 'volume', 'status'))),
      { timeoutMs: 60_000, label: 'managed volume settled' },
    );
    expectShape(field(settled.body, 'volume'), { id: 'string', status: 'string', size: 'integer' });
    await cinder.volumeActions.unmanage(id);
    await waitFor(
      () => call(admin, 'volumev3', 'GET', `volumes/${id}`),
      (a) => a.status === 404,
      { timeoutMs: 60_000, label: 'unmanaged volume gone' },
    );
  });

  it('refuses an unknown host and a member', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const body = { json: { volume: { host: 'nowhere@none#none', ref: { 'source-name': 'x' } } } };
    const unknown = await call(admin, 'volumev3', 'POST', 'os-volume-manage', body);
    expect(unknown.status).toBe(400);
    expect(field(unknown.body, 'badRequest', 'message')).toBe("Host 'nowhere@none#none' not found");
    const member = await call(demo, 'volumev3', 'POST', 'os-volume-manage', body);
    expect(member.status).toBe(403);
  });
});
