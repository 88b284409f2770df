import { describe, expect, it } from 'vitest';
import type {
  Project,
  QosAssociationList,
  QosSpec,
  VolumeType,
  VolumeTypeAccessList,
  VolumeTypeEncryptionAnswer,
  VolumeTypeList,
} from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, admin, demo } = useTestApp(['admin', 'demo']);

const TYPES = '/api/cinder/volumetypes/';

describe('/api/cinder/volumetypes/ (admin)', () => {
  it('creates a private type, encrypts it, grants a project, and deletes it', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: TYPES,
      payload: { name: 'route-private', description: 'test', is_public: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    const type = res.json<VolumeType>();
    expect(type).toMatchObject({ name: 'route-private', is_public: false });
    const url = `${TYPES}${type.id}/`;

    // Only the admin list (all) shows a private type, with its encryption.
    const all = (await t.as(admin, { url: `${TYPES}?all=true` })).json<VolumeTypeList>();
    expect(all.items.find((x) => x.id === type.id)).toMatchObject({
      encryption: null,
      is_default: false,
      qos_specs_name: null,
    });
    expect(all.items.filter((x) => x.is_default)).toHaveLength(1);
    const usable = (await t.as(admin, { url: TYPES })).json<VolumeTypeList>();
    expect(usable.items.find((x) => x.id === type.id)).toBeUndefined();

    const edited = await t.as(admin, {
      method: 'PATCH',
      url,
      payload: { description: 'edited' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<VolumeType>().description).toBe('edited');

    const put = (payload: object) =>
      t.as(admin, { method: 'PUT', url: `${url}encryption/`, payload });
    const created = await put({ provider: 'luks', control_location: 'front-end', key_size: 256 });
    expect(created.statusCode, created.body).toBe(200);
    const updated = await put({
      provider: 'luks',
      control_location: 'back-end',
      cipher: 'aes-xts-plain64',
      key_size: 512,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const encryption = (
      await t.as(admin, { url: `${url}encryption/` })
    ).json<VolumeTypeEncryptionAnswer>();
    expect(encryption.encryption).toEqual({
      provider: 'luks',
      control_location: 'back-end',
      cipher: 'aes-xts-plain64',
      key_size: 512,
    });
    expect((await t.as(admin, { method: 'DELETE', url: `${url}encryption/` })).statusCode).toBe(
      204,
    );
    const again = await t.as(admin, { method: 'DELETE', url: `${url}encryption/` });
    expect(again.statusCode).toBe(404);

    const projects = (await t.as(admin, { url: '/api/keystone/projects/' })).json<{
      items: Project[];
    }>();
    const project = projects.items.find((p) => p.name === 'demo');
    if (!project) throw new Error('no demo project');
    const add = await t.as(admin, {
      method: 'POST',
      url: `${url}access/`,
      payload: { project: project.id },
    });
    expect(add.statusCode, add.body).toBe(204);
    const access = (await t.as(admin, { url: `${url}access/` })).json<VolumeTypeAccessList>();
    expect(access.items).toEqual([{ project_id: project.id }]);
    // The granted project's member now sees the type.
    const seen = (await t.as(demo, { url: TYPES })).json<VolumeTypeList>();
    expect(seen.items.map((x) => x.id)).toContain(type.id);
    const remove = await t.as(admin, { method: 'DELETE', url: `${url}access/${project.id}/` });
    expect(remove.statusCode, remove.body).toBe(204);

    expect((await t.as(admin, { method: 'DELETE', url })).statusCode).toBe(204);
    expect((await t.as(admin, { url })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and a member with 403', async () => {
    const bad = await t.as(admin, { method: 'POST', url: TYPES, payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    const location = await t.as(admin, {
      method: 'PUT',
      url: `${TYPES}x/encryption/`,
      payload: { provider: 'luks', control_location: 'middle' },
    });
    expect(location.statusCode).toBe(400);
    const member = await t.as(demo, { method: 'POST', url: TYPES, payload: { name: 'nope' } });
    expect(member.statusCode).toBe(403);
  });
});

describe('/api/cinder/qosspecs/ (admin)', () => {
  it('creates a spec, edits it, associates it with a type and deletes it', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/cinder/qosspecs/',
      payload: { name: 'route-qos', consumer: 'front-end', specs: { total_iops_sec: '500' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const spec = res.json<QosSpec>();
    expect(spec).toMatchObject({ consumer: 'front-end', specs: { total_iops_sec: '500' } });
    const url = `/api/cinder/qosspecs/${spec.id}/`;

    const patch = await t.as(admin, {
      method: 'PATCH',
      url,
      payload: { consumer: 'both', specs: { read_iops_sec: '100' }, removed: ['total_iops_sec'] },
    });
    expect(patch.statusCode, patch.body).toBe(204);
    expect((await t.as(admin, { url })).json<QosSpec>()).toMatchObject({
      consumer: 'both',
      specs: { read_iops_sec: '100' },
    });
    const reserved = await t.as(admin, {
      method: 'PATCH',
      url,
      payload: { specs: { name: 'x' } },
    });
    expect(reserved.statusCode).toBe(400);

    const type = (
      await t.as(admin, { method: 'POST', url: TYPES, payload: { name: 'route-qos-type' } })
    ).json<VolumeType>();
    const link = `${url}associations/${type.id}/`;
    expect((await t.as(admin, { method: 'PUT', url: link })).statusCode).toBe(204);
    const associations = (
      await t.as(admin, { url: `${url}associations/` })
    ).json<QosAssociationList>();
    expect(associations.items).toEqual([{ id: type.id, name: 'route-qos-type' }]);
    expect((await t.as(admin, { url: `${TYPES}${type.id}/` })).json<VolumeType>()).toMatchObject({
      qos_specs_id: spec.id,
    });
    expect((await t.as(admin, { method: 'DELETE', url: link })).statusCode).toBe(204);
    expect((await t.as(admin, { method: 'DELETE', url })).statusCode).toBe(204);
    await t.as(admin, { method: 'DELETE', url: `${TYPES}${type.id}/` });
  });
});
