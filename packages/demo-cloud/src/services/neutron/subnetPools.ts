import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid as newId } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import {
  NOT_SPECIFIED,
  PROJECT_ATTRS,
  STANDARD_ATTRS,
  TAG_ATTRS,
  nonNegative,
  notEmptyString,
  prepareBody,
  specified,
  string,
  subnetList,
  toBoolean,
  toInt,
  uuidOrNone,
  values,
} from './attributes';
import type { AttrMap } from './attributes';
import { newStandardAttrs, ownerTarget, standardView, tagRoutes, touched } from './common';
import { invalidInput, isObject, neutronError, resourceNotFound } from './http';
import type { Json } from './http';
import { cidrText, mergeRanges, parseCidr, rangesToCidrs, subtractRanges } from './ipam';
import type { Cidr } from './ipam';
import { listAnswer, requestedFields, selectFields } from './listing';
import { addressScopes, subnetPools, subnets } from './model';
import type { AddressScopeDoc, SubnetPoolDoc } from './model';
import { neutronCaller, neutronPolicy } from './policy';
import type { NeutronCaller } from './policy';
import { checkQuota } from './quotas';

export const subnetPoolNotFound = (id: string): Error =>
  neutronError(404, 'SubnetPoolNotFound', `Subnet pool ${id} could not be found.`);

const addressScopeNotFound = (id: string): Error =>
  neutronError(404, 'AddressScopeNotFound', `Address scope ${id} could not be found.`);

export const SUBNET_POOL_ATTRS: AttrMap = {
  id: { filter: true, sort: true },
  name: { post: true, put: true, validate: (v) => notEmptyString(v), filter: true, sort: true },
  ...PROJECT_ATTRS,
  prefixes: { post: true, put: true, validate: subnetList },
  default_quota: {
    post: true,
    put: true,
    validate: nonNegative,
    convert: (v) => (v === null ? null : toInt(v)),
    default: NOT_SPECIFIED,
    filter: true,
    sort: true,
  },
  ip_version: { filter: true, sort: true },
  default_prefixlen: {
    post: true,
    put: true,
    validate: nonNegative,
    convert: toInt,
    default: NOT_SPECIFIED,
    filter: true,
    sort: true,
  },
  min_prefixlen: {
    post: true,
    put: true,
    validate: nonNegative,
    convert: toInt,
    default: NOT_SPECIFIED,
    filter: true,
    sort: true,
  },
  max_prefixlen: {
    post: true,
    put: true,
    validate: nonNegative,
    convert: toInt,
    default: NOT_SPECIFIED,
    filter: true,
    sort: true,
  },
  is_default: {
    post: true,
    put: true,
    default: false,
    convert: toBoolean,
    filter: true,
    sort: true,
    policy: true,
  },
  shared: {
    post: true,
    default: false,
    convert: toBoolean,
    filter: true,
    sort: true,
    policy: true,
  },
  address_scope_id: {
    post: true,
    put: true,
    default: NOT_SPECIFIED,
    validate: uuidOrNone,
    filter: true,
    sort: true,
  },
  ...STANDARD_ATTRS,
  ...TAG_ATTRS,
};

export const ADDRESS_SCOPE_ATTRS: AttrMap = {
  id: { filter: true, sort: true },
  name: {
    post: true,
    put: true,
    default: '',
    validate: (v) => string(v, 255),
    filter: true,
    sort: true,
  },
  ...PROJECT_ATTRS,
  shared: {
    post: true,
    put: true,
    default: false,
    convert: toBoolean,
    filter: true,
    sort: true,
    policy: true,
  },
  ip_version: { post: true, convert: toInt, validate: values([4, 6]), filter: true, sort: true },
};

/** Neutron answers the prefix lengths of a pool as strings. */
export const subnetPoolView = (p: SubnetPoolDoc): Json => ({
  id: p.id,
  name: p.name,
  tenant_id: p.project_id,
  default_prefixlen: String(p.default_prefixlen),
  min_prefixlen: String(p.min_prefixlen),
  max_prefixlen: String(p.max_prefixlen),
  is_default: p.is_default,
  shared: p.shared,
  prefixes: p.prefixes,
  ip_version: p.ip_version,
  default_quota: p.default_quota,
  address_scope_id: p.address_scope_id,
  description: p.description,
  ...standardView(p),
  project_id: p.project_id,
});

/**
 * The update answer, built from neutron's subnet pool object: prefix lengths as integers, and the
 * address scope and default quota only when the request named them or they hold a value.
 */
const updatedPoolView = (p: SubnetPoolDoc, given: readonly string[]): Json => {
  const { address_scope_id: scope, default_quota: quota, ...rest } = subnetPoolView(p);
  return {
    ...rest,
    default_prefixlen: p.default_prefixlen,
    min_prefixlen: p.min_prefixlen,
    max_prefixlen: p.max_prefixlen,
    ...(scope !== null || given.includes('address_scope_id') ? { address_scope_id: scope } : {}),
    ...(quota !== null || given.includes('default_quota') ? { default_quota: quota } : {}),
  };
};

const scopeView = (a: AddressScopeDoc): Json => ({
  id: a.id,
  project_id: a.project_id,
  name: a.name,
  shared: a.shared,
  ip_version: a.ip_version,
  tenant_id: a.project_id,
});

const reachable = (caller: NeutronCaller, p: { project_id: string; shared: boolean }): boolean =>
  caller.isAdmin || p.project_id === caller.projectId || p.shared;

const poolTarget = (p: SubnetPoolDoc): Json =>
  ownerTarget(p, { shared: p.shared, is_default: p.is_default });

const cidrsOf = (prefixes: readonly string[]): Cidr[] =>
  prefixes.map((p) => parseCidr(p)).filter((c): c is Cidr => c !== undefined);

/** netaddr's IPSet(prefixes).iter_cidrs(): merged into the fewest, sorted prefixes. */
const compactPrefixes = (prefixes: readonly string[]): string[] => {
  const cidrs = cidrsOf(prefixes);
  const version = cidrs[0]?.version ?? 4;
  return rangesToCidrs(version, mergeRanges(cidrs)).map(cidrText);
};

/** netaddr's IPSet(prefixes) - IPSet(removed), as prefixes. */
const subtractPrefixes = (prefixes: readonly string[], removed: readonly string[]): string[] => {
  const cidrs = cidrsOf(prefixes);
  const version = cidrs[0]?.version ?? 4;
  return rangesToCidrs(version, subtractRanges(mergeRanges(cidrs), cidrsOf(removed))).map(cidrText);
};

const checkBounds = (min: number, max: number, def: number, version: 4 | 6): void => {
  const bits = version === 4 ? 32 : 128;
  const illegal = (type: string, len: number, baseType: string, base: number): Error =>
    badRequestFor(
      'IllegalSubnetPoolPrefixBounds',
      `Illegal prefix bounds: ${type}=${len}, ${baseType}=${base}.`,
    );
  if (max > bits) throw illegal('max_prefixlen', max, 'ip_version_max', bits);
  if (min > max) throw illegal('min_prefixlen', min, 'max_prefixlen', max);
  if (def < min) throw illegal('default_prefixlen', def, 'min_prefixlen', min);
  if (def > max) throw illegal('default_prefixlen', def, 'max_prefixlen', max);
};

const badRequestFor = (type: string, message: string): Error => neutronError(400, type, message);

export const subnetPoolRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const col = store.collection(subnetPools);
  const scopes = store.collection(addressScopes);

  const find = (request: FastifyRequest, id: string): SubnetPoolDoc => {
    const p = col.get(id);
    if (!p || !reachable(neutronCaller(request), p)) throw subnetPoolNotFound(id);
    return p;
  };

  const checkScope = (caller: NeutronCaller, id: string | null, version: number): void => {
    if (id === null) return;
    const scope = scopes.get(id);
    if (!scope || !reachable(caller, scope)) throw addressScopeNotFound(id);
    if (scope.ip_version !== version) {
      throw badRequestFor(
        'IllegalSubnetPoolIpVersionAssociationToAddressScope',
        `Illegal subnetpool association: subnetpool cannot associate with address scope ${id} because subnetpool ip_version is not ${scope.ip_version}.`,
      );
    }
  };

  app.get('/subnetpools', async (request) => {
    const caller = neutronCaller(request);
    const items = col
      .all()
      .filter((p) => reachable(caller, p))
      .filter((p) => policy.check(request, 'get_subnetpool', poolTarget(p)))
      .map(subnetPoolView);
    return listAnswer(ctx, request, {
      collection: 'subnetpools',
      attrs: SUBNET_POOL_ATTRS,
      items,
      findMarker: (id) => items.find((i) => i['id'] === id),
      markerNotFound: subnetPoolNotFound,
    });
  });

  app.get<{ Params: { id: string } }>('/subnetpools/:id', async (request) => {
    const p = find(request, request.params.id);
    if (!policy.check(request, 'get_subnetpool', poolTarget(p))) throw resourceNotFound();
    return { subnetpool: selectFields(subnetPoolView(p), requestedFields(request)) };
  });

  app.post('/subnetpools', async (request, reply) => {
    const caller = neutronCaller(request);
    const { values: body } = prepareBody(request.body, 'subnetpool', SUBNET_POOL_ATTRS, {
      create: true,
      caller,
    });
    policy.enforce(request, 'create_subnetpool', body, { attrs: SUBNET_POOL_ATTRS });
    const prefixes = body['prefixes'] as string[];
    if (prefixes.length === 0)
      throw badRequestFor('EmptySubnetPoolPrefixList', 'Empty subnet pool prefix list.');
    const versions = new Set(prefixes.map((p) => parseCidr(p)?.version));
    if (versions.size > 1) {
      throw badRequestFor(
        'PrefixVersionMismatch',
        'Cannot mix IPv4 and IPv6 prefixes in a subnet pool.',
      );
    }
    const version = (parseCidr(prefixes[0] ?? '')?.version ?? 4) as 4 | 6;
    const min = specified<number>(body['min_prefixlen']) ?? (version === 4 ? 8 : 64);
    const max = specified<number>(body['max_prefixlen']) ?? (version === 4 ? 32 : 128);
    const def = specified<number>(body['default_prefixlen']) ?? min;
    checkBounds(min, max, def, version);
    const scopeId = specified<string | null>(body['address_scope_id']) ?? null;
    checkScope(caller, scopeId, version);
    const projectId = body['project_id'] as string;
    if (
      body['is_default'] === true &&
      col.all().some((p) => p.is_default && p.ip_version === version)
    ) {
      throw neutronError(
        409,
        'InvalidInput',
        `Invalid input for operation: A default subnetpool for this IP family has already been set. Only one default may exist per IP family.`,
      );
    }
    const pool = store.transaction(() => {
      checkQuota(store, projectId, { subnetpool: 1 });
      return col.insert({
        id: newId(),
        name: body['name'] as string,
        project_id: projectId,
        prefixes: compactPrefixes(prefixes),
        ip_version: version,
        default_prefixlen: def,
        min_prefixlen: min,
        max_prefixlen: max,
        default_quota: specified<number | null>(body['default_quota']) ?? null,
        shared: body['shared'] as boolean,
        is_default: body['is_default'] as boolean,
        address_scope_id: scopeId,
        ...newStandardAttrs(ctx, body['description'] as string),
      });
    });
    return reply.code(201).send({ subnetpool: subnetPoolView(pool) });
  });

  const applyPrefixes = (pool: SubnetPoolDoc, prefixes: readonly string[]): string[] => {
    const next = compactPrefixes(prefixes);
    const covered = pool.prefixes.every((old) => {
      const o = parseCidr(old);
      return next.some((n) => {
        const c = parseCidr(n);
        return o && c && o.first >= c.first && o.last <= c.last;
      });
    });
    if (!covered) {
      throw badRequestFor(
        'IllegalSubnetPoolPrefixUpdate',
        'Illegal update to prefixes: Existing prefixes must be a subset of the new prefixes.',
      );
    }
    return next;
  };

  app.put<{ Params: { id: string } }>('/subnetpools/:id', async (request) => {
    const caller = neutronCaller(request);
    const pool = find(request, request.params.id);
    const { values: body, given } = prepareBody(request.body, 'subnetpool', SUBNET_POOL_ATTRS, {
      create: false,
      caller,
    });
    policy.enforceOrHide(
      request,
      'update_subnetpool',
      'get_subnetpool',
      { ...poolTarget(pool), ...body },
      { attrs: SUBNET_POOL_ATTRS, updated: given },
    );
    const min = specified<number>(body['min_prefixlen']) ?? pool.min_prefixlen;
    const max = specified<number>(body['max_prefixlen']) ?? pool.max_prefixlen;
    const def = specified<number>(body['default_prefixlen']) ?? pool.default_prefixlen;
    checkBounds(min, max, def, pool.ip_version);
    if ('address_scope_id' in body) {
      checkScope(
        caller,
        specified<string | null>(body['address_scope_id']) ?? null,
        pool.ip_version,
      );
    }
    const updated = touched(ctx, {
      ...pool,
      ...('name' in body ? { name: body['name'] as string } : {}),
      ...('description' in body ? { description: body['description'] as string } : {}),
      ...('prefixes' in body
        ? { prefixes: applyPrefixes(pool, body['prefixes'] as string[]) }
        : {}),
      ...('default_quota' in body ? { default_quota: body['default_quota'] as number | null } : {}),
      ...('is_default' in body ? { is_default: body['is_default'] as boolean } : {}),
      ...('address_scope_id' in body
        ? { address_scope_id: specified<string | null>(body['address_scope_id']) ?? null }
        : {}),
      min_prefixlen: min,
      max_prefixlen: max,
      default_prefixlen: def,
    });
    col.put(updated);
    return { subnetpool: updatedPoolView(updated, given) };
  });

  const prefixAction =
    (action: 'add_prefixes' | 'remove_prefixes') =>
    async (request: FastifyRequest<{ Params: { id: string } }>): Promise<Json> => {
      const pool = find(request, request.params.id);
      policy.enforceOrHide(request, action, 'get_subnetpool', poolTarget(pool));
      const body = request.body;
      const prefixes = isObject(body) ? body['prefixes'] : undefined;
      const msg = subnetList(prefixes);
      if (msg) throw invalidInput(msg);
      const list = prefixes as string[];
      if (list.some((p) => parseCidr(p)?.version !== pool.ip_version)) {
        throw badRequestFor(
          'PrefixVersionMismatch',
          'Cannot mix IPv4 and IPv6 prefixes in a subnet pool.',
        );
      }
      let next: string[];
      if (action === 'add_prefixes') {
        next = compactPrefixes([...pool.prefixes, ...list]);
      } else {
        const used = store.collection(subnets).where('subnetpool_id', pool.id);
        for (const p of list) {
          const c = parseCidr(p);
          if (
            c &&
            used.some((s) => {
              const sc = parseCidr(s.cidr);
              return sc && sc.first >= c.first && sc.last <= c.last;
            })
          ) {
            throw badRequestFor(
              'IllegalSubnetPoolPrefixUpdate',
              `Illegal update to prefixes: Cannot remove prefix ${p} from subnet pool ${pool.id} while it is in use.`,
            );
          }
        }
        next = subtractPrefixes(pool.prefixes, list);
      }
      const updated = touched(ctx, { ...pool, prefixes: next });
      col.put(updated);
      return { prefixes: updated.prefixes };
    };
  app.put('/subnetpools/:id/add_prefixes', prefixAction('add_prefixes'));
  app.put('/subnetpools/:id/remove_prefixes', prefixAction('remove_prefixes'));

  app.delete<{ Params: { id: string } }>('/subnetpools/:id', async (request, reply) => {
    const pool = find(request, request.params.id);
    policy.enforceOrHide(request, 'delete_subnetpool', 'get_subnetpool', poolTarget(pool));
    if (store.collection(subnets).count('subnetpool_id', pool.id) > 0) {
      throw badRequestFor(
        'SubnetPoolDeleteError',
        'Unable to delete subnet pool: Subnet pool has existing allocations.',
      );
    }
    col.delete(pool.id);
    return reply.code(204).send();
  });

  tagRoutes(app, ctx, policy, {
    collection: 'subnetpools',
    resource: 'subnetpool',
    col,
    reachable: (request, doc) => reachable(neutronCaller(request), doc),
    target: poolTarget,
  });

  // Address scopes ------------------------------------------------------------------------------

  const findScope = (request: FastifyRequest, id: string): AddressScopeDoc => {
    const s = scopes.get(id);
    if (!s || !reachable(neutronCaller(request), s)) throw addressScopeNotFound(id);
    return s;
  };
  const scopeTarget = (s: AddressScopeDoc): Json => ownerTarget(s, { shared: s.shared });

  app.get('/address-scopes', async (request) => {
    const caller = neutronCaller(request);
    const items = scopes
      .all()
      .filter((s) => reachable(caller, s))
      .filter((s) => policy.check(request, 'get_address_scope', scopeTarget(s)))
      .map(scopeView);
    return listAnswer(ctx, request, {
      collection: 'address_scopes',
      path: '/address-scopes',
      attrs: ADDRESS_SCOPE_ATTRS,
      items,
      findMarker: (id) => items.find((i) => i['id'] === id),
      markerNotFound: addressScopeNotFound,
    });
  });

  app.get<{ Params: { id: string } }>('/address-scopes/:id', async (request) => {
    const s = findScope(request, request.params.id);
    if (!policy.check(request, 'get_address_scope', scopeTarget(s))) throw resourceNotFound();
    return { address_scope: selectFields(scopeView(s), requestedFields(request)) };
  });

  app.post('/address-scopes', async (request, reply) => {
    const caller = neutronCaller(request);
    const { values: body } = prepareBody(request.body, 'address_scope', ADDRESS_SCOPE_ATTRS, {
      create: true,
      caller,
    });
    policy.enforce(request, 'create_address_scope', body, { attrs: ADDRESS_SCOPE_ATTRS });
    const scope = scopes.insert({
      id: newId(),
      name: body['name'] as string,
      project_id: body['project_id'] as string,
      shared: body['shared'] as boolean,
      ip_version: body['ip_version'] as 4 | 6,
    });
    return reply.code(201).send({ address_scope: scopeView(scope) });
  });

  app.put<{ Params: { id: string } }>('/address-scopes/:id', async (request) => {
    const caller = neutronCaller(request);
    const scope = findScope(request, request.params.id);
    const { values: body, given } = prepareBody(
      request.body,
      'address_scope',
      ADDRESS_SCOPE_ATTRS,
      {
        create: false,
        caller,
      },
    );
    policy.enforceOrHide(
      request,
      'update_address_scope',
      'get_address_scope',
      { ...scopeTarget(scope), ...body },
      { attrs: ADDRESS_SCOPE_ATTRS, updated: given },
    );
    if (body['shared'] === false && scope.shared) {
      throw badRequestFor(
        'AddressScopeUpdateError',
        `Unable to update address scope ${scope.id} : Shared address scope can't be unshared.`,
      );
    }
    const updated = {
      ...scope,
      ...('name' in body ? { name: body['name'] as string } : {}),
      ...('shared' in body ? { shared: body['shared'] as boolean } : {}),
    };
    scopes.put(updated);
    return { address_scope: scopeView(updated) };
  });

  app.delete<{ Params: { id: string } }>('/address-scopes/:id', async (request, reply) => {
    const scope = findScope(request, request.params.id);
    policy.enforceOrHide(request, 'delete_address_scope', 'get_address_scope', scopeTarget(scope));
    if (col.all().some((p) => p.address_scope_id === scope.id)) {
      throw neutronError(
        409,
        'AddressScopeInUse',
        `Unable to complete operation on address scope ${scope.id}. There are one or more subnet pools in use on the address scope.`,
      );
    }
    scopes.delete(scope.id);
    return reply.code(204).send();
  });
};
