import { urlPath } from '../http/url';
import type { CallOptions, RequestBody } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';
import type { QueryScalar } from '../http/url';
import type {
  GlanceImage,
  GlanceImageCreate,
  ImageImportRequest,
  ImagesResponse,
  ImageStatus,
  ImageVisibility,
  JsonPatchOperation,
} from './types';

/** The media type of Glance's JSON-patch dialect whose `add` also replaces (RFC 6902 style). */
export const IMAGE_PATCH_MEDIA_TYPE = 'application/openstack-images-v2.1-json-patch';

/**
 * The attributes Glance itself manages or defines; everything else on an image is an extra
 * ("custom") property. `self`, `file` and `schema` are links, the rest columns of the image.
 */
export const CORE_IMAGE_ATTRIBUTES: readonly string[] = [
  'id',
  'name',
  'status',
  'visibility',
  'protected',
  'os_hidden',
  'owner',
  'disk_format',
  'container_format',
  'size',
  'virtual_size',
  'min_disk',
  'min_ram',
  'checksum',
  'os_hash_algo',
  'os_hash_value',
  'created_at',
  'updated_at',
  'tags',
  'self',
  'file',
  'schema',
  'locations',
  'direct_url',
  'stores',
];

/** Default page size of listAll and its cap on pages, so a huge cloud cannot pin a request. */
const ALL_PAGE_SIZE = 500;
const ALL_MAX_PAGES = 100;

export interface ImageFilters {
  name?: string;
  status?: ImageStatus | string;
  visibility?: ImageVisibility | 'all';
  owner?: string;
  protected?: boolean;
  os_hidden?: boolean;
  disk_format?: string;
  container_format?: string;
  /** Bytes. */
  size_min?: number;
  size_max?: number;
  member_status?: 'pending' | 'accepted' | 'rejected' | 'all';
  /** Every tag must be present. */
  tag?: readonly string[];
  id?: string;
  /** Filters on extra properties (`?os_distro=ubuntu`), compared as strings. */
  [property: string]: QueryScalar | readonly QueryScalar[] | undefined;
}

export interface ImageListOptions extends CallOptions {
  filters?: ImageFilters;
  limit?: number;
  marker?: string;
  sortKey?: string;
  sortDir?: 'asc' | 'desc';
}

export interface ImagePage {
  images: GlanceImage[];
  /** The marker of the next page, when Glance says there is one. */
  nextMarker?: string;
}

export interface ImageListAllOptions extends Omit<ImageListOptions, 'marker'> {
  /** Default 100; the answer says `truncated` when more pages remained. */
  maxPages?: number;
}

export interface ImageListAll {
  images: GlanceImage[];
  truncated: boolean;
}

/** A desired state: properties to set (add or replace) and properties to remove. */
export interface ImageChanges {
  set?: Readonly<Record<string, unknown>>;
  remove?: readonly string[];
}

export interface ImageUpdateOptions extends CallOptions {
  /** The image as last read; fetched first when absent. */
  current?: GlanceImage;
}

export interface ImageUploadOptions extends CallOptions {
  /** Sent as Content-Length when known; otherwise the body goes out chunked. */
  size?: number;
}

export interface ImageCalls {
  /** One page. */
  list(options?: ImageListOptions): Promise<ImagePage>;
  /** Every page, following Glance's `next` links up to `maxPages`. */
  listAll(options?: ImageListAllOptions): Promise<ImageListAll>;
  get(id: string, options?: CallOptions): Promise<GlanceImage>;
  create(image: GlanceImageCreate, options?: CallOptions): Promise<GlanceImage>;
  /** Computes the JSON-patch from `changes` and the current image; no-op changes send nothing. */
  update(id: string, changes: ImageChanges, options?: ImageUpdateOptions): Promise<GlanceImage>;
  patch(
    id: string,
    operations: readonly JsonPatchOperation[],
    options?: CallOptions,
  ): Promise<GlanceImage>;
  delete(id: string, options?: CallOptions): Promise<void>;
  deactivate(id: string, options?: CallOptions): Promise<void>;
  reactivate(id: string, options?: CallOptions): Promise<void>;
  /**
   * PUT /file: streams `data` to Glance (never buffered here) and resolves once Glance has taken
   * all of it. No timeout unless `timeoutMs` is given: an upload takes as long as it takes; pass
   * a `signal` to stop it.
   */
  upload(id: string, data: RequestBody, options?: ImageUploadOptions): Promise<void>;
  /** PUT /stage, the first step of a glance-direct import. */
  stage(id: string, data: RequestBody, options?: ImageUploadOptions): Promise<void>;
  /** POST /import: glance-direct, web-download (`method.uri`), copy-image. Answers 202. */
  import(id: string, body: ImageImportRequest, options?: CallOptions): Promise<void>;
  /** GET /file as a raw Response whose body is unread (stream it). 204 when there is no data. */
  download(id: string, options?: CallOptions): Promise<Response>;
}

/** `~` and `/` are the two characters a JSON pointer token must escape. */
export function jsonPointer(name: string): string {
  return `/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The JSON-patch that takes `current` to the desired state: `replace` for what exists with another
 * value, `add` for what does not exist, `remove` for what exists and should not. A key both set
 * and removed is set. Unchanged values produce no operation.
 */
export function imagePatch(current: GlanceImage, changes: ImageChanges): JsonPatchOperation[] {
  const operations: JsonPatchOperation[] = [];
  const has = (key: string): boolean =>
    Object.hasOwn(current, key) && (current as Record<string, unknown>)[key] !== undefined;
  const set = changes.set ?? {};
  for (const [key, value] of Object.entries(set)) {
    if (value === undefined) continue;
    if (has(key)) {
      if (!sameValue(current[key], value)) {
        operations.push({ op: 'replace', path: jsonPointer(key), value });
      }
    } else {
      operations.push({ op: 'add', path: jsonPointer(key), value });
    }
  }
  for (const key of new Set(changes.remove ?? [])) {
    if (Object.hasOwn(set, key) && set[key] !== undefined) continue;
    if (has(key)) operations.push({ op: 'remove', path: jsonPointer(key) });
  }
  return operations;
}

/** The extra properties of an image: everything that is not a core attribute. */
export function imageExtraProperties(image: GlanceImage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(image)) {
    if (!CORE_IMAGE_ATTRIBUTES.includes(key)) out[key] = value;
  }
  return out;
}

/** The marker in a `next` link (`/v2/images?limit=2&marker=abc`). */
function markerOf(next: string | undefined): string | undefined {
  if (!next) return undefined;
  const search = next.includes('?') ? next.slice(next.indexOf('?') + 1) : '';
  return new URLSearchParams(search).get('marker') ?? undefined;
}

export function imageCalls(http: ServiceHttp): ImageCalls {
  const list = async (options: ImageListOptions = {}): Promise<ImagePage> => {
    const { filters, limit, marker, sortKey, sortDir, ...call } = options;
    const answer = await http.json<ImagesResponse>({
      ...call,
      path: 'images',
      query: { ...filters, limit, marker, sort_key: sortKey, sort_dir: sortDir },
    });
    const page: ImagePage = { images: answer.images };
    const nextMarker = markerOf(answer.next);
    if (nextMarker !== undefined) page.nextMarker = nextMarker;
    return page;
  };

  const put = async (
    id: string,
    sub: 'file' | 'stage',
    data: RequestBody,
    options: ImageUploadOptions,
  ): Promise<void> => {
    const { size, headers, timeoutMs, ...call } = options;
    const sent: Record<string, string> = {
      'Content-Type': 'application/octet-stream',
      ...headers,
    };
    if (size !== undefined) sent['Content-Length'] = String(size);
    await http.json<unknown>({
      ...call,
      // An upload has no natural time budget; the caller's signal ends it.
      timeoutMs: timeoutMs ?? 0,
      method: 'PUT',
      path: urlPath`images/${id}/${sub}`,
      headers: sent,
      body: data,
    });
  };

  const action = async (id: string, name: string, call: CallOptions): Promise<void> => {
    await http.json<unknown>({
      ...call,
      method: 'POST',
      path: urlPath`images/${id}/actions/${name}`,
    });
  };

  const patch = (
    id: string,
    operations: readonly JsonPatchOperation[],
    call: CallOptions = {},
  ): Promise<GlanceImage> =>
    http.json<GlanceImage>({
      ...call,
      method: 'PATCH',
      path: urlPath`images/${id}`,
      headers: { ...call.headers, 'Content-Type': IMAGE_PATCH_MEDIA_TYPE },
      body: JSON.stringify(operations),
    });

  const get = (id: string, call: CallOptions = {}): Promise<GlanceImage> =>
    http.json<GlanceImage>({ ...call, path: urlPath`images/${id}` });

  return {
    list,
    async listAll(options = {}) {
      const { maxPages = ALL_MAX_PAGES, ...rest } = options;
      const images: GlanceImage[] = [];
      let marker: string | undefined;
      for (let page = 0; page < maxPages; page++) {
        const answer = await list({ ...rest, limit: rest.limit ?? ALL_PAGE_SIZE, marker });
        images.push(...answer.images);
        marker = answer.nextMarker;
        if (marker === undefined) return { images, truncated: false };
      }
      return { images, truncated: true };
    },
    get,
    create: (image, call = {}) =>
      http.json<GlanceImage>({ ...call, method: 'POST', path: 'images', json: image }),
    async update(id, changes, options = {}) {
      const { current, ...call } = options;
      const before = current ?? (await get(id, call));
      const operations = imagePatch(before, changes);
      if (operations.length === 0) return before;
      return patch(id, operations, call);
    },
    patch,
    async delete(id, call = {}) {
      await http.json<unknown>({ ...call, method: 'DELETE', path: urlPath`images/${id}` });
    },
    deactivate: (id, call = {}) => action(id, 'deactivate', call),
    reactivate: (id, call = {}) => action(id, 'reactivate', call),
    upload: (id, data, options = {}) => put(id, 'file', data, options),
    stage: (id, data, options = {}) => put(id, 'stage', data, options),
    async import(id, body, call = {}) {
      await http.json<unknown>({
        ...call,
        method: 'POST',
        path: urlPath`images/${id}/import`,
        json: body,
      });
    },
    download: (id, call = {}) =>
      http.raw({
        ...call,
        path: urlPath`images/${id}/file`,
        headers: { Accept: 'application/octet-stream', ...call.headers },
      }),
  };
}
