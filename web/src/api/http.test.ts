import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../testing/render';
import { ApiError, apiFetch, httpEvents, webRoot } from './http';

function setBase(href: string | undefined): void {
  document.head.querySelector('base')?.remove();
  if (href) {
    const base = document.createElement('base');
    base.href = href;
    document.head.prepend(base);
  }
}

afterEach(() => setBase(undefined));

describe('apiFetch', () => {
  it('prefixes the web root from <base href>', async () => {
    setBase('/dashboard/');
    expect(webRoot()).toBe('/dashboard/');
    const spy = mockFetch(() => ({ body: { items: [] } }));
    await apiFetch('api/nova/keypairs/', { query: { a: 1, b: undefined, c: ['x', 'y'] } });
    expect(String(spy.mock.calls[0]?.[0])).toBe('/dashboard/api/nova/keypairs/?a=1&c=x&c=y');
  });

  it('sends the XHR marker always and the CSRF header from the cookie on unsafe methods', async () => {
    document.cookie = 'csrftoken=tok123; path=/';
    const spy = mockFetch(() => ({ body: {} }));
    await apiFetch('api/settings/');
    await apiFetch('api/nova/keypairs/', { method: 'POST', body: { name: 'k' } });
    const getHeaders = spy.mock.calls[0]?.[1]?.headers as Record<string, string>;
    const postInit = spy.mock.calls[1]?.[1] as RequestInit;
    const postHeaders = postInit.headers as Record<string, string>;
    expect(getHeaders['X-Requested-With']).toBe('XMLHttpRequest');
    expect(getHeaders['X-CSRFToken']).toBeUndefined();
    expect(postHeaders['X-Requested-With']).toBe('XMLHttpRequest');
    expect(postHeaders['X-CSRFToken']).toBe('tok123');
    expect(postHeaders['Content-Type']).toBe('application/json');
    expect(postInit.body).toBe('{"name":"k"}');
  });

  it('turns a non-2xx answer into an ApiError with the server message', async () => {
    mockFetch(() => ({ status: 409, body: { message: 'Key pair exists' } }));
    const error = await apiFetch('api/nova/keypairs/', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Key pair exists' });
  });

  it('falls back to the status text when the body has no message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(apiFetch('api/x/')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('hands X-Skydeck-Messages entries to the messages handler', async () => {
    const onMessages = vi.fn();
    const previous = httpEvents.onMessages;
    httpEvents.onMessages = onMessages;
    try {
      mockFetch(() => ({
        body: {},
        headers: { 'X-Skydeck-Messages': JSON.stringify([['warning', 'Careful', '']]) },
      }));
      await apiFetch('api/x/');
      expect(onMessages).toHaveBeenCalledWith([['warning', 'Careful', '']]);
    } finally {
      httpEvents.onMessages = previous;
    }
  });

  it('answers undefined for 204', async () => {
    mockFetch(() => ({ status: 204 }));
    await expect(apiFetch('auth/logout/', { method: 'POST' })).resolves.toBeUndefined();
  });
});
