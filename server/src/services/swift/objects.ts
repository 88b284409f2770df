import type { SloSegment, SwiftClient } from '@skydeck/openstack-client';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import { StreamSplitter } from './segments';

/** Where the segments of `<container>`'s large objects go (Horizon and the swift CLI agree). */
export const segmentsContainerOf = (container: string): string => `${container}_segments`;

/** Segments of one upload of `name`: `<name>/slo/<stamp>/<size>/<segment size>/<index>`. */
const segmentPrefix = (name: string): string => `${name}/slo/`;

const deleteQuietly = async (
  swift: SwiftClient,
  container: string,
  name: string,
): Promise<void> => {
  try {
    await swift.deleteObject(container, name);
  } catch (error) {
    if (!(error instanceof OpenStackHttpError && error.status === 404)) throw error;
  }
};

/** Every segment name under `prefix` in the segments container, page by page. */
const segmentNames = async (
  swift: SwiftClient,
  container: string,
  prefix: string,
): Promise<string[]> => {
  const names: string[] = [];
  let marker: string | undefined;
  for (;;) {
    let page;
    try {
      page = await swift.listObjects(container, { prefix, marker, limit: 1000 });
    } catch (error) {
      if (error instanceof OpenStackHttpError && error.status === 404) return names;
      throw error;
    }
    for (const row of page) if ('name' in row) names.push(row.name);
    if (page.length < 1000) return names;
    const last = page.at(-1);
    marker = last && 'name' in last ? last.name : undefined;
    if (marker === undefined) return names;
  }
};

export interface UploadOptions {
  /** The body's exact length (Content-Length). */
  size: number;
  segmentBytes: number;
  contentType?: string;
  signal: AbortSignal;
}

/**
 * Stores `source` as `name`: in one PUT up to `segmentBytes`, else as a Static Large Object
 * whose segments go one after the other into `<container>_segments` (each streamed, so the
 * server holds no more than a chunk) and whose manifest comes last. A failure or a cancelled
 * upload deletes the segments already stored, so none is left behind; a replaced large object's
 * old segments are deleted once the new one stands.
 */
export const uploadObject = async (
  swift: SwiftClient,
  container: string,
  name: string,
  source: AsyncIterable<Uint8Array>,
  options: UploadOptions,
): Promise<void> => {
  const { size, segmentBytes, signal } = options;
  const previous = await swift.headObject(container, name).catch((error: unknown) => {
    if (error instanceof OpenStackHttpError && error.status === 404) return undefined;
    throw error;
  });
  if (size <= segmentBytes) {
    await swift.putObject(container, name, source, {
      size,
      contentType: options.contentType,
      signal,
    });
  } else {
    const segments = segmentsContainerOf(container);
    await swift.createContainer(segments, {}, { signal });
    const stamp = `${segmentPrefix(name)}${Date.now().toString(36)}/${size}/${segmentBytes}/`;
    const splitter = new StreamSplitter(source);
    const stored: SloSegment[] = [];
    try {
      for (let offset = 0, index = 0; offset < size; offset += segmentBytes, index++) {
        const length = Math.min(segmentBytes, size - offset);
        const path = `${stamp}${String(index).padStart(8, '0')}`;
        const etag = await swift.putObject(segments, path, splitter.piece(length), {
          size: length,
          signal,
        });
        stored.push({ path: `/${segments}/${path}`, etag, size_bytes: length });
      }
      await swift.putManifest(container, name, stored, {
        contentType: options.contentType,
        signal,
      });
    } catch (error) {
      await splitter.stop();
      // Not under the upload's signal: that one may be what stopped the upload.
      for (const segment of stored) {
        await deleteQuietly(swift, segments, segment.path.slice(segments.length + 2)).catch(
          () => undefined,
        );
      }
      throw error;
    }
  }
  if (previous?.isStaticLargeObject) await deleteOldSegments(swift, container, name);
};

/** Segments of `name` that its current manifest no longer names (after a replace). */
const deleteOldSegments = async (
  swift: SwiftClient,
  container: string,
  name: string,
): Promise<void> => {
  const segments = segmentsContainerOf(container);
  const current = await swift.headObject(container, name);
  const all = await segmentNames(swift, segments, segmentPrefix(name));
  if (!current.isStaticLargeObject) {
    for (const segment of all) await deleteQuietly(swift, segments, segment);
    return;
  }
  // The newest upload's stamp sorts last only by time; find the one the manifest uses instead.
  const manifest = await swift.getManifest(container, name);
  const keep = new Set(manifest.map((entry) => entry.name.replace(`/${segments}/`, '')));
  for (const segment of all) if (!keep.has(segment)) await deleteQuietly(swift, segments, segment);
};

/**
 * Deletes an object, and a large object's segments with it (`?multipart-manifest=delete`, asked
 * only of a manifest: a plain object is deleted plainly). A folder (a name ending with `/`) is
 * its marker object.
 */
export const deleteObject = async (
  swift: SwiftClient,
  container: string,
  name: string,
): Promise<void> => {
  if (name.endsWith('/')) {
    await swift.deleteObject(container, name);
    return;
  }
  const head = await swift.headObject(container, name);
  await swift.deleteObject(container, name, { multipartManifest: head.isStaticLargeObject });
};
