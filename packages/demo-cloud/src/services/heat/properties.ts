import { isObject, validationFailed } from './http';
import type { Json } from './http';
import { pyJson, pyNumber, pyRepr, pyStr } from './py';
import type { PropertySchema, PropertyType } from './typeData';
import { typeData } from './typeData';

/**
 * Resource properties checked against their type's schema as heat's Properties do on create:
 * types converted, defaults applied, constraints checked, with heat's texts and paths.
 */

class PropertyFailure extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

const bounds = (arg: unknown): { min?: number; max?: number } => {
  const b = isObject(arg) ? arg : {};
  return {
    ...(typeof b['min'] === 'number' ? { min: b['min'] } : {}),
    ...(typeof b['max'] === 'number' ? { max: b['max'] } : {}),
  };
};

const bound = (n: number | undefined): string => (n === undefined ? 'None' : pyNumber(n));

const checkConstraints = (schema: PropertySchema, value: unknown, path: string): void => {
  for (const c of schema.constraints ?? []) {
    let failure: string | undefined;
    if ('range' in c) {
      const { min, max } = bounds(c['range']);
      const n = Number(value);
      if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
        failure = `${pyNumber(n)} is out of range (min: ${bound(min)}, max: ${bound(max)})`;
      }
    } else if ('length' in c) {
      const { min, max } = bounds(c['length']);
      const size =
        typeof value === 'string' || Array.isArray(value)
          ? value.length
          : isObject(value)
            ? Object.keys(value).length
            : pyStr(value).length;
      if ((min !== undefined && size < min) || (max !== undefined && size > max)) {
        failure = `length (${size}) is out of range (min: ${bound(min)}, max: ${bound(max)})`;
      }
    } else if ('allowed_values' in c && Array.isArray(c['allowed_values'])) {
      const allowed = c['allowed_values'];
      if (!allowed.some((a) => pyJson(a) === pyJson(value) || pyStr(a) === pyStr(value))) {
        failure = `${pyJson(value)} is not an allowed value ${pyJson(allowed)}`;
      }
    } else if ('allowed_pattern' in c && typeof c['allowed_pattern'] === 'string') {
      const pattern = c['allowed_pattern'];
      const text = pyStr(value);
      const match = new RegExp(`^(?:${pattern})`).exec(text);
      if (!match || match[0] !== text) failure = `"${text}" does not match pattern "${pattern}"`;
    }
    if (failure !== undefined) {
      throw new PropertyFailure(
        path,
        typeof c['description'] === 'string' ? c['description'] : failure,
      );
    }
  }
};

const toInteger = (value: unknown, path: string): number => {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const n = Number(value.trim());
    if (value.trim() !== '' && Number.isInteger(n)) return n;
    throw new PropertyFailure(path, `Value '${value}' is not an integer`);
  }
  const kind = Array.isArray(value) ? 'list' : 'dict';
  throw new PropertyFailure(
    path,
    `int() argument must be a string, a bytes-like object or a real number, not '${kind}'`,
  );
};

const toNumber = (value: unknown, path: string): number => {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = pyStr(value).trim();
  const n = Number(text);
  if (typeof value !== 'string' || text === '' || Number.isNaN(n)) {
    throw new PropertyFailure(path, `could not convert string to float: ${pyRepr(pyStr(value))}`);
  }
  return n;
};

const TRUE_WORDS = ['true', 't', 'yes', 'y', 'on', '1'];
const FALSE_WORDS = ['false', 'f', 'no', 'n', 'off', '0'];

/** A value converted to its property type; throws PropertyFailure with heat's text. */
const convert = (type: PropertyType, value: unknown, path: string): unknown => {
  switch (type) {
    case 'integer':
      return toInteger(value, path);
    case 'number':
      return toNumber(value, path);
    case 'string':
      if (isObject(value) || Array.isArray(value)) {
        throw new PropertyFailure(path, `Value must be a string; got ${pyRepr(value)}`);
      }
      return pyStr(value);
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const text = pyStr(value).toLowerCase();
      if (TRUE_WORDS.includes(text)) return true;
      if (FALSE_WORDS.includes(text)) return false;
      throw new PropertyFailure(path, `"${pyStr(value)}" is not a valid boolean`);
    }
    case 'list':
      if (!Array.isArray(value))
        throw new PropertyFailure(path, `"${pyRepr(value)}" is not a list`);
      return value;
    case 'map':
      if (!isObject(value)) throw new PropertyFailure(path, `"${pyStr(value)}" is not a map`);
      return value;
    default:
      return value;
  }
};

const checkValue = (schema: PropertySchema, value: unknown, path: string): unknown => {
  if (value === null || value === undefined) return null;
  const converted = convert(schema.type, value, path);
  if (schema.schema && schema.type === 'list' && Array.isArray(converted)) {
    const item = schema.schema['*'];
    return item ? converted.map((v, i) => checkValue(item, v, `${path}[${i}]`)) : converted;
  }
  if (schema.schema && schema.type === 'map' && isObject(converted)) {
    return checkMap(schema.schema, converted, path);
  }
  checkConstraints(schema, converted, path);
  return converted;
};

const checkMap = (
  schemas: Readonly<Record<string, PropertySchema>>,
  given: Json,
  path: string,
  hidden: Readonly<Record<string, { type: PropertyType; default?: unknown }>> = {},
): Json => {
  for (const key of Object.keys(given)) {
    if (!(key in schemas) && !(key in hidden))
      throw new PropertyFailure(path, `Unknown Property ${key}`);
  }
  const out: Json = {};
  for (const [key, schema] of Object.entries(schemas)) {
    const value = given[key];
    if (value === undefined || value === null) {
      if (schema.required && value === undefined) {
        throw new PropertyFailure(path, `Property ${key} not assigned`);
      }
      out[key] = schema.default ?? null;
      continue;
    }
    out[key] = checkValue(schema, value, `${path}.${key}`);
  }
  for (const [key, h] of Object.entries(hidden)) {
    out[key] = given[key] ?? h.default ?? null;
  }
  return out;
};

/**
 * A resource's properties (functions already evaluated) checked against its type: every
 * schema property present (defaults, or null), converted; throws heat's `Property error`.
 */
export const checkProperties = (resourceName: string, type: string, given: Json): Json => {
  const data = typeData(type);
  if (!data) return given;
  const base = `resources.${resourceName}.properties`;
  try {
    return checkMap(data.properties, given, base, data.hidden_properties ?? {});
  } catch (error) {
    if (error instanceof PropertyFailure) {
      throw validationFailed({ error: 'Property error', path: error.path, message: error.message });
    }
    throw error;
  }
};

/** Properties with their schema defaults (no checks): what preview shows for a resource. */
export const defaultedProperties = (type: string, given: Json): Json => {
  const data = typeData(type);
  if (!data) return given;
  const out: Json = {};
  for (const [key, schema] of Object.entries(data.properties)) {
    out[key] = given[key] ?? schema.default ?? null;
  }
  for (const [key, h] of Object.entries(data.hidden_properties ?? {})) {
    out[key] = given[key] ?? h.default ?? null;
  }
  return out;
};

/** The properties whose values differ between two property sets. */
export const changedProperties = (before: Json, after: Json): string[] => {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => pyJson(before[k] ?? null) !== pyJson(after[k] ?? null));
};

/** Whether every changed property may be updated in place (heat's update_allowed). */
export const updatableInPlace = (type: string, changed: readonly string[]): boolean => {
  const data = typeData(type);
  if (!data) return true;
  return changed.every((k) => data.properties[k]?.update_allowed === true);
};
