import { afterEach, describe, expect, it, vi } from 'vitest';
import { createImage, imageListQuery } from './images';

/** A stand-in XMLHttpRequest that reports two progress events and answers 200. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  private listeners: Record<string, (() => void)[]> = {};
  private uploadListeners: ((e: {
    lengthComputable: boolean;
    loaded: number;
    total: number;
  }) => void)[] = [];
  upload = {
    addEventListener: (
      _type: string,
      fn: (e: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ): void => {
      this.uploadListeners.push(fn);
    },
  };
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
    FakeXhr.last = this;
  }
  setRequestHeader(k: string, v: string): void {
    this.headers[k] = v;
  }
  addEventListener(type: string, fn: () => void): void {
    (this.listeners[type] ??= []).push(fn);
  }
  send(body: unknown): void {
    this.body = body;
    for (const fn of this.uploadListeners) fn({ lengthComputable: true, loaded: 1, total: 3 });
    for (const fn of this.uploadListeners) fn({ lengthComputable: true, loaded: 3, total: 3 });
    this.status = 200;
    this.responseText = JSON.stringify({ id: 'new', name: 'n' });
    for (const fn of this.listeners['load'] ?? []) fn();
  }
}

/** An upload that never finishes on its own: only abort() ends it, as a real XHR's does. */
class HangingXhr extends FakeXhr {
  static aborted = 0;
  private abortListeners: (() => void)[] = [];
  override addEventListener(type: string, fn: () => void): void {
    if (type === 'abort') this.abortListeners.push(fn);
    else super.addEventListener(type, fn);
  }
  override send(body: unknown): void {
    this.body = body;
  }
  abort(): void {
    HangingXhr.aborted += 1;
    for (const fn of this.abortListeners) fn();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('image create (spec 2 §7)', () => {
  it('direct mode: PUTs the form, then the raw file to our upload_url with the CSRF header', async () => {
    document.cookie = 'csrftoken=tok';
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ id: 'new', upload_url: '/api/glance/images/new/file/' }), {
          status: 201,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new File(['abc'], 'disk.raw');
    const progress: number[] = [];
    await createImage({
      body: {
        source_type: 'file-direct',
        name: 'n',
        disk_format: 'raw',
        image_url: 'http://ignored',
      },
      file,
      onProgress: (p) => progress.push(p),
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/glance/images/');
    expect(init.method).toBe('PUT');
    const sent = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(sent['data']).toBe('disk.raw');
    expect(sent).not.toHaveProperty('image_url');
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('PUT');
    expect(xhr?.url).toBe('/api/glance/images/new/file/');
    expect(xhr?.headers['X-CSRFToken']).toBe('tok');
    expect(xhr?.headers['Content-Type']).toBe('application/octet-stream');
    expect(xhr?.body).toBe(file);
    expect(progress).toEqual([-1, 33, 100]);
  });

  it('legacy mode: one multipart POST through our server', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new File(['abc'], 'disk.raw');
    await createImage({
      body: { source_type: 'file-legacy', name: 'n', disk_format: 'raw' },
      file,
    });
    expect(FakeXhr.last?.method).toBe('POST');
    expect(FakeXhr.last?.url).toBe('/api/glance/images/');
    expect(FakeXhr.last?.body).toBeInstanceOf(FormData);
  });

  it('legacy mode: aborting the signal aborts the upload and rejects with AbortError', async () => {
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    HangingXhr.aborted = 0;
    const controller = new AbortController();
    const done = createImage({
      body: { source_type: 'file-legacy', name: 'n', disk_format: 'raw' },
      file: new File(['abc'], 'disk.raw'),
      signal: controller.signal,
    });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(HangingXhr.aborted).toBe(1);
  });

  it('direct mode: a cancelled upload deletes the image it had created', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        return Promise.resolve(
          init.method === 'DELETE'
            ? new Response(null, { status: 204 })
            : new Response(
                JSON.stringify({ id: 'new', upload_url: '/api/glance/images/new/file/' }),
                { status: 201 },
              ),
        );
      }),
    );
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    const controller = new AbortController();
    const done = createImage({
      body: { source_type: 'file-direct', name: 'n', disk_format: 'raw' },
      file: new File(['abc'], 'disk.raw'),
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(FakeXhr.last?.url).toBe('/api/glance/images/new/file/'));
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toEqual(['PUT /api/glance/images/', 'DELETE /api/glance/images/new/']);
  });

  it('turns the size facets (MB) into bytes', () => {
    expect(imageListQuery({ size_min: '2', name: 'x', status: '' })).toEqual({
      size_min: 2 * 1024 * 1024,
      name: 'x',
    });
  });
});
