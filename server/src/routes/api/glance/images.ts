import type { FastifyPluginAsync } from 'fastify';
import {
  type ImageList as ImageListShape,
  LIST_IDS_MAX,
  routeTable as api,
} from '@skydeck/contract';
import type { ImageFilters } from '@skydeck/openstack-client';
import { createImageFromUrl } from '../../../services/glance/images';
import {
  checkPaging,
  readFilteredPage,
  readPage,
  wantsPage,
  wholeList,
} from '../../../lib/listPage';
import { serve, serveNoContent } from '../../serve';
import { serveMetadata } from '../../serveMetadata';
import type { RouteDeps } from '../../deps';
import { ImageRequestError, imageCreateRequest, imageUpdateChanges } from './imageCreate';
import { nameContains } from './imageNameFilter';
import { editablePropertiesOf, toImage } from './imageView';

/** paginate=false and unpaged lists read at most this many images (pages of Glance's maximum). */
const ALL_PAGE_SIZE = 1000;
const ALL_MAX_PAGES = 20;

/** Glance's order when the request names none: newest first. */
const GLANCE_DEFAULT_SORT = { key: 'created_at', dir: 'desc' } as const;

/** Glance image ids are UUIDs (its image schema's `id` pattern). */
const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of `ids=a,b,c`, each checked: a bad one is a 400 naming it, never a Glance error. */
export const imageIdsOf = (text: string): string[] => {
  const ids = [...new Set(text.split(',').map((id) => id.trim()))];
  if (ids.length > LIST_IDS_MAX) {
    throw new ImageRequestError(`ids takes at most ${LIST_IDS_MAX} image ids`);
  }
  const bad = ids.find((id) => !IMAGE_ID.test(id));
  if (bad !== undefined) {
    throw new ImageRequestError(
      bad === '' ? 'ids has an empty entry' : `ids: ${bad.slice(0, 64)} is not an image id`,
    );
  }
  return ids;
};

/** Where the browser PUTs a file-direct upload: this server, never Glance with a token. */
export const uploadUrlFor = (webroot: string, id: string): string =>
  `${webroot}api/glance/images/${encodeURIComponent(id)}/file/`;

/**
 * /api/glance/ — version, image list/show/edit/delete, the properties of one image, and create
 * from a URL or for a direct upload (the file then goes to PUT …/file/, see uploads.ts).
 */
export const imageRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const { settings, webroot } = deps.config;

  serve(app, api['glance.version'], async (request) => {
    const { current } = await request.openstack.glance.version();
    return { version: Number.parseInt(current, 10), current };
  });

  serve(app, api['glance.images.list'], async (request): Promise<ImageListShape> => {
    const { paginate, limit, marker, prev_marker, ids, sort_key, sort_dir, tag, name, ...rest } =
      request.query;
    const filters: ImageFilters = { ...rest };
    if (tag !== undefined) filters.tag = [tag];
    const glance = request.openstack.glance;
    const paging = { paginate, limit, marker, prev_marker };
    checkPaging(paging);
    const byName = name !== undefined && name.trim() !== '' ? nameContains(name) : undefined;
    if (ids !== undefined) {
      // Only the named images (e.g. the rows still changing), in one call: Glance's `in:`.
      const wanted = imageIdsOf(ids);
      if (marker !== undefined || prev_marker !== undefined) {
        throw new ImageRequestError('ids cannot be combined with marker or prev_marker');
      }
      const page = await glance.images.list({
        filters: { ...filters, id: `in:${wanted.join(',')}` },
        limit: wanted.length,
        sortKey: sort_key,
        sortDir: sort_dir,
      });
      return wholeList(byName ? page.images.filter(byName) : page.images, false, toImage);
    }
    const paged = wantsPage(paging);
    const size = limit ?? settings.API_RESULT_PAGE_SIZE;
    const listAll = () =>
      glance.images.listAll({
        filters,
        sortKey: sort_key,
        sortDir: sort_dir,
        limit: ALL_PAGE_SIZE,
        maxPages: ALL_MAX_PAGES,
      });
    if (byName && !paged) {
      // A part of a name, any case: Glance only matches whole names (see imageNameFilter.ts).
      const all = await listAll();
      return wholeList(all.images.filter(byName), all.truncated, toImage);
    }
    if (byName) {
      // A page of them is read from the marker on, only as far as it takes to fill it.
      return readFilteredPage(
        { marker, prev_marker, sort_key, sort_dir },
        size,
        GLANCE_DEFAULT_SORT,
        async (read) => (await glance.images.list({ filters, ...read })).images,
        byName,
        toImage,
      );
    }
    if (!paged) {
      const all = await listAll();
      return wholeList(all.images, all.truncated, toImage);
    }
    return readPage(
      { marker, prev_marker, sort_key, sort_dir },
      size,
      GLANCE_DEFAULT_SORT,
      async (read) => (await glance.images.list({ filters, ...read })).images,
      toImage,
    );
  });

  serve(app, api['glance.images.create'], async (request, reply) => {
    const body = request.body;
    const glance = request.openstack.glance;
    if (body.source_type === 'file-legacy') {
      throw new ImageRequestError(
        'A file-legacy upload is a multipart/form-data POST to this address',
      );
    }
    if (body.source_type === 'file-direct' && settings.HORIZON_IMAGES_UPLOAD_MODE === 'off') {
      throw new ImageRequestError('Image upload is disabled on this dashboard');
    }
    if (body.source_type === 'url' && !body.image_url) {
      throw new ImageRequestError('image_url is required when source_type is url');
    }
    if (body.source_type === 'file-direct') {
      const created = await glance.images.create(imageCreateRequest(body));
      return reply
        .code(201)
        .send({ ...toImage(created), upload_url: uploadUrlFor(webroot, created.id) });
    }
    const image = await createImageFromUrl(glance, imageCreateRequest(body), {
      url: body.image_url ?? '',
      asLocation: settings.IMAGES_ALLOW_LOCATION && body.import_data === false,
    });
    return reply.code(201).send(toImage(image));
  });

  serve(app, api['glance.images.get'], async (request) =>
    toImage(await request.openstack.glance.images.get(request.params.id)),
  );

  serve(app, api['glance.images.update'], async (request) => {
    const updated = await request.openstack.glance.images.update(
      request.params.id,
      imageUpdateChanges(request.body),
    );
    return toImage(updated);
  });

  serveNoContent(app, api['glance.images.delete'], (request) =>
    request.openstack.glance.images.delete(request.params.id),
  );

  serveMetadata(
    app,
    { read: api['glance.images.properties'], write: api['glance.images.updateProperties'] },
    {
      get: async (openstack, id) => editablePropertiesOf(await openstack.glance.images.get(id)),
      apply: (openstack, id, { updated, removed }) =>
        openstack.glance.images.update(id, { set: updated, remove: removed }),
    },
  );
};
