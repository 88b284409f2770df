import type { FastifyPluginAsync } from 'fastify';
import {
  routeTable as api,
  type Stack,
  type StackCreateBody,
  type StackDetail,
  type StackParameter,
  type StackPreview,
  type StackResource,
  type StackTopology,
  type StackUpdateBody,
} from '@skydeck/contract';
import type {
  HeatParameter,
  HeatResource,
  HeatStack,
  HeatStackInput,
} from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';

const toStack = (s: HeatStack): Stack => ({
  id: s.id,
  stack_name: s.stack_name,
  stack_status: s.stack_status,
  stack_status_reason: s.stack_status_reason ?? null,
  creation_time: s.creation_time ?? null,
  updated_time: s.updated_time ?? null,
  description: s.description ?? null,
  ...(s.project === undefined ? {} : { project: s.project }),
});

const toDetail = (s: HeatStack): StackDetail => ({
  ...toStack(s),
  parameters: s.parameters ?? {},
  outputs: s.outputs ?? [],
  timeout_mins: s.timeout_mins ?? null,
  disable_rollback: s.disable_rollback,
  stack_owner: s.stack_owner ?? null,
  parent: s.parent ?? null,
  tags: s.tags ?? null,
  template_description: s.template_description,
});

const toResource = (r: HeatResource): StackResource => ({
  resource_name: r.resource_name,
  physical_resource_id: r.physical_resource_id,
  resource_type: r.resource_type,
  resource_status: r.resource_status,
  resource_status_reason: r.resource_status_reason ?? null,
  updated_time: r.updated_time ?? null,
  required_by: r.required_by,
  ...(r.parent_resource === undefined ? {} : { parent_resource: r.parent_resource }),
});

/** Heat's NoEcho is the string "true" (a CFN heritage); accept a boolean too. */
const isHidden = (p: HeatParameter): boolean => String(p.NoEcho).toLowerCase() === 'true';

/** Heat's CFN-style parameter description → the launch form's (snake_case, no undefineds). */
export function toParameter(p: HeatParameter): StackParameter {
  const out: StackParameter = { type: p.Type, hidden: isHidden(p) };
  if (p.Label !== undefined) out.label = p.Label;
  if (p.Description !== undefined) out.description = p.Description;
  if (p.Default !== undefined) out.default = p.Default;
  if (p.AllowedValues !== undefined) out.allowed_values = p.AllowedValues;
  if (p.AllowedPattern !== undefined) out.allowed_pattern = p.AllowedPattern;
  if (p.MinLength !== undefined) out.min_length = Number(p.MinLength);
  if (p.MaxLength !== undefined) out.max_length = Number(p.MaxLength);
  if (p.MinValue !== undefined) out.min_value = Number(p.MinValue);
  if (p.MaxValue !== undefined) out.max_value = Number(p.MaxValue);
  if (p.ConstraintDescription !== undefined) out.constraint_description = p.ConstraintDescription;
  if (p.CustomConstraint !== undefined) out.custom_constraint = p.CustomConstraint;
  return out;
}

/** The resource-type family a topology node's icon shows. */
export function iconOf(type: string): string {
  if (type === 'OS::Nova::Server') return 'server';
  if (type === 'OS::Neutron::Net' || type === 'OS::Neutron::ProviderNet') return 'network';
  if (type === 'OS::Neutron::Subnet') return 'subnet';
  if (type === 'OS::Neutron::Port') return 'port';
  if (type.startsWith('OS::Neutron::Router')) return 'router';
  if (type.startsWith('OS::Neutron::SecurityGroup')) return 'security-group';
  if (type.startsWith('OS::Neutron::FloatingIP')) return 'floating-ip';
  if (type.startsWith('OS::Cinder::')) return 'volume';
  if (type.startsWith('OS::Heat::') && /Group|Chain|Stack/.test(type)) return 'stack';
  if (type.startsWith('OS::Heat::')) return 'config';
  return 'resource';
}

const inProgress = (status: string): boolean => status.endsWith('_IN_PROGRESS');

/** Stack + resources (one level of nesting) → spec 1 §7's stack topology data. */
export function buildStackTopology(stack: HeatStack, resources: HeatResource[]): StackTopology {
  const nodes = resources.map((r) => ({
    name: r.resource_name,
    instance: r.physical_resource_id,
    resource_type: r.resource_type,
    status: r.resource_status,
    status_reason: r.resource_status_reason ?? '',
    image: iconOf(r.resource_type),
    required_by: r.required_by,
    in_progress: inProgress(r.resource_status),
    updated_time: r.updated_time ?? null,
  }));
  return {
    stack: {
      id: stack.id,
      name: stack.stack_name,
      status: stack.stack_status,
      status_reason: stack.stack_status_reason ?? '',
      in_progress: inProgress(stack.stack_status),
    },
    nodes,
  };
}

/** The web app's body → Heat's: text templates go as text (Heat parses YAML and JSON). */
function toInput(body: StackUpdateBody | StackCreateBody): HeatStackInput {
  const input: HeatStackInput = {};
  if (body.template !== undefined) input.template = body.template;
  if (body.template_url !== undefined) input.template_url = body.template_url;
  if (body.environment !== undefined && body.environment.trim() !== '') {
    input.environment = body.environment;
  }
  if (body.files !== undefined) input.files = body.files;
  if (body.parameters !== undefined) input.parameters = body.parameters;
  if (body.timeout_mins !== undefined) input.timeout_mins = body.timeout_mins;
  if (body.disable_rollback !== undefined) input.disable_rollback = body.disable_rollback;
  return input;
}

/** Heat's preview lists nested stacks' resources as nested lists: one flat list here. */
function flattenPreview(value: unknown): StackPreview['resources'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (Array.isArray(item)) return flattenPreview(item);
    if (typeof item !== 'object' || item === null) return [];
    const r = item as Record<string, unknown>;
    return [
      { resource_name: String(r['resource_name']), resource_type: String(r['resource_type']) },
    ];
  });
}

/** /api/heat/ — stacks, their resources, events, template and topology; template tools. */
export const heatStackRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['heat.stacks.list'], async (request) => {
    // `all_projects` is the admin panel's: Heat's global_index policy denies everybody by
    // default, and its plain index already answers every project's stacks to an admin.
    const { limit, marker } = request.query;
    // One more than asked tells whether a next page exists.
    const rows = await request.openstack.heat.stacks.list({
      limit: limit === undefined ? undefined : limit + 1,
      marker,
    });
    const page = limit === undefined ? rows : rows.slice(0, limit);
    const hasMore = limit !== undefined && rows.length > limit;
    const last = page.at(-1);
    return {
      items: page.map(toStack),
      has_more_data: hasMore,
      ...(hasMore && last ? { next_marker: last.id } : {}),
    };
  });

  serve(app, api['heat.stacks.create'], async (request, reply) => {
    const { stack_name: name } = request.body;
    const created = await request.openstack.heat.stacks.create({
      stack_name: name,
      ...toInput(request.body),
    });
    return reply.code(201).send(created);
  });

  serve(app, api['heat.stacks.preview'], async (request) => {
    const preview = await request.openstack.heat.stacks.preview({
      stack_name: request.body.stack_name,
      ...toInput(request.body),
    });
    const description = preview['description'];
    const parameters = preview['parameters'];
    return {
      stack_name: String(preview['stack_name'] ?? request.body.stack_name),
      description: typeof description === 'string' ? description : null,
      parameters:
        typeof parameters === 'object' && parameters !== null
          ? (parameters as Record<string, unknown>)
          : {},
      resources: flattenPreview(preview['resources']),
    };
  });

  serve(app, api['heat.stacks.validate'], async (request) => {
    const answer = await request.openstack.heat.validate(toInput(request.body));
    const description = answer.Description;
    return {
      description: typeof description === 'string' ? description : '',
      parameters: Object.entries(answer.Parameters ?? {}).map(([name, p]) => ({
        name,
        ...toParameter(p),
      })),
    };
  });

  serve(app, api['heat.stacks.get'], async (request) =>
    toDetail(await request.openstack.heat.stacks.get(request.params.id)),
  );

  serveNoContent(app, api['heat.stacks.update'], async (request) => {
    const heat = request.openstack.heat;
    const stack = await heat.stacks.get(request.params.id);
    const input = toInput(request.body);
    // No new template: a PATCH keeps the stack's own and changes only what is given.
    const patch = input.template === undefined && input.template_url === undefined;
    await heat.stacks.update(stack.stack_name, stack.id, input, patch);
  });

  serveNoContent(app, api['heat.stacks.delete'], async (request) => {
    const heat = request.openstack.heat;
    const stack = await heat.stacks.get(request.params.id);
    await heat.stacks.delete(stack.stack_name, stack.id);
  });

  serveNoContent(app, api['heat.stacks.action'], async (request) => {
    const heat = request.openstack.heat;
    const stack = await heat.stacks.get(request.params.id);
    await heat.stacks.action(stack.stack_name, stack.id, request.body.action);
  });

  serve(app, api['heat.stacks.template'], async (request) => {
    const heat = request.openstack.heat;
    const stack = await heat.stacks.get(request.params.id);
    return { template: await heat.stacks.template(stack.stack_name, stack.id) };
  });

  serve(app, api['heat.stacks.resources'], async (request) => {
    const heat = request.openstack.heat;
    const stack = await heat.stacks.get(request.params.id);
    const rows = await heat.stacks.resources(stack.stack_name, stack.id);
    return { items: rows.map(toResource) };
  });

  serve(app, api['heat.stacks.events'], async (request) => {
    const heat = request.openstack.heat;
    const stack = await heat.stacks.get(request.params.id);
    const rows = await heat.stacks.events(stack.stack_name, stack.id, { sortDir: 'desc' });
    return {
      items: rows.map((e) => ({
        id: e.id,
        resource_name: e.resource_name,
        ...(e.physical_resource_id === undefined
          ? {}
          : { physical_resource_id: e.physical_resource_id }),
        resource_status: e.resource_status,
        resource_status_reason: e.resource_status_reason ?? null,
        event_time: e.event_time,
      })),
    };
  });

  serve(app, api['heat.stacks.topology'], async (request) => {
    const heat = request.openstack.heat;
    const stack = await heat.stacks.get(request.params.id);
    const resources = await heat.stacks.resources(stack.stack_name, stack.id);
    return buildStackTopology(stack, resources);
  });

  serve(app, api['heat.resourcetypes.list'], async (request) => ({
    items: (await request.openstack.heat.resourceTypes())
      .sort()
      .map((type) => ({ resource_type: type })),
  }));

  serve(app, api['heat.resourcetypes.get'], async (request) => {
    const schema = await request.openstack.heat.resourceTypeSchema(request.params.type);
    const record = (v: unknown): Record<string, unknown> =>
      typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
    const description = schema['description'];
    return {
      resource_type: String(schema['resource_type'] ?? request.params.type),
      ...(typeof description === 'string' ? { description } : {}),
      properties: record(schema['properties']),
      attributes: record(schema['attributes']),
      support_status: schema['support_status'],
    };
  });

  serve(app, api['heat.templateversions.list'], async (request) => ({
    items: await request.openstack.heat.templateVersions(),
  }));

  serve(app, api['heat.templateversions.functions'], async (request) => ({
    items: await request.openstack.heat.templateFunctions(request.params.version),
  }));
};
