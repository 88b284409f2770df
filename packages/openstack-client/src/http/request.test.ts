import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenStackHttpError, OpenStackNetworkError, OpenStackTimeoutError } from './errors';
import { request } from './request';
import { fakeFetch, jsonResponse, textResponse } from '../testing/fakeFetch';

const base = { service: 'compute', baseUrl: 'http://cloud/compute/v2.1/' } as const;

/** A fetch that never answers until its signal aborts, as a hung service would. */
function hangingFetch(): (url: string, init: RequestInit) => Promise<Response> {
  return (_url, init) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('request', () => {
  it('joins the URL, sends token, Accept and query, and parses JSON', async () => {
    const fake = fakeFetch(() => jsonResponse(200, { flavors: [] }));
    const answer = await request<{ flavors: unknown[] }>({
      ...base,
      path: '/flavors/detail',
      token: 'tok',
      query: { is_public: 'None', minRam: 512, sort_key: undefined },
      fetch: fake.fetch,
    });
    expect(answer).toEqual({ flavors: [] });
    const call = fake.last();
    expect(call.url).toBe('http://cloud/compute/v2.1/flavors/detail?is_public=None&minRam=512');
    expect(call.method).toBe('GET');
    expect(call.headers.get('x-auth-token')).toBe('tok');
    expect(call.headers.get('accept')).toBe('application/json');
    expect(call.headers.get('content-type')).toBeNull();
  });

  it('tells the fetch which service the call is for', async () => {
    const seen: unknown[] = [];
    await request({
      ...base,
      path: '/flavors',
      fetch: async (_url, _init, context) => {
        seen.push(context);
        return jsonResponse(200, {});
      },
    });
    expect(seen).toEqual([{ service: 'compute' }]);
  });

  it('sends JSON bodies with a content type', async () => {
    const fake = fakeFetch(() => jsonResponse(202, { ok: true }));
    await request({ ...base, method: 'POST', path: 'x', json: { a: 1 }, fetch: fake.fetch });
    expect(fake.last().headers.get('content-type')).toBe('application/json');
    expect(fake.last().json).toEqual({ a: 1 });
  });

  it('sends both compute microversion headers, and lets per-call headers override', async () => {
    const fake = fakeFetch(() => jsonResponse(200, {}));
    await request({
      ...base,
      microversion: { service: 'compute', version: '2.61' },
      headers: { Accept: 'application/vnd.openstack.compute+json', 'X-Extra': '1' },
      fetch: fake.fetch,
    });
    const headers = fake.last().headers;
    expect(headers.get('openstack-api-version')).toBe('compute 2.61');
    expect(headers.get('x-openstack-nova-api-version')).toBe('2.61');
    expect(headers.get('accept')).toBe('application/vnd.openstack.compute+json');
    expect(headers.get('x-extra')).toBe('1');
  });

  it('sends only the generic header for other services', async () => {
    const fake = fakeFetch(() => jsonResponse(200, {}));
    await request({
      ...base,
      service: 'volume',
      microversion: { service: 'volume', version: '3.59' },
      fetch: fake.fetch,
    });
    expect(fake.last().headers.get('openstack-api-version')).toBe('volume 3.59');
    expect(fake.last().headers.get('x-openstack-nova-api-version')).toBeNull();
  });

  it('returns undefined for empty answers and text for non-JSON ones', async () => {
    const empty = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(
      request({ ...base, method: 'DELETE', fetch: empty.fetch }),
    ).resolves.toBeUndefined();
    const accepted = fakeFetch(() => new Response('', { status: 202 }));
    await expect(request({ ...base, fetch: accepted.fetch })).resolves.toBeUndefined();
    const text = fakeFetch(() => textResponse(200, 'hello'));
    await expect(request({ ...base, fetch: text.fetch })).resolves.toBe('hello');
  });

  it('throws OpenStackHttpError with the parsed fault and request id', async () => {
    const fake = fakeFetch(() =>
      jsonResponse(
        404,
        { itemNotFound: { code: 404, message: 'Flavor x could not be found.' } },
        { 'X-Compute-Request-Id': 'req-123' },
      ),
    );
    const error = await request({ ...base, path: 'flavors/x', fetch: fake.fetch }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpenStackHttpError);
    expect(error).toMatchObject({
      status: 404,
      service: 'compute',
      code: 404,
      title: 'itemNotFound',
      message: 'Flavor x could not be found.',
      requestId: 'req-123',
      method: 'GET',
      url: 'http://cloud/compute/v2.1/flavors/x',
      body: { itemNotFound: { code: 404, message: 'Flavor x could not be found.' } },
    });
  });

  it('parses HTML error bodies too', async () => {
    const fake = fakeFetch(() =>
      textResponse(
        404,
        '<html><head><title>404 Not Found</title></head><body><h1>404 Not Found</h1>No image.<br /></body></html>',
        'text/html',
      ),
    );
    await expect(request({ ...base, service: 'image', fetch: fake.fetch })).rejects.toMatchObject({
      status: 404,
      service: 'image',
      message: 'No image.',
    });
  });

  it('times out after timeoutMs with OpenStackTimeoutError', async () => {
    const error = await request({ ...base, timeoutMs: 20, fetch: hangingFetch() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpenStackTimeoutError);
    expect(error).toMatchObject({ service: 'compute', timeoutMs: 20 });
  });

  it('defaults to a 30 s timeout', async () => {
    vi.useFakeTimers();
    const pending = request({ ...base, fetch: hangingFetch() }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(OpenStackTimeoutError);
  });

  it("honours the caller's signal and rethrows its reason", async () => {
    const controller = new AbortController();
    const pending = request({ ...base, signal: controller.signal, fetch: hangingFetch() });
    const reason = new Error('client went away');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('fails at once when the caller signal is already aborted', async () => {
    const fake = fakeFetch((call) => {
      if (call.init.signal?.aborted) throw call.init.signal.reason;
      return jsonResponse(200, {});
    });
    await expect(
      request({ ...base, signal: AbortSignal.abort('stop'), fetch: fake.fetch }),
    ).rejects.toBe('stop');
  });

  it('wraps connection failures in OpenStackNetworkError', async () => {
    const failing = (): Promise<Response> =>
      Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }));
    const error = await request({ ...base, fetch: failing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenStackNetworkError);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  describe('raw mode', () => {
    it('returns the Response with its body unread', async () => {
      const fake = fakeFetch(() => textResponse(200, 'bytes', 'application/octet-stream'));
      const response = await request({ ...base, raw: true, fetch: fake.fetch });
      expect(response.bodyUsed).toBe(false);
      expect(await response.text()).toBe('bytes');
    });

    it('throws on errors unless told not to', async () => {
      const fake = fakeFetch(() =>
        textResponse(404, '<html><h1>Not Found</h1><p>Nope</p></html>', 'text/html'),
      );
      await expect(
        request({ ...base, service: 'object-store', raw: true, fetch: fake.fetch }),
      ).rejects.toMatchObject({ status: 404, message: 'Nope' });
      const response = await request({
        ...base,
        raw: true,
        throwHttpErrors: false,
        fetch: fake.fetch,
      });
      expect(response.status).toBe(404);
    });

    it('stops the timeout once headers arrive, so long downloads survive', async () => {
      let release: (() => void) | undefined;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          release = () => {
            controller.enqueue(new TextEncoder().encode('late'));
            controller.close();
          };
        },
      });
      const fake = fakeFetch(() => new Response(stream, { status: 200 }));
      const response = await request({ ...base, raw: true, timeoutMs: 10, fetch: fake.fetch });
      await new Promise((resolve) => setTimeout(resolve, 40));
      release?.();
      expect(await response.text()).toBe('late');
      expect(fake.last().init.signal?.aborted).toBe(false);
    });

    it('streams request bodies with duplex half', async () => {
      const fake = fakeFetch(() => new Response(null, { status: 201 }));
      const readable = Readable.from([Buffer.from('abc')]);
      await request({ ...base, method: 'PUT', body: readable, raw: true, fetch: fake.fetch });
      expect(fake.last().init.duplex).toBe('half');
      expect(fake.last().init.body).toBe(readable);

      const web = new ReadableStream<Uint8Array>();
      await request({ ...base, method: 'PUT', body: web, raw: true, fetch: fake.fetch });
      expect(fake.last().init.duplex).toBe('half');

      await request({ ...base, method: 'PUT', body: 'plain', raw: true, fetch: fake.fetch });
      expect(fake.last().init.duplex).toBeUndefined();
    });

    it('really uploads a Node Readable through the global fetch', async () => {
      const { createServer } = await import('node:http');
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          res.writeHead(201, { 'Content-Type': 'text/plain' });
          res.end(`got ${Buffer.concat(chunks).toString()}`);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const address = server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        const response = await request({
          service: 'object-store',
          baseUrl: `http://127.0.0.1:${port}/v1/AUTH_p`,
          path: 'c/o',
          method: 'PUT',
          body: Readable.from([Buffer.from('he'), Buffer.from('llo')]),
          raw: true,
        });
        expect(response.status).toBe(201);
        expect(await response.text()).toBe('got hello');
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
});
