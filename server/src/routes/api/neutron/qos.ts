import type { FastifyPluginAsync } from 'fastify';
import {
  QOS_RULE_FIELDS,
  routeTable as api,
  type QosPolicy,
  type QosRule,
  type QosRuleCreateBody,
} from '@skydeck/contract';
import type { NeutronQosPolicy, NeutronQosRule, QosRuleFields } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import { serveItemPassThrough } from '../../serveItem';
import type { RouteDeps } from '../../deps';
import { identityFieldsOf, withTimestamps } from './standardAttrs';
import { pickDefined } from '../../../lib/pickDefined';

class QosRequestError extends Error {
  readonly statusCode = 400;
}

export const toQosRule = (r: NeutronQosRule): QosRule => ({
  id: r.id,
  type: r.type,
  ...pickDefined(r, [
    'direction',
    'max_kbps',
    'max_burst_kbps',
    'min_kbps',
    'min_kpps',
    'dscp_mark',
  ]),
});

export const toQosPolicy = (p: NeutronQosPolicy): QosPolicy => {
  const out: QosPolicy = {
    ...identityFieldsOf(p),
    shared: p.shared,
    is_default: p.is_default ?? false,
    rules: p.rules.map(toQosRule),
  };
  if (p.revision_number !== undefined) out.revision_number = p.revision_number;
  return withTimestamps(out, p);
};

/**
 * A rule body's fields, checked against its type (Neutron's 400 for a stray field names
 * neither the field nor the type): the required ones present, no other type's, and the
 * direction "any" only for a minimum packet rate.
 */
export const qosRuleFieldsOf = (body: QosRuleCreateBody): QosRuleFields => {
  const { type, ...fields } = body;
  const allowed = QOS_RULE_FIELDS[type];
  const given = Object.keys(fields);
  const missing = allowed.required.filter((f) => !given.includes(f));
  if (missing.length > 0) {
    throw new QosRequestError(`A ${type} rule needs ${missing.join(', ')}.`);
  }
  const stray = given.filter((f) => !allowed.required.includes(f) && !allowed.optional.includes(f));
  if (stray.length > 0) {
    throw new QosRequestError(`A ${type} rule takes no ${stray.join(', ')}.`);
  }
  if (fields.direction === 'any' && type !== 'minimum_packet_rate') {
    throw new QosRequestError('Only a minimum packet rate rule takes the direction "any".');
  }
  return fields;
};

/** /api/neutron/qos_policies/ (spec 2 §2, §7): policies and their rules. */
export const qosRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['neutron.qos_policies.list'], async (request) => {
    const { items, truncated } = await request.openstack.neutron.qosPolicies.listAll({
      filters: { ...request.query },
    });
    items.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return { items: items.map(toQosPolicy), has_more_data: truncated, has_prev_data: false };
  });

  serve(app, api['neutron.qos_policies.create'], async (request, reply) => {
    const created = await request.openstack.neutron.qosPolicies.create(request.body);
    return reply.code(201).send(toQosPolicy(created));
  });

  serveItemPassThrough(
    app,
    {
      get: api['neutron.qos_policies.get'],
      update: api['neutron.qos_policies.update'],
      delete: api['neutron.qos_policies.delete'],
    },
    (request) => request.openstack.neutron.qosPolicies,
    toQosPolicy,
  );

  serve(app, api['neutron.qos_policies.createRule'], async (request, reply) => {
    const rule = await request.openstack.neutron.qosPolicies.createRule(
      request.params.id,
      request.body.type,
      qosRuleFieldsOf(request.body),
    );
    return reply.code(201).send(toQosRule(rule));
  });

  serveNoContent(app, api['neutron.qos_policies.deleteRule'], async (request) => {
    const { id, type, rule_id } = request.params;
    await request.openstack.neutron.qosPolicies.deleteRule(id, type, rule_id);
  });
};
