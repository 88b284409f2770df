import { readFileSync } from 'node:fs';
import type { Json } from './http';

/**
 * What Zed's heat says about the resource types this cloud hosts and about its template
 * versions, as data (src/services/heat/data/*.json, read from the lab's heat-api): property and
 * attribute schemas, descriptions, support status, template functions.
 */

export type PropertyType = 'string' | 'integer' | 'number' | 'boolean' | 'list' | 'map' | 'any';

export interface PropertySchema {
  readonly type: PropertyType;
  readonly description?: string;
  readonly default?: unknown;
  readonly required: boolean;
  readonly constraints?: readonly Json[];
  readonly update_allowed: boolean;
  readonly immutable: boolean;
  /** A list's item schema under `*`, or a map's known keys. */
  readonly schema?: Readonly<Record<string, PropertySchema>>;
}

export interface AttributeSchema {
  readonly description: string;
  readonly type?: string;
}

export interface ResourceTypeData {
  /** heat's plugin class name: the resource's name in GET /resource_types/{type}/template. */
  readonly class: string;
  /** The class docstring listed by GET /resource_types?with_description=true. */
  readonly description: string;
  readonly properties: Readonly<Record<string, PropertySchema>>;
  readonly attributes: Readonly<Record<string, AttributeSchema>>;
  readonly support_status: Json;
  /** Properties heat accepts and previews but leaves out of the schema (support status HIDDEN). */
  readonly hidden_properties?: Readonly<Record<string, { type: PropertyType; default?: unknown }>>;
  readonly hidden_attributes?: readonly string[];
  /** heat-api's error type when it cannot build the type's template (a 500 in Zed). */
  readonly template_error?: string;
}

const readData = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8')) as T;

const TYPES = readData<Record<string, ResourceTypeData>>('resource_types.json');

/** Hosted resource types in heat's listing order. */
export const TYPE_NAMES: readonly string[] = Object.keys(TYPES);

export const typeData = (type: string): ResourceTypeData | undefined =>
  Object.hasOwn(TYPES, type) ? TYPES[type] : undefined;

interface FunctionEntry {
  readonly functions: string;
  readonly description: string;
}

const FUNCTIONS =
  readData<
    Record<string, { functions: FunctionEntry[]; with_condition_functions: FunctionEntry[] }>
  >('template_functions.json');

/** GET /template_versions/{version}/functions, by the version's full name (`heat_template_version.2018-08-31`). */
export const templateFunctions = (
  version: string,
  withConditions: boolean,
): readonly FunctionEntry[] | undefined => {
  const entry = FUNCTIONS[version];
  if (!entry) return undefined;
  return withConditions ? entry.with_condition_functions : entry.functions;
};
