import type { FastifyInstance } from 'fastify';
import { queryValue } from '../../core/paging';
import { boolQuery, enforce } from './common';
import type { TenantParams } from './common';
import { loadWith, validateStack } from './engine';
import { badRequest, bareError, heatError, isObject, ValidationFault } from './http';
import type { Json } from './http';
import { paramView } from './parameters';
import { environmentOfBody, filesOfBody, paramsOfBody, templateOfBody } from './stacks';
import { functionsVersion, loadTemplate, templateVersionsView } from './template';
import { templateFunctions, TYPE_NAMES, typeData } from './typeData';
import type { PropertySchema, ResourceTypeData } from './typeData';

const SUPPORT_STATUSES = ['UNKNOWN', 'SUPPORTED', 'DEPRECATED', 'UNSUPPORTED', 'HIDDEN'];

const typeNotFound = (type: string): Error =>
  heatError(404, 'EntityNotFound', `The Resource Type (${type}) could not be found.`);

const CFN_TYPES: Readonly<Record<string, string>> = {
  string: 'String',
  integer: 'Number',
  number: 'Number',
  boolean: 'Boolean',
  map: 'Json',
  list: 'CommaDelimitedList',
  any: 'String',
};

const HOT_TYPES: Readonly<Record<string, string>> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  map: 'json',
  list: 'comma_delimited_list',
  any: 'string',
};

/** A property as a template parameter, CFN style (heat's schema_to_parameters). */
const cfnParameter = (s: PropertySchema): Json => {
  const p: Json = { Type: CFN_TYPES[s.type], Description: s.description ?? '' };
  if (s.default !== undefined) p['Default'] = s.default;
  if (s.type === 'boolean') p['AllowedValues'] = ['True', 'true', 'False', 'false'];
  for (const c of s.constraints ?? []) {
    const bounds = (key: string, min: string, max: string): void => {
      const b = c[key];
      if (!isObject(b)) return;
      if (b['min'] !== undefined) p[min] = b['min'];
      if (b['max'] !== undefined) p[max] = b['max'];
    };
    bounds('range', 'MinValue', 'MaxValue');
    bounds('length', 'MinLength', 'MaxLength');
    if ('allowed_values' in c) p['AllowedValues'] = c['allowed_values'];
    if ('allowed_pattern' in c) p['AllowedPattern'] = c['allowed_pattern'];
  }
  return p;
};

/** A property as a HOT parameter (custom constraints become empty constraints, as heat's are). */
const hotParameter = (s: PropertySchema): Json => {
  const p: Json = { type: HOT_TYPES[s.type], description: s.description ?? '' };
  if (s.default !== undefined) p['default'] = s.default;
  const constraints = (s.constraints ?? []).map((c) =>
    Object.fromEntries(
      Object.entries(c).filter(([k]) =>
        ['range', 'length', 'allowed_values', 'allowed_pattern', 'description'].includes(k),
      ),
    ),
  );
  if (constraints.length > 0) p['constraints'] = constraints;
  return p;
};

/** GET /resource_types/{type}/template: a template that wraps one resource of the type. */
const typeTemplate = (type: string, data: ResourceTypeData, hot: boolean): Json => {
  const name = data.class;
  const props = Object.entries(data.properties);
  const attrs = Object.entries(data.attributes);
  if (hot) {
    return {
      heat_template_version: '2016-10-14',
      description: `Initial template of ${name}`,
      parameters: Object.fromEntries(props.map(([k, s]) => [k, hotParameter(s)])),
      resources: {
        [name]: {
          type,
          properties: Object.fromEntries(props.map(([k]) => [k, { get_param: k }])),
        },
      },
      outputs: {
        ...Object.fromEntries(
          attrs.map(([k, a]) => [
            k,
            { value: { get_attr: [name, k] }, description: a.description },
          ]),
        ),
        'OS::stack_id': { value: { get_resource: name } },
      },
    };
  }
  return {
    HeatTemplateFormatVersion: '2012-12-12',
    Description: `Initial template of ${name}`,
    Parameters: Object.fromEntries(props.map(([k, s]) => [k, cfnParameter(s)])),
    Resources: {
      [name]: {
        Type: type,
        Properties: Object.fromEntries(
          props.map(([k, s]) => [
            k,
            s.type === 'list' ? { 'Fn::Split': [',', { Ref: k }] } : { Ref: k },
          ]),
        ),
      },
    },
    Outputs: {
      ...Object.fromEntries(
        attrs.map(([k, a]) => [
          k,
          { Value: { 'Fn::GetAtt': [name, k] }, Description: a.description },
        ]),
      ),
      'OS::stack_id': { Value: { Ref: name } },
    },
  };
};

export const templateRoutes = (app: FastifyInstance): void => {
  app.post<{ Params: TenantParams }>('/validate', async (request) => {
    const tenant = request.params.tenant_id;
    enforce(request, 'stacks:validate_template', tenant);
    const body = isObject(request.body) ? request.body : {};
    const rawTemplate = await templateOfBody(body);
    const environment = environmentOfBody(body);
    const given = isObject(body['parameters']) ? body['parameters'] : {};
    const files = filesOfBody(body);
    const defaults = isObject(environment['parameter_defaults'])
      ? environment['parameter_defaults']
      : {};
    try {
      const template = loadTemplate(rawTemplate);
      const pseudo = { stackId: 'None', stackName: 'None', projectId: tenant };
      const loaded = loadWith(
        template,
        paramsOfBody(body, environment),
        environment,
        files,
        pseudo,
        {
          lenient: true,
        },
      );
      validateStack(loaded, files, { structureOnly: true });
      return {
        Description: template.description,
        Parameters: Object.fromEntries(
          Object.values(template.parameters).map((p) => [p.name, paramView(p, defaults, given)]),
        ),
        ...(Array.isArray(template.parameterGroups)
          ? { ParameterGroups: template.parameterGroups }
          : {}),
        Environment: {
          resource_registry: { resources: {} },
          parameters: paramsOfBody(body, environment),
          parameter_defaults: defaults,
          event_sinks: [],
        },
      };
    } catch (error) {
      // heat-api answers the engine's validation failure as a plain HTTPBadRequest here.
      if (error instanceof ValidationFault) throw error.forValidate();
      throw error;
    }
  });

  app.get<{ Params: TenantParams }>('/resource_types', async (request) => {
    enforce(request, 'stacks:list_resource_types', request.params.tenant_id);
    const withDescription = boolQuery(request, 'with_description');
    const name = queryValue(request.query, 'name');
    const version = queryValue(request.query, 'version');
    const status = queryValue(request.query, 'support_status');
    if (status !== undefined && !SUPPORT_STATUSES.includes(status)) {
      throw heatError(
        400,
        'Invalid',
        `Data supplied was not valid: Invalid support status and should be one of ('UNKNOWN', 'SUPPORTED', 'DEPRECATED', 'UNSUPPORTED', 'HIDDEN')`,
      );
    }
    let pattern: RegExp | undefined;
    try {
      pattern = name === undefined ? undefined : new RegExp(`^(?:${name})`);
    } catch {
      return { resource_types: [] };
    }
    const types = TYPE_NAMES.filter((t) => {
      const data = typeData(t);
      if (!data) return false;
      if (pattern && !pattern.test(t)) return false;
      if (version !== undefined && data.support_status['version'] !== version) return false;
      return status === undefined || data.support_status['status'] === status;
    });
    return {
      resource_types: withDescription
        ? types.map((t) => ({ resource_type: t, description: typeData(t)?.description ?? '' }))
        : types,
    };
  });

  app.get<{ Params: TenantParams & { type_name: string } }>(
    '/resource_types/:type_name',
    async (request) => {
      enforce(request, 'stacks:resource_schema', request.params.tenant_id);
      const type = request.params.type_name;
      const data = typeData(type);
      if (!data) throw typeNotFound(type);
      return {
        resource_type: type,
        properties: data.properties,
        attributes: data.attributes,
        support_status: data.support_status,
      };
    },
  );

  app.get<{ Params: TenantParams & { type_name: string } }>(
    '/resource_types/:type_name/template',
    async (request) => {
      enforce(request, 'stacks:generate_template', request.params.tenant_id);
      const type = request.params.type_name;
      const kind = queryValue(request.query, 'template_type') ?? 'cfn';
      if (kind !== 'cfn' && kind !== 'hot') {
        throw badRequest(
          `Template type is not supported: Invalid template type "${kind}", valid types are: cfn, hot.`,
        );
      }
      const data = typeData(type);
      if (!data) throw typeNotFound(type);
      if (data.template_error) throw bareError(500, data.template_error);
      return typeTemplate(type, data, kind === 'hot');
    },
  );

  app.get<{ Params: TenantParams }>('/template_versions', async (request) => {
    enforce(request, 'stacks:list_template_versions', request.params.tenant_id);
    return { template_versions: templateVersionsView() };
  });

  app.get<{ Params: TenantParams & { version: string } }>(
    '/template_versions/:version/functions',
    async (request) => {
      enforce(request, 'stacks:list_template_functions', request.params.tenant_id);
      const withConditions = boolQuery(request, 'with_condition_func');
      const found = functionsVersion(request.params.version);
      const list = found && templateFunctions(found, withConditions);
      if (!list) {
        throw heatError(
          404,
          'NotFound',
          `Template with version ${request.params.version} not found`,
        );
      }
      return { template_functions: list };
    },
  );
};
