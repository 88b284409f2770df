import type { AuthContext } from '../../core/auth';
import { SwiftError } from './http';

/**
 * Container ACLs (swift.common.middleware.acl) and keystoneauth's decision, configured as the
 * lab's proxy: `operator_roles = admin, member, swiftoperator`, `reseller_admin_role =
 * ResellerAdmin`, reseller prefix `AUTH_`, no project reader roles. A caller with an operator role
 * on the account's project owns it; anyone else (a `reader` included) needs an ACL.
 */

export const OPERATOR_ROLES: readonly string[] = ['admin', 'member', 'swiftoperator'];
const RESELLER_ADMIN_ROLE = 'reselleradmin';
const RESELLER_PREFIX = 'AUTH_';
const DEFAULT_DOMAIN = 'default';

/** What keystoneauth knows of a caller (keystonemiddleware's X-User-*, X-Project-*, X-Roles). */
export interface SwiftIdentity {
  readonly userId: string;
  readonly userName: string;
  readonly userDomainId: string;
  readonly projectId: string | null;
  readonly projectName: string | null;
  readonly projectDomainId: string | null;
  /** Lower-cased role names. */
  readonly roles: readonly string[];
}

export const identityOf = (auth: AuthContext): SwiftIdentity => ({
  userId: auth.user.id,
  userName: auth.user.name,
  userDomainId: auth.user.domain.id,
  projectId: auth.project?.id ?? null,
  projectName: auth.project?.name ?? null,
  projectDomainId: auth.project?.domain.id ?? null,
  roles: auth.roles.map((r) => r.name.toLowerCase()),
});

/** Cleans an ACL header value as swift stores it; throws 400 with swift's reason when invalid. */
export const cleanAcl = (headerName: string, value: string): string => {
  const name = headerName.toLowerCase();
  const values: string[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    if (!item.includes(':')) {
      values.push(item);
      continue;
    }
    const colon = item.indexOf(':');
    const first = item.slice(0, colon).trim();
    let second = item.slice(colon + 1).trim();
    if (!first || !first.startsWith('.')) {
      values.push(item);
    } else if (['.r', '.ref', '.referer', '.referrer'].includes(first)) {
      if (name.includes('write')) {
        throw new SwiftError(400, `Referrers not allowed in write ACL: '${item}'`);
      }
      let negate = false;
      if (second.startsWith('-')) {
        negate = true;
        second = second.slice(1).trim();
      }
      if (second && second !== '*' && second.startsWith('*')) second = second.slice(1).trim();
      if (!second || second === '.') {
        throw new SwiftError(
          400,
          `No host/domain value after referrer designation in ACL: '${item}'`,
        );
      }
      values.push(`.r:${negate ? '-' : ''}${second}`);
    } else {
      throw new SwiftError(400, `Unknown designator '${first}' in ACL: '${item}'`);
    }
  }
  return values.join(',');
};

export interface ParsedAcl {
  readonly referrers: readonly string[];
  readonly groups: readonly string[];
}

export const parseAcl = (acl: string | null | undefined): ParsedAcl => {
  const referrers: string[] = [];
  const groups: string[] = [];
  if (acl) {
    for (const value of acl.split(',')) {
      if (value.startsWith('.r:')) referrers.push(value.slice(3));
      else {
        try {
          groups.push(decodeURIComponent(value));
        } catch {
          groups.push(value);
        }
      }
    }
  }
  return { referrers, groups };
};

const hostOf = (referrer: string | undefined): string => {
  if (!referrer) return 'unknown';
  try {
    return new URL(referrer).hostname.toLowerCase() || 'unknown';
  } catch {
    return 'unknown';
  }
};

export const referrerAllowed = (
  referrer: string | undefined,
  referrerAcl: readonly string[],
): boolean => {
  let allow = false;
  if (referrerAcl.length > 0) {
    const rhost = hostOf(referrer);
    for (const entry of referrerAcl) {
      if (entry.startsWith('-')) {
        const mhost = entry.slice(1);
        if (mhost === rhost || (mhost.startsWith('.') && rhost.endsWith(mhost))) allow = false;
      } else if (
        entry === '*' ||
        entry === rhost ||
        (entry.startsWith('.') && rhost.endsWith(entry))
      ) {
        allow = true;
      }
    }
  }
  return allow;
};

export interface SwiftTarget {
  readonly method: string;
  readonly account: string;
  readonly container?: string;
  readonly object?: string;
  readonly referrer?: string;
}

export interface Authorization {
  /** keystoneauth's `swift_owner`: may see and set ACLs and owner-only metadata. */
  readonly owner: boolean;
}

const denied = (identity: SwiftIdentity | null): SwiftError => new SwiftError(identity ? 403 : 401);

/** True when the ACL lets the referrer read the object, or list when `.rlistings` is granted. */
const unconfirmedIdentity = (target: SwiftTarget, acl: ParsedAcl): boolean | undefined => {
  if (referrerAllowed(target.referrer, acl.referrers)) {
    return target.object !== undefined || acl.groups.includes('.rlistings');
  }
  return undefined;
};

/**
 * keystoneauth's authorize / authorize_anonymous. `acl` is the container ACL that applies to the
 * request (read ACL for GET/HEAD, write ACL for object writes, none for account or container
 * writes). Throws swift's 401 (anonymous) or 403.
 */
export const authorize = (
  identity: SwiftIdentity | null,
  target: SwiftTarget,
  acl: string | null | undefined,
): Authorization => {
  if (target.method === 'OPTIONS') return { owner: false };
  const parsed = parseAcl(acl);
  if (!identity) {
    if (!target.account.startsWith(RESELLER_PREFIX)) throw denied(identity);
    if (!unconfirmedIdentity(target, parsed)) throw denied(identity);
    return { owner: false };
  }
  if (identity.roles.includes(RESELLER_ADMIN_ROLE)) return { owner: true };
  if (target.container === undefined && target.method === 'DELETE') throw denied(identity);

  if (parsed.groups.length > 0) {
    // Names count only when the user and project are in the default domain.
    const allowNames =
      identity.userDomainId === DEFAULT_DOMAIN &&
      (identity.projectDomainId === null || identity.projectDomainId === DEFAULT_DOMAIN);
    const tenants = [identity.projectId, '*', ...(allowNames ? [identity.projectName] : [])];
    const users = [identity.userId, '*', ...(allowNames ? [identity.userName] : [])];
    for (const tenant of tenants) {
      for (const user of users) {
        if (parsed.groups.includes(`${tenant ?? 'None'}:${user}`)) return { owner: false };
      }
    }
  }
  const aclAuthorized = unconfirmedIdentity(target, parsed);
  if (aclAuthorized) return { owner: false };
  if (!identity.projectId || target.account !== `${RESELLER_PREFIX}${identity.projectId}`) {
    throw denied(identity);
  }
  if (identity.roles.some((role) => OPERATOR_ROLES.includes(role))) return { owner: true };
  if (aclAuthorized !== undefined) throw denied(identity);
  const groups = parsed.groups.map((g) => g.toLowerCase());
  if (identity.roles.some((role) => groups.includes(role))) return { owner: false };
  throw denied(identity);
};
