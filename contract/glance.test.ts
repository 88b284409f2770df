import { afterAll, describe, expect, it } from 'vitest';
import { MISSING_UUID, call, waitFor } from './support/services';
import { session, uniqueName } from './support/session';
import { IMAGE_SHAPE } from './support/shapes';
import { expectKeys, expectShape, field } from './support/shape';

const PATCH = { 'Content-Type': 'application/openstack-images-v2.1-json-patch' };

/** Images this file created (as demo), deleted at the end. */
const created = new Set<string>();

afterAll(async () => {
  const demo = await session('demo');
  for (const id of created) {
    await call(demo, 'image', 'PATCH', `v2/images/${id}`, {
      headers: PATCH,
      json: [{ op: 'replace', path: '/protected', value: false }],
    });
    await call(demo, 'image', 'DELETE', `v2/images/${id}`);
  }
});

async function createImage(extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const demo = await session('demo');
  const answer = await call(demo, 'image', 'POST', 'v2/images', {
    json: { name: uniqueName('img'), disk_format: 'raw', container_format: 'bare', ...extra },
  });
  expect(answer.status).toBe(201);
  const image = answer.body as Record<string, unknown>;
  created.add(String(image['id']));
  return image;
}

describe('glance images', () => {
  it('creates a queued image, takes its data and turns active with size and hashes', async () => {
    const demo = await session('demo');
    const image = await createImage({ visibility: 'private' });
    expectShape(image, IMAGE_SHAPE);
    expect(image['status']).toBe('queued');
    expect(image['owner']).toBe(demo.projectId);
    expect(image['size']).toBeNull();
    expect(image['self']).toBe(`/v2/images/${String(image['id'])}`);
    expect(image['file']).toBe(`/v2/images/${String(image['id'])}/file`);
    expect(image['schema']).toBe('/v2/schemas/image');

    const upload = await call(demo, 'image', 'PUT', `v2/images/${String(image['id'])}/file`, {
      headers: { 'Content-Type': 'application/octet-stream' },
      data: 'contract image data',
    });
    expect(upload.status).toBe(204);
    const active = await waitFor(
      () => call(demo, 'image', 'GET', `v2/images/${String(image['id'])}`),
      (a) => field(a.body, 'status') === 'active',
      { timeoutMs: 30_000, label: 'image active' },
    );
    expectShape(active.body, IMAGE_SHAPE);
    expect(field(active.body, 'size')).toBe(19);
    expect(field(active.body, 'checksum')).toMatch(/^[0-9a-f]{32}$/);
    expect(field(active.body, 'os_hash_algo')).toBe('sha512');

    const data = await call(demo, 'image', 'GET', `v2/images/${String(image['id'])}/file`, {
      headers: { Accept: 'application/octet-stream' },
    });
    expect(data.status).toBe(200);
    expect(data.body).toBe('contract image data');
  });

  it('lists images with first and schema links', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'image', 'GET', 'v2/images?limit=2');
    expect(answer.status).toBe(200);
    expectShape(answer.body, { images: [IMAGE_SHAPE], first: 'string', schema: 'string' });
    expect(field(answer.body, 'first')).toBe('/v2/images?limit=2');
    expect(field(answer.body, 'schema')).toBe('/v2/schemas/images');
  });

  it('answers an unknown image with 404', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'image', 'GET', `v2/images/${MISSING_UUID}`);
    expect(answer.status).toBe(404);
    // webob's error page, as JSON when JSON is accepted.
    expectKeys(answer.body, ['code', 'message', 'title']);
    expect(field(answer.body, 'code')).toBe('404 Not Found');
    expect(field(answer.body, 'title')).toBe('Not Found');
    expect(String(field(answer.body, 'message'))).toContain(
      `No image found with ID ${MISSING_UUID}`,
    );
  });

  it('refuses to delete a protected image (403) until unprotected', async () => {
    const demo = await session('demo');
    const image = await createImage({ protected: true });
    const id = String(image['id']);
    expect(image['protected']).toBe(true);
    const refused = await call(demo, 'image', 'DELETE', `v2/images/${id}`);
    expect(refused.status).toBe(403);
    expect(field(refused.body, 'code')).toBe('403 Forbidden');
    expect(String(field(refused.body, 'message'))).toContain(
      `Image ${id} is protected and cannot be deleted.`,
    );
    const patched = await call(demo, 'image', 'PATCH', `v2/images/${id}`, {
      headers: PATCH,
      json: [{ op: 'replace', path: '/protected', value: false }],
    });
    expect(patched.status).toBe(200);
    expect(field(patched.body, 'protected')).toBe(false);
    expect((await call(demo, 'image', 'DELETE', `v2/images/${id}`)).status).toBe(204);
    created.delete(id);
    expect((await call(demo, 'image', 'GET', `v2/images/${id}`)).status).toBe(404);
  });

  it('shares an image with another project: members start pending', async () => {
    const demo = await session('demo');
    const admin = await session('admin');
    const image = await createImage({ visibility: 'shared' });
    const id = String(image['id']);
    const added = await call(demo, 'image', 'POST', `v2/images/${id}/members`, {
      json: { member: admin.projectId },
    });
    expect(added.status).toBe(200);
    expectKeys(added.body, [
      'created_at',
      'image_id',
      'member_id',
      'schema',
      'status',
      'updated_at',
    ]);
    expect(field(added.body, 'status')).toBe('pending');
    expect(field(added.body, 'schema')).toBe('/v2/schemas/member');
    const again = await call(demo, 'image', 'POST', `v2/images/${id}/members`, {
      json: { member: admin.projectId },
    });
    expect(again.status).toBe(409);
    const list = await call(demo, 'image', 'GET', `v2/images/${id}/members`);
    expect(list.status).toBe(200);
    expectShape(list.body, {
      members: [{ member_id: 'string', status: 'string' }],
      schema: 'string',
    });
    const accepted = await call(
      admin,
      'image',
      'PUT',
      `v2/images/${id}/members/${admin.projectId}`,
      {
        json: { status: 'accepted' },
      },
    );
    expect(accepted.status).toBe(200);
    expect(field(accepted.body, 'status')).toBe('accepted');
    const removed = await call(
      demo,
      'image',
      'DELETE',
      `v2/images/${id}/members/${admin.projectId}`,
    );
    expect(removed.status).toBe(204);
  });

  it("words a schema failure as glance does (jsonschema's pprint of the schema)", async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'image', 'POST', 'v2/images', {
      json: { name: uniqueName('bad'), disk_format: 'nope' },
    });
    expect(answer.status).toBe(400);
    expect(field(answer.body, 'code')).toBe('400 Bad Request');
    const message = String(field(answer.body, 'message'));
    expect(message).toMatch(
      /^Provided object does not match schema 'image': 'nope' is not one of \[None, 'ami'/,
    );
    expect(message).toContain(
      "Failed validating 'enum' in schema['properties']['disk_format']:\n    {'description': 'Format of the disk',\n     'enum': [None,\n              'ami',",
    );
    expect(message).toContain("On instance['disk_format']:\n    'nope'");
  });

  it('a reader cannot create images (403)', async () => {
    const reader = await session('reader');
    const answer = await call(reader, 'image', 'POST', 'v2/images', {
      json: { name: uniqueName('ro'), disk_format: 'raw', container_format: 'bare' },
    });
    expect(answer.status).toBe(403);
  });
});
