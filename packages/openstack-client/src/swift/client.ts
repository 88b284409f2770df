import { createServiceHttp } from '../http/serviceHttp';
import { InvalidPathSegmentError, joinUrl } from '../http/url';
import type { CallOptions, FetchLike, RequestBody } from '../http/request';
import type { QueryInit } from '../http/url';

export interface SwiftClientOptions {
  /** The object-store endpoint from the catalog, the account URL (`http://host/v1/AUTH_<project>`). */
  endpoint: string;
  token: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** A container as the account listing gives it. */
export interface SwiftContainerEntry {
  name: string;
  count: number;
  bytes: number;
  last_modified?: string;
}

/** A container's HEAD: its counts, its timestamp and its read ACL (public when `.r:*`). */
export interface SwiftContainerInfo {
  name: string;
  count: number;
  bytes: number;
  /** Seconds since the epoch, as X-Timestamp carries it. */
  timestamp?: string;
  readAcl?: string;
}

/** A row of a container listing: an object, or with a delimiter a pseudo-folder (`subdir`). */
export type SwiftListingEntry =
  | {
      name: string;
      bytes: number;
      hash?: string;
      content_type?: string;
      last_modified?: string;
    }
  | { subdir: string };

export interface SwiftObjectInfo {
  name: string;
  bytes: number;
  etag?: string;
  contentType?: string;
  lastModified?: string;
  timestamp?: string;
  /** `True` on a Static Large Object's manifest. */
  isStaticLargeObject: boolean;
}

export interface ListOptions extends CallOptions {
  prefix?: string;
  delimiter?: string;
  marker?: string;
  endMarker?: string;
  limit?: number;
}

export interface PutObjectOptions extends CallOptions {
  /** The body's length: sent as Content-Length instead of chunked. */
  size?: number;
  contentType?: string;
}

/** One segment of a Static Large Object manifest (`path` is `/<container>/<object>`). */
export interface SloSegment {
  path: string;
  etag?: string;
  size_bytes?: number;
}

export interface SwiftClient {
  /** The account URL calls go to; a public container is readable at `<endpoint>/<name>`. */
  readonly endpoint: string;
  /** GET /info at the root of the endpoint (capabilities: slo, max_file_size…). */
  info(options?: CallOptions): Promise<Record<string, unknown>>;
  listContainers(options?: ListOptions): Promise<SwiftContainerEntry[]>;
  headContainer(name: string, options?: CallOptions): Promise<SwiftContainerInfo>;
  /** PUT: 201 created, 202 when it existed (the headers still apply). */
  createContainer(
    name: string,
    headers?: Record<string, string>,
    options?: CallOptions,
  ): Promise<{ created: boolean }>;
  /** POST: sets container headers (metadata, ACLs). */
  updateContainer(
    name: string,
    headers: Record<string, string>,
    options?: CallOptions,
  ): Promise<void>;
  deleteContainer(name: string, options?: CallOptions): Promise<void>;
  listObjects(container: string, options?: ListOptions): Promise<SwiftListingEntry[]>;
  headObject(container: string, name: string, options?: CallOptions): Promise<SwiftObjectInfo>;
  /** GET as a raw Response with its body unread (stream it); no timeout once headers are in. */
  getObject(container: string, name: string, options?: CallOptions): Promise<Response>;
  /** PUT of a (streamed) body; resolves with the ETag Swift computed. No timeout by default. */
  putObject(
    container: string,
    name: string,
    body: RequestBody,
    options?: PutObjectOptions,
  ): Promise<string | undefined>;
  /** PUT ?multipart-manifest=put: makes `name` the Static Large Object of `segments`. */
  putManifest(
    container: string,
    name: string,
    segments: readonly SloSegment[],
    options?: PutObjectOptions,
  ): Promise<void>;
  /** GET ?multipart-manifest=get: a Static Large Object's segment list (`name` is `/c/o`). */
  getManifest(
    container: string,
    name: string,
    options?: CallOptions,
  ): Promise<{ name: string; bytes: number; hash?: string }[]>;
  /** DELETE; `multipartManifest` deletes an SLO's segments too (ignored for plain objects). */
  deleteObject(
    container: string,
    name: string,
    options?: CallOptions & { multipartManifest?: boolean },
  ): Promise<void>;
  /** Server-side copy: PUT on the destination with X-Copy-From (an SLO is copied whole). */
  copyObject(
    from: { container: string; name: string },
    to: { container: string; name: string },
    options?: CallOptions,
  ): Promise<void>;
}

/**
 * A container name or object name in a path: every character percent-encoded except `/`, which
 * Swift takes as part of an object's name. Empty names and `.`/`..` segments are refused, since
 * a URL parser would resolve them into another resource.
 */
export function swiftPath(name: string): string {
  if (name === '') throw new InvalidPathSegmentError(name);
  for (const segment of name.split('/')) {
    if (segment === '.' || segment === '..') throw new InvalidPathSegmentError(segment);
  }
  return encodeURIComponent(name).replaceAll('%2F', '/');
}

const containerPath = (name: string): string => {
  if (name.includes('/')) throw new InvalidPathSegmentError(name);
  return swiftPath(name);
};

const objectPath = (container: string, name: string): string =>
  `${containerPath(container)}/${swiftPath(name)}`;

const numberHeader = (headers: Headers, name: string): number => {
  const value = Number(headers.get(name) ?? '0');
  return Number.isFinite(value) ? value : 0;
};

const listQuery = (options: ListOptions): QueryInit => ({
  format: 'json',
  prefix: options.prefix,
  delimiter: options.delimiter,
  marker: options.marker,
  end_marker: options.endMarker,
  limit: options.limit,
});

const callOnly = (options: ListOptions): CallOptions => ({
  signal: options.signal,
  timeoutMs: options.timeoutMs,
  headers: options.headers,
});

/** The endpoint's root (`http://host/v1/AUTH_x` → `http://host`), where /info lives. */
const infoUrl = (endpoint: string): string => {
  const url = new URL(endpoint);
  const versioned = url.pathname.search(/\/v1(\/|$)/);
  url.pathname = versioned >= 0 ? url.pathname.slice(0, versioned) : '';
  return url.toString().replace(/\/+$/, '');
};

export function createSwiftClient(options: SwiftClientOptions): SwiftClient {
  const endpoint = options.endpoint.replace(/\/+$/, '');
  const http = createServiceHttp({
    service: 'object-store',
    baseUrl: endpoint,
    token: options.token,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });

  return {
    endpoint,
    async info(call = {}) {
      const root = createServiceHttp({ ...http.binding, baseUrl: infoUrl(endpoint) });
      return (
        (await root.json<Record<string, unknown> | undefined>({ ...call, path: 'info' })) ?? {}
      );
    },
    async listContainers(list = {}) {
      const rows = await http.json<SwiftContainerEntry[] | undefined>({
        ...callOnly(list),
        query: listQuery(list),
      });
      return rows ?? [];
    },
    async headContainer(name, call = {}) {
      const response = await http.raw({ ...call, method: 'HEAD', path: containerPath(name) });
      const headers = response.headers;
      return {
        name,
        count: numberHeader(headers, 'x-container-object-count'),
        bytes: numberHeader(headers, 'x-container-bytes-used'),
        timestamp: headers.get('x-timestamp') ?? undefined,
        readAcl: headers.get('x-container-read') ?? undefined,
      };
    },
    async createContainer(name, headers = {}, call = {}) {
      const response = await http.raw({
        ...call,
        method: 'PUT',
        path: containerPath(name),
        headers: { ...call.headers, ...headers },
      });
      await response.body?.cancel();
      return { created: response.status === 201 };
    },
    async updateContainer(name, headers, call = {}) {
      const response = await http.raw({
        ...call,
        method: 'POST',
        path: containerPath(name),
        headers: { ...call.headers, ...headers },
      });
      await response.body?.cancel();
    },
    async deleteContainer(name, call = {}) {
      const response = await http.raw({ ...call, method: 'DELETE', path: containerPath(name) });
      await response.body?.cancel();
    },
    async listObjects(container, list = {}) {
      const rows = await http.json<SwiftListingEntry[] | undefined>({
        ...callOnly(list),
        path: containerPath(container),
        query: listQuery(list),
      });
      return rows ?? [];
    },
    async headObject(container, name, call = {}) {
      const response = await http.raw({
        ...call,
        method: 'HEAD',
        path: objectPath(container, name),
      });
      const headers = response.headers;
      return {
        name,
        bytes: numberHeader(headers, 'content-length'),
        etag: headers.get('etag')?.replaceAll('"', '') ?? undefined,
        contentType: headers.get('content-type') ?? undefined,
        lastModified: headers.get('last-modified') ?? undefined,
        timestamp: headers.get('x-timestamp') ?? undefined,
        isStaticLargeObject: (headers.get('x-static-large-object') ?? '').toLowerCase() === 'true',
      };
    },
    getObject: (container, name, call = {}) =>
      http.raw({
        ...call,
        path: objectPath(container, name),
        headers: { Accept: '*/*', ...call.headers },
        // A download is passed on as it arrives (nodeBodyOf), not read here.
        streamedAnswer: true,
      }),
    async putObject(container, name, body, put = {}) {
      const headers: Record<string, string> = { ...put.headers };
      if (put.size !== undefined) headers['Content-Length'] = String(put.size);
      // Without a type Swift guesses one from the name (`.txt` → text/plain), as for the CLI.
      if (put.contentType !== undefined) headers['Content-Type'] = put.contentType;
      const response = await http.raw({
        signal: put.signal,
        // An upload has no natural time budget; the caller's signal ends it.
        timeoutMs: put.timeoutMs ?? 0,
        method: 'PUT',
        path: objectPath(container, name),
        headers,
        body,
      });
      await response.body?.cancel();
      return response.headers.get('etag')?.replaceAll('"', '') ?? undefined;
    },
    async putManifest(container, name, segments, put = {}) {
      const response = await http.raw({
        signal: put.signal,
        timeoutMs: put.timeoutMs,
        method: 'PUT',
        path: objectPath(container, name),
        query: { 'multipart-manifest': 'put' },
        headers: {
          ...put.headers,
          // The manifest PUT's Content-Type is the assembled object's, not the JSON's; without
          // one Swift guesses it from the name.
          ...(put.contentType !== undefined ? { 'Content-Type': put.contentType } : {}),
        },
        body: JSON.stringify(segments),
      });
      await response.body?.cancel();
    },
    async getManifest(container, name, call = {}) {
      const rows = await http.json<{ name: string; bytes: number; hash?: string }[] | undefined>({
        ...call,
        path: objectPath(container, name),
        query: { 'multipart-manifest': 'get' },
      });
      return rows ?? [];
    },
    async deleteObject(container, name, del = {}) {
      const response = await http.raw({
        signal: del.signal,
        timeoutMs: del.timeoutMs,
        headers: del.headers,
        method: 'DELETE',
        path: objectPath(container, name),
        query: del.multipartManifest ? { 'multipart-manifest': 'delete' } : undefined,
      });
      await response.body?.cancel();
    },
    async copyObject(from, to, call = {}) {
      const response = await http.raw({
        ...call,
        method: 'PUT',
        path: objectPath(to.container, to.name),
        headers: {
          ...call.headers,
          'X-Copy-From': `/${objectPath(from.container, from.name)}`,
          'Content-Length': '0',
        },
      });
      await response.body?.cancel();
    },
  };
}

/** Exposed for tests: where /info is for an account endpoint. */
export const swiftInfoUrl = (endpoint: string): string => joinUrl(infoUrl(endpoint), 'info');
