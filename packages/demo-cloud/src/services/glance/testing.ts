import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { TestCloud } from '../../testing/testCloud';

/** Test helpers for Glance: requests with any body and content type, and image lookups. */

export interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Buffer;
  readonly text: string;
  json<T = Record<string, unknown>>(): T;
}

export const rawRequest = async (
  cloud: TestCloud,
  method: string,
  path: string,
  options: {
    token?: string;
    headers?: Record<string, string>;
    body?: string | Buffer | Uint8Array;
  } = {},
): Promise<RawResponse> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['X-Auth-Token'] = options.token;
  const response = await fetch(`${cloud.url}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const body = Buffer.from(await response.arrayBuffer());
  const text = body.toString('utf8');
  return {
    status: response.status,
    headers: response.headers,
    body,
    text,
    json: <T>() => JSON.parse(text) as T,
  };
};

export const PATCH_21 = 'application/openstack-images-v2.1-json-patch';

export const patchImage = async (
  cloud: TestCloud,
  token: string,
  id: string,
  ops: unknown,
  contentType = PATCH_21,
): Promise<RawResponse> =>
  rawRequest(cloud, 'PATCH', `/image/v2/images/${id}`, {
    token,
    headers: { 'Content-Type': contentType, Accept: 'application/json' },
    body: JSON.stringify(ops),
  });

export interface ImageBody {
  id: string;
  name: string | null;
  status: string;
  visibility: string;
  owner: string | null;
  protected: boolean;
  os_hidden: boolean;
  size: number | null;
  virtual_size: number | null;
  checksum: string | null;
  os_hash_algo: string | null;
  os_hash_value: string | null;
  disk_format: string | null;
  container_format: string | null;
  min_disk: number;
  min_ram: number;
  tags: string[];
  created_at: string;
  updated_at: string;
  self: string;
  file: string;
  schema: string;
  stores?: string;
  [property: string]: unknown;
}

export interface ImageList {
  images: ImageBody[];
  first: string;
  next?: string;
  schema: string;
}

/** Every image the token lists (all pages, hidden ones and every visibility included). */
export const imagesByName = async (
  cloud: TestCloud,
  token: string,
): Promise<Map<string, ImageBody>> => {
  const result = new Map<string, ImageBody>();
  for (const hidden of ['false', 'true']) {
    const listed = await cloud.request<ImageList>(
      'GET',
      `/image/v2/images?limit=1000&visibility=all&member_status=all&os_hidden=${hidden}`,
      { token },
    );
    for (const image of listed.body.images) if (image.name) result.set(image.name, image);
  }
  return result;
};

/** The id of a seeded image, looked up as admin. */
export const seededId = async (cloud: TestCloud, name: string): Promise<string> => {
  const admin = await cloud.token('admin', 'admin');
  const image = (await imagesByName(cloud, admin)).get(name);
  if (!image) throw new Error(`no seeded image ${name}`);
  return image.id;
};

/** A streamed PUT over node:http, writing `total` bytes in `chunk`-sized pieces with backpressure. */
export const streamUpload = async (
  cloud: TestCloud,
  path: string,
  token: string,
  total: number,
  fill: (chunk: Buffer, offset: number) => void,
  chunkSize = 1024 * 1024,
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> => {
  const url = new URL(`${cloud.url}${path}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'PUT',
        headers: {
          'X-Auth-Token': token,
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(total),
          Accept: 'application/json',
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(parts).toString('utf8'),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    let offset = 0;
    const pump = (): void => {
      while (offset < total) {
        const n = Math.min(chunkSize, total - offset);
        // A fresh buffer each time: the socket may still hold the previous one.
        const chunk = Buffer.allocUnsafe(n);
        fill(chunk, offset);
        const ok = req.write(chunk);
        offset += n;
        if (!ok) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
};

/** Waits until `check` holds, polling (lifecycle transitions apply on the next request). */
export const eventually = async (
  check: () => Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
};
