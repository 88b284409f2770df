import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { badRequest, heatError, invalidTemplate, isObject } from './http';
import type { Json } from './http';
import { pluginOf } from './resourceTypes';

/** HOT versions of Zed's heat, with their release aliases. */
export const HOT_VERSIONS: ReadonlyArray<{ readonly date: string; readonly alias?: string }> = [
  { date: '2013-05-23' },
  { date: '2014-10-16' },
  { date: '2015-04-30' },
  { date: '2015-10-15' },
  { date: '2016-04-08' },
  { date: '2016-10-14', alias: 'newton' },
  { date: '2017-02-24', alias: 'ocata' },
  { date: '2017-09-01', alias: 'pike' },
  { date: '2018-03-02', alias: 'queens' },
  { date: '2018-08-31', alias: 'rocky' },
  { date: '2021-04-16', alias: 'wallaby' },
];

export const templateVersionsView = (): Json[] => [
  { version: 'AWSTemplateFormatVersion.2010-09-09', type: 'cfn', aliases: [] },
  { version: 'HeatTemplateFormatVersion.2012-12-12', type: 'cfn', aliases: [] },
  ...HOT_VERSIONS.map((v) => ({
    version: `heat_template_version.${v.date}`,
    type: 'hot',
    aliases: v.alias ? [`heat_template_version.${v.alias}`] : [],
  })),
];

const versionDate = (raw: unknown): string | undefined => {
  const text = raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw);
  return HOT_VERSIONS.find((v) => v.date === text || v.alias === text)?.date;
};

/** A template body as given (object, JSON text or YAML text) as an object. */
export const parseTemplateText = (raw: unknown): Json => {
  if (isObject(raw)) return raw;
  if (typeof raw !== 'string') throw badRequest('The template section is not a map.');
  let parsed: unknown;
  try {
    parsed = raw.trim().startsWith('{') ? JSON.parse(raw) : parseYaml(raw);
  } catch (error) {
    throw badRequest(`Error parsing template: ${(error as Error).message}`);
  }
  if (!isObject(parsed)) throw badRequest('The template is not a JSON object or YAML mapping.');
  return parsed;
};

const TOP_SECTIONS = new Set([
  'heat_template_version',
  'description',
  'parameter_groups',
  'parameters',
  'resources',
  'outputs',
  'conditions',
]);

export type ParamType = 'string' | 'number' | 'json' | 'comma_delimited_list' | 'boolean';

export interface ParamDef {
  readonly type: ParamType;
  readonly default?: unknown;
  readonly description?: string;
  readonly label?: string;
  readonly hidden: boolean;
  readonly constraints: readonly Json[];
}

export interface ResourceDef {
  readonly name: string;
  readonly type: string;
  readonly properties: Json;
  readonly dependsOn: string[];
  /** Explicit and implicit (get_resource, get_attr) dependencies. */
  readonly requires: string[];
  /** heat's `external_id`: an existing resource adopted, never created nor deleted by the stack. */
  readonly externalId?: string;
}

export interface Template {
  readonly raw: Json;
  readonly version: string;
  readonly description: string;
  readonly parameters: Readonly<Record<string, ParamDef>>;
  readonly resources: readonly ResourceDef[];
  readonly outputs: Readonly<Record<string, { value: unknown; description: string }>>;
}

const PARAM_TYPES = new Set(['string', 'number', 'json', 'comma_delimited_list', 'boolean']);

const asList = (v: unknown): string[] => {
  if (v === undefined || v === null) return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.map(String);
  return [];
};

/** Names a value refers to through get_resource and get_attr. */
const referencedResources = (value: unknown, out: Set<string>): void => {
  if (Array.isArray(value)) {
    for (const v of value) referencedResources(v, out);
    return;
  }
  if (!isObject(value)) return;
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const fn = keys[0] ?? '';
    const arg = value[fn];
    if (fn === 'get_resource' && typeof arg === 'string') out.add(arg);
    if (fn === 'get_attr' && Array.isArray(arg) && typeof arg[0] === 'string') out.add(arg[0]);
  }
  for (const v of Object.values(value)) referencedResources(v, out);
};

/** Parses and checks a HOT template the way heat validates it before anything is created. */
export const loadTemplate = (raw: Json): Template => {
  const versionRaw = raw['heat_template_version'];
  if (versionRaw === undefined) {
    if ('AWSTemplateFormatVersion' in raw || 'HeatTemplateFormatVersion' in raw) {
      throw heatError(
        400,
        'InvalidTemplateVersion',
        'The template version is invalid: only HOT templates are supported here',
      );
    }
    throw badRequest('Template format version not found.');
  }
  const version = versionDate(versionRaw);
  if (!version) {
    const allowed = HOT_VERSIONS.flatMap((v) => (v.alias ? [v.date, v.alias] : [v.date])).join(
      ', ',
    );
    throw heatError(
      400,
      'InvalidTemplateVersion',
      `The template version is invalid: "heat_template_version: ${String(versionRaw)}". "heat_template_version" should be one of: ${allowed}`,
    );
  }
  for (const key of Object.keys(raw)) {
    if (!TOP_SECTIONS.has(key)) {
      throw heatError(400, 'InvalidTemplateSection', `The template section is invalid: ${key}`);
    }
  }
  const parameters: Record<string, ParamDef> = {};
  const rawParams = raw['parameters'] ?? {};
  if (!isObject(rawParams)) throw invalidTemplate('The template section is invalid: parameters');
  for (const [name, def] of Object.entries(rawParams)) {
    if (!isObject(def)) throw invalidTemplate(`Invalid parameter ${name}: not a map`);
    const type = def['type'];
    if (typeof type !== 'string')
      throw invalidTemplate(`Missing parameter type for parameter: ${name}`);
    if (!PARAM_TYPES.has(type)) throw invalidTemplate(`Invalid type (${type})`);
    const constraints = def['constraints'] ?? [];
    if (!Array.isArray(constraints))
      throw invalidTemplate(
        'Invalid parameter constraints for parameter ' + name + ', expected a list',
      );
    parameters[name] = {
      type: type as ParamType,
      ...('default' in def ? { default: def['default'] } : {}),
      ...(typeof def['description'] === 'string' ? { description: def['description'] } : {}),
      ...(typeof def['label'] === 'string' ? { label: def['label'] } : {}),
      hidden: def['hidden'] === true || def['hidden'] === 'true',
      constraints: constraints.filter(isObject),
    };
  }
  const rawResources = raw['resources'] ?? {};
  if (!isObject(rawResources)) throw invalidTemplate('"resources" must be a map');
  const resources: ResourceDef[] = [];
  for (const [name, def] of Object.entries(rawResources)) {
    if (!isObject(def)) throw invalidTemplate(`Resource ${name} is not a map`);
    const type = def['type'];
    if (typeof type !== 'string') {
      throw invalidTemplate(`Resource definition for ${name} is missing "type"`);
    }
    for (const key of Object.keys(def)) {
      if (
        ![
          'type',
          'properties',
          'depends_on',
          'metadata',
          'deletion_policy',
          'update_policy',
          'condition',
          'external_id',
        ].includes(key)
      ) {
        throw invalidTemplate(`"${key}" is not a valid keyword inside a resource definition`);
      }
    }
    const properties = def['properties'] ?? {};
    if (!isObject(properties))
      throw invalidTemplate(`"properties" must be a map in resource ${name}`);
    const dependsOn = asList(def['depends_on']);
    const refs = new Set<string>(dependsOn);
    referencedResources(properties, refs);
    const externalId = def['external_id'];
    if (externalId !== undefined && typeof externalId !== 'string') {
      throw invalidTemplate(`Resource ${name} external_id must be a string`);
    }
    resources.push({
      name,
      type,
      properties,
      dependsOn,
      requires: [...refs],
      ...(externalId !== undefined ? { externalId } : {}),
    });
  }
  const names = new Set(resources.map((r) => r.name));
  for (const r of resources) {
    for (const dep of r.requires) {
      if (!names.has(dep)) {
        throw heatError(
          400,
          'InvalidTemplateReference',
          `The specified reference "${dep}" (in ${r.name}) is incorrect.`,
        );
      }
    }
  }
  checkCycles(resources);
  const outputs: Record<string, { value: unknown; description: string }> = {};
  const rawOutputs = raw['outputs'] ?? {};
  if (!isObject(rawOutputs)) throw invalidTemplate('"outputs" must be a map');
  for (const [name, def] of Object.entries(rawOutputs)) {
    if (!isObject(def) || !('value' in def)) {
      throw invalidTemplate(
        `Each output definition must contain a value key. Output ${name} does not.`,
      );
    }
    const refs = new Set<string>();
    referencedResources(def['value'], refs);
    for (const dep of refs) {
      if (!names.has(dep)) {
        throw heatError(
          400,
          'InvalidTemplateReference',
          `The specified reference "${dep}" (in unknown) is incorrect.`,
        );
      }
    }
    outputs[name] = {
      value: def['value'],
      description:
        typeof def['description'] === 'string' ? def['description'] : 'No description given',
    };
  }
  return {
    raw,
    version,
    description: typeof raw['description'] === 'string' ? raw['description'] : '',
    parameters,
    resources,
    outputs,
  };
};

const checkCycles = (resources: readonly ResourceDef[]): void => {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]): void => {
    const s = state.get(name);
    if (s === 'done') return;
    if (s === 'visiting') {
      throw invalidTemplate(`Circular Dependency Found: ${[...path, name].join(' -> ')}`);
    }
    state.set(name, 'visiting');
    for (const dep of byName.get(name)?.requires ?? []) visit(dep, [...path, name]);
    state.set(name, 'done');
  };
  for (const r of resources) visit(r.name, []);
};

/** Checks resource types and properties against the plugins' schemas. */
export const validateResources = (template: Template): void => {
  for (const r of template.resources) {
    const plugin = pluginOf(r.type);
    // Heat reports an unknown type inside a template as a validation failure (400), not as
    // the 404 of GET /resource_types/{type}.
    if (!plugin) throw invalidTemplate(`The Resource Type (${r.type}) could not be found.`);
    for (const key of Object.keys(r.properties)) {
      if (!(key in plugin.properties)) {
        throw invalidTemplate(
          `Property error: resources.${r.name}.properties: Unknown Property ${key}`,
        );
      }
    }
    for (const [key, schema] of Object.entries(plugin.properties)) {
      if (schema.required && !(key in r.properties)) {
        throw invalidTemplate(
          `Property error: resources.${r.name}.properties: Property ${key} not assigned`,
        );
      }
    }
  }
};

const constraintText = (c: Json, value: unknown, type: ParamType): string | undefined => {
  const custom = typeof c['description'] === 'string' ? c['description'] : undefined;
  const range = (label: string, size: number, bounds: unknown): string | undefined => {
    if (!isObject(bounds)) return undefined;
    const min = typeof bounds['min'] === 'number' ? bounds['min'] : undefined;
    const max = typeof bounds['max'] === 'number' ? bounds['max'] : undefined;
    if ((min === undefined || size >= min) && (max === undefined || size <= max)) return undefined;
    if (min !== undefined && max !== undefined)
      return `The ${label} must be in the range ${min} to ${max}.`;
    if (min !== undefined) return `The ${label} must be at least ${min}.`;
    return `The ${label} must be no greater than ${max}.`;
  };
  let failure: string | undefined;
  if ('length' in c) {
    const size =
      type === 'comma_delimited_list' && Array.isArray(value) ? value.length : String(value).length;
    failure = range('length', size, c['length']);
  } else if ('range' in c) {
    failure = range('value', Number(value), c['range']);
  } else if ('allowed_values' in c && Array.isArray(c['allowed_values'])) {
    const allowed = c['allowed_values'].map(String);
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    if (!values.every((v) => allowed.includes(v)))
      failure = `Allowed values: ${allowed.join(', ')}`;
  } else if ('allowed_pattern' in c && typeof c['allowed_pattern'] === 'string') {
    const pattern = c['allowed_pattern'];
    const match = new RegExp(`^(?:${pattern})`).exec(String(value));
    if (!match || match[0] !== String(value))
      failure = `"${String(value)}" does not match pattern "${pattern}"`;
  }
  if (failure === undefined) return undefined;
  return custom ?? failure;
};

const coerce = (name: string, def: ParamDef, value: unknown): unknown => {
  const invalid = (why: string): never =>
    invalidTemplate(`Parameter '${name}' is invalid: ${why}`) as never;
  switch (def.type) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      if (String(value).trim() === '' || Number.isNaN(n))
        throw invalid(`Value '${String(value)}' is not an integer`);
      return n;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const t = String(value).toLowerCase();
      if (['true', 't', 'on', 'y', 'yes', '1'].includes(t)) return true;
      if (['false', 'f', 'off', 'n', 'no', '0'].includes(t)) return false;
      throw invalid(
        `Unrecognized value "${String(value)}", acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'`,
      );
    }
    case 'comma_delimited_list':
      if (Array.isArray(value)) return value.map(String);
      return String(value) === ''
        ? []
        : String(value)
            .split(',')
            .map((s) => s.trim());
    case 'json':
      if (typeof value === 'string') {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          throw invalid(`Value must be valid JSON: ${value}`);
        }
      }
      return value;
    default:
      if (isObject(value) || Array.isArray(value)) throw invalid(`Value must be a string`);
      return String(value);
  }
};

/**
 * The template's parameter values: given ones (request, then environment) coerced and checked
 * against their constraints, defaults for the rest, plus heat's pseudo parameters.
 */
export const resolveParameters = (
  template: Template,
  given: Json,
  pseudo: { stackId: string; stackName: string; projectId: string },
): Record<string, unknown> => {
  for (const key of Object.keys(given)) {
    if (!(key in template.parameters)) {
      throw heatError(
        400,
        'UnknownUserParameter',
        `The Parameter (${key}) was not defined in template.`,
      );
    }
  }
  const values: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(template.parameters)) {
    const raw = name in given ? given[name] : def.default;
    if (raw === undefined || raw === null) {
      throw heatError(400, 'UserParameterMissing', `The Parameter (${name}) was not provided.`);
    }
    const value = coerce(name, def, raw);
    for (const c of def.constraints) {
      const failure = constraintText(c, value, def.type);
      if (failure !== undefined) {
        throw invalidTemplate(`Parameter '${name}' is invalid: ${failure}`);
      }
    }
    values[name] = value;
  }
  values['OS::stack_id'] = pseudo.stackId;
  values['OS::stack_name'] = pseudo.stackName;
  values['OS::project_id'] = pseudo.projectId;
  return values;
};

/** What intrinsic functions read: parameter values and the stack's resources. */
export interface Scope {
  readonly params: Readonly<Record<string, unknown>>;
  /** A resource's physical id ('' until created); undefined when it is not in the stack. */
  readonly resourceId: (name: string) => string | undefined;
  /** An attribute of a resource (null until available). */
  readonly attribute: (name: string, attr: string) => unknown;
  readonly files: Readonly<Record<string, string>>;
}

const pathInto = (value: unknown, path: readonly unknown[]): unknown => {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isObject(current)) current = current[String(key)];
    else return null;
  }
  return current ?? null;
};

const str = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

/** Evaluates HOT intrinsic functions in a value. */
export const resolveValue = (value: unknown, scope: Scope): unknown => {
  if (Array.isArray(value)) return value.map((v) => resolveValue(v, scope));
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const fn = keys[0] ?? '';
    const arg = value[fn];
    switch (fn) {
      case 'get_param': {
        const args = Array.isArray(arg) ? arg.map((a) => resolveValue(a, scope)) : [arg];
        const name = str(args[0]);
        if (!(name in scope.params)) {
          throw invalidTemplate(`The Parameter (${name}) was not defined in template.`);
        }
        return pathInto(scope.params[name], args.slice(1));
      }
      case 'get_resource': {
        const id = scope.resourceId(str(arg));
        return id === undefined ? null : id;
      }
      case 'get_attr': {
        if (!Array.isArray(arg) || arg.length < 2) {
          throw invalidTemplate(
            'Arguments to "get_attr" must be of the form [resource_name, attribute, (path), ...]',
          );
        }
        const args = arg.map((a) => resolveValue(a, scope));
        return pathInto(scope.attribute(str(args[0]), str(args[1])), args.slice(2));
      }
      case 'str_replace': {
        const resolved = resolveValue(arg, scope);
        if (!isObject(resolved) || !('template' in resolved) || !isObject(resolved['params'])) {
          throw invalidTemplate('"str_replace" parameters must be a mapping');
        }
        let text = str(resolved['template']);
        const entries = Object.entries(resolved['params']).sort(
          (a, b) => b[0].length - a[0].length,
        );
        for (const [k, v] of entries) text = text.split(k).join(str(v));
        return text;
      }
      case 'list_join': {
        const resolved = resolveValue(arg, scope);
        if (!Array.isArray(resolved) || resolved.length < 2) {
          throw invalidTemplate(
            'Incorrect arguments to "list_join" should be: {"list_join": [delim, [str1, str2,...]]}',
          );
        }
        const [delim, ...lists] = resolved;
        return lists.flatMap((l) => (Array.isArray(l) ? l.map(str) : [])).join(str(delim));
      }
      case 'str_split': {
        const resolved = resolveValue(arg, scope);
        if (!Array.isArray(resolved) || resolved.length < 2) return [];
        const parts = str(resolved[1]).split(str(resolved[0]));
        return resolved.length > 2 ? (parts[Number(resolved[2])] ?? null) : parts;
      }
      case 'digest': {
        const resolved = resolveValue(arg, scope);
        if (!Array.isArray(resolved) || resolved.length !== 2) {
          throw invalidTemplate('Argument to function "digest" must be a list of two items');
        }
        try {
          return createHash(str(resolved[0])).update(str(resolved[1])).digest('hex');
        } catch {
          throw invalidTemplate(
            `Algorithm must be one of md5, sha1, sha224, sha256, sha384, sha512`,
          );
        }
      }
      case 'repeat': {
        const resolved = resolveValue(arg, scope);
        if (!isObject(resolved) || !isObject(resolved['for_each'])) {
          throw invalidTemplate('Arguments to "repeat" must be a map');
        }
        const forEach = Object.entries(resolved['for_each']);
        let rows: Array<Record<string, unknown>> = [{}];
        for (const [key, list] of forEach) {
          const items = Array.isArray(list) ? list : [];
          rows = rows.flatMap((row) => items.map((item: unknown) => ({ ...row, [key]: item })));
        }
        const substitute = (tpl: unknown, row: Record<string, unknown>): unknown => {
          if (typeof tpl === 'string') {
            let text = tpl;
            for (const [k, v] of Object.entries(row)) text = text.split(k).join(str(v));
            return text;
          }
          if (Array.isArray(tpl)) return tpl.map((t) => substitute(t, row));
          if (isObject(tpl)) {
            return Object.fromEntries(
              Object.entries(tpl).map(([k, v]) => [
                substitute(k, row) as string,
                substitute(v, row),
              ]),
            );
          }
          return tpl;
        };
        return rows.map((row) => substitute(resolved['template'], row));
      }
      case 'get_file': {
        const name = str(arg);
        const content = scope.files[name];
        if (content === undefined)
          throw invalidTemplate(
            `No content found in the "files" section for get_file path: ${name}`,
          );
        return content;
      }
      default:
        break;
    }
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveValue(v, scope)]));
};
