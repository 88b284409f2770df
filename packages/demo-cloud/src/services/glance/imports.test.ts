import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import type { TestCloud } from '../../testing/testCloud';
import { qcow2Payload } from './storage';
import { eventually, rawRequest, seededId } from './testing';
import type { ImageBody } from './testing';

const newImage = async (cloud: TestCloud, token: string, body: Record<string, unknown>) =>
  (await cloud.request<ImageBody>('POST', '/image/v2/images', { token, body })).body.id;

const show = async (cloud: TestCloud, token: string, id: string): Promise<ImageBody> =>
  (await cloud.request<ImageBody>('GET', `/image/v2/images/${id}`, { token })).body;

const importImage = (cloud: TestCloud, token: string, id: string, body: unknown) =>
  cloud.request<{ message?: string }>('POST', `/image/v2/images/${id}/import`, { token, body });

describe('glance image import', () => {
  // glance-direct moves staged data after about a second: long enough to see `importing`.
  const cloud = useTestCloud({ lifecycleScale: 1 });
  const served = qcow2Payload(4 * 1024 ** 3, 300_000, 'served');
  let server: Server;
  let origin = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/disk.qcow2') {
        response.writeHead(200, {
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(served.length),
        });
        response.end(served);
      } else if (request.url === '/moved') {
        response.writeHead(302, { Location: '/disk.qcow2' });
        response.end();
      } else {
        response.writeHead(404);
        response.end('no such file');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('stages data, then imports it with glance-direct', async () => {
    const token = await cloud().token('demo', 'demo');
    const id = await newImage(cloud(), token, {
      name: 'staged',
      disk_format: 'qcow2',
      container_format: 'bare',
    });
    const data = qcow2Payload(1024 ** 3, 50_000, 'staged');
    const staged = await rawRequest(cloud(), 'PUT', `/image/v2/images/${id}/stage`, {
      token,
      headers: { 'Content-Type': 'application/octet-stream' },
      body: data,
    });
    expect(staged.status).toBe(204);
    expect(await show(cloud(), token, id)).toMatchObject({ status: 'uploading', size: 50_000 });
    // Staged data is not image data yet.
    expect(
      (await rawRequest(cloud(), 'GET', `/image/v2/images/${id}/file`, { token })).status,
    ).toBe(204);
    const again = await rawRequest(cloud(), 'PUT', `/image/v2/images/${id}/stage`, {
      token,
      headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
      body: data,
    });
    expect(again.status).toBe(409);
    expect(again.json<{ message: string }>().message).toContain(
      'Image status transition from uploading to uploading is not allowed',
    );

    const started = await importImage(cloud(), token, id, { method: { name: 'glance-direct' } });
    expect(started.status).toBe(202);
    const importing = await show(cloud(), token, id);
    expect(importing.status).toBe('importing');
    expect(importing['os_glance_import_task']).toMatch(/^[0-9a-f-]{36}$/);
    expect(importing['os_glance_importing_to_stores']).toBe('fs');

    await eventually(async () => (await show(cloud(), token, id)).status === 'active');
    const active = await show(cloud(), token, id);
    expect(active).toMatchObject({
      size: 50_000,
      virtual_size: 1024 ** 3,
      checksum: createHash('md5').update(data).digest('hex'),
      os_hash_value: createHash('sha512').update(data).digest('hex'),
      os_glance_importing_to_stores: '',
      os_glance_failed_import: '',
      stores: 'fs',
    });
    expect(active).not.toHaveProperty('os_glance_import_task');
    const download = await rawRequest(cloud(), 'GET', `/image/v2/images/${id}/file`, { token });
    expect(download.body.equals(data)).toBe(true);

    const tasks = await cloud().request<{ tasks: Array<Record<string, unknown>> }>(
      'GET',
      `/image/v2/images/${id}/tasks`,
      { token },
    );
    expect(tasks.body.tasks).toEqual([
      expect.objectContaining({
        type: 'api_image_import',
        status: 'success',
        image_id: id,
        message: '',
        result: JSON.stringify({ image_id: id }),
      }),
    ]);
  });

  it('downloads with web-download, following redirects', async () => {
    const token = await cloud().token('demo', 'demo');
    const id = await newImage(cloud(), token, {
      name: 'fetched',
      disk_format: 'qcow2',
      container_format: 'bare',
    });
    const started = await importImage(cloud(), token, id, {
      method: { name: 'web-download', uri: `${origin}/moved` },
    });
    expect(started.status).toBe(202);
    await eventually(async () => (await show(cloud(), token, id)).status === 'active');
    expect(await show(cloud(), token, id)).toMatchObject({
      size: served.length,
      virtual_size: 4 * 1024 ** 3,
      checksum: createHash('md5').update(served).digest('hex'),
    });
  });

  it('puts a failed web-download back to queued and records the failed store', async () => {
    const token = await cloud().token('demo', 'demo');
    const id = await newImage(cloud(), token, { disk_format: 'raw', container_format: 'bare' });
    await importImage(cloud(), token, id, {
      method: { name: 'web-download', uri: `${origin}/missing` },
    });
    await eventually(async () => (await show(cloud(), token, id)).status === 'queued');
    const image = await show(cloud(), token, id);
    expect(image['os_glance_failed_import']).toBe('fs');
    expect(image).not.toHaveProperty('os_glance_import_task');
    const tasks = await cloud().request<{ tasks: Array<{ status: string; message: string }> }>(
      'GET',
      `/image/v2/images/${id}/tasks`,
      { token },
    );
    expect(tasks.body.tasks[0]).toMatchObject({
      status: 'failure',
      message: 'HTTP Error 404: Not Found',
    });
  });

  it('refuses imports glance refuses', async () => {
    const token = await cloud().token('demo', 'demo');
    const queued = await newImage(cloud(), token, { disk_format: 'raw', container_format: 'bare' });
    const cases: Array<[string, unknown, number, string]> = [
      [queued, {}, 400, "Import request requires a 'method' field."],
      [queued, { method: {} }, 400, "Import request requires a 'name' field."],
      [queued, { method: { name: 'scp' } }, 400, "Unknown import method name 'scp'."],
      [
        queued,
        { method: { name: 'glance-direct' } },
        409,
        "Image needs to be staged before 'glance-direct' method can be used",
      ],
      [
        queued,
        { method: { name: 'web-download', uri: 'ftp://example.com/x.img' } },
        400,
        'URI for web-download does not pass filtering: ftp://example.com/x.img',
      ],
      [
        queued,
        { method: { name: 'web-download', uri: 'http://example.com:8080/x.img' } },
        400,
        'URI for web-download does not pass filtering: http://example.com:8080/x.img',
      ],
      [
        queued,
        { method: { name: 'web-download', uri: `${origin}/disk.qcow2` }, stores: ['ceph'] },
        409,
        "Unknown scheme 'ceph' found in URI",
      ],
      [
        queued,
        { method: { name: 'copy-image' } },
        409,
        'Only images with status active can be targeted for copying',
      ],
    ];
    for (const [id, body, status, message] of cases) {
      const response = await importImage(cloud(), token, id, body);
      expect(response.status).toBe(status);
      expect(response.body.message).toContain(message);
    }
    const noFormat = await newImage(cloud(), token, { name: 'formatless' });
    const formatless = await importImage(cloud(), token, noFormat, {
      method: { name: 'web-download', uri: `${origin}/disk.qcow2` },
    });
    expect(formatless.status).toBe(409);
    expect(formatless.body.message).toContain("'container_format' needs to be set before import");

    const app = await seededId(cloud(), 'demo-app-image');
    const active = await importImage(cloud(), token, app, { method: { name: 'glance-direct' } });
    expect(active.status).toBe(409);
    expect(active.body.message).toContain('Image with status active cannot be target for import');
    const copy = await importImage(cloud(), token, app, { method: { name: 'copy-image' } });
    expect(copy.status).toBe(403);
    expect(copy.body.message).toContain('You are not authorized to complete copy_image action.');
    const admin = await cloud().token('admin', 'admin');
    const present = await importImage(cloud(), admin, app, {
      method: { name: 'copy-image' },
      stores: ['fs'],
    });
    expect(present.status).toBe(400);
    expect(present.body.message).toContain("Image is already present at store 'fs'");
    const everywhere = await importImage(cloud(), admin, app, {
      method: { name: 'copy-image' },
      all_stores: true,
    });
    expect(everywhere.status).toBe(202);
    const reader = await cloud().token('reader', 'demo');
    const readerImport = await importImage(cloud(), reader, queued, {
      method: { name: 'web-download', uri: `${origin}/disk.qcow2` },
    });
    expect(readerImport.status).toBe(403);
    expect(readerImport.body.message).toContain(
      'You are not authorized to complete modify_image action.',
    );
  });

  it('lists the import methods and stores', async () => {
    const token = await cloud().token('demo', 'demo');
    const methods = await cloud().request('GET', '/image/v2/info/import', { token });
    expect(methods.body).toEqual({
      'import-methods': {
        description: 'Import methods available.',
        type: 'array',
        value: ['glance-direct', 'web-download', 'copy-image'],
      },
    });
    const stores = await cloud().request('GET', '/image/v2/info/stores', { token });
    expect(stores.body).toEqual({
      stores: [{ id: 'fs', description: 'Filesystem store', default: 'true' }],
    });
  });
});
