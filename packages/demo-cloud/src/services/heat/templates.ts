import type { FastifyInstance } from 'fastify';
import { queryValue } from '../../core/paging';
import { enforce } from './common';
import type { TenantParams } from './common';
import { badRequest, HeatFault, heatError, isObject } from './http';
import type { Json } from './http';
import { PLUGINS, pluginOf, resourceSchemaView } from './resourceTypes';
import { templateOfBody } from './stacks';
import { loadTemplate, templateVersionsView, validateResources } from './template';
import type { ParamDef } from './template';

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'String',
  number: 'Number',
  json: 'Json',
  comma_delimited_list: 'CommaDelimitedList',
  boolean: 'Boolean',
};

/** heat's validate view of a parameter (CFN-style keys). */
const paramView = (name: string, p: ParamDef): Json => {
  const view: Json = {
    Type: TYPE_NAMES[p.type] ?? 'String',
    Description: p.description ?? '',
    Label: p.label ?? name,
    NoEcho: p.hidden ? 'true' : 'false',
  };
  if (p.default !== undefined) view['Default'] = p.default;
  for (const c of p.constraints) {
    const bounds = (key: string, min: string, max: string): void => {
      const b = c[key];
      if (!isObject(b)) return;
      if (b['min'] !== undefined) view[min] = b['min'];
      if (b['max'] !== undefined) view[max] = b['max'];
    };
    bounds('length', 'MinLength', 'MaxLength');
    bounds('range', 'MinValue', 'MaxValue');
    if (Array.isArray(c['allowed_values'])) view['AllowedValues'] = c['allowed_values'];
    if (typeof c['allowed_pattern'] === 'string') view['AllowedPattern'] = c['allowed_pattern'];
    if (typeof c['description'] === 'string') view['ConstraintDescription'] = c['description'];
  }
  return view;
};

export const templateRoutes = (app: FastifyInstance): void => {
  app.post<{ Params: TenantParams }>('/validate', async (request) => {
    enforce(request, 'stacks:validate_template', request.params.tenant_id);
    const body = isObject(request.body) ? request.body : {};
    const template = loadTemplate(await templateOfBody(body));
    try {
      validateResources(template);
    } catch (error) {
      // heat-api turns the engine's validation error into a plain HTTPBadRequest on /validate.
      if (error instanceof HeatFault && error.type === 'StackValidationFailed') {
        throw badRequest(error.message);
      }
      throw error;
    }
    return {
      Description: template.description || 'No description',
      Parameters: Object.fromEntries(
        Object.entries(template.parameters).map(([k, p]) => [k, paramView(k, p)]),
      ),
      ParameterGroups: Array.isArray(template.raw['parameter_groups'])
        ? template.raw['parameter_groups']
        : [],
      Environment: {
        parameters: {},
        resource_registry: { resources: {} },
        parameter_defaults: {},
        encrypted_param_names: [],
        event_sinks: [],
      },
    };
  });

  app.get<{ Params: TenantParams }>('/resource_types', async (request) => {
    enforce(request, 'stacks:list_resource_types', request.params.tenant_id);
    const nameFilter = queryValue(request.query, 'name');
    const withDescription =
      (queryValue(request.query, 'with_description') ?? '').toLowerCase() === 'true';
    // heat hides types whose `resource_types:<type>` rule refuses the caller; none of the
    // types hosted here has such a rule (they are admin-only types: quotas, flavors ...).
    const types = Object.keys(PLUGINS)
      .filter((t) => nameFilter === undefined || new RegExp(nameFilter).test(t))
      .sort();
    return {
      resource_types: withDescription
        ? types.map((t) => ({ resource_type: t, description: PLUGINS[t]?.description ?? '' }))
        : types,
    };
  });

  app.get<{ Params: TenantParams & { type_name: string } }>(
    '/resource_types/:type_name',
    async (request) => {
      enforce(request, 'stacks:resource_schema', request.params.tenant_id);
      const type = request.params.type_name;
      const plugin = pluginOf(type);
      if (!plugin) {
        throw heatError(
          404,
          'ResourceTypeNotFound',
          `The Resource Type (${type}) could not be found.`,
        );
      }
      return resourceSchemaView(type, plugin);
    },
  );

  app.get<{ Params: TenantParams }>('/template_versions', async (request) => {
    enforce(request, 'stacks:list_template_versions', request.params.tenant_id);
    return { template_versions: templateVersionsView() };
  });
};
