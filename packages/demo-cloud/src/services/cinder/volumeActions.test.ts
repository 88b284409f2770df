import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body, CinderClient, Session } from './testSupport';

const newVolume = async (cinder: CinderClient, s: Session, body: Body): Promise<string> => {
  const r = await cinder.call<{ volume: { id: string } }>(s, 'POST', '/volumes', {
    body: { volume: body },
  });
  return r.body.volume.id;
};

describe('cinder volume actions', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);
  const action = (s: Session, id: string, body: unknown, version?: string) =>
    cinder.call(s, 'POST', `/volumes/${id}/action`, { body, ...(version ? { version } : {}) });

  it('extends an available volume and refuses smaller sizes and the wrong status', async () => {
    const s = await cinder.session('demo', 'demo');
    const id = await newVolume(cinder, s, { size: 1, name: 'grow' });
    await cinder.waitFor(s, `/volumes/${id}`, 'volume', 'available');
    const smaller = await action(s, id, { 'os-extend': { new_size: 1 } });
    expect(smaller.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'Invalid input received: New size for extend must be greater than current size. (current: 1, extended: 1).',
      },
    });
    expect((await action(s, id, { 'os-extend': { new_size: '3' } })).status).toBe(202);
    const grown = await cinder.waitFor(s, `/volumes/${id}`, 'volume', 'available');
    expect(grown?.['size']).toBe(3);
    const tooBig = await action(s, id, { 'os-extend': { new_size: 3000 } });
    expect(tooBig.status).toBe(413);
    const reader = await cinder.session('reader', 'demo');
    expect((await action(reader, id, { 'os-extend': { new_size: 4 } })).body).toEqual({
      forbidden: { code: 403, message: "Policy doesn't allow volume:extend to be performed." },
    });
    await action(s, id, { 'os-reserve': {} });
    const wrongStatus = await action(s, id, { 'os-extend': { new_size: 4 } });
    expect(wrongStatus.body).toEqual({
      badRequest: {
        code: 400,
        message: `Invalid volume: Volume ${id} status must be '{'status': 'available'}' to extend, currently attaching.`,
      },
    });
    await action(s, id, { 'os-unreserve': {} });
  });

  it('sets bootable and readonly flags', async () => {
    const s = await cinder.session('demo', 'demo');
    const id = await cinder.volumeId(s, 'fast-scratch');
    const bootable = await action(s, id, { 'os-set_bootable': { bootable: 'true' } });
    expect(bootable.status).toBe(200);
    const invalid = await action(s, id, { 'os-set_bootable': { bootable: 'maybe' } });
    expect(invalid.status).toBe(400);
    expect((await action(s, id, { 'os-update_readonly_flag': { readonly: true } })).status).toBe(
      202,
    );
    const shown = await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${id}`);
    expect(shown.body.volume).toMatchObject({ bootable: 'true', metadata: { readonly: 'True' } });
    // The flag is admin metadata: the metadata API does not list it.
    expect((await cinder.call(s, 'GET', `/volumes/${id}/metadata`)).body).toEqual({ metadata: {} });
    await action(s, id, { 'os-update_readonly_flag': { readonly: false } });
    await action(s, id, { 'os-set_bootable': { bootable: false } });
  });

  it('lets only an admin reset a status, with cinder’s checks', async () => {
    const s = await cinder.session('demo', 'demo');
    const admin = await cinder.session('admin', 'admin');
    const id = await cinder.volumeId(s, 'fast-scratch');
    const asMember = await action(s, id, { 'os-reset_status': { status: 'error' } });
    expect(asMember.body).toEqual({
      forbidden: {
        code: 403,
        message:
          "Policy doesn't allow volume_extension:volume_admin_actions:reset_status to be performed.",
      },
    });
    const adminAction = (body: unknown) =>
      cloud().request('POST', `/volume/v3/${admin.projectId}/volumes/${id}/action`, {
        token: admin.token,
        body,
      });
    expect((await adminAction({ 'os-reset_status': {} })).body).toEqual({
      badRequest: {
        code: 400,
        message: "Must specify 'status', 'attach_status' or 'migration_status' for update.",
      },
    });
    expect((await adminAction({ 'os-reset_status': { status: 'in-use' } })).body).toEqual({
      badRequest: {
        code: 400,
        message: 'Cannot reset-state to in-use because volume does not have any attachments.',
      },
    });
    expect((await adminAction({ 'os-reset_status': { status: 'bogus' } })).status).toBe(400);
    expect((await adminAction({ 'os-reset_status': { status: 'ERROR' } })).status).toBe(202);
    expect(
      (await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${id}`)).body.volume['status'],
    ).toBe('error');
    await adminAction({ 'os-reset_status': { status: 'available' } });
  });

  it('retypes a volume', async () => {
    const s = await cinder.session('demo', 'demo');
    const id = await newVolume(cinder, s, { size: 1, name: 'retype-me' });
    await cinder.waitFor(s, `/volumes/${id}`, 'volume', 'available');
    expect((await action(s, id, { 'os-retype': { new_type: 'ssd' } })).status).toBe(202);
    const done = await cinder.waitFor(s, `/volumes/${id}`, 'volume', 'available');
    expect(done?.['volume_type']).toBe('ssd');
    const same = await action(s, id, { 'os-retype': { new_type: 'ssd' } });
    expect(same.status).toBe(400);
    const unknown = await action(s, id, { 'os-retype': { new_type: 'nope' } });
    expect(unknown.body).toEqual({
      itemNotFound: { code: 404, message: 'Volume type with name nope could not be found.' },
    });
  });

  it('uploads a volume to an image', async () => {
    const s = await cinder.session('demo', 'demo');
    const id = await cinder.volumeId(s, 'cirros-vol');
    const r = await cinder.call<{ 'os-volume_upload_image': Body }>(
      s,
      'POST',
      `/volumes/${id}/action`,
      {
        body: { 'os-volume_upload_image': { image_name: 'from-volume', disk_format: 'qcow2' } },
        version: '3.1',
      },
    );
    expect(r.status).toBe(202);
    const upload = r.body['os-volume_upload_image'];
    expect(upload).toMatchObject({
      id,
      status: 'uploading',
      size: 1,
      image_name: 'from-volume',
      disk_format: 'qcow2',
      container_format: 'bare',
      visibility: 'private',
      protected: false,
      volume_type: expect.objectContaining({ name: 'lvmdriver-1' }),
    });
    const image = await cloud().request<Body>(
      'GET',
      `/image/v2/images/${String(upload['image_id'])}`,
      {
        token: s.token,
      },
    );
    expect(image.status).toBe(200);
    expect(image.body).toMatchObject({ name: 'from-volume', owner: s.projectId });
    await cinder.waitFor(s, `/volumes/${id}`, 'volume', 'available');
    const publicUpload = await action(
      s,
      id,
      { 'os-volume_upload_image': { image_name: 'pub', visibility: 'public' } },
      '3.1',
    );
    expect(publicUpload.body).toEqual({
      forbidden: {
        code: 403,
        message:
          "Policy doesn't allow volume_extension:volume_actions:upload_public to be performed.",
      },
    });
  });

  it('edits the image metadata of a volume', async () => {
    const s = await cinder.session('demo', 'demo');
    const id = await cinder.volumeId(s, 'fast-scratch');
    const set = await action(s, id, {
      'os-set_image_metadata': { metadata: { os_distro: 'cirros' } },
    });
    expect(set.body).toEqual({ metadata: { os_distro: 'cirros' } });
    const shown = await action(s, id, { 'os-show_image_metadata': null });
    expect(shown.body).toEqual({ metadata: { os_distro: 'cirros' } });
    expect((await action(s, id, { 'os-unset_image_metadata': { key: 'os_distro' } })).status).toBe(
      200,
    );
    const missing = await action(s, id, { 'os-unset_image_metadata': { key: 'os_distro' } });
    expect(missing.status).toBe(404);
  });

  it('rejects unknown actions and versioned ones', async () => {
    const s = await cinder.session('demo', 'demo');
    const id = await cinder.volumeId(s, 'fast-scratch');
    expect((await action(s, id, { 'os-fly': {} })).body).toEqual({
      badRequest: {
        code: 400,
        message:
          'There is no such action: os-fly. Verify the request body and Content-Type header and try again.',
      },
    });
    expect((await action(s, id, { revert: { snapshot_id: 'x' } })).status).toBe(404);
  });
});

describe('cinder volume lifecycle', () => {
  // Real (scaled) durations, so the intermediate statuses can be seen.
  const cloud = useTestCloud({ lifecycleScale: 0.25 });
  const cinder = cinderClient(cloud);

  it('goes creating → downloading → available for an image volume', async () => {
    const s = await cinder.session('demo', 'demo');
    const images = await cloud().request<{ images: Array<{ id: string }> }>(
      'GET',
      '/image/v2/images?name=cirros-0.6.2-x86_64-disk',
      { token: s.token },
    );
    const image = images.body.images[0]?.id ?? '';
    const r = await cinder.call<{ volume: Body & { id: string } }>(s, 'POST', '/volumes', {
      body: { volume: { size: 1, imageRef: image, name: 'from-image' } },
    });
    expect(r.body.volume['status']).toBe('creating');
    expect(r.body.volume['bootable']).toBe('false');
    const downloading = await cinder.waitFor(
      s,
      `/volumes/${r.body.volume.id}`,
      'volume',
      'downloading',
    );
    expect(downloading).toBeDefined();
    const ready = await cinder.waitFor(s, `/volumes/${r.body.volume.id}`, 'volume', 'available');
    expect(ready).toMatchObject({
      bootable: 'true',
      volume_image_metadata: expect.objectContaining({ image_id: image }),
    });
    // extending shows until the backend is done.
    await cinder.call(s, 'POST', `/volumes/${r.body.volume.id}/action`, {
      body: { 'os-extend': { new_size: 2 } },
    });
    const extending = await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${r.body.volume.id}`);
    expect(extending.body.volume['status']).toBe('extending');
    const extended = await cinder.waitFor(s, `/volumes/${r.body.volume.id}`, 'volume', 'available');
    expect(extended?.['size']).toBe(2);
    await cinder.call(s, 'DELETE', `/volumes/${r.body.volume.id}`);
    const deleting = await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${r.body.volume.id}`);
    expect(deleting.body.volume['status']).toBe('deleting');
    await cinder.waitFor(s, `/volumes/${r.body.volume.id}`, 'volume', null);
  });
});
