import { afterAll, describe, expect, it } from 'vitest';
import { call } from './support/services';
import { session, uniqueName } from './support/session';
import { expectShape, field } from './support/shape';

const container = uniqueName('bucket');

afterAll(async () => {
  const demo = await session('demo');
  await call(demo, 'object-store', 'DELETE', `${container}/hello.txt`);
  await call(demo, 'object-store', 'DELETE', container);
});

describe('swift containers and objects', () => {
  it('creates a container (201), then 202 on a second PUT', async () => {
    const demo = await session('demo');
    const created = await call(demo, 'object-store', 'PUT', container);
    expect(created.status).toBe(201);
    const again = await call(demo, 'object-store', 'PUT', container);
    expect(again.status).toBe(202);
  });

  it('lists the container in the account as JSON', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'object-store', 'GET', '?format=json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-account-container-count')).toMatch(/^\d+$/);
    const listed = (answer.body as Record<string, unknown>[]).find((c) => c['name'] === container);
    expectShape(listed, {
      name: 'string',
      count: 'integer',
      bytes: 'integer',
      last_modified: 'string',
    });
  });

  it('stores, lists, reads and deletes an object', async () => {
    const demo = await session('demo');
    const put = await call(demo, 'object-store', 'PUT', `${container}/hello.txt`, {
      headers: { 'Content-Type': 'text/plain' },
      data: 'hello contract',
    });
    expect(put.status).toBe(201);
    expect(put.headers.get('etag')).toMatch(/^"?[0-9a-f]{32}"?$/);

    const list = await call(demo, 'object-store', 'GET', `${container}?format=json`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-container-object-count')).toBe('1');
    expectShape(list.body, [
      {
        name: 'string',
        hash: 'string',
        bytes: 'integer',
        content_type: 'string',
        last_modified: 'string',
      },
    ]);
    expect(field(list.body, 0, 'bytes')).toBe(14);

    const get = await call(demo, 'object-store', 'GET', `${container}/hello.txt`, {
      headers: { Accept: '*/*' },
    });
    expect(get.status).toBe(200);
    expect(get.body).toBe('hello contract');
    expect(get.headers.get('content-type')).toContain('text/plain');

    const head = await call(demo, 'object-store', 'HEAD', `${container}/hello.txt`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('14');
  });

  it('refuses to delete a non-empty container with 409', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'object-store', 'DELETE', container);
    expect(answer.status).toBe(409);
    expect(String(answer.body)).toContain(
      'There was a conflict when trying to complete your request.',
    );
  });

  it('deletes the object (204), then the empty container (204); a missing one is 404', async () => {
    const demo = await session('demo');
    expect((await call(demo, 'object-store', 'DELETE', `${container}/hello.txt`)).status).toBe(204);
    expect((await call(demo, 'object-store', 'DELETE', `${container}/hello.txt`)).status).toBe(404);
    expect((await call(demo, 'object-store', 'DELETE', container)).status).toBe(204);
    expect((await call(demo, 'object-store', 'GET', container)).status).toBe(404);
  });
});
