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
import { accountOf } from './model';
import type { AccountRow, ContainerRow, ListingRow, StoredHeaders } from './model';

/** keystoneauth's record of the account's project domain (account sysmeta). */
export const PROJECT_DOMAIN_SYSMETA = 'X-Account-Sysmeta-Project-Domain-Id';
const UNKNOWN_DOMAIN = '_unknown';
/**
 * The account database keeps a storage policy's stats row once a container used it, so its
 * (zero) counts still show after the last container goes; hidden like all sysmeta.
 */
export const POLICY_STATS_SYSMETA = 'X-Account-Sysmeta-Policy-Stats';

/**
 * The account as the account server reports it; one that was never written answers as empty
 * (account_autocreate). keystoneauth shows any token holder the project domain it recorded.
 */
const accountHeaders = (swift: Swift, call: SwiftCall, owner: boolean): Record<string, string> => {
  const { account } = call;
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
  if (totals.containers > 0 || row?.meta[POLICY_STATS_SYSMETA] !== undefined) {
    headers['X-Account-Storage-Policy-Policy-0-Container-Count'] = String(totals.containers);
    headers['X-Account-Storage-Policy-Policy-0-Object-Count'] = String(totals.objects);
    headers['X-Account-Storage-Policy-Policy-0-Bytes-Used'] = String(totals.bytes);
  }
  const domain = row?.meta[PROJECT_DOMAIN_SYSMETA];
  return {
    ...headers,
    ...visibleMetadata(row?.meta ?? {}, owner),
    ...(row ? { 'Accept-Ranges': 'bytes' } : {}),
    ...(domain !== undefined && call.identity ? { 'x-account-project-domain-id': domain } : {}),
  };
};

/**
 * keystoneauth's _set_project_domain_id: an account write (or a container PUT, which may create
 * the account) records the caller's project domain when the account is the caller's project's,
 * `_unknown` otherwise; a known domain replaces an unknown one, nothing replaces a known one.
 */
export const projectDomainMeta = (call: SwiftCall, meta: StoredHeaders): StoredHeaders => {
  const { identity } = call;
  if (!identity) return meta;
  const known = meta[PROJECT_DOMAIN_SYSMETA];
  const domain =
    identity.projectId && call.account === accountOf(identity.projectId)
      ? (identity.projectDomainId ?? UNKNOWN_DOMAIN)
      : UNKNOWN_DOMAIN;
  if (known === undefined || (known === UNKNOWN_DOMAIN && domain !== UNKNOWN_DOMAIN)) {
    return { ...meta, [PROJECT_DOMAIN_SYSMETA]: domain };
  }
  return meta;
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
  const headers = accountHeaders(swift, call, owner);
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
  return body === '' ? reply.code(204).send() : reply.code(200).send(body);
};

/**
 * Creates the account when it was never written (the proxy's account_autocreate), recording the
 * writer's project domain.
 */
export const ensureAccount = (swift: Swift, call: SwiftCall, addsContainer = false): AccountRow => {
  const existing = swift.db.getAccount(call.account);
  const now = swift.now();
  const row: AccountRow = existing ?? {
    account: call.account,
    created_at: now,
    put_timestamp: now,
    meta: {},
  };
  let meta = projectDomainMeta(call, row.meta);
  if (addsContainer && meta[POLICY_STATS_SYSMETA] === undefined) {
    meta = { ...meta, [POLICY_STATS_SYSMETA]: '1' };
  }
  if (existing && meta === row.meta) return existing;
  const updated = { ...row, meta };
  swift.db.putAccount(updated);
  return updated;
};

export const accountPost = (swift: Swift, call: SwiftCall): FastifyReply => {
  allow(call, null);
  checkMetadata(call.request, 'account');
  swift.ctx.store.transaction(() => {
    const row = ensureAccount(swift, call);
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
    const row = ensureAccount(swift, call);
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
