import type { FastifyReply } from 'fastify';
import { allow, checkMetadata, LIMITS, mergeMetadata, visibleMetadata } from './context';
import type { Swift, SwiftCall } from './context';
import {
  defaultBody,
  HTML,
  isoTimestamp,
  listingContentType,
  normalTimestamp,
  pyJson,
  SwiftError,
  xmlEscape,
} from './http';
import { listRange, parseListingParams } from './listing';
import type { AccountRow, ContainerRow, ListingRow } from './model';

/** The account as the account server reports it; one that was never written answers as empty (account_autocreate). */
const accountHeaders = (swift: Swift, account: string, owner: boolean): Record<string, string> => {
  const row = swift.db.getAccount(account);
  const totals = swift.db.accountTotals(account);
  const created = row?.created_at ?? swift.now();
  const headers: Record<string, string> = {
    'X-Account-Container-Count': String(totals.containers),
    'X-Account-Object-Count': String(totals.objects),
    'X-Account-Bytes-Used': String(totals.bytes),
    'X-Timestamp': normalTimestamp(created),
  };
  if (!row) headers['X-Put-Timestamp'] = normalTimestamp(created);
  if (totals.containers > 0) {
    headers['X-Account-Storage-Policy-Policy-0-Container-Count'] = String(totals.containers);
    headers['X-Account-Storage-Policy-Policy-0-Object-Count'] = String(totals.objects);
    headers['X-Account-Storage-Policy-Policy-0-Bytes-Used'] = String(totals.bytes);
  }
  return { ...headers, ...visibleMetadata(row?.meta ?? {}, owner) };
};

const renderAccountListing = (
  type: string,
  account: string,
  rows: Array<ListingRow<ContainerRow>>,
): string => {
  if (type === 'application/json') {
    return pyJson(
      rows.map((entry) =>
        'subdir' in entry
          ? { subdir: entry.subdir }
          : {
              name: entry.row.name,
              count: entry.row.object_count,
              bytes: entry.row.bytes_used,
              last_modified: isoTimestamp(entry.row.put_timestamp),
            },
      ),
    );
  }
  if (type.endsWith('/xml')) {
    const items = rows.map((entry) =>
      'subdir' in entry
        ? `<subdir name="${xmlEscape(entry.subdir, true)}" />`
        : `<container><name>${xmlEscape(entry.row.name)}</name><count>${entry.row.object_count}</count><bytes>${entry.row.bytes_used}</bytes><last_modified>${isoTimestamp(entry.row.put_timestamp)}</last_modified></container>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<account name="${xmlEscape(account, true)}">\n${items.map((i) => `${i}\n`).join('')}</account>`;
  }
  return rows.map((entry) => `${'subdir' in entry ? entry.subdir : entry.row.name}\n`).join('');
};

export const accountGetOrHead = (swift: Swift, call: SwiftCall): FastifyReply => {
  const type = listingContentType(call.request, call.query);
  const params = call.method === 'GET' ? parseListingParams(call.query, false) : undefined;
  const { owner } = allow(call, null);
  const headers = accountHeaders(swift, call.account, owner);
  const reply = call.reply.headers(headers).header('content-type', `${type}; charset=utf-8`);
  if (!call.query.has('format')) reply.header('vary', 'Accept');
  // The proxy's stand-in for an account never written answers HEAD with 200.
  if (!params) return reply.code(swift.db.getAccount(call.account) ? 204 : 200).send();
  const rows = listRange(
    params,
    (range) => swift.db.containerRange(call.account, range),
    (r) => r.name,
  );
  const body = renderAccountListing(type, call.account, rows);
  reply.header('accept-ranges', 'bytes');
  return body === '' ? reply.code(204).send() : reply.code(200).send(body);
};

/** Creates the account when it was never written (the proxy's account_autocreate). */
export const ensureAccount = (swift: Swift, account: string): AccountRow => {
  const existing = swift.db.getAccount(account);
  if (existing) return existing;
  const now = swift.now();
  const row: AccountRow = { account, created_at: now, put_timestamp: now, meta: {} };
  swift.db.putAccount(row);
  return row;
};

export const accountPost = (swift: Swift, call: SwiftCall): FastifyReply => {
  allow(call, null);
  checkMetadata(call.request, 'account');
  swift.ctx.store.transaction(() => {
    const row = ensureAccount(swift, call.account);
    swift.db.putAccount({
      ...row,
      put_timestamp: swift.now(),
      meta: mergeMetadata(row.meta, call.request, 'account'),
    });
  });
  return call.reply.code(204).header('content-type', HTML).send();
};

export const accountPut = (swift: Swift, call: SwiftCall): FastifyReply => {
  allow(call, null);
  checkMetadata(call.request, 'account');
  if (call.account.length > LIMITS.maxAccountNameLength) {
    throw new SwiftError(
      400,
      `Account name length of ${call.account.length} longer than ${LIMITS.maxAccountNameLength}`,
    );
  }
  const created = swift.ctx.store.transaction(() => {
    const existing = swift.db.getAccount(call.account);
    const row = ensureAccount(swift, call.account);
    swift.db.putAccount({ ...row, meta: mergeMetadata(row.meta, call.request, 'account') });
    return existing === undefined;
  });
  return created
    ? call.reply.code(201).header('content-type', HTML).send()
    : call.reply.code(202).header('content-type', HTML).send(defaultBody(202));
};

export const accountDelete = (call: SwiftCall): never => {
  // keystoneauth refuses an account's own deletion; only a reseller admin could, and this cloud has none.
  allow(call, null);
  throw new SwiftError(405);
};
