import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid as newId } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import {
  PROJECT_ATTRS,
  STANDARD_ATTRS,
  TAG_ATTRS,
  parseBool,
  prepareBody,
  range,
  string,
  toBoolean,
  toInt,
  values,
} from './attributes';
import type { AttrMap } from './attributes';
import { newStandardAttrs, ownerTarget, standardView, tagRoutes, touched } from './common';
import { neutronError, resourceNotFound } from './http';
import type { Json } from './http';
import { listAnswer, queryLists, requestedFields, selectFields } from './listing';
import { floatingIps, networks, ports, qosPolicies } from './model';
import type { QosPolicyDoc, QosRule } from './model';
import { neutronCaller, neutronPolicy } from './policy';
import type { NeutronCaller } from './policy';

export const qosPolicyNotFound = (id: string): Error =>
  neutronError(404, 'QosPolicyNotFound', `QoS policy ${id} could not be found.`);

const ruleNotFound = (ruleId: string, policyId: string): Error =>
  neutronError(
    404,
    'QosRuleNotFound',
    `QoS rule ${ruleId} for policy ${policyId} could not be found.`,
  );

const DSCP_MARKS = [
  0, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 46, 48, 56,
];
const KBPS = range(0, 2147483647);

type RuleType = QosRule['type'];

/** Each rule type's attributes (neutron-lib's qos sub-resources with their extensions). */
const RULE_TYPES: Readonly<
  Record<RuleType, { readonly attrs: AttrMap; readonly fields: readonly string[] }>
> = {
  bandwidth_limit: {
    fields: ['max_kbps', 'max_burst_kbps', 'direction'],
    attrs: {
      max_kbps: { post: true, put: true, convert: toInt, validate: KBPS, filter: true, sort: true },
      max_burst_kbps: {
        post: true,
        put: true,
        default: 0,
        convert: toInt,
        validate: KBPS,
        filter: true,
        sort: true,
      },
      direction: {
        post: true,
        put: true,
        default: 'egress',
        validate: values(['ingress', 'egress']),
        filter: true,
        sort: true,
      },
    },
  },
  dscp_marking: {
    fields: ['dscp_mark'],
    attrs: {
      dscp_mark: {
        post: true,
        put: true,
        convert: toInt,
        validate: values(DSCP_MARKS),
        filter: true,
        sort: true,
      },
    },
  },
  minimum_bandwidth: {
    fields: ['min_kbps', 'direction'],
    attrs: {
      min_kbps: { post: true, put: true, convert: toInt, validate: KBPS, filter: true, sort: true },
      direction: {
        post: true,
        put: true,
        default: 'egress',
        validate: values(['ingress', 'egress']),
        filter: true,
        sort: true,
      },
    },
  },
  minimum_packet_rate: {
    fields: ['min_kpps', 'direction'],
    attrs: {
      min_kpps: { post: true, put: true, convert: toInt, validate: KBPS, filter: true, sort: true },
      direction: {
        post: true,
        put: true,
        default: 'egress',
        validate: values(['any', 'ingress', 'egress']),
        filter: true,
        sort: true,
      },
    },
  },
  packet_rate_limit: {
    fields: ['max_kpps', 'max_burst_kpps', 'direction'],
    attrs: {
      max_kpps: { post: true, put: true, convert: toInt, validate: KBPS, filter: true, sort: true },
      max_burst_kpps: {
        post: true,
        put: true,
        default: 0,
        convert: toInt,
        validate: KBPS,
        filter: true,
        sort: true,
      },
      direction: {
        post: true,
        put: true,
        default: 'egress',
        validate: values(['ingress', 'egress']),
        filter: true,
        sort: true,
      },
    },
  },
};

const RULE_TYPE_NAMES = Object.keys(RULE_TYPES) as RuleType[];

/** What the demo cloud's openvswitch driver supports, as `GET /qos/rule-types/{type}` details it. */
const SUPPORTED_PARAMETERS: Readonly<Record<RuleType, Json[]>> = {
  bandwidth_limit: [
    {
      parameter_name: 'max_kbps',
      parameter_type: 'range',
      parameter_values: { start: 0, end: 2147483647 },
    },
    {
      parameter_name: 'direction',
      parameter_type: 'choices',
      parameter_values: ['ingress', 'egress'],
    },
    {
      parameter_name: 'max_burst_kbps',
      parameter_type: 'range',
      parameter_values: { start: 0, end: 2147483647 },
    },
  ],
  dscp_marking: [
    { parameter_name: 'dscp_mark', parameter_type: 'choices', parameter_values: DSCP_MARKS },
  ],
  minimum_bandwidth: [
    {
      parameter_name: 'min_kbps',
      parameter_type: 'range',
      parameter_values: { start: 0, end: 2147483647 },
    },
    {
      parameter_name: 'direction',
      parameter_type: 'choices',
      parameter_values: ['egress', 'ingress'],
    },
  ],
  minimum_packet_rate: [
    {
      parameter_name: 'min_kpps',
      parameter_type: 'range',
      parameter_values: { start: 0, end: 2147483647 },
    },
    {
      parameter_name: 'direction',
      parameter_type: 'choices',
      parameter_values: ['any', 'egress', 'ingress'],
    },
  ],
  packet_rate_limit: [
    {
      parameter_name: 'max_kpps',
      parameter_type: 'range',
      parameter_values: { start: 0, end: 2147483647 },
    },
    {
      parameter_name: 'max_burst_kpps',
      parameter_type: 'range',
      parameter_values: { start: 0, end: 2147483647 },
    },
    {
      parameter_name: 'direction',
      parameter_type: 'choices',
      parameter_values: ['egress', 'ingress'],
    },
  ],
};

export const QOS_POLICY_ATTRS: AttrMap = {
  id: { filter: true, sort: true },
  name: {
    post: true,
    put: true,
    default: '',
    validate: (v) => string(v, 255),
    filter: true,
    sort: true,
  },
  shared: { post: true, put: true, default: false, convert: toBoolean, filter: true },
  ...PROJECT_ATTRS,
  rules: {},
  is_default: { post: true, put: true, default: false, convert: toBoolean, filter: true },
  ...STANDARD_ATTRS,
  ...TAG_ATTRS,
};

const ruleFields = (rule: QosRule): Json => {
  const out: Json = {};
  for (const f of RULE_TYPES[rule.type].fields) out[f] = rule[f];
  out['id'] = rule.id;
  return out;
};

export const qosPolicyView = (p: QosPolicyDoc): Json => ({
  id: p.id,
  project_id: p.project_id,
  name: p.name,
  shared: p.shared,
  rules: p.rules.map((r) => ({ ...ruleFields(r), qos_policy_id: p.id, type: r.type })),
  is_default: p.is_default,
  revision_number: p.revision_number,
  description: p.description,
  created_at: standardView(p)['created_at'],
  updated_at: standardView(p)['updated_at'],
  tenant_id: p.project_id,
  tags: p.tags,
});

const reachable = (caller: NeutronCaller, p: QosPolicyDoc): boolean =>
  caller.isAdmin || p.project_id === caller.projectId || p.shared;

/** neutron refuses a second rule of the same type (and direction) in a policy. */
const checkConflict = (policy: QosPolicyDoc, rule: QosRule, ignoreId?: string): void => {
  const clash = policy.rules.find(
    (r) =>
      r.id !== ignoreId &&
      r.type === rule.type &&
      (rule.type === 'dscp_marking' || r['direction'] === rule['direction']),
  );
  if (clash) {
    throw neutronError(
      409,
      'QoSRulesConflict',
      `Rule ${rule.type} conflicts with rule ${clash.id} which already exists in QoS Policy ${policy.id}.`,
    );
  }
};

export const insertQosPolicy = (
  ctx: CloudContext,
  spec: {
    projectId: string;
    name: string;
    shared?: boolean;
    isDefault?: boolean;
    description?: string;
  },
): QosPolicyDoc => {
  const doc: QosPolicyDoc = {
    id: newId(),
    name: spec.name,
    project_id: spec.projectId,
    shared: spec.shared ?? false,
    is_default: spec.isDefault ?? false,
    rules: [],
    ...newStandardAttrs(ctx, spec.description ?? ''),
    // Neutron marks the project's default policy in a second write.
    ...(spec.isDefault ? { revision_number: 1 } : {}),
  };
  ctx.store.collection(qosPolicies).insert(doc);
  return doc;
};

export const addQosRule = (
  ctx: CloudContext,
  policy: QosPolicyDoc,
  type: RuleType,
  fields: Record<string, unknown>,
): { policy: QosPolicyDoc; rule: QosRule } => {
  const defaults: Json = {};
  for (const [name, spec] of Object.entries(RULE_TYPES[type].attrs)) {
    if ('default' in spec) defaults[name] = spec.default;
  }
  const rule: QosRule = { id: newId(), type, ...defaults, ...fields };
  checkConflict(policy, rule);
  const updated = touched(ctx, { ...policy, rules: [...policy.rules, rule] });
  ctx.store.collection(qosPolicies).put(updated);
  return { policy: updated, rule };
};

/** The first binding neutron finds: ports, then networks, then floating IPs. */
const usage = (store: Store, id: string): { type: string; id: string } | undefined => {
  const port = store
    .collection(ports)
    .all()
    .find((p) => p.qos_policy_id === id);
  if (port) return { type: 'port', id: port.id };
  const net = store
    .collection(networks)
    .all()
    .find((n) => n.qos_policy_id === id);
  if (net) return { type: 'network', id: net.id };
  const fip = store
    .collection(floatingIps)
    .all()
    .find((f) => f.qos_policy_id === id);
  if (fip) return { type: 'floatingip', id: fip.id };
  return undefined;
};

export const qosRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const col = store.collection(qosPolicies);

  const find = (request: FastifyRequest, id: string): QosPolicyDoc => {
    const p = col.get(id);
    if (!p || !reachable(neutronCaller(request), p)) throw qosPolicyNotFound(id);
    return p;
  };
  /** A policy the DB returns but the caller may not read answers a bare 404, as neutron's hook does. */
  const readable = (request: FastifyRequest, p: QosPolicyDoc, rule = 'get_policy'): void => {
    if (!policy.check(request, rule, ownerTarget(p))) throw resourceNotFound();
  };

  app.get('/qos/policies', async (request) => {
    const caller = neutronCaller(request);
    const items = col
      .all()
      .filter((p) => reachable(caller, p))
      .filter((p) => policy.check(request, 'get_policy', ownerTarget(p)))
      .map(qosPolicyView);
    return listAnswer(ctx, request, {
      collection: 'policies',
      path: '/qos/policies',
      attrs: QOS_POLICY_ATTRS,
      items,
      findMarker: (id) => items.find((i) => i['id'] === id),
      markerNotFound: qosPolicyNotFound,
    });
  });

  app.get<{ Params: { id: string } }>('/qos/policies/:id', async (request) => {
    const p = find(request, request.params.id);
    readable(request, p);
    return { policy: selectFields(qosPolicyView(p), requestedFields(request)) };
  });

  app.post('/qos/policies', async (request, reply) => {
    const caller = neutronCaller(request);
    const { values: body } = prepareBody(request.body, 'policy', QOS_POLICY_ATTRS, {
      create: true,
      caller,
    });
    policy.enforce(request, 'create_policy', body, { attrs: QOS_POLICY_ATTRS });
    const projectId = body['project_id'] as string;
    if (
      body['is_default'] === true &&
      col.where('project_id', projectId).some((p) => p.is_default)
    ) {
      throw neutronError(
        409,
        'QoSPolicyDefaultAlreadyExists',
        `A default QoS policy exists for project ${projectId}.`,
      );
    }
    const doc = insertQosPolicy(ctx, {
      projectId,
      name: body['name'] as string,
      shared: body['shared'] as boolean,
      isDefault: body['is_default'] as boolean,
      description: body['description'] as string,
    });
    return reply.code(201).send({ policy: qosPolicyView(doc) });
  });

  app.put<{ Params: { id: string } }>('/qos/policies/:id', async (request) => {
    const caller = neutronCaller(request);
    const p = find(request, request.params.id);
    const { values: body, given } = prepareBody(request.body, 'policy', QOS_POLICY_ATTRS, {
      create: false,
      caller,
    });
    policy.enforceOrHide(
      request,
      'update_policy',
      'get_policy',
      { ...ownerTarget(p), ...body },
      { attrs: QOS_POLICY_ATTRS, updated: given },
    );
    if (
      body['is_default'] === true &&
      !p.is_default &&
      col.where('project_id', p.project_id).some((o) => o.is_default)
    ) {
      throw neutronError(
        409,
        'QoSPolicyDefaultAlreadyExists',
        `A default QoS policy exists for project ${p.project_id}.`,
      );
    }
    const updated = touched(ctx, {
      ...p,
      ...('name' in body ? { name: body['name'] as string } : {}),
      ...('description' in body ? { description: body['description'] as string } : {}),
      ...('shared' in body ? { shared: body['shared'] as boolean } : {}),
      ...('is_default' in body ? { is_default: body['is_default'] as boolean } : {}),
    });
    col.put(updated);
    return { policy: qosPolicyView(updated) };
  });

  app.delete<{ Params: { id: string } }>('/qos/policies/:id', async (request, reply) => {
    const p = find(request, request.params.id);
    policy.enforceOrHide(request, 'delete_policy', 'get_policy', ownerTarget(p));
    const used = usage(store, p.id);
    if (used) {
      throw neutronError(
        409,
        'QosPolicyInUse',
        `QoS Policy ${p.id} is used by ${used.type} ${used.id}.`,
      );
    }
    col.delete(p.id);
    return reply.code(204).send();
  });

  tagRoutes(app, ctx, policy, {
    collection: 'qos/policies',
    resource: 'policy',
    col,
    reachable: (request, doc) => reachable(neutronCaller(request), doc),
  });

  // Rules, per type, under their policy and through the rule alias API ------------------------

  for (const type of RULE_TYPE_NAMES) {
    const spec = RULE_TYPES[type];
    const singular = `${type}_rule`;
    const plural = `${type}_rules`;
    const attrs: AttrMap = {
      id: { filter: true, sort: true },
      ...spec.attrs,
      tenant_id: { post: true },
      project_id: { post: true },
    };
    const findRule = (p: QosPolicyDoc, ruleId: string): QosRule => {
      const rule = p.rules.find((r) => r.id === ruleId && r.type === type);
      if (!rule) throw ruleNotFound(ruleId, p.id);
      return rule;
    };
    const parseRule = (request: FastifyRequest, key: string, create: boolean): Json => {
      const { values: body } = prepareBody(request.body, key, attrs, {
        create,
        caller: neutronCaller(request),
      });
      delete body['tenant_id'];
      delete body['project_id'];
      return body;
    };

    app.get<{ Params: { id: string } }>(`/qos/policies/:id/${plural}`, async (request) => {
      const p = find(request, request.params.id);
      // The hook filters a list item by item: rules the caller may not read leave it empty.
      const items = policy.check(request, `get_policy_${singular}`, ownerTarget(p))
        ? p.rules.filter((r) => r.type === type).map(ruleFields)
        : [];
      return listAnswer(ctx, request, {
        collection: plural,
        path: `/qos/policies/${p.id}/${plural}`,
        attrs,
        items,
        findMarker: (id) => items.find((i) => i['id'] === id),
        markerNotFound: (id) => ruleNotFound(id, p.id),
      });
    });

    app.get<{ Params: { id: string; ruleId: string } }>(
      `/qos/policies/:id/${plural}/:ruleId`,
      async (request) => {
        const p = find(request, request.params.id);
        readable(request, p, `get_policy_${singular}`);
        return {
          [singular]: selectFields(
            ruleFields(findRule(p, request.params.ruleId)),
            requestedFields(request),
          ),
        };
      },
    );

    app.post<{ Params: { id: string } }>(`/qos/policies/:id/${plural}`, async (request, reply) => {
      const body = parseRule(request, singular, true);
      // A create is checked before its parent is looked up (a missing policy answers 403 too).
      const caller = neutronCaller(request);
      policy.enforce(request, `create_policy_${singular}`, {
        ...body,
        project_id: caller.projectId,
        tenant_id: caller.projectId,
      });
      const p = find(request, request.params.id);
      const { rule } = addQosRule(ctx, p, type, body);
      return reply.code(201).send({ [singular]: ruleFields(rule) });
    });

    const update = async (
      p: QosPolicyDoc,
      ruleId: string,
      request: FastifyRequest,
      key: string,
    ): Promise<Json> => {
      const rule = findRule(p, ruleId);
      const body = parseRule(request, key, false);
      policy.enforceOrHide(
        request,
        `update_policy_${singular}`,
        `get_policy_${singular}`,
        ownerTarget(p),
      );
      const next: QosRule = { ...rule, ...body };
      checkConflict(p, next, rule.id);
      const updated = touched(ctx, {
        ...p,
        rules: p.rules.map((r) => (r.id === rule.id ? next : r)),
      });
      col.put(updated);
      return { [key]: ruleFields(next) };
    };
    const remove = (p: QosPolicyDoc, ruleId: string, request: FastifyRequest): void => {
      const rule = findRule(p, ruleId);
      policy.enforceOrHide(
        request,
        `delete_policy_${singular}`,
        `get_policy_${singular}`,
        ownerTarget(p),
      );
      col.put(touched(ctx, { ...p, rules: p.rules.filter((r) => r.id !== rule.id) }));
    };

    app.put<{ Params: { id: string; ruleId: string } }>(
      `/qos/policies/:id/${plural}/:ruleId`,
      async (request) =>
        update(find(request, request.params.id), request.params.ruleId, request, singular),
    );
    app.delete<{ Params: { id: string; ruleId: string } }>(
      `/qos/policies/:id/${plural}/:ruleId`,
      async (request, reply) => {
        remove(find(request, request.params.id), request.params.ruleId, request);
        return reply.code(204).send();
      },
    );

    // The qos-rules-alias API addresses a rule by its id alone.
    const aliasKey = `alias_${singular}`;
    const policyOfRule = (request: FastifyRequest, ruleId: string): QosPolicyDoc => {
      const caller = neutronCaller(request);
      const p = col
        .all()
        .find(
          (x) => reachable(caller, x) && x.rules.some((r) => r.id === ruleId && r.type === type),
        );
      if (!p) {
        throw neutronError(404, 'QosRuleNotFound', `QoS rule ${ruleId} could not be found.`);
      }
      return p;
    };
    app.get<{ Params: { ruleId: string } }>(`/qos/alias_${plural}/:ruleId`, async (request) => {
      const p = policyOfRule(request, request.params.ruleId);
      readable(request, p, `get_alias_${singular}`);
      return { [aliasKey]: ruleFields(findRule(p, request.params.ruleId)) };
    });
    app.put<{ Params: { ruleId: string } }>(`/qos/alias_${plural}/:ruleId`, async (request) => {
      const p = policyOfRule(request, request.params.ruleId);
      return update(p, request.params.ruleId, request, aliasKey);
    });
    app.delete<{ Params: { ruleId: string } }>(
      `/qos/alias_${plural}/:ruleId`,
      async (request, reply) => {
        remove(policyOfRule(request, request.params.ruleId), request.params.ruleId, request);
        return reply.code(204).send();
      },
    );
  }

  // Rule types ----------------------------------------------------------------------------------

  app.get('/qos/rule-types', async (request) => {
    const query = queryLists(request);
    for (const key of query.keys()) {
      if (!['all_rules', 'all_supported', 'fields'].includes(key)) {
        throw neutronError(400, 'HTTPBadRequest', `['${key}'] is invalid attribute for filtering`);
      }
    }
    const flag = (name: string): boolean => {
      const raw = query.get(name)?.at(-1);
      return raw !== undefined && parseBool(raw) === true;
    };
    if (flag('all_rules') && flag('all_supported')) {
      throw neutronError(
        400,
        'QoSRuleTypeFilterConflict',
        'Only one of all_rules and all_supported may be specified.',
      );
    }
    const target = {
      project_id: neutronCaller(request).projectId,
      tenant_id: neutronCaller(request).projectId,
    };
    const items = RULE_TYPE_NAMES.filter(() => policy.check(request, 'get_rule_type', target)).map(
      (t) => ({
        type: t,
      }),
    );
    return { rule_types: items.map((i) => selectFields(i, requestedFields(request))) };
  });

  app.get<{ Params: { type: string } }>('/qos/rule-types/:type', async (request) => {
    const type = request.params.type as RuleType;
    const caller = neutronCaller(request);
    const target = { project_id: caller.projectId, tenant_id: caller.projectId };
    // The plugin refuses non-admins itself, before the policy hook sees the answer.
    if (!caller.isAdmin) throw neutronError(403, 'NotAuthorized', 'Not authorized.');
    // An unknown name fails the rule type object's enum field: neutron answers a 500.
    if (!(type in RULE_TYPES)) {
      throw neutronError(
        500,
        'HTTPInternalServerError',
        'Request Failed: internal server error while processing your request.',
      );
    }
    if (!policy.check(request, 'get_rule_type', target)) throw resourceNotFound();
    return {
      rule_type: {
        type,
        drivers: [{ name: 'openvswitch', supported_parameters: SUPPORTED_PARAMETERS[type] }],
      },
    };
  });
};
