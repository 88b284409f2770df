import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable as api } from '@skydeck/contract';
import { serveItemPassThrough, type UpstreamItemCalls } from './serveItem';

interface Upstream {
  id: number;
  name: string;
  secret: string;
}

/** An upstream collection of one item, recording the calls it is given. */
const upstream = () => {
  const calls: unknown[][] = [];
  let item: Upstream | undefined = { id: 7, name: 'agg', secret: 'not for the browser' };
  const collection: UpstreamItemCalls<Upstream, { name?: string }> = {
    get: async (id) => {
      calls.push(['get', id]);
      if (!item) throw new Error('gone');
      return item;
    },
    update: async (id, body) => {
      calls.push(['update', id, body]);
      if (!item) throw new Error('gone');
      item = { ...item, ...body };
      return item;
    },
    delete: async (id) => {
      calls.push(['delete', id]);
      item = undefined;
    },
  };
  return { calls, collection };
};

describe('serveItemPassThrough', () => {
  let app: FastifyInstance;
  const { calls, collection } = upstream();

  beforeAll(async () => {
    app = Fastify();
    serveItemPassThrough(
      app,
      {
        get: api['nova.aggregates.get'],
        update: api['nova.aggregates.update'],
        delete: api['nova.aggregates.delete'],
      },
      () => collection,
      (a) => ({
        id: String(a.id),
        name: a.name,
        availability_zone: null,
        hosts: [],
        metadata: {},
        created_at: 'then',
        updated_at: null,
      }),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('reads, edits and deletes by the path id, answering through the view', async () => {
    const read = await app.inject({ url: '/api/nova/aggregates/7/' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: '7', name: 'agg' });
    expect(read.json()).not.toHaveProperty('secret');

    const edited = await app.inject({
      method: api['nova.aggregates.update'].method,
      url: '/api/nova/aggregates/7/',
      payload: { name: 'renamed' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: '7', name: 'renamed' });

    const deleted = await app.inject({ method: 'DELETE', url: '/api/nova/aggregates/7/' });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');

    expect(calls).toEqual([
      ['get', '7'],
      ['update', '7', { name: 'renamed' }],
      ['delete', '7'],
    ]);
  });
});
