import { queryOptions } from '@tanstack/react-query';
import type {
  AvailabilityZoneList,
  CinderLimits,
  Image,
  ImageApiVersion,
  ImageCreateBody,
  ImageCreated,
  ImageList,
  ImageUpdateBody,
  ProjectList,
  Volume,
  VolumeCreateBody,
  VolumeType,
  VolumeTypeList,
} from '@skydeck/contract';
import { apiFetch, type QueryValue } from '../../api/http';
import { mutation } from '../../api/queryClient';
import { uploadWithProgress } from '../../api/upload';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { uploadPercent } from './imageRules';

const itemPath = (id: string): string => `api/glance/images/${encodeURIComponent(id)}/`;

/** Facet sizes are typed in MB; Glance filters in bytes. */
const MB = 1024 * 1024;

/** The facet values as the list route's query (spec 2 §9 server-side image facets). */
export function imageListQuery(filters: Record<string, string>): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === '') continue;
    if (key === 'size_min' || key === 'size_max') {
      const n = Number(value);
      if (Number.isFinite(n) && n >= 0) query[key] = Math.round(n * MB);
    } else {
      query[key] = value;
    }
  }
  return query;
}

/** Key factory + queryOptions for /api/glance/ and what Create Volume reads of /api/cinder/. */
export const imageQueries = {
  all: () => ['glance', 'images'] as const,
  list: (filters: Record<string, string> = {}) =>
    queryOptions({
      queryKey: [...imageQueries.all(), 'list', filters] as const,
      queryFn: ({ signal }) =>
        apiFetch<ImageList>('api/glance/images/', {
          query: imageListQuery(filters),
          signal,
        }).then((r) => r.items),
      meta: { errorMessage: msg('Unable to retrieve the images.') },
    }),
  /** Active images of one disk format, every page, by name (kernel and ramdisk pick lists). */
  byFormat: (diskFormat: 'aki' | 'ari') =>
    queryOptions({
      queryKey: [...imageQueries.all(), 'list', { disk_format: diskFormat, status: 'active' }],
      queryFn: ({ signal }) =>
        apiFetch<ImageList>('api/glance/images/', {
          query: {
            paginate: false,
            disk_format: diskFormat,
            status: 'active',
            sort_key: 'name',
            sort_dir: 'asc',
          },
          signal,
        }).then((r) => r.items),
      meta: { errorMessage: msg('Unable to retrieve the images.') },
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...imageQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => apiFetch<Image>(itemPath(id), { signal }),
      meta: { errorMessage: msg('Unable to retrieve the image.'), silentStatuses: [404] },
    }),
  version: () =>
    queryOptions({
      queryKey: ['glance', 'version'] as const,
      queryFn: ({ signal }) => apiFetch<ImageApiVersion>('api/glance/version/', { signal }),
      staleTime: Infinity,
      meta: { errorMessage: msg('Unable to retrieve the image API version.') },
    }),
  /** Every project (owner column names); a user who may not list them sees ids. */
  projects: () =>
    queryOptions({
      queryKey: ['keystone', 'projects', 'list', {}] as const,
      queryFn: ({ signal }) =>
        apiFetch<ProjectList>('api/keystone/projects/', { signal }).then((r) => r.items),
      staleTime: 5 * 60_000,
      meta: { errorMessage: msg('Unable to retrieve the projects.'), silentStatuses: [403] },
    }),
};

export const volumeQueries = {
  all: () => ['cinder'] as const,
  types: () =>
    queryOptions({
      queryKey: ['cinder', 'volumetypes', 'list'] as const,
      queryFn: ({ signal }) =>
        apiFetch<VolumeTypeList>('api/cinder/volumetypes/', { signal }).then((r) => r.items),
      meta: { errorMessage: msg('Unable to retrieve the volume types.') },
    }),
  defaultType: () =>
    queryOptions({
      queryKey: ['cinder', 'volumetypes', 'default'] as const,
      queryFn: ({ signal }) => apiFetch<VolumeType>('api/cinder/volumetypes/default/', { signal }),
      meta: { silentStatuses: [404] },
    }),
  availabilityZones: () =>
    queryOptions({
      queryKey: ['cinder', 'availzones', 'list'] as const,
      queryFn: ({ signal }) =>
        apiFetch<AvailabilityZoneList>('api/cinder/availzones/', { signal }).then((r) => r.items),
      meta: { errorMessage: msg('Unable to retrieve the availability zones.') },
    }),
  limits: () =>
    queryOptions({
      queryKey: ['cinder', 'tenantabsolutelimits'] as const,
      queryFn: ({ signal }) =>
        apiFetch<CinderLimits>('api/cinder/tenantabsolutelimits/', { signal }),
      meta: { errorMessage: msg('Unable to retrieve the limits.') },
    }),
};

export const IMAGE_CREATED = msg('Image {{name}} was successfully created.');
export const IMAGE_UPDATED = msg('Image {{name}} was successfully updated.');
export const CREATING_VOLUME = msg('Creating volume {{name}}');

export interface ImageCreateInput {
  body: ImageCreateBody;
  file?: File;
  /** -1 before the first progress event, then whole percents. */
  onProgress?: (percent: number) => void;
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
  const { body, file, onProgress } = input;
  const progress = (loaded: number, total: number): void =>
    onProgress?.(uploadPercent(loaded, total));
  if (body.source_type === 'url') {
    const { data: _drop, ...rest } = body;
    return apiFetch<ImageCreated>('api/glance/images/', { method: 'PUT', body: rest });
  }
  if (!file) throw new Error('A file is required');
  const { image_url: _drop, ...rest } = body;
  onProgress?.(-1);
  if (body.source_type === 'file-legacy') {
    return uploadWithProgress<Image>({
      method: 'POST',
      url: 'api/glance/images/',
      body: legacyUploadForm(rest, file),
      onProgress: progress,
    });
  }
  const created = await apiFetch<ImageCreated>('api/glance/images/', {
    method: 'PUT',
    body: { ...rest, data: file.name },
  });
  if (!created.upload_url) return created;
  return uploadWithProgress<Image>({
    method: 'PUT',
    url: created.upload_url,
    body: file,
    onProgress: progress,
  });
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
      apiFetch<Image>(itemPath(id), { method: 'PATCH', body }),
    invalidates: [imageQueries.all()],
    successMessage: (image) => t(IMAGE_UPDATED, { name: image.name ?? image.id }),
    errorMessage: msg('Unable to update the image.'),
    inlineErrors: true,
  }),
  createVolume: mutation({
    fn: (body: VolumeCreateBody) =>
      apiFetch<Volume>('api/cinder/volumes/', { method: 'POST', body }),
    invalidates: [
      ['cinder', 'volumes'],
      ['cinder', 'tenantabsolutelimits'],
    ],
    successMessage: (volume, body) =>
      t(CREATING_VOLUME, { name: volume.name || body.name || volume.id }),
    successType: 'info',
    errorMessage: msg('Unable to create the volume.'),
    inlineErrors: true,
  }),
};

export async function removeImage(image: Image): Promise<void> {
  await apiFetch<unknown>(itemPath(image.id), { method: 'DELETE' });
}
