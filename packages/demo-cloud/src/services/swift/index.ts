import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_REGION } from '../../core/service';
import type { CloudContext, CloudService } from '../../core/service';
import { accountDelete, accountGetOrHead, accountPost, accountPut } from './accounts';
import { bulkDelete } from './bulkDelete';
import { containerDelete, containerGetOrHead, containerPost, containerPut } from './containers';
import { createSwift, resolveCall } from './context';
import type { Swift, SwiftCall } from './context';
import { header, HTML, installSwiftErrors, SwiftError } from './http';
import { infoRoutes } from './info';
import { swiftMigrations } from './model';
import { expireDue } from './expiry';
import { copyObject, objectDelete, objectGetOrHead, objectPost, objectPut } from './objects';
import { sloDelete, sloPut } from './slo';
import { scaleContainers, scaleObjects, seedSwift } from './seed';

export const SWIFT_PREFIX = '/object-store';

const METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'COPY', 'OPTIONS', 'PATCH'];
const ALLOWED = 'OPTIONS, DELETE, HEAD, POST, PUT, GET';

const options = (call: SwiftCall): FastifyReply => {
  // Only CORS pre-flights need a container's CORS metadata; this cloud sets none.
  if (header(call.request, 'origin') !== undefined) throw new SwiftError(401);
  const allowed = call.object !== undefined ? `${ALLOWED}, COPY` : ALLOWED;
  return call.reply.code(200).header('allow', allowed).header('content-type', HTML).send();
};

const notAllowed = (call: SwiftCall): never => {
  throw new SwiftError(405, undefined, HTML, {
    Allow: call.object !== undefined ? `${ALLOWED}, COPY` : ALLOWED,
  });
};

const dispatch = async (swift: Swift, call: SwiftCall): Promise<FastifyReply> => {
  const { method } = call;
  if (method === 'OPTIONS') return options(call);
  // The bulk middleware sits before everything else in the proxy pipeline.
  if (call.query.has('bulk-delete') && (method === 'POST' || method === 'DELETE')) {
    return bulkDelete(swift, call);
  }
  expireDue(swift);
  if (call.object !== undefined) {
    const multipart = call.query.get('multipart-manifest');
    if (method === 'PUT' && multipart === 'put') return sloPut(swift, call);
    if (method === 'DELETE' && multipart === 'delete') return sloDelete(swift, call);
    switch (method) {
      case 'GET':
      case 'HEAD':
        return objectGetOrHead(swift, call);
      case 'PUT':
        return objectPut(swift, call);
      case 'POST':
        return objectPost(swift, call);
      case 'DELETE':
        return objectDelete(swift, call);
      case 'COPY':
        return copyObject(swift, call, 'COPY');
      default:
        return notAllowed(call);
    }
  }
  if (call.container !== undefined) {
    switch (method) {
      case 'GET':
      case 'HEAD':
        return containerGetOrHead(swift, call);
      case 'PUT':
        return containerPut(swift, call);
      case 'POST':
        return containerPost(swift, call);
      case 'DELETE':
        return containerDelete(swift, call);
      default:
        return notAllowed(call);
    }
  }
  switch (method) {
    case 'GET':
    case 'HEAD':
      return accountGetOrHead(swift, call);
    case 'POST':
      return accountPost(swift, call);
    case 'PUT':
      return accountPut(swift, call);
    case 'DELETE':
      return accountDelete(call);
    default:
      return notAllowed(call);
  }
};

export const swiftService: CloudService = {
  name: 'swift',
  prefix: SWIFT_PREFIX,
  catalog: {
    type: 'object-store',
    name: 'swift',
    description: 'Swift Object Storage Service',
    path: `${SWIFT_PREFIX}/v1/AUTH_$(project_id)s`,
    regions: [DEFAULT_REGION],
  },
  migrations: swiftMigrations,
  seed: seedSwift,
  scale: { objects: scaleObjects, containers: scaleContainers },
  register: async (app: FastifyInstance, ctx: CloudContext) => {
    // Bodies are object data: handlers stream them from the raw request, nothing is parsed.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => {
      done(null, undefined);
    });
    if (!app.supportedMethods.includes('COPY')) app.addHttpMethod('COPY', { hasBody: true });
    // Any Content-Type is object metadata to swift ('' reads as none, so one is guessed), while
    // Fastify refuses types it cannot parse: it sees a neutral one while it routes the body.
    const contentTypes = new WeakMap<FastifyRequest, string>();
    app.addHook('onRequest', async (request) => {
      const type = request.headers['content-type'];
      if (type === undefined) return;
      if (type !== '') contentTypes.set(request, type);
      request.headers['content-type'] = 'application/octet-stream';
    });
    app.addHook('preValidation', async (request) => {
      const type = contentTypes.get(request);
      if (type === undefined) delete request.headers['content-type'];
      else request.headers['content-type'] = type;
    });
    installSwiftErrors(app, (request) => `${ctx.baseUrl(request)}/identity`);
    const swift = createSwift(ctx);
    infoRoutes(app);
    app.route({
      method: METHODS,
      url: '/*',
      handler: async (request: FastifyRequest, reply: FastifyReply) =>
        dispatch(swift, resolveCall(swift, request, reply, SWIFT_PREFIX)),
    });
  },
};
