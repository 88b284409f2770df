import { NoContent } from '../common';
import { route, routes } from '../route';
import {
  ContainerParams,
  ObjectData,
  ObjectParams,
  SwiftContainer,
  SwiftContainerAccessBody,
  SwiftContainerCreateBody,
  SwiftContainerList,
  SwiftContainerListQuery,
  SwiftCopyBody,
  SwiftDownloadQuery,
  SwiftInfo,
  SwiftObjectDetails,
  SwiftObjectList,
  SwiftObjectListQuery,
} from './objects';

/** /api/swift/… (spec 2 §7 "Swift", spec 3 §7 "Object storage"). */
export const swiftRoutes = {
  ...routes('swift', {
    info: route({ method: 'GET', path: '/api/swift/info/', response: { 200: SwiftInfo } }),
  }),
  ...routes('swift.containers', {
    list: route({
      method: 'GET',
      path: '/api/swift/containers/',
      query: SwiftContainerListQuery,
      response: { 200: SwiftContainerList },
    }),
    get: route({
      method: 'GET',
      path: '/api/swift/containers/:container/metadata/',
      params: ContainerParams,
      response: { 200: SwiftContainer },
    }),
    create: route({
      method: 'POST',
      path: '/api/swift/containers/:container/metadata/',
      params: ContainerParams,
      body: SwiftContainerCreateBody,
      response: { 201: SwiftContainer },
    }),
    setAccess: route({
      method: 'PUT',
      path: '/api/swift/containers/:container/metadata/',
      params: ContainerParams,
      body: SwiftContainerAccessBody,
      response: { 200: SwiftContainer },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/swift/containers/:container/metadata/',
      params: ContainerParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('swift.objects', {
    list: route({
      method: 'GET',
      path: '/api/swift/containers/:container/objects/',
      params: ContainerParams,
      query: SwiftObjectListQuery,
      response: { 200: SwiftObjectList },
    }),
    details: route({
      method: 'GET',
      path: '/api/swift/containers/:container/metadata/:name',
      params: ObjectParams,
      response: { 200: SwiftObjectDetails },
    }),
    /** The file as application/octet-stream with its Content-Length, streamed to Swift. */
    upload: route({
      method: 'POST',
      path: '/api/swift/containers/:container/object/:name',
      params: ObjectParams,
      bodyKind: 'stream',
      response: { 201: SwiftObjectDetails },
    }),
    /** The object's bytes, streamed from Swift; a page of ours may open it (view, download). */
    download: route({
      method: 'GET',
      path: '/api/swift/containers/:container/object/:name',
      params: ObjectParams,
      query: SwiftDownloadQuery,
      response: { 200: ObjectData },
    }),
    /** An object, or a folder marker when the name ends with `/`; a large object's segments too. */
    delete: route({
      method: 'DELETE',
      path: '/api/swift/containers/:container/object/:name',
      params: ObjectParams,
      response: { 204: NoContent },
    }),
    createFolder: route({
      method: 'POST',
      path: '/api/swift/containers/:container/folder/:name',
      params: ObjectParams,
      response: { 201: NoContent },
    }),
    copy: route({
      method: 'POST',
      path: '/api/swift/containers/:container/copy/:name',
      params: ObjectParams,
      body: SwiftCopyBody,
      response: { 201: NoContent },
    }),
  }),
};
