import { containerOfProject, createContainerFor, deleteContainerFor } from '../../swift/internal';
import { isObject } from '../http';
import { pyStr } from '../py';
import { ResourceFailure } from './types';
import type { ResourcePlugin } from './types';

/** OS::Swift::Container, through swift/internal.ts. */

const swiftContainer: ResourcePlugin = {
  create: (ctx, request) => {
    const p = request.properties;
    const name =
      typeof p['name'] === 'string' && p['name'] !== '' ? p['name'] : request.physicalName;
    const meta = isObject(p['X-Container-Meta'])
      ? Object.fromEntries(
          Object.entries(p['X-Container-Meta']).map(([k, v]) => [
            `X-Container-Meta-${k}`,
            pyStr(v),
          ]),
        )
      : {};
    createContainerFor(ctx, {
      projectId: request.stack.project_id,
      name,
      readAcl: typeof p['X-Container-Read'] === 'string' ? p['X-Container-Read'] : null,
      writeAcl: typeof p['X-Container-Write'] === 'string' ? p['X-Container-Write'] : null,
      meta,
    });
    const base = `${ctx.baseUrl()}/object-store/v1/AUTH_${request.stack.project_id}`;
    const host = new URL(ctx.baseUrl()).host;
    return {
      physicalId: name,
      attributes: {
        project_id: request.stack.project_id,
        DomainName: host.split(':')[0] ?? host,
        WebsiteURL: `${base}/${name}`,
        RootURL: `${base}/`,
      },
    };
  },
  liveAttributes: (ctx, r) => {
    const info = containerOfProject(
      ctx,
      String(r.attributes['project_id'] ?? ''),
      r.physical_resource_id,
    );
    if (!info) return {};
    return {
      ObjectCount: info.objectCount,
      BytesUsed: info.bytesUsed,
      HeadContainer: {
        'x-container-object-count': String(info.objectCount),
        'x-container-bytes-used': String(info.bytesUsed),
      },
    };
  },
  check: (ctx, r) =>
    containerOfProject(ctx, String(r.attributes['project_id'] ?? ''), r.physical_resource_id)
      ? undefined
      : 'Container not found',
  delete: (ctx, r) => {
    const deleted = deleteContainerFor(
      ctx,
      String(r.attributes['project_id'] ?? ''),
      r.physical_resource_id,
    );
    if (!deleted)
      throw new ResourceFailure('ClientException', 'Container DELETE failed: 409 Conflict');
  },
};

export const SWIFT_PLUGINS: Readonly<Record<string, ResourcePlugin>> = {
  'OS::Swift::Container': swiftContainer,
};
