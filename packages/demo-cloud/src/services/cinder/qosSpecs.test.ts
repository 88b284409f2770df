import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body } from './testSupport';

interface QosSpecs extends Body {
  id: string;
  name: string;
}

describe('cinder QoS specs', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);

  it('lists the seeded spec to admins only', async () => {
    const admin = await cinder.session('admin', 'admin');
    const r = await cinder.call<{ qos_specs: QosSpecs[] }>(admin, 'GET', '/qos-specs');
    expect(r.body.qos_specs).toEqual([
      {
        id: expect.any(String),
        name: 'high-iops',
        consumer: 'front-end',
        specs: { read_iops_sec: '2000', write_iops_sec: '1000' },
      },
    ]);
    const id = r.body.qos_specs[0]?.id;
    const one = await cinder.call(admin, 'GET', `/qos-specs/${id}`);
    expect(one.body).toEqual({
      qos_specs: r.body.qos_specs[0],
      links: [
        { rel: 'self', href: `${cloud().url}/volume/v3/${admin.projectId}/qos-specs/${id}` },
        { rel: 'bookmark', href: `${cloud().url}/volume/${admin.projectId}/qos-specs/${id}` },
      ],
    });
    const associations = await cinder.call<{ qos_associations: Body[] }>(
      admin,
      'GET',
      `/qos-specs/${id}/associations`,
    );
    expect(associations.body.qos_associations).toEqual([
      { association_type: 'volume_type', name: 'ssd', id: expect.any(String) },
    ]);
    const member = await cinder.session('demo', 'demo');
    expect((await cinder.call(member, 'GET', '/qos-specs')).body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow volume_extension:qos_specs_manage:get_all to be performed.",
      },
    });
    const missing = await cinder.call(admin, 'GET', '/qos-specs/nope');
    expect(missing.body).toEqual({
      itemNotFound: { code: 404, message: 'No such QoS spec nope.' },
    });
  });

  it('creates, updates, associates and deletes specs', async () => {
    const admin = await cinder.session('admin', 'admin');
    const created = await cinder.call<{ qos_specs: QosSpecs }>(admin, 'POST', '/qos-specs', {
      body: { qos_specs: { name: ' bronze ', consumer: 'back-end', total_iops_sec: '100' } },
    });
    expect(created.body.qos_specs).toEqual({
      id: expect.any(String),
      name: 'bronze',
      consumer: 'back-end',
      specs: { total_iops_sec: '100' },
    });
    const id = created.body.qos_specs.id;
    const notString = await cinder.call(admin, 'POST', '/qos-specs', {
      body: { qos_specs: { name: 'silver', total_iops_sec: 100 } },
    });
    expect(notString.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'Invalid input received: Value for key "total_iops_sec" is not a string or unicode',
      },
    });
    const consumer = await cinder.call(admin, 'POST', '/qos-specs', {
      body: { qos_specs: { name: 'silver', consumer: 'nobody' } },
    });
    expect(consumer.status).toBe(400);
    const dup = await cinder.call(admin, 'POST', '/qos-specs', {
      body: { qos_specs: { name: 'bronze' } },
    });
    expect(dup.body).toEqual({
      conflictingRequest: { code: 409, message: 'QoS Specs bronze already exists.' },
    });
    const set = await cinder.call(admin, 'PUT', `/qos-specs/${id}`, {
      body: { qos_specs: { total_iops_sec: '200', consumer: 'both' } },
    });
    expect(set.body).toEqual({ qos_specs: { total_iops_sec: '200', consumer: 'both' } });
    const types = await cinder.call<{ volume_types: Array<{ id: string; name: string }> }>(
      admin,
      'GET',
      '/types',
    );
    const lvm = types.body.volume_types.find((t) => t.name === 'lvmdriver-1');
    const ssd = types.body.volume_types.find((t) => t.name === 'ssd');
    expect((await cinder.call(admin, 'GET', `/qos-specs/${id}/associate`)).body).toEqual({
      badRequest: { code: 400, message: 'Volume Type id must not be None.' },
    });
    expect(
      (await cinder.call(admin, 'GET', `/qos-specs/${id}/associate?vol_type_id=${lvm?.id}`)).status,
    ).toBe(202);
    const taken = await cinder.call(
      admin,
      'GET',
      `/qos-specs/${id}/associate?vol_type_id=${ssd?.id}`,
    );
    expect(taken.status).toBe(400);
    const inUse = await cinder.call(admin, 'DELETE', `/qos-specs/${id}`);
    expect(inUse.body).toEqual({ badRequest: { code: 400, message: 'Qos specs still in use.' } });
    expect(
      (await cinder.call(admin, 'GET', `/qos-specs/${id}/disassociate?vol_type_id=${lvm?.id}`))
        .status,
    ).toBe(202);
    expect(
      (
        await cinder.call(admin, 'PUT', `/qos-specs/${id}/delete_keys`, {
          body: { keys: ['total_iops_sec'] },
        })
      ).status,
    ).toBe(202);
    const shown = await cinder.call<{ qos_specs: QosSpecs }>(admin, 'GET', `/qos-specs/${id}`);
    expect(shown.body.qos_specs).toMatchObject({ consumer: 'both', specs: {} });
    expect((await cinder.call(admin, 'DELETE', `/qos-specs/${id}`)).status).toBe(202);
    expect((await cinder.call(admin, 'GET', `/qos-specs/${id}`)).status).toBe(404);
  });
});
