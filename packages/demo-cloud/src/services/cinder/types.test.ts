import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body, Session } from './testSupport';

interface VolumeType extends Body {
  id: string;
  name: string;
}

describe('cinder volume types', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);
  const types = async (s: Session, query = ''): Promise<VolumeType[]> =>
    (await cinder.call<{ volume_types: VolumeType[] }>(s, 'GET', `/types${query}`)).body
      .volume_types;

  it('lists public types newest first, with what each role may see', async () => {
    const member = await cinder.session('demo', 'demo');
    const list = await types(member);
    expect(list.map((t) => t.name)).toEqual(['ssd', 'lvmdriver-1', '__DEFAULT__']);
    expect(list[0]).toEqual({
      id: expect.any(String),
      name: 'ssd',
      is_public: true,
      description: 'Fast SSD-backed volumes with guaranteed IOPS',
      // Only the user-visible specs; qos_specs_id is an admin's.
      extra_specs: { 'RESKEY:availability_zones': 'nova' },
      'os-volume-type-access:is_public': true,
    });
    const reader = await cinder.session('reader', 'demo');
    const readerView = (await types(reader))[0];
    expect(readerView).toHaveProperty('extra_specs');
    expect(readerView).not.toHaveProperty('os-volume-type-access:is_public');

    const admin = await cinder.session('admin', 'admin');
    const adminList = await types(admin);
    // The private type is granted to the admin project, so the default listing has it.
    expect(adminList.map((t) => t.name)).toEqual([
      'gold-private',
      'ssd',
      'lvmdriver-1',
      '__DEFAULT__',
    ]);
    expect(adminList[1]).toMatchObject({
      extra_specs: { volume_backend_name: 'lvmdriver-1', 'RESKEY:availability_zones': 'nova' },
      qos_specs_id: expect.any(String),
    });
    expect((await types(admin, '?is_public=false')).map((t) => t.name)).toEqual(['gold-private']);
    expect(await types(admin, '?is_public=none')).toHaveLength(4);
    const bad = await cinder.call(admin, 'GET', '/types?is_public=maybe');
    expect(bad.body).toEqual({
      badRequest: { code: 400, message: 'Invalid is_public filter [maybe]' },
    });
    // A member cannot widen the listing.
    expect(await types(member, '?is_public=none')).toHaveLength(3);
  });

  it('shows a type, the default type, and hides private ones', async () => {
    const member = await cinder.session('demo', 'demo');
    const def = await cinder.call<{ volume_type: VolumeType }>(member, 'GET', '/types/default');
    expect(def.body.volume_type.name).toBe('lvmdriver-1');
    const one = await cinder.call<{ volume_type: VolumeType }>(
      member,
      'GET',
      `/types/${def.body.volume_type.id}`,
    );
    expect(one.body.volume_type).toEqual({
      ...def.body.volume_type,
      'os-volume-type-access:is_public': true,
    });
    expect(def.body.volume_type).not.toHaveProperty('os-volume-type-access:is_public');
    const admin = await cinder.session('admin', 'admin');
    const priv = (await types(admin, '?is_public=false'))[0];
    const hidden = await cinder.call(member, 'GET', `/types/${priv?.id}`);
    expect(hidden.body).toEqual({
      itemNotFound: { code: 404, message: `Volume type ${priv?.id} could not be found.` },
    });
    const byName = await cinder.call(member, 'GET', '/types/ssd');
    expect(byName.status).toBe(404);
    // A member may not create volumes of a private type it has no access to.
    const create = await cinder.call(member, 'POST', '/volumes', {
      body: { volume: { size: 1, volume_type: 'gold-private' } },
    });
    expect(create.body).toEqual({
      itemNotFound: {
        code: 404,
        message: 'Volume type with name gold-private could not be found.',
      },
    });
  });

  it('lets an admin create, update and delete types', async () => {
    const admin = await cinder.session('admin', 'admin');
    const member = await cinder.session('demo', 'demo');
    const denied = await cinder.call(member, 'POST', '/types', {
      body: { volume_type: { name: 'mine' } },
    });
    expect(denied.body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow volume_extension:type_create to be performed.",
      },
    });
    const created = await cinder.call<{ volume_type: VolumeType }>(admin, 'POST', '/types', {
      body: {
        volume_type: {
          name: 'archive',
          description: 'Cold storage',
          extra_specs: { 'capabilities:tier': 'cold' },
          'os-volume-type-access:is_public': false,
        },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.volume_type).toEqual({
      id: expect.any(String),
      name: 'archive',
      is_public: false,
      extra_specs: { 'capabilities:tier': 'cold' },
      description: 'Cold storage',
      'os-volume-type-access:is_public': false,
    });
    const id = created.body.volume_type.id;
    const dup = await cinder.call(admin, 'POST', '/types', {
      body: { volume_type: { name: 'archive' } },
    });
    expect(dup.body).toEqual({
      conflictingRequest: { code: 409, message: 'Volume Type archive already exists.' },
    });
    const blank = await cinder.call(admin, 'POST', '/types', {
      body: { volume_type: { name: ' ' } },
    });
    expect(blank.body).toEqual({
      badRequest: {
        code: 400,
        message: "An invalid 'name' value was provided. The 'name' can not be empty.",
      },
    });
    const updated = await cinder.call<{ volume_type: VolumeType }>(admin, 'PUT', `/types/${id}`, {
      body: { volume_type: { name: 'archive-2', is_public: true } },
    });
    expect(updated.body.volume_type).toMatchObject({ name: 'archive-2', is_public: true });
    const nothing = await cinder.call(admin, 'PUT', `/types/${id}`, { body: { volume_type: {} } });
    expect(nothing.body).toEqual({
      badRequest: {
        code: 400,
        message: 'Specify volume type name, description, is_public or a combination thereof.',
      },
    });
    expect((await cinder.call(admin, 'DELETE', `/types/${id}`)).status).toBe(202);
    expect((await cinder.call(admin, 'GET', `/types/${id}`)).status).toBe(404);
    const def = await cinder.call<{ volume_type: VolumeType }>(admin, 'GET', '/types/default');
    const protectedDefault = await cinder.call(
      admin,
      'DELETE',
      `/types/${def.body.volume_type.id}`,
    );
    expect(protectedDefault.body).toEqual({
      badRequest: {
        code: 400,
        message: `The volume type ${def.body.volume_type.id} is a default volume type and cannot be deleted.`,
      },
    });
    const ssd = (await types(admin)).find((t) => t.name === 'ssd');
    const inUse = await cinder.call(admin, 'DELETE', `/types/${ssd?.id}`);
    expect(inUse.body).toEqual({
      badRequest: { code: 400, message: 'Target volume type is still in use.' },
    });
  });

  it('manages extra specs', async () => {
    const admin = await cinder.session('admin', 'admin');
    const member = await cinder.session('demo', 'demo');
    const t = await cinder.call<{ volume_type: VolumeType }>(admin, 'POST', '/types', {
      body: { volume_type: { name: 'specs-test' } },
    });
    const id = t.body.volume_type.id;
    const set = await cinder.call(admin, 'POST', `/types/${id}/extra_specs`, {
      body: { extra_specs: { multiattach: '<is> True', volume_backend_name: 'lvmdriver-1' } },
    });
    expect(set.body).toEqual({
      extra_specs: { multiattach: '<is> True', volume_backend_name: 'lvmdriver-1' },
    });
    const asMember = await cinder.call(member, 'GET', `/types/${id}/extra_specs`);
    expect(asMember.body).toEqual({ extra_specs: { multiattach: '<is> True' } });
    const one = await cinder.call(admin, 'GET', `/types/${id}/extra_specs/volume_backend_name`);
    expect(one.body).toEqual({ volume_backend_name: 'lvmdriver-1' });
    const hiddenKey = await cinder.call(
      member,
      'GET',
      `/types/${id}/extra_specs/volume_backend_name`,
    );
    expect(hiddenKey.body).toEqual({
      itemNotFound: {
        code: 404,
        message: `Volume Type ${id} has no extra specs with key volume_backend_name.`,
      },
    });
    const mismatch = await cinder.call(admin, 'PUT', `/types/${id}/extra_specs/a`, {
      body: { b: 'c' },
    });
    expect(mismatch.body).toEqual({
      badRequest: { code: 400, message: 'Request body and URI mismatch' },
    });
    const put = await cinder.call(admin, 'PUT', `/types/${id}/extra_specs/a`, { body: { a: 'x' } });
    expect(put.body).toEqual({ a: 'x' });
    expect((await cinder.call(admin, 'DELETE', `/types/${id}/extra_specs/a`)).status).toBe(202);
    const memberWrite = await cinder.call(member, 'POST', `/types/${id}/extra_specs`, {
      body: { extra_specs: { a: 'b' } },
    });
    expect(memberWrite.status).toBe(403);
    // A multiattach type makes multiattach volumes.
    const vol = await cinder.call<{ volume: Body }>(member, 'POST', '/volumes', {
      body: { volume: { size: 1, volume_type: 'specs-test' } },
    });
    expect(vol.body.volume).toMatchObject({ multiattach: true, volume_type: 'specs-test' });
    const locked = await cinder.call(admin, 'POST', `/types/${id}/extra_specs`, {
      body: { extra_specs: { a: 'b' } },
    });
    expect(locked.body).toEqual({
      badRequest: { code: 400, message: 'Volume Type is currently in use.' },
    });
  });

  it('manages the access list of private types', async () => {
    const admin = await cinder.session('admin', 'admin');
    const member = await cinder.session('demo', 'demo');
    const priv = (await types(admin, '?is_public=false'))[0];
    const list = await cinder.call(admin, 'GET', `/types/${priv?.id}/os-volume-type-access`);
    expect(list.body).toEqual({
      volume_type_access: [{ volume_type_id: priv?.id, project_id: admin.projectId }],
    });
    const publicType = (await types(admin)).find((t) => t.name === 'ssd');
    const notPrivate = await cinder.call(
      admin,
      'GET',
      `/types/${publicType?.id}/os-volume-type-access`,
    );
    expect(notPrivate.body).toEqual({
      itemNotFound: { code: 404, message: 'Access list not available for public volume types.' },
    });
    const add = await cinder.call(admin, 'POST', `/types/${priv?.id}/action`, {
      body: { addProjectAccess: { project: member.projectId } },
    });
    expect(add.status).toBe(202);
    expect((await types(member)).map((t) => t.name)).toContain('gold-private');
    const again = await cinder.call(admin, 'POST', `/types/${priv?.id}/action`, {
      body: { addProjectAccess: { project: member.projectId } },
    });
    expect(again.body).toEqual({
      conflictingRequest: {
        code: 409,
        message: `Volume type access for ${priv?.id} / ${member.projectId} combination already exists.`,
      },
    });
    const byMember = await cinder.call(member, 'POST', `/types/${priv?.id}/action`, {
      body: { removeProjectAccess: { project: member.projectId } },
    });
    expect(byMember.status).toBe(403);
    const remove = await cinder.call(admin, 'POST', `/types/${priv?.id}/action`, {
      body: { removeProjectAccess: { project: member.projectId } },
    });
    expect(remove.status).toBe(202);
    expect((await types(member)).map((t) => t.name)).not.toContain('gold-private');
    const onPublic = await cinder.call(admin, 'POST', `/types/${publicType?.id}/action`, {
      body: { addProjectAccess: { project: member.projectId } },
    });
    expect(onPublic.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'Invalid volume type: Type access modification is not applicable to public volume type.',
      },
    });
    const encryption = await cinder.call(admin, 'GET', `/types/${priv?.id}/encryption`);
    expect(encryption.body).toEqual({});
  });
});
