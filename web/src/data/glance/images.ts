import type {
  Image,
  ImageCreateBody,
  ImageListQuery,
  ImageSortKey,
  ImageUpdateBody,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery, routeUrl } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { uploadPercent, uploadWithProgress } from '../../api/upload';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { markerQuery, sortKeyIn } from '../paging';
import type { PageRequest } from '../../registry/types';

/** Facet sizes are typed in MB; Glance filters in bytes. */
const MB = 1024 * 1024;

/** The facet values as the list route's query (spec 2 §9 server-side image facets). */
export function imageListQuery(filters: Record<string, string>): ImageListQuery {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === '') continue;
    if (key === 'size_min' || key === 'size_max') {
      const n = Number(value);
      if (Number.isFinite(n) && n >= 0) query[key] = Math.round(n * MB);
    } else {
      query[key] = value;
    }
  }
  // The facets are the list query's own fields; the server validates them again.
  return query as ImageListQuery;
}

const LIST_FAILED = msg('Unable to retrieve the images.');

/** Most ids one `ids=` list takes (the contract's LIST_IDS_MAX); more rows re-list instead. */
export const IMAGE_IDS_MAX = 100;

/** What Glance sorts by (the list route's sort_key values). */
const IMAGE_SORT_KEYS: readonly ImageSortKey[] = [
  'name',
  'status',
  'container_format',
  'disk_format',
  'size',
  'id',
  'created_at',
  'updated_at',
];

/** Images (/api/glance/images/, spec 2 §7). */
export const imageQueries = {
  all: () => resourceKey('glance.images'),
  list: (filters: Record<string, string> = {}) =>
    routeQuery(
      'glance.images.list',
      { query: imageListQuery(filters) },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  /** One page of images, with the markers of its neighbours (admin images' server paging). */
  page: (filters: Record<string, string>, page: PageRequest) =>
    routeQuery(
      'glance.images.list',
      {
        query: {
          ...imageListQuery(filters),
          paginate: true,
          // The table's order (by default Name, A to Z), so pages follow on from each other in it.
          ...markerQuery(page, sortKeyIn(IMAGE_SORT_KEYS, page.sort_key, 'name')),
        },
      },
      { meta: { errorMessage: LIST_FAILED } },
    ),
  /**
   * Only these images (under the same facets): what polling re-reads while they change, so a
   * table of thousands does not re-list them all every few seconds. Undefined past the limit.
   */
  byIds: (ids: readonly string[], filters: Record<string, string> = {}) =>
    ids.length === 0 || ids.length > IMAGE_IDS_MAX
      ? undefined
      : routeQuery(
          'glance.images.list',
          { query: { ...imageListQuery(filters), ids: [...ids].sort().join(',') } },
          { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
        ),
  /** Active images of one disk format, every page, by name (kernel and ramdisk pick lists). */
  byFormat: (diskFormat: 'aki' | 'ari') =>
    routeQuery(
      'glance.images.list',
      {
        query: {
          paginate: false,
          disk_format: diskFormat,
          status: 'active',
          sort_key: 'name',
          sort_dir: 'asc',
        },
      },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  /** Active images by name, every page: what an instance boots from (the launch wizard). */
  bootable: () =>
    routeQuery(
      'glance.images.list',
      { query: { paginate: false, status: 'active', sort_key: 'name', sort_dir: 'asc' } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve the images.') } },
    ),
  detail: (id: string) =>
    routeQuery(
      'glance.images.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the image.'), silentStatuses: [404] } },
    ),
  version: () =>
    routeQuery('glance.version', undefined, {
      staleTime: Infinity,
      meta: { errorMessage: msg('Unable to retrieve the image API version.') },
    }),
};

export const IMAGE_CREATED = msg('Image {{name}} was successfully created.');
export const IMAGE_UPDATED = msg('Image {{name}} was successfully updated.');

export interface ImageCreateInput {
  body: ImageCreateBody;
  file?: File;
  /** -1 before the first progress event, then whole percents. */
  onProgress?: (percent: number) => void;
  /** Cancelling the form aborts the request and the upload (spec 2 §7: no half-made image). */
  signal?: AbortSignal;
}

/** Multipart fields for the legacy upload: the form first, the file last (server contract). */
export function legacyUploadForm(body: ImageCreateBody, file: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || key === 'data' || key === 'image_url') continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  // Its length up front lets the server send it on to Glance with a Content-Length.
  form.append('data_size', String(file.size));
  form.append('data', file, file.name);
  return form;
}

/**
 * Spec 2 §7 create: url → PUT JSON without data; file-legacy → multipart POST streamed through
 * the server; file-direct → PUT JSON naming the file, then the raw file PUT to the returned
 * upload_url (our own server).
 */
export async function createImage(input: ImageCreateInput): Promise<Image> {
  const { body, file, onProgress, signal } = input;
  const progress = (loaded: number, total: number): void =>
    onProgress?.(uploadPercent(loaded, total));
  if (body.source_type === 'url') {
    const { data: _drop, ...rest } = body;
    return api('glance.images.create', { body: rest, signal });
  }
  if (!file) throw new Error('A file is required');
  const { image_url: _drop, ...rest } = body;
  onProgress?.(-1);
  if (body.source_type === 'file-legacy') {
    // The server discards the half-made image when this upload is aborted.
    return uploadWithProgress<Image>({
      ...routeUrl('glance.images.upload'),
      body: legacyUploadForm(rest, file),
      onProgress: progress,
      signal,
    });
  }
  const created = await api('glance.images.create', {
    body: { ...rest, data: file.name },
    signal,
  });
  if (!created.upload_url) return created;
  try {
    return await uploadWithProgress<Image>({
      method: 'PUT',
      url: created.upload_url,
      body: file,
      onProgress: progress,
      signal,
    });
  } catch (error) {
    // The image record exists already: a cancelled upload must not leave it queued.
    if (signal?.aborted) {
      await api('glance.images.delete', { params: { id: created.id } }).catch(() => undefined);
    }
    throw error;
  }
}

export const imageMutations = {
  create: mutation({
    fn: createImage,
    invalidates: [imageQueries.all()],
    successMessage: (image, { body }) => t(IMAGE_CREATED, { name: image.name ?? body.name }),
    errorMessage: msg('Unable to create the image.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: ImageUpdateBody }) =>
      api('glance.images.update', { params: { id }, body }),
    invalidates: [imageQueries.all()],
    successMessage: (image) => t(IMAGE_UPDATED, { name: image.name ?? image.id }),
    errorMessage: msg('Unable to update the image.'),
    inlineErrors: true,
  }),
};

export async function removeImage(image: Image): Promise<void> {
  await api('glance.images.delete', { params: { id: image.id } });
}
