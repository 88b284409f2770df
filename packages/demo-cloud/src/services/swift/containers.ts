import type { FastifyReply, FastifyRequest } from 'fastify';
import { cleanAcl } from './acl';
import { ensureAccount } from './accounts';
import { allow, checkMetadata, LIMITS, mergeMetadata, visibleMetadata } from './context';
import type { Swift, SwiftCall } from './context';
import {
  defaultBody,
  header,
  HTML,
  httpDate,
  isoTimestamp,
  listingContentType,
  normalTimestamp,
  plainError,
  pyString,
  SwiftError,
  swiftNotFound,
  xmlEscape,
} from './http';
import { listRange, parseListingParams } from './listing';
import type { ContainerRow, ListedObject, ListingRow } from './model';

export const STORAGE_POLICY = 'Policy-0';

const containerHeaders = (row: ContainerRow, owner: boolean): Record<string, string> => {
  const headers: Record<string, string> = {
    'X-Container-Object-Count': String(row.object_count),
    'X-Container-Bytes-Used': String(row.bytes_used),
    'X-Timestamp': normalTimestamp(row.created_at),
  };
  if (owner && row.read_acl) headers['X-Container-Read'] = row.read_acl;
  if (owner && row.write_acl) headers['X-Container-Write'] = row.write_acl;
  return {
    ...headers,
    ...visibleMetadata(row.meta, owner),
    'Last-Modified': httpDate(row.put_timestamp),
    'Accept-Ranges': 'bytes',
    'X-Storage-Policy': STORAGE_POLICY,
  };
};

/** One JSON listing entry, written directly (a page may hold 10,000). */
const objectJson = (o: ListedObject): string =>
  `{"bytes": ${listedSize(o)}, "hash": ${pyString(o.etag)}, "name": ${pyString(o.name)}, "content_type": ${pyString(o.content_type)}, "last_modified": "${isoTimestamp(o.created_at)}"${o.slo_etag ? `, "slo_etag": ${pyString(`"${o.slo_etag}"`)}` : ''}}`;

/** An SLO lists with its total size (swift_bytes), any other object with its own. */
const listedSize = (o: ListedObject): string => o.slo_size ?? String(o.size);

const renderObjectListing = (
  type: string,
  container: string,
  rows: Array<ListingRow<ListedObject>>,
): string => {
  if (type === 'application/json') {
    const entries = rows.map((e) =>
      'subdir' in e ? `{"subdir": ${pyString(e.subdir)}}` : objectJson(e.row),
    );
    return `[${entries.join(', ')}]`;
  }
  if (type.endsWith('/xml')) {
    const items = rows.map((e) => {
      if ('subdir' in e) {
        return `<subdir name="${xmlEscape(e.subdir, true)}"><name>${xmlEscape(e.subdir)}</name></subdir>`;
      }
      const o = e.row;
      return `<object><name>${xmlEscape(o.name)}</name><hash>${o.etag}</hash><bytes>${listedSize(o)}</bytes><content_type>${xmlEscape(o.content_type)}</content_type><last_modified>${isoTimestamp(o.created_at)}</last_modified></object>`;
    });
    const open = `<?xml version="1.0" encoding="UTF-8"?>\n<container name="${xmlEscape(container, true)}"`;
    return items.length === 0 ? `${open} />` : `${open}>${items.join('')}</container>`;
  }
  return rows.map((e) => `${'subdir' in e ? e.subdir : e.row.name}\n`).join('');
};

/** The container of an object or container call; undefined when absent. */
export const containerOf = (swift: Swift, call: SwiftCall): ContainerRow | undefined =>
  call.container === undefined ? undefined : swift.db.getContainer(call.account, call.container);

export const containerGetOrHead = (swift: Swift, call: SwiftCall): FastifyReply => {
  // listing_formats and the limit check run before keystoneauth decides.
  const type = listingContentType(call.request, call.query);
  const params = call.method === 'GET' ? parseListingParams(call.query, true) : undefined;
  const container = containerOf(swift, call);
  const { owner } = allow(call, container?.read_acl);
  if (!container) throw swiftNotFound();
  const reply = call.reply
    .headers(containerHeaders(container, owner))
    .header('content-type', `${type}; charset=utf-8`);
  if (!call.query.has('format')) reply.header('vary', 'Accept');
  if (!params) return reply.code(204).send();
  const rows = listRange(
    params,
    (range) => swift.db.objectRange(call.account, container.name, range),
    (o) => o.name,
  );
  const body = renderObjectListing(type, container.name, rows);
  return body === '' ? reply.code(204).send() : reply.code(200).send(body);
};

/** ACL headers of a container write, cleaned; only an owner's are kept (swift_owner_headers). */
const aclChanges = (
  request: FastifyRequest,
  owner: boolean,
): { read?: string | null; write?: string | null } => {
  if (!owner) return {};
  const read = header(request, 'x-container-read');
  const write = header(request, 'x-container-write');
  const changes: { read?: string | null; write?: string | null } = {};
  if (read !== undefined) changes.read = cleanAcl('x-container-read', read) || null;
  if (write !== undefined) changes.write = cleanAcl('x-container-write', write) || null;
  if (header(request, 'x-remove-container-read') !== undefined) changes.read = null;
  if (header(request, 'x-remove-container-write') !== undefined) changes.write = null;
  return changes;
};

const checkPolicy = (request: FastifyRequest): void => {
  const policy = header(request, 'x-storage-policy');
  if (policy !== undefined && policy.toLowerCase() !== STORAGE_POLICY.toLowerCase()) {
    throw plainError(400, `Invalid X-Storage-Policy '${policy}'`);
  }
};

export const containerPut = (swift: Swift, call: SwiftCall): FastifyReply => {
  const name = call.container ?? '';
  const { owner } = allow(call, null);
  const acls = aclChanges(call.request, owner);
  checkMetadata(call.request, 'container');
  checkPolicy(call.request);
  if (name.length > LIMITS.maxContainerNameLength) {
    throw new SwiftError(
      400,
      `Container name length of ${name.length} longer than ${LIMITS.maxContainerNameLength}`,
    );
  }
  const created = swift.ctx.store.transaction(() => {
    ensureAccount(swift, call, true);
    const existing = swift.db.getContainer(call.account, name);
    const now = swift.now();
    swift.db.putContainer({
      account: call.account,
      name,
      created_at: existing?.created_at ?? now,
      put_timestamp: now,
      read_acl: acls.read === undefined ? (existing?.read_acl ?? null) : acls.read,
      write_acl: acls.write === undefined ? (existing?.write_acl ?? null) : acls.write,
      meta: mergeMetadata(existing?.meta ?? {}, call.request, 'container'),
    });
    return existing === undefined;
  });
  const reply = call.reply.header('content-type', HTML);
  return created ? reply.code(201).send() : reply.code(202).send(defaultBody(202));
};

export const containerPost = (swift: Swift, call: SwiftCall): FastifyReply => {
  const { owner } = allow(call, null);
  const acls = aclChanges(call.request, owner);
  checkMetadata(call.request, 'container');
  swift.ctx.store.transaction(() => {
    const existing = containerOf(swift, call);
    if (!existing) throw swiftNotFound();
    swift.db.putContainer({
      ...existing,
      put_timestamp: swift.now(),
      read_acl: acls.read === undefined ? existing.read_acl : acls.read,
      write_acl: acls.write === undefined ? existing.write_acl : acls.write,
      meta: mergeMetadata(existing.meta, call.request, 'container'),
    });
  });
  return call.reply.code(204).header('content-type', HTML).send();
};

/** Deletes an empty container: 204, 404 when absent, 409 while it holds objects. */
export const deleteContainer = (swift: Swift, call: SwiftCall): void => {
  allow(call, null);
  swift.ctx.store.transaction(() => {
    const existing = containerOf(swift, call);
    if (!existing) throw swiftNotFound();
    if (existing.object_count > 0) throw new SwiftError(409);
    swift.db.deleteContainer(call.account, existing.name);
  });
};

export const containerDelete = (swift: Swift, call: SwiftCall): FastifyReply => {
  deleteContainer(swift, call);
  return call.reply.code(204).header('content-type', HTML).send();
};
