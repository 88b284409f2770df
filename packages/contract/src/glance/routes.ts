import { Image, ImageApiVersion, ImageCreateBody, ImageCreated, ImageList } from './images';
import { ImageListQuery, ImagePropertiesAnswer, ImageUpdateBody } from './images';
import { MetadefNamespaceList, MetadefNamespaceQuery, MetadefResourceTypeList } from './metadefs';
import { MetadataUpdate, NoContent } from '../common';
import { IdParams } from '../keystone/projects';
import { route, routes } from '../route';

/** /api/glance/… (spec 2 §7 "Images"). */
export const glanceRoutes = {
  ...routes('glance', {
    version: route({
      method: 'GET',
      path: '/api/glance/version/',
      response: { 200: ImageApiVersion },
    }),
  }),
  ...routes('glance.images', {
    list: route({
      method: 'GET',
      path: '/api/glance/images/',
      query: ImageListQuery,
      response: { 200: ImageList },
    }),
    /** Every source but the legacy upload; direct mode answers an upload_url for the file. */
    create: route({
      method: 'PUT',
      path: '/api/glance/images/',
      body: ImageCreateBody,
      response: { 201: ImageCreated },
    }),
    /** Legacy upload: the image form's fields, then the file, as one multipart form. */
    upload: route({
      method: 'POST',
      path: '/api/glance/images/',
      bodyKind: 'multipart',
      response: { 201: Image },
    }),
    /** Direct mode's second step: the file itself, streamed to Glance by the server. */
    uploadFile: route({
      method: 'PUT',
      path: '/api/glance/images/:id/file/',
      params: IdParams,
      bodyKind: 'stream',
      response: { 200: Image },
    }),
    get: route({
      method: 'GET',
      path: '/api/glance/images/:id/',
      params: IdParams,
      response: { 200: Image },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/glance/images/:id/',
      params: IdParams,
      body: ImageUpdateBody,
      response: { 200: Image },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/glance/images/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
    properties: route({
      method: 'GET',
      path: '/api/glance/images/:id/properties/',
      params: IdParams,
      response: { 200: ImagePropertiesAnswer },
    }),
    updateProperties: route({
      method: 'PATCH',
      path: '/api/glance/images/:id/properties/',
      params: IdParams,
      body: MetadataUpdate,
      response: { 204: NoContent },
    }),
  }),
  ...routes('glance.metadefs', {
    namespaces: route({
      method: 'GET',
      path: '/api/glance/metadefs/namespaces/',
      query: MetadefNamespaceQuery,
      response: { 200: MetadefNamespaceList },
    }),
    resourceTypes: route({
      method: 'GET',
      path: '/api/glance/metadefs/resourcetypes/',
      response: { 200: MetadefResourceTypeList },
    }),
  }),
};
