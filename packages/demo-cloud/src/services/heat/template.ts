import { parse as parseYaml } from 'yaml';
import {
  checkCondition,
  checkConditionDefinition,
  checkFunctions,
  hasConditions,
  makeCheckContext,
  referencedResources,
} from './functions';
import type { TemplateInfo } from './functions';
import { bareError, heatError, isObject, validationFailed } from './http';
import type { Json } from './http';
import { parseParameters } from './parameters';
import type { ParamDef } from './parameters';
import { pluginOf } from './plugins/registry';
import { pyTypeName } from './py';
import { typeData } from './typeData';

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

/** The full version name of GET /template_versions/{version}/functions (an alias as its release). */
export const functionsVersion = (name: string): string | undefined => {
  const [kind, value] = name.split('.', 2) as [string, string | undefined];
  if (kind !== 'heat_template_version') {
    return name === 'AWSTemplateFormatVersion.2010-09-09' ||
      name === 'HeatTemplateFormatVersion.2012-12-12'
      ? name
      : undefined;
  }
  const hot = HOT_VERSIONS.find((v) => v.date === value || v.alias === value);
  return hot ? `heat_template_version.${hot.date}` : undefined;
};

const versionDate = (raw: unknown): string | undefined => {
  const text = raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw);
  return HOT_VERSIONS.find((v) => v.date === text || v.alias === text)?.date;
};

const invalidFormat = (message: string): never => {
  throw heatError(400, 'HTTPBadRequest', `Template not in valid format: ${message}`);
};

/** A template as given in a request (object, or JSON/YAML text) as an object. */
export const parseTemplateText = (raw: unknown): Json => {
  if (isObject(raw)) return raw;
  if (typeof raw !== 'string') {
    return invalidFormat('The template is not a JSON object or YAML mapping.');
  }
  let parsed: unknown;
  try {
    parsed = parseYaml(raw);
  } catch (error) {
    return invalidFormat(`Error parsing template [root stack] ${(error as Error).message}`);
  }
  if (!isObject(parsed)) return invalidFormat('The template is not a JSON object or YAML mapping.');
  return parsed;
};

export interface ResourceDef {
  readonly name: string;
  readonly type: string;
  readonly properties: Json;
  readonly metadata: Json;
  readonly dependsOn: readonly string[];
  /** Explicit and implicit (get_resource, get_attr) dependencies. */
  readonly requires: readonly string[];
  /** heat's `external_id`: an existing resource adopted, never created nor deleted by the stack. */
  readonly externalId?: string;
  /** The `condition` key, when given. */
  readonly condition?: unknown;
  readonly deletionPolicy: string;
}

export interface OutputDef {
  readonly value: unknown;
  readonly description: string;
  readonly condition?: unknown;
  /** Set when the definition has no value: heat reports it when validating. */
  readonly missingValue?: boolean;
}

export interface Template {
  readonly raw: Json;
  /** The HOT date (aliases resolved). */
  readonly version: string;
  /** As given (heat echoes a non-string description on /validate). */
  readonly description: unknown;
  readonly parameters: Readonly<Record<string, ParamDef>>;
  readonly parameterGroups: unknown;
  readonly resources: readonly ResourceDef[];
  readonly outputs: Readonly<Record<string, OutputDef>>;
  readonly conditions: Readonly<Record<string, unknown>>;
}

const BASE_SECTIONS = [
  'heat_template_version',
  'description',
  'parameter_groups',
  'parameters',
  'resources',
  'outputs',
];

const BASE_RESOURCE_KEYS = [
  'type',
  'properties',
  'metadata',
  'depends_on',
  'deletion_policy',
  'update_policy',
  'description',
];

const DELETION_POLICIES = ['Delete', 'Retain', 'Snapshot', 'delete', 'retain', 'snapshot'];

/** Parses a template the way heat builds its Template object (before any validation). */
export const loadTemplate = (raw: Json): Template => {
  const versionRaw = raw['heat_template_version'];
  if (versionRaw === undefined) {
    if ('AWSTemplateFormatVersion' in raw || 'HeatTemplateFormatVersion' in raw) {
      throw heatError(
        400,
        'InvalidTemplateVersion',
        'The template version is invalid: only HOT templates are supported by the demo cloud',
      );
    }
  }
  if (typeof versionRaw !== 'string' && !(versionRaw instanceof Date)) {
    throw heatError(
      400,
      'InvalidTemplateVersion',
      'The template version is invalid: Template version was not provided',
    );
  }
  const version = versionDate(versionRaw);
  if (!version) {
    const allowed = [
      ...HOT_VERSIONS.map((v) => v.date),
      ...HOT_VERSIONS.flatMap((v) => (v.alias ? [v.alias] : [])),
    ].join(', ');
    const shown = versionRaw instanceof Date ? versionRaw.toISOString().slice(0, 10) : versionRaw;
    throw heatError(
      400,
      'InvalidTemplateVersion',
      `The template version is invalid: "heat_template_version: ${shown}". "heat_template_version" should be one of: ${allowed}`,
    );
  }
  const conditionsAllowed = hasConditions(version);
  const sections = conditionsAllowed ? [...BASE_SECTIONS, 'conditions'] : BASE_SECTIONS;
  for (const key of Object.keys(raw)) {
    if (!sections.includes(key))
      throw validationFailed({ message: `The template section is invalid: ${key}` });
  }
  const parameters = parseParameters(raw['parameters']);
  const resources = loadResources(raw['resources'], conditionsAllowed);
  const outputs = loadOutputs(raw['outputs']);
  const conditions = raw['conditions'];
  return {
    raw,
    version,
    description: raw['description'] ?? 'No description',
    parameters,
    parameterGroups: raw['parameter_groups'],
    resources,
    outputs,
    conditions: isObject(conditions) ? conditions : {},
  };
};

const asList = (v: unknown): string[] => {
  if (v === undefined || v === null) return [];
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.map(String) : [];
};

const loadResources = (raw: unknown, conditionsAllowed: boolean): ResourceDef[] => {
  if (raw === undefined || raw === null) return [];
  if (!isObject(raw)) {
    throw validationFailed({ message: `'${pyTypeName(raw)}' object has no attribute 'items'` });
  }
  const values = Object.values(raw);
  if (values.some((v) => !isObject(v))) {
    const classes = values.map((v) => `<class '${pyTypeName(v)}'>`).join(', ');
    throw validationFailed({
      message: `"resources" must contain a map of resource maps. Found a [${classes}] instead`,
    });
  }
  const allowedKeys = conditionsAllowed
    ? [...BASE_RESOURCE_KEYS, 'condition', 'external_id']
    : BASE_RESOURCE_KEYS;
  return Object.entries(raw as Record<string, Json>).map(([name, def]) => {
    for (const key of Object.keys(def)) {
      if (!allowedKeys.includes(key)) {
        throw validationFailed({
          message: `"${key}" is not a valid keyword inside a resource definition`,
        });
      }
    }
    const type = def['type'];
    if (type === undefined)
      throw validationFailed({ message: 'Each resource must contain a type key.' });
    if (typeof type !== 'string') {
      throw validationFailed({ message: `Resource ${name} type type must be string` });
    }
    const mapField = (key: string): Json => {
      const v = def[key] ?? {};
      if (!isObject(v)) {
        throw validationFailed({ message: `Resource ${name} ${key} type must be object` });
      }
      return v;
    };
    const properties = mapField('properties');
    const metadata = mapField('metadata');
    mapField('update_policy');
    const dependsRaw = def['depends_on'];
    if (
      dependsRaw !== undefined &&
      dependsRaw !== null &&
      typeof dependsRaw !== 'string' &&
      !Array.isArray(dependsRaw)
    ) {
      throw validationFailed({
        message: `Resource ${name} depends_on type must be list or string`,
      });
    }
    const deletionPolicy = def['deletion_policy'] ?? 'Delete';
    if (typeof deletionPolicy !== 'string' || !DELETION_POLICIES.includes(deletionPolicy)) {
      throw validationFailed({ message: `Invalid deletion policy "${String(deletionPolicy)}"` });
    }
    const dependsOn = [...new Set(asList(dependsRaw))];
    const requires = new Set<string>(dependsOn);
    referencedResources(properties, requires);
    referencedResources(metadata, requires);
    requires.delete(name);
    const externalId = def['external_id'];
    return {
      name,
      type,
      properties,
      metadata,
      dependsOn,
      requires: [...requires],
      ...(typeof externalId === 'string' ? { externalId } : {}),
      ...('condition' in def ? { condition: def['condition'] } : {}),
      deletionPolicy,
    };
  });
};

const loadOutputs = (raw: unknown): Record<string, OutputDef> => {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw)) throw bareError(400, 'AttributeError');
  const outputs: Record<string, OutputDef> = {};
  for (const [name, def] of Object.entries(raw)) {
    const map = isObject(def) ? def : {};
    outputs[name] = {
      value: map['value'] ?? null,
      description:
        typeof map['description'] === 'string' ? map['description'] : 'No description given',
      ...('condition' in map ? { condition: map['condition'] } : {}),
      ...(!('value' in map) ? { missingValue: true } : {}),
    };
  }
  return outputs;
};

/** Whether a resource of `type` offers attribute `name` to get_attr. */
export const typeHasAttribute = (type: string, name: string): boolean => {
  const plugin = pluginOf(type);
  if (plugin?.anyAttribute) return true;
  const data = typeData(type);
  if (!data) return true;
  return name in data.attributes || (data.hidden_attributes ?? []).includes(name);
};

const checkParameterGroups = (template: Template): void => {
  const groups = template.parameterGroups;
  if (groups === undefined || groups === null) return;
  const error = 'Parameter Groups error';
  if (!Array.isArray(groups)) {
    throw validationFailed({
      error,
      path: 'parameter_groups',
      message: 'The parameter_groups should be a list.',
    });
  }
  const seen = new Set<string>();
  for (const group of groups) {
    const g = isObject(group) ? group : {};
    const path = `parameter_groups.${typeof g['label'] === 'string' ? g['label'] : ''}`;
    const params = g['parameters'];
    if (params === undefined || params === null) {
      throw validationFailed({
        error,
        path,
        message: 'The parameters must be provided for each parameter group.',
      });
    }
    if (!Array.isArray(params)) {
      throw validationFailed({
        error,
        path,
        message: 'The parameters of parameter group should be a list.',
      });
    }
    for (const p of params.map(String)) {
      if (seen.has(p)) {
        throw validationFailed({
          error,
          path,
          message: `The ${p} parameter must be assigned to one parameter group only.`,
        });
      }
      seen.add(p);
      if (!(p in template.parameters)) {
        throw validationFailed({
          error,
          path,
          message: `The grouped parameter ${p} does not reference a valid parameter.`,
        });
      }
    }
  }
};

/**
 * Checks a template's structure as heat does on create, update, preview and /validate:
 * parameter groups, conditions, resource types, function arguments, references, outputs.
 * `enabled` tells which resources' conditions hold.
 */
export const checkTemplate = (template: Template, enabled: (r: ResourceDef) => boolean): void => {
  checkParameterGroups(template);
  const active = template.resources.filter(enabled);
  for (const r of template.resources) {
    if (!pluginOf(r.type)) {
      throw validationFailed({ message: `The Resource Type (${r.type}) could not be found.` });
    }
  }
  const info: TemplateInfo = {
    version: template.version,
    resources: new Map(active.map((r) => [r.name, r.type])),
    allResources: new Set(template.resources.map((r) => r.name)),
    conditions: new Set(Object.keys(template.conditions)),
    hasAttribute: typeHasAttribute,
  };
  for (const [name, def] of Object.entries(template.conditions)) {
    checkConditionDefinition(name, def, info);
  }
  for (const r of template.resources) {
    if (r.condition !== undefined) {
      checkCondition(
        r.condition,
        makeCheckContext(info, 'condition', `resources.${r.name}`, r.name),
        '.condition',
        '.condition',
      );
    }
  }
  for (const r of active) {
    for (const dep of r.dependsOn) {
      if (!info.allResources.has(dep)) {
        throw heatError(
          400,
          'InvalidTemplateReference',
          `The specified reference "${dep}" (in ${r.name}) is incorrect.`,
        );
      }
    }
    checkFunctions(
      r.properties,
      makeCheckContext(info, 'property', `resources.${r.name}.properties`, `${r.name}.Properties`),
    );
    checkFunctions(
      r.metadata,
      makeCheckContext(info, 'metadata', `resources.${r.name}.metadata`, `${r.name}.Metadata`),
    );
    const plugin = pluginOf(r.type);
    const data = typeData(r.type);
    if (plugin && !plugin.anyProperty && data) {
      for (const key of Object.keys(r.properties)) {
        if (!(key in data.properties) && !(key in (data.hidden_properties ?? {}))) {
          throw validationFailed({
            error: 'Property error',
            path: `resources.${r.name}.properties`,
            message: `Unknown Property ${key}`,
          });
        }
      }
    }
  }
  for (const [name, def] of Object.entries(template.outputs)) {
    if (def.missingValue) {
      throw validationFailed({
        error: 'Output validation error',
        path: `outputs.${name}`,
        message: 'Each output definition must contain a value key.',
      });
    }
    if (def.condition !== undefined) {
      checkCondition(
        def.condition,
        makeCheckContext(info, 'condition', `outputs.${name}`, name),
        '.condition',
        '.condition',
      );
    }
    checkFunctions(def.value, makeCheckContext(info, 'output', `outputs.${name}.value`, 'unknown'));
  }
  checkCycles(active);
};

/** heat's engine fails on a dependency loop without a message of its own (a RemoteError). */
const checkCycles = (resources: readonly ResourceDef[]): void => {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): void => {
    const s = state.get(name);
    if (s === 'done') return;
    if (s === 'visiting') throw bareError(500, 'RemoteError');
    state.set(name, 'visiting');
    for (const dep of byName.get(name)?.requires ?? []) visit(dep);
    state.set(name, 'done');
  };
  for (const r of resources) visit(r.name);
};
