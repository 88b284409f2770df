import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid as newId } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import {
  PROJECT_ATTRS,
  STANDARD_ATTRS,
  TAG_ATTRS,
  prepareBody,
  pyInt,
  string,
  toBoolean,
  values,
} from './attributes';
import type { AttrMap, Converter } from './attributes';
import { newStandardAttrs, ownerTarget, standardView, tagRoutes, touched } from './common';
import { neutronError, pyRepr, pyStr, resourceNotFound } from './http';
import type { Json } from './http';
import { formatIp, parseCidr } from './ipam';
import { listAnswer, requestedFields, selectFields } from './listing';
import { defaultSecurityGroups, ports, securityGroupRules, securityGroups } from './model';
import type { SecurityGroupDoc, SecurityGroupRuleDoc } from './model';
import { neutronCaller, neutronPolicy } from './policy';
import type { NeutronCaller } from './policy';
import { checkQuota } from './quotas';

export const securityGroupNotFound = (id: string): Error =>
  neutronError(404, 'SecurityGroupNotFound', `Security group ${id} does not exist`);

const ruleNotFound = (id: string): Error =>
  neutronError(404, 'SecurityGroupRuleNotFound', `Security group rule ${id} does not exist`);

/** neutron-lib's IP_PROTOCOL_MAP, in its order (the error text lists the names). */
const IP_PROTOCOLS: ReadonlyArray<readonly [string, number]> = [
  ['ah', 51],
  ['dccp', 33],
  ['egp', 8],
  ['esp', 50],
  ['gre', 47],
  ['hopopt', 0],
  ['icmp', 1],
  ['igmp', 2],
  ['ip', 0],
  ['ipip', 4],
  ['ipv6-encap', 41],
  ['ipv6-frag', 44],
  ['ipv6-icmp', 58],
  ['icmpv6', 58],
  ['ipv6-nonxt', 59],
  ['ipv6-opts', 60],
  ['ipv6-route', 43],
  ['ospf', 89],
  ['pgm', 113],
  ['rsvp', 46],
  ['sctp', 132],
  ['tcp', 6],
  ['udp', 17],
  ['udplite', 136],
  ['vrrp', 112],
];
const PROTOCOL_NUMBERS = new Map(IP_PROTOCOLS);
const PORT_PROTOCOLS = ['dccp', 'sctp', 'tcp', 'udp', 'udplite'];
const PORT_PROTOCOL_NUMBERS = [33, 132, 6, 17, 136];
const IPV6_ONLY = [
  'ipv6-encap',
  'ipv6-frag',
  'ipv6-icmp',
  'icmpv6',
  'ipv6-nonxt',
  'ipv6-opts',
  'ipv6-route',
  '41',
  '44',
  '58',
  '59',
  '60',
  '43',
];

const invalidProtocol = (value: unknown): Error =>
  neutronError(
    400,
    'SecurityGroupRuleInvalidProtocol',
    `Security group rule protocol ${pyStr(value)} not supported. Only protocol values ${pyRepr([
      null,
      ...IP_PROTOCOLS.map(([n]) => n),
    ])} and integer representations [0 to 255] are supported.`,
  );

const convertProtocol: Converter = (value) => {
  if (value === null) return null;
  const n = pyInt(value);
  if (n !== undefined && typeof value !== 'boolean') {
    if (n >= 0 && n <= 255) return String(value);
    throw invalidProtocol(value);
  }
  if (typeof value === 'string' && PROTOCOL_NUMBERS.has(value.toLowerCase())) {
    return value.toLowerCase();
  }
  throw invalidProtocol(value);
};

const convertPort: Converter = (value) => {
  if (value === null) return null;
  const n = typeof value === 'boolean' ? undefined : pyInt(value);
  if (n !== undefined && n >= 0 && n <= 65535) return n;
  throw neutronError(
    400,
    'SecurityGroupInvalidPortValue',
    `Invalid value for port ${pyStr(value)}`,
  );
};

const convertEthertype: Converter = (value) => {
  if (typeof value === 'string') {
    for (const e of ['IPv4', 'IPv6']) if (e.toLowerCase() === value.toLowerCase()) return e;
  }
  throw neutronError(
    400,
    'SecurityGroupRuleInvalidEtherType',
    `Security group rule for ethertype '${pyStr(value)}' not supported. Allowed values are ['IPv4', 'IPv6'].`,
  );
};

const convertIpPrefix: Converter = (value) => {
  if (value === null || value === '' || value === undefined) return null;
  const cidr = typeof value === 'string' ? parseCidr(value) : undefined;
  if (!cidr) {
    throw neutronError(400, 'InvalidCIDR', `Invalid CIDR ${pyStr(value)} given as IP prefix.`);
  }
  const text = value as string;
  return text.includes('/') ? text : `${text}/${cidr.version === 4 ? 32 : 128}`;
};

export const SECURITY_GROUP_ATTRS: AttrMap = {
  id: { filter: true, sort: true },
  name: {
    post: true,
    put: true,
    default: '',
    filter: true,
    sort: true,
    validate: (v) => {
      const msg = string(v, 255);
      if (msg) return msg;
      if ((v as string).toLowerCase() === 'default') {
        throw neutronError(
          409,
          'SecurityGroupDefaultAlreadyExists',
          'Default security group already exists.',
        );
      }
      return undefined;
    },
  },
  ...PROJECT_ATTRS,
  security_group_rules: {},
  stateful: { post: true, put: true, default: true, convert: toBoolean },
  shared: { filter: true, convert: toBoolean },
  ...STANDARD_ATTRS,
  ...TAG_ATTRS,
};

export const SECURITY_GROUP_RULE_ATTRS: AttrMap = {
  id: { filter: true, sort: true },
  security_group_id: { post: true, filter: true, sort: true, validate: (v) => string(v, 36) },
  remote_group_id: { post: true, default: null, filter: true, sort: true },
  direction: { post: true, filter: true, sort: true, validate: values(['ingress', 'egress']) },
  protocol: { post: true, default: null, filter: true, sort: true, convert: convertProtocol },
  port_range_min: { post: true, default: null, filter: true, sort: true, convert: convertPort },
  port_range_max: { post: true, default: null, filter: true, sort: true, convert: convertPort },
  ethertype: {
    post: true,
    default: 'IPv4',
    filter: true,
    sort: true,
    convert: convertEthertype,
    validate: values(['IPv4', 'IPv6']),
  },
  remote_ip_prefix: {
    post: true,
    default: null,
    filter: true,
    sort: true,
    convert: convertIpPrefix,
  },
  ...PROJECT_ATTRS,
  normalized_cidr: { filter: true, sort: true },
  remote_address_group_id: { post: true, default: null, filter: true, sort: true },
  ...STANDARD_ATTRS,
};

// ---------------------------------------------------------------------------------------------
// Views

const ruleCore = (r: SecurityGroupRuleDoc): Json => ({
  id: r.id,
  tenant_id: r.project_id,
  security_group_id: r.security_group_id,
  ethertype: r.ethertype,
  direction: r.direction,
  protocol: r.protocol,
  port_range_min: r.port_range_min,
  port_range_max: r.port_range_max,
  remote_ip_prefix: r.remote_ip_prefix,
  remote_address_group_id: r.remote_address_group_id,
  normalized_cidr: r.normalized_cidr,
  remote_group_id: r.remote_group_id,
});

const ruleTimes = (r: SecurityGroupRuleDoc): Json => {
  const std = standardView({ ...r, description: '', tags: [] });
  return {
    created_at: std['created_at'],
    updated_at: std['updated_at'],
    revision_number: r.revision_number,
  };
};

export const ruleView = (r: SecurityGroupRuleDoc): Json => ({
  ...ruleCore(r),
  description: r.description,
  ...ruleTimes(r),
  project_id: r.project_id,
});

/** Rules nested in a group are the plugin's raw dicts (neutron shows its internal fields there). */
const nestedRuleView = (r: SecurityGroupRuleDoc): Json => ({
  ...ruleCore(r),
  standard_attr_id: r.standard_attr_id,
  description: r.description,
  tags: [],
  ...ruleTimes(r),
  project_id: r.project_id,
});

export const securityGroupView = (
  g: SecurityGroupDoc,
  rules: readonly SecurityGroupRuleDoc[],
): Json => ({
  id: g.id,
  name: g.name,
  stateful: g.stateful,
  tenant_id: g.project_id,
  description: g.description,
  shared: false,
  security_group_rules: [...rules].sort((a, b) => (a.id < b.id ? -1 : 1)).map(nestedRuleView),
  ...standardView(g),
  project_id: g.project_id,
});

// ---------------------------------------------------------------------------------------------
// Shared logic

const DEFAULT_SG_DESCRIPTION = 'Default security group';

const newRule = (
  ctx: CloudContext,
  group: SecurityGroupDoc,
  fields: Partial<SecurityGroupRuleDoc> & Pick<SecurityGroupRuleDoc, 'direction' | 'ethertype'>,
  projectId = group.project_id,
): SecurityGroupRuleDoc => {
  const now = ctx.now().toISOString();
  const remote = fields.remote_ip_prefix ?? null;
  const cidr = remote ? parseCidr(remote) : undefined;
  return {
    id: newId(),
    security_group_id: group.id,
    project_id: projectId,
    protocol: null,
    port_range_min: null,
    port_range_max: null,
    remote_ip_prefix: null,
    remote_group_id: null,
    remote_address_group_id: null,
    // The rules neutron adds itself have no description; the API's default is ''.
    description: null,
    created_at: now,
    updated_at: now,
    revision_number: 0,
    ...fields,
    normalized_cidr: cidr ? `${formatIp(cidr.version, cidr.first)}/${cidr.prefixlen}` : null,
    standard_attr_id: ctx.store.nextSequence('neutron_standard_attr'),
  };
};

/**
 * Creates a group with neutron's rules: egress to anywhere over IPv4 and IPv6, plus (for the
 * project's `default` group) ingress from members of the same group.
 */
export const createSecurityGroupDoc = (
  ctx: CloudContext,
  spec: {
    projectId: string;
    name: string;
    description: string;
    stateful: boolean;
    isDefault: boolean;
  },
): SecurityGroupDoc => {
  const { store } = ctx;
  const group: SecurityGroupDoc = {
    id: newId(),
    name: spec.name,
    project_id: spec.projectId,
    stateful: spec.stateful,
    ...newStandardAttrs(ctx, spec.description),
    revision_number: 1,
  };
  store.collection(securityGroups).insert(group);
  const rules = store.collection(securityGroupRules);
  for (const ethertype of ['IPv4', 'IPv6'] as const) {
    if (spec.isDefault) {
      rules.insert(
        newRule(ctx, group, { direction: 'ingress', ethertype, remote_group_id: group.id }),
      );
    }
    rules.insert(newRule(ctx, group, { direction: 'egress', ethertype }));
  }
  if (spec.isDefault) {
    store
      .collection(defaultSecurityGroups)
      .put({ id: spec.projectId, security_group_id: group.id });
  }
  return group;
};

/** The project's `default` group, created with its four rules the first time it is needed. */
export const ensureDefaultSecurityGroup = (
  ctx: CloudContext,
  projectId: string,
): SecurityGroupDoc | undefined => {
  if (!projectId) return undefined;
  const { store } = ctx;
  const known = store.collection(defaultSecurityGroups).get(projectId);
  const existing = known
    ? store.collection(securityGroups).get(known.security_group_id)
    : undefined;
  if (existing) return existing;
  return store.transaction(() =>
    createSecurityGroupDoc(ctx, {
      projectId,
      name: 'default',
      description: DEFAULT_SG_DESCRIPTION,
      stateful: true,
      isDefault: true,
    }),
  );
};

/** neutron only creates a default group for the caller's own project, or any project for an admin. */
const ensureFor = (ctx: CloudContext, caller: NeutronCaller, projectId: string): void => {
  if (projectId === caller.projectId || caller.isAdmin) ensureDefaultSecurityGroup(ctx, projectId);
};

export const isDefaultGroup = (store: Store, group: SecurityGroupDoc): boolean =>
  store.collection(defaultSecurityGroups).get(group.project_id)?.security_group_id === group.id;

/** DB-level scoping: a non-admin reaches only its own project's groups. */
const reachable = (caller: NeutronCaller, g: { project_id: string }): boolean =>
  caller.isAdmin || g.project_id === caller.projectId;

const ruleKey = (
  r: Pick<
    SecurityGroupRuleDoc,
    | 'direction'
    | 'ethertype'
    | 'port_range_max'
    | 'port_range_min'
    | 'protocol'
    | 'remote_group_id'
    | 'remote_address_group_id'
    | 'remote_ip_prefix'
    | 'security_group_id'
  >,
): string => {
  const norm = (key: string, value: unknown): string => {
    if (key === 'remote_ip_prefix') {
      return value === null || value === '0.0.0.0/0' || value === '::/0' ? '+' : String(value);
    }
    if (value === null || value === undefined) return '+';
    if (key === 'protocol') {
      let p = String(value);
      if (r.ethertype === 'IPv6') {
        if (p === 'icmp' || p === 'icmpv6') p = 'ipv6-icmp';
        else if (p === '1') p = '58';
      }
      const byName = PROTOCOL_NUMBERS.get(p);
      if (byName !== undefined) return `${p}:${byName}`;
      const name = IP_PROTOCOLS.find(([, n]) => String(n) === p)?.[0];
      return name ? `${name}:${p}` : `${p}:${p}`;
    }
    return String(value);
  };
  return [
    'direction',
    'ethertype',
    'port_range_max',
    'port_range_min',
    'protocol',
    'remote_group_id',
    'remote_address_group_id',
    'remote_ip_prefix',
    'security_group_id',
  ]
    .map((k) => norm(k, (r as unknown as Json)[k]))
    .join('_');
};

const protocolNumber = (protocol: string | null): number | undefined => {
  if (protocol === null) return undefined;
  const p = protocol === 'icmpv6' ? 'ipv6-icmp' : protocol;
  return PROTOCOL_NUMBERS.get(p) ?? Number(p);
};

/** neutron's rule checks after conversion, in its order. */
const validateRule = (rule: Json): void => {
  if (rule['ethertype'] === 'IPv6') {
    if (rule['protocol'] === 'icmp' || rule['protocol'] === 'icmpv6')
      rule['protocol'] = 'ipv6-icmp';
    else if (rule['protocol'] === '1') rule['protocol'] = '58';
  }
  if (rule['port_range_min'] === 1 && rule['port_range_max'] === 65535) {
    rule['port_range_min'] = null;
    rule['port_range_max'] = null;
  }
  const min = rule['port_range_min'] as number | null;
  const max = rule['port_range_max'] as number | null;
  const protocol = rule['protocol'] as string | null;
  if (min !== null || max !== null) {
    if (!protocol) {
      throw neutronError(
        400,
        'SecurityGroupProtocolRequiredWithPorts',
        'Must also specify protocol if port range is given.',
      );
    }
    const num = protocolNumber(protocol);
    if (
      PORT_PROTOCOLS.includes(protocol) ||
      (num !== undefined && PORT_PROTOCOL_NUMBERS.includes(num))
    ) {
      if (min === 0 || max === 0) {
        throw neutronError(400, 'SecurityGroupInvalidPortValue', 'Invalid value for port 0');
      }
      if (!(min !== null && max !== null && min <= max)) {
        throw neutronError(
          400,
          'SecurityGroupInvalidPortRange',
          'For TCP/UDP protocols, port_range_min must be <= port_range_max',
        );
      }
    } else if (num === 1 || num === 58) {
      for (const [attr, field, value] of [
        ['port_range_min', 'type', min],
        ['port_range_max', 'code', max],
      ] as const) {
        if (value !== null && !(value >= 0 && value <= 255)) {
          throw neutronError(
            400,
            'SecurityGroupInvalidIcmpValue',
            `Invalid value for ICMP ${field} (${attr}) ${value}. It must be 0 to 255.`,
          );
        }
      }
      if (min === null && max !== null) {
        throw neutronError(
          400,
          'SecurityGroupMissingIcmpType',
          `ICMP code (port-range-max) ${max} is provided but ICMP type (port-range-min) is missing.`,
        );
      }
    } else {
      throw neutronError(
        400,
        'SecurityGroupInvalidProtocolForPort',
        `Ports cannot be specified for protocol ${num ?? protocol}. Ports are only supported for ${PORT_PROTOCOLS.map((p) => p.toUpperCase()).join(', ')}.`,
      );
    }
  }
  const prefix = rule['remote_ip_prefix'] as string | null;
  if (prefix) {
    const cidr = parseCidr(prefix);
    if (cidr && rule['ethertype'] !== `IPv${cidr.version}`) {
      throw neutronError(
        400,
        'SecurityGroupRuleParameterConflict',
        `Conflicting value ethertype ${String(rule['ethertype'])} for CIDR ${prefix}`,
      );
    }
  }
  if (protocol && IPV6_ONLY.includes(protocol) && rule['ethertype'] === 'IPv4') {
    throw neutronError(
      400,
      'SecurityGroupEthertypeConflictWithProtocol',
      `Invalid ethertype IPv4 for protocol ${protocol}.`,
    );
  }
  const remotes = ['remote_ip_prefix', 'remote_group_id', 'remote_address_group_id'].filter(
    (k) => rule[k] !== null && rule[k] !== undefined && rule[k] !== '',
  );
  if (remotes.length > 1) {
    throw neutronError(
      400,
      'SecurityGroupMultipleRemoteEntites',
      'Only one of remote_ip_prefix or remote_group_id or remote_address_group_id may be provided.',
    );
  }
};

// ---------------------------------------------------------------------------------------------
// Routes

export const securityGroupRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const groups = store.collection(securityGroups);
  const rules = store.collection(securityGroupRules);

  const rulesByGroup = (): Map<string, SecurityGroupRuleDoc[]> => {
    const map = new Map<string, SecurityGroupRuleDoc[]>();
    for (const r of rules.all()) {
      const list = map.get(r.security_group_id) ?? [];
      list.push(r);
      map.set(r.security_group_id, list);
    }
    return map;
  };

  const visibleGroups = (request: FastifyRequest): SecurityGroupDoc[] => {
    const caller = neutronCaller(request);
    const candidates = caller.isAdmin ? groups.all() : groups.where('project_id', caller.projectId);
    return candidates.filter((g) => policy.check(request, 'get_security_group', ownerTarget(g)));
  };

  const findGroup = (request: FastifyRequest, id: string): SecurityGroupDoc => {
    const group = groups.get(id);
    if (!group || !reachable(neutronCaller(request), group)) throw securityGroupNotFound(id);
    return group;
  };

  const requestedProject = (request: FastifyRequest): string => {
    const q = request.query as Record<string, unknown>;
    const raw = q['project_id'] ?? q['tenant_id'];
    const first = Array.isArray(raw) ? (raw[0] as unknown) : raw;
    return typeof first === 'string' ? first : neutronCaller(request).projectId;
  };

  app.get('/security-groups', async (request) => {
    ensureFor(ctx, neutronCaller(request), requestedProject(request));
    const byGroup = rulesByGroup();
    const items = visibleGroups(request).map((g) => securityGroupView(g, byGroup.get(g.id) ?? []));
    return listAnswer(ctx, request, {
      collection: 'security_groups',
      attrs: SECURITY_GROUP_ATTRS,
      items,
      findMarker: (id) => items.find((i) => i['id'] === id),
      markerNotFound: securityGroupNotFound,
    });
  });

  app.get<{ Params: { id: string } }>('/security-groups/:id', async (request) => {
    const group = findGroup(request, request.params.id);
    if (!policy.check(request, 'get_security_group', ownerTarget(group))) {
      throw resourceNotFound();
    }
    const view = securityGroupView(group, rules.where('security_group_id', group.id));
    return { security_group: selectFields(view, requestedFields(request)) };
  });

  app.post('/security-groups', async (request, reply) => {
    const caller = neutronCaller(request);
    const { values: body } = prepareBody(request.body, 'security_group', SECURITY_GROUP_ATTRS, {
      create: true,
      caller,
    });
    policy.enforce(request, 'create_security_group', body, { attrs: SECURITY_GROUP_ATTRS });
    const projectId = body['project_id'] as string;
    const group = store.transaction(() => {
      ensureFor(ctx, caller, projectId);
      checkQuota(store, projectId, { security_group: 1, security_group_rule: 2 });
      return createSecurityGroupDoc(ctx, {
        projectId,
        name: body['name'] as string,
        description: body['description'] as string,
        stateful: body['stateful'] as boolean,
        isDefault: false,
      });
    });
    return reply.code(201).send({
      security_group: securityGroupView(group, rules.where('security_group_id', group.id)),
    });
  });

  app.put<{ Params: { id: string } }>('/security-groups/:id', async (request) => {
    const caller = neutronCaller(request);
    const group = findGroup(request, request.params.id);
    const { values: body, given } = prepareBody(
      request.body,
      'security_group',
      SECURITY_GROUP_ATTRS,
      {
        create: false,
        caller,
      },
    );
    policy.enforceOrHide(
      request,
      'update_security_group',
      'get_security_group',
      { ...ownerTarget(group), ...body },
      { attrs: SECURITY_GROUP_ATTRS, updated: given },
    );
    if ('name' in body && body['name'] !== 'default' && isDefaultGroup(store, group)) {
      throw neutronError(
        409,
        'SecurityGroupCannotUpdateDefault',
        'Updating default security group not allowed.',
      );
    }
    if ('stateful' in body && body['stateful'] !== group.stateful) {
      const inUse = store
        .collection(ports)
        .all()
        .some((p) => p.security_groups.includes(group.id));
      if (inUse) {
        throw neutronError(409, 'SecurityGroupInUse', `Security Group ${group.id} in use.`);
      }
    }
    const updated = touched(ctx, {
      ...group,
      ...('name' in body ? { name: body['name'] as string } : {}),
      ...('description' in body ? { description: body['description'] as string } : {}),
      ...('stateful' in body ? { stateful: body['stateful'] as boolean } : {}),
    });
    groups.put(updated);
    return {
      security_group: securityGroupView(updated, rules.where('security_group_id', group.id)),
    };
  });

  app.delete<{ Params: { id: string } }>('/security-groups/:id', async (request, reply) => {
    const caller = neutronCaller(request);
    const group = findGroup(request, request.params.id);
    policy.enforceOrHide(
      request,
      'delete_security_group',
      'get_security_group',
      ownerTarget(group),
    );
    if (isDefaultGroup(store, group) && !caller.isAdmin) {
      throw neutronError(
        409,
        'SecurityGroupCannotRemoveDefault',
        'Insufficient rights for removing default security group.',
      );
    }
    const inUse = store
      .collection(ports)
      .where('project_id', group.project_id)
      .some((p) => p.security_groups.includes(group.id));
    if (inUse) throw neutronError(409, 'SecurityGroupInUse', `Security Group ${group.id} in use.`);
    store.transaction(() => {
      rules.deleteWhere('security_group_id', group.id);
      groups.delete(group.id);
      if (isDefaultGroup(store, group))
        store.collection(defaultSecurityGroups).delete(group.project_id);
    });
    return reply.code(204).send();
  });

  tagRoutes(app, ctx, policy, {
    collection: 'security-groups',
    resource: 'security_group',
    col: groups,
    reachable: (request, doc) => reachable(neutronCaller(request), doc),
  });

  // Rules -------------------------------------------------------------------------------------

  const ruleTarget = (r: SecurityGroupRuleDoc): Json => {
    const group = groups.get(r.security_group_id);
    return ownerTarget(r, { 'security_group:tenant_id': group?.project_id ?? r.project_id });
  };

  app.get('/security-group-rules', async (request) => {
    const caller = neutronCaller(request);
    ensureFor(ctx, caller, requestedProject(request));
    let candidates: SecurityGroupRuleDoc[];
    if (caller.isAdmin) {
      candidates = rules.all();
    } else {
      // Rules of the project's own groups, whoever created them, and the project's own rules.
      const own = new Set(groups.where('project_id', caller.projectId).map((g) => g.id));
      candidates = rules
        .all()
        .filter((r) => r.project_id === caller.projectId || own.has(r.security_group_id));
    }
    const items = candidates
      .filter((r) => policy.check(request, 'get_security_group_rule', ruleTarget(r)))
      .map(ruleView);
    return listAnswer(ctx, request, {
      collection: 'security_group_rules',
      attrs: SECURITY_GROUP_RULE_ATTRS,
      items,
      findMarker: (id) => items.find((i) => i['id'] === id),
      markerNotFound: ruleNotFound,
    });
  });

  const findRule = (request: FastifyRequest, id: string): SecurityGroupRuleDoc => {
    const rule = rules.get(id);
    const caller = neutronCaller(request);
    if (!rule) throw ruleNotFound(id);
    const group = groups.get(rule.security_group_id);
    const visible =
      caller.isAdmin ||
      rule.project_id === caller.projectId ||
      group?.project_id === caller.projectId;
    if (!visible) throw ruleNotFound(id);
    return rule;
  };

  app.get<{ Params: { id: string } }>('/security-group-rules/:id', async (request) => {
    const rule = findRule(request, request.params.id);
    if (!policy.check(request, 'get_security_group_rule', ruleTarget(rule)))
      throw resourceNotFound();
    return { security_group_rule: selectFields(ruleView(rule), requestedFields(request)) };
  });

  app.post('/security-group-rules', async (request, reply) => {
    const caller = neutronCaller(request);
    const { values: rule } = prepareBody(
      request.body,
      'security_group_rule',
      SECURITY_GROUP_RULE_ATTRS,
      {
        create: true,
        caller,
      },
    );
    const sgId = rule['security_group_id'] as string;
    const group = groups.get(sgId);
    policy.enforce(request, 'create_security_group_rule', {
      ...rule,
      'security_group:tenant_id': group?.project_id ?? rule['project_id'],
    });
    validateRule(rule);
    const remoteGroup = rule['remote_group_id'] as string | null;
    const projectId = rule['project_id'] as string;
    const usable = (g: SecurityGroupDoc | undefined): g is SecurityGroupDoc =>
      g !== undefined && (caller.isAdmin || g.project_id === projectId);
    if (remoteGroup && !usable(groups.get(remoteGroup))) throw securityGroupNotFound(remoteGroup);
    if (!usable(group)) throw securityGroupNotFound(sgId);
    const doc = newRule(
      ctx,
      group,
      {
        direction: rule['direction'] as 'ingress' | 'egress',
        ethertype: rule['ethertype'] as 'IPv4' | 'IPv6',
        protocol: rule['protocol'] as string | null,
        port_range_min: rule['port_range_min'] as number | null,
        port_range_max: rule['port_range_max'] as number | null,
        remote_ip_prefix: rule['remote_ip_prefix'] as string | null,
        remote_group_id: remoteGroup,
        remote_address_group_id: rule['remote_address_group_id'] as string | null,
        description: rule['description'] as string,
      },
      projectId,
    );
    const key = ruleKey(doc);
    const duplicate = rules.where('security_group_id', group.id).find((r) => ruleKey(r) === key);
    if (duplicate) {
      throw neutronError(
        409,
        'SecurityGroupRuleExists',
        `Security group rule already exists. Rule id is ${duplicate.id}.`,
      );
    }
    store.transaction(() => {
      checkQuota(store, projectId, { security_group_rule: 1 });
      rules.insert(doc);
      groups.put(touched(ctx, group));
    });
    return reply.code(201).send({ security_group_rule: ruleView(doc) });
  });

  app.delete<{ Params: { id: string } }>('/security-group-rules/:id', async (request, reply) => {
    const rule = findRule(request, request.params.id);
    policy.enforceOrHide(
      request,
      'delete_security_group_rule',
      'get_security_group_rule',
      ruleTarget(rule),
    );
    store.transaction(() => {
      rules.delete(rule.id);
      const group = groups.get(rule.security_group_id);
      if (group) groups.put(touched(ctx, group));
    });
    return reply.code(204).send();
  });
};

/** For the seed and the internal API: adds a rule as the API would, without its checks. */
export const addSecurityGroupRule = (
  ctx: CloudContext,
  group: SecurityGroupDoc,
  fields: Partial<SecurityGroupRuleDoc> & Pick<SecurityGroupRuleDoc, 'direction' | 'ethertype'>,
): SecurityGroupRuleDoc => {
  const rule = newRule(ctx, group, { description: '', ...fields });
  ctx.store.collection(securityGroupRules).insert(rule);
  return rule;
};
