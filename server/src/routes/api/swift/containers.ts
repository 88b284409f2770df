import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api, type SwiftContainer } from '@skydeck/contract';
import type { SwiftClient, SwiftContainerInfo } from '@skydeck/openstack-client';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';

/** A client mistake in a Swift request, answered 400 with this message. */
export class SwiftRequestError extends Error {
  readonly statusCode: number;
  constructor(message: string, statusCode = 400) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** Anyone may read the container and list it (Horizon's public container). */
const PUBLIC_READ = '.r:*,.rlistings';

export const isPublicAcl = (acl: string | undefined): boolean =>
  (acl ?? '').split(',').some((grant) => grant.trim() === '.r:*');

/** X-Timestamp (`1700000000.12345`, seconds) as ISO 8601. */
export const isoFromTimestamp = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : undefined;
};

export const publicUrlOf = (swift: SwiftClient, container: string): string =>
  `${swift.endpoint}/${encodeURIComponent(container)}`;

export const toContainer = (swift: SwiftClient, info: SwiftContainerInfo): SwiftContainer => {
  const isPublic = isPublicAcl(info.readAcl);
  return {
    name: info.name,
    count: info.count,
    bytes: info.bytes,
    timestamp: isoFromTimestamp(info.timestamp),
    is_public: isPublic,
    ...(isPublic ? { public_url: publicUrlOf(swift, info.name) } : {}),
    is_fetched: true,
  };
};

/** Spec 3 §5: a container name holds no "/" (Swift would read it as an object path). */
export const checkContainerName = (name: string): void => {
  if (name.includes('/')) throw new SwiftRequestError('Container name must not contain "/".');
};

const exists = async (swift: SwiftClient, name: string): Promise<boolean> => {
  try {
    await swift.headContainer(name);
    return true;
  } catch (error) {
    if (error instanceof OpenStackHttpError && error.status === 404) return false;
    throw error;
  }
};

const DEFAULT_PAGE = 100;

/** /api/swift/info/ and /api/swift/containers/… (spec 3 §7 "Object storage"). */
export const swiftContainerRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const segmentSize = deps.config.swiftSegmentBytes ?? 1024 ** 3;

  serve(app, api['swift.info'], async (request) => {
    const info = await request.openstack.swift.info();
    const swift = info['swift'] as { max_file_size?: unknown } | undefined;
    const max = swift?.max_file_size;
    return {
      slo: 'slo' in info,
      ...(typeof max === 'number' ? { max_file_size: max } : {}),
      segment_size: segmentSize,
    };
  });

  serve(app, api['swift.containers.list'], async (request) => {
    const { prefix, marker } = request.query;
    const limit = request.query.limit ?? DEFAULT_PAGE;
    const rows = await request.openstack.swift.listContainers({
      prefix: prefix || undefined,
      marker,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const more = rows.length > limit;
    return {
      items: page.map((row) => ({
        name: row.name,
        count: row.count,
        bytes: row.bytes,
        is_public: false,
        is_fetched: false,
      })),
      has_more_data: more,
      ...(more && page.length > 0 ? { next_marker: page.at(-1)?.name } : {}),
    };
  });

  serve(app, api['swift.containers.get'], async (request) => {
    const swift = request.openstack.swift;
    checkContainerName(request.params.container);
    return toContainer(swift, await swift.headContainer(request.params.container));
  });

  serve(app, api['swift.containers.create'], async (request, reply) => {
    const swift = request.openstack.swift;
    const { container } = request.params;
    checkContainerName(container);
    // PUT on an existing container would answer 202 and change its access: refuse instead.
    if (await exists(swift, container)) {
      throw new SwiftRequestError('A container with that name exists.', 409);
    }
    const headers: Record<string, string> = request.body.is_public
      ? { 'X-Container-Read': PUBLIC_READ }
      : {};
    await swift.createContainer(container, headers);
    return reply.code(201).send(toContainer(swift, await swift.headContainer(container)));
  });

  serve(app, api['swift.containers.setAccess'], async (request) => {
    const swift = request.openstack.swift;
    const { container } = request.params;
    checkContainerName(container);
    await swift.updateContainer(
      container,
      request.body.is_public
        ? { 'X-Container-Read': PUBLIC_READ }
        : { 'X-Remove-Container-Read': 'x' },
    );
    return toContainer(swift, await swift.headContainer(container));
  });

  serveNoContent(app, api['swift.containers.delete'], async (request) => {
    checkContainerName(request.params.container);
    await request.openstack.swift.deleteContainer(request.params.container);
  });
};
