import { CSRF_COOKIE, CSRF_HEADER } from '@skydeck/contract/constants';
import { ApiError, readCookie, webRoot } from './http';

export interface UploadRequest {
  method: 'POST' | 'PUT';
  /** Relative to the web root (like apiFetch), or an absolute path the server gave us. */
  url: string;
  /** FormData goes multipart; a File or Blob goes as application/octet-stream. */
  body: FormData | Blob;
  /** Whole percents, from the upload's progress events. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function resolve(url: string): string {
  return url.startsWith('/') ? url : `${webRoot()}${url}`;
}

/**
 * An upload with progress (spec 2 §4, §7): fetch() reports no upload progress, so this one
 * request type uses XMLHttpRequest, with the same CSRF header and XMLHttpRequest marker as
 * apiFetch and the same ApiError on failure. It only ever talks to our own server.
 */
export function uploadWithProgress<T>(req: UploadRequest): Promise<T> {
  return new Promise<T>((done, fail) => {
    const xhr = new XMLHttpRequest();
    xhr.open(req.method, resolve(req.url));
    xhr.withCredentials = false;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    if (!(req.body instanceof FormData)) {
      xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    }
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) req.onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      let data: unknown = undefined;
      if (xhr.responseText) {
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          data = xhr.responseText;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        done(data as T);
        return;
      }
      const message =
        data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
          ? data.message
          : xhr.statusText;
      fail(new ApiError(xhr.status, message, data));
    });
    xhr.addEventListener('error', () => fail(new ApiError(0, 'Network error', undefined)));
    xhr.addEventListener('abort', () => fail(new DOMException('Aborted', 'AbortError')));
    if (req.signal?.aborted) {
      fail(new DOMException('Aborted', 'AbortError'));
      return;
    }
    // Aborting closes the connection mid-body, which is how the server learns to discard it.
    req.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(req.body);
  });
}

/** Upload progress: -1 until the first byte is reported, then whole percents (spec 2 §4). */
export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return -1;
  return Math.min(100, Math.floor((loaded / total) * 100));
}
