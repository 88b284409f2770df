import type {
  SwiftContainer,
  SwiftContainerList,
  SwiftObject,
  SwiftObjectDetails,
  SwiftObjectList,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery, routeUrl } from '../../api/api';
import { ApiError, webRoot } from '../../api/http';
import { mutation } from '../../api/queryClient';
import { uploadWithProgress } from '../../api/upload';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** Rows per page of the container list and of the object browser. */
export const SWIFT_PAGE_SIZE = 100;

/** Containers and objects (/api/swift/, spec 3 §7 "Object storage"). */
export const swiftQueries = {
  all: () => resourceKey('swift'),
  containers: (prefix: string, marker: string | undefined) =>
    routeQuery(
      'swift.containers.list',
      { query: { prefix: prefix || undefined, marker, limit: SWIFT_PAGE_SIZE } },
      { meta: { errorMessage: msg('Unable to retrieve the Swift containers.') } },
    ),
  container: (container: string) =>
    routeQuery(
      'swift.containers.get',
      { params: { container } },
      {
        meta: {
          errorMessage: msg('Unable to retrieve the Swift container.'),
          silentStatuses: [404],
        },
      },
    ),
  objects: (container: string, path: string, filter: string, marker: string | undefined) =>
    routeQuery(
      'swift.objects.list',
      {
        params: { container },
        query: {
          path: path || undefined,
          filter: filter || undefined,
          marker,
          limit: SWIFT_PAGE_SIZE,
        },
      },
      { meta: { errorMessage: msg('Unable to retrieve the Swift objects.') } },
    ),
  details: (container: string, name: string) =>
    routeQuery(
      'swift.objects.details',
      { params: { container, name } },
      { meta: { errorMessage: msg('Unable to retrieve the Swift object.') } },
    ),
  info: () =>
    routeQuery('swift.info', undefined, { staleTime: Infinity, meta: { silentStatuses: [503] } }),
};

export const CONTAINER_PUBLIC = msg('Container {{name}} is now public.');
export const CONTAINER_PRIVATE = msg('Container {{name}} is now private.');
export const CONTAINER_CREATED = msg('Container {{name}} created.');
export const CONTAINER_DELETED = msg('Container {{name}} deleted.');
export const FILE_UPLOADED = msg('File {{name}} uploaded.');
export const FOLDER_CREATED = msg('Folder {{name}} created.');
export const OBJECT_COPIED = msg('Object {{path}} has copied.');

export const swiftMutations = {
  createContainer: mutation({
    fn: (vars: { name: string; isPublic: boolean }): Promise<SwiftContainer> =>
      api('swift.containers.create', {
        params: { container: vars.name },
        body: { is_public: vars.isPublic },
      }),
    invalidates: [swiftQueries.all()],
    successMessage: (_data, vars) => t(CONTAINER_CREATED, { name: vars.name }),
    errorMessage: msg('Unable to create the Swift container.'),
    inlineErrors: true,
  }),
  setAccess: mutation({
    fn: (vars: { name: string; isPublic: boolean }): Promise<SwiftContainer> =>
      api('swift.containers.setAccess', {
        params: { container: vars.name },
        body: { is_public: vars.isPublic },
      }),
    invalidates: [swiftQueries.all()],
    successMessage: (data) =>
      t(data.is_public ? CONTAINER_PUBLIC : CONTAINER_PRIVATE, { name: data.name }),
    errorMessage: msg('Unable to update the Swift container.'),
  }),
  deleteContainer: mutation({
    fn: async (name: string): Promise<void> => {
      await api('swift.containers.delete', { params: { container: name } });
    },
    invalidates: [swiftQueries.all()],
    successMessage: (_data, name) => t(CONTAINER_DELETED, { name }),
    // No message of ours: Swift's own (409, the container is not empty) is the one to show
    // (spec 2 §8), and the server words every other failure.
  }),
  createFolder: mutation({
    fn: async (vars: { container: string; path: string; name: string }): Promise<void> => {
      await api('swift.objects.createFolder', {
        params: { container: vars.container, name: `${vars.path}${vars.name}/` },
      });
    },
    invalidates: [swiftQueries.all()],
    successMessage: (_data, vars) => t(FOLDER_CREATED, { name: vars.name }),
    errorMessage: msg('Unable to create the folder.'),
    inlineErrors: true,
  }),
  copy: mutation({
    fn: async (vars: {
      container: string;
      path: string;
      destContainer: string;
      destName: string;
    }): Promise<void> => {
      await api('swift.objects.copy', {
        params: { container: vars.container, name: vars.path },
        body: { dest_container: vars.destContainer, dest_name: vars.destName },
      });
    },
    invalidates: [swiftQueries.all()],
    successMessage: (_data, vars) => t(OBJECT_COPIED, { path: vars.path }),
    errorMessage: msg('Unable to copy the Swift object.'),
    inlineErrors: true,
  }),
};

/**
 * Uploads a file as `name` (streamed by the server into Swift; a large file becomes a Static
 * Large Object there), reporting bytes sent. Aborting the signal cancels it, and the server
 * removes what it had stored.
 */
export function uploadObject(
  container: string,
  name: string,
  file: Blob,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
): Promise<SwiftObjectDetails> {
  const { method, url } = routeUrl('swift.objects.upload', { container, name });
  return uploadWithProgress<SwiftObjectDetails>({ method, url, body: file, onProgress, signal });
}

/** Whether an object of that name exists (the upload form's check). */
export async function objectExists(container: string, name: string): Promise<boolean> {
  try {
    await api('swift.objects.details', { params: { container, name } });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/** Whether a container of that name exists (the create form's asynchronous check). */
export async function containerExists(name: string): Promise<boolean> {
  try {
    await api('swift.containers.get', { params: { container: name } });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/**
 * The address of an object's bytes, for a link: the server streams them from Swift straight
 * into the browser's download (or its viewer), so the page never holds the file.
 */
export function objectHref(container: string, name: string, download: boolean): string {
  const { url } = routeUrl('swift.objects.download', { container, name });
  return `${webRoot()}${url}${download ? '?download=true' : ''}`;
}

/** One page of a folder's rows, every row under it with `recursive`. */
export function listObjectsPage(
  container: string,
  path: string,
  marker: string | undefined,
  recursive: boolean,
  signal?: AbortSignal,
): Promise<SwiftObjectList> {
  return api('swift.objects.list', {
    params: { container },
    query: { path: path || undefined, marker, recursive, limit: 1000 },
    signal,
  });
}

export async function deleteObjectPath(container: string, path: string): Promise<void> {
  await api('swift.objects.delete', { params: { container, name: path } });
}

export type { SwiftContainer, SwiftContainerList, SwiftObject, SwiftObjectDetails };
