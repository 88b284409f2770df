import { bareError, heatError, invalidSchema, invalidTemplate, isObject } from './http';
import type { HeatFault, Json } from './http';
import { pyJson, pyJsonError, pyNumber, pyRepr, pyStr } from './py';

/** HOT parameters: schemas, values and constraints, with heat's own texts. */

export type ParamType = 'string' | 'number' | 'json' | 'comma_delimited_list' | 'boolean';

const PARAM_TYPES: readonly ParamType[] = [
  'string',
  'number',
  'json',
  'comma_delimited_list',
  'boolean',
];

const PARAM_KEYS = new Set([
  'type',
  'description',
  'default',
  'label',
  'hidden',
  'constraints',
  'immutable',
  'tags',
]);

type ConstraintKind =
  'length' | 'range' | 'modulo' | 'allowed_values' | 'allowed_pattern' | 'custom_constraint';

const CONSTRAINT_NAMES: Readonly<Record<ConstraintKind, string>> = {
  length: 'Length',
  range: 'Range',
  modulo: 'Modulo',
  allowed_values: 'AllowedValues',
  allowed_pattern: 'AllowedPattern',
  custom_constraint: 'CustomConstraint',
};

/** Constraints each parameter type accepts (heat's `valid_types`). */
const CONSTRAINTS_OF: Readonly<Record<ParamType, readonly ConstraintKind[]>> = {
  string: ['length', 'allowed_values', 'allowed_pattern', 'custom_constraint'],
  number: ['range', 'modulo', 'allowed_values', 'custom_constraint'],
  comma_delimited_list: ['length', 'allowed_values', 'custom_constraint'],
  json: ['length', 'allowed_values', 'custom_constraint'],
  boolean: ['allowed_values', 'custom_constraint'],
};

export interface Constraint {
  readonly kind: ConstraintKind;
  readonly arg: unknown;
  readonly description?: string;
}

export interface ParamDef {
  readonly name: string;
  readonly type: ParamType;
  readonly default?: unknown;
  readonly description?: string;
  readonly label?: string;
  readonly hidden: boolean;
  readonly immutable: boolean;
  readonly constraints: readonly Constraint[];
}

const boundsOf = (arg: unknown): { min?: number; max?: number } => {
  if (!isObject(arg)) throw bareError(400, 'ValueError');
  const out: { min?: number; max?: number } = {};
  for (const key of ['min', 'max'] as const) {
    const v = arg[key];
    if (v === undefined || v === null) continue;
    const n = typeof v === 'number' ? v : Number(v);
    if (typeof v === 'boolean' || Number.isNaN(n)) throw bareError(400, 'ValueError');
    out[key] = n;
  }
  return out;
};

const parseConstraint = (name: string, type: ParamType, raw: unknown): Constraint => {
  if (!isObject(raw)) throw invalidSchema('Invalid parameter constraints, expected a list');
  let kind: ConstraintKind | undefined;
  for (const key of Object.keys(raw)) {
    if (key === 'description') continue;
    if (!(key in CONSTRAINT_NAMES)) {
      throw invalidSchema(`Invalid key '${key}' for parameter constraints`);
    }
    kind = key as ConstraintKind;
  }
  if (!kind) throw invalidSchema('Invalid parameter constraints, expected a list');
  if (!CONSTRAINTS_OF[type].includes(kind)) {
    throw invalidSchema(
      `Parameter '${name}' is invalid: ${CONSTRAINT_NAMES[kind]} constraint invalid for ${type}`,
    );
  }
  const arg = raw[kind];
  if (kind === 'length' || kind === 'range') boundsOf(arg);
  if (kind === 'allowed_values' && !Array.isArray(arg)) {
    throw invalidSchema('AllowedValues must be a list');
  }
  const description = raw['description'];
  return {
    kind,
    arg,
    ...(typeof description === 'string' ? { description } : {}),
  };
};

/** The `parameters` section as heat reads it (InvalidSchemaError on a bad schema). */
export const parseParameters = (raw: unknown): Record<string, ParamDef> => {
  if (raw === undefined || raw === null) return {};
  // heat calls .items() on it: anything but a mapping fails without a message.
  if (!isObject(raw)) throw bareError(400, 'AttributeError');
  const defs: Record<string, ParamDef> = {};
  for (const [name, def] of Object.entries(raw)) {
    if (!isObject(def)) throw invalidSchema(`Invalid parameter (${name}), expected a mapping`);
    for (const key of Object.keys(def)) {
      if (!PARAM_KEYS.has(key)) throw invalidSchema(`Invalid key '${key}' for parameter (${name})`);
    }
    const type = def['type'];
    if (type === undefined) throw invalidSchema(`Missing parameter type for parameter: ${name}`);
    if (typeof type !== 'string' || !PARAM_TYPES.includes(type as ParamType)) {
      throw invalidSchema(`Invalid type (${pyStr(type)})`);
    }
    const rawConstraints = def['constraints'] ?? [];
    if (!Array.isArray(rawConstraints)) {
      throw invalidSchema(`Invalid parameter constraints for parameter ${name}, expected a list`);
    }
    const constraints = rawConstraints.map((c) => parseConstraint(name, type as ParamType, c));
    const param: ParamDef = {
      name,
      type: type as ParamType,
      ...(def['default'] !== undefined && def['default'] !== null
        ? { default: def['default'] }
        : {}),
      ...(typeof def['description'] === 'string' ? { description: def['description'] } : {}),
      ...(typeof def['label'] === 'string' ? { label: def['label'] } : {}),
      // heat shows any `hidden` value but false as NoEcho "true".
      hidden: def['hidden'] !== undefined && def['hidden'] !== null && !falseFlag(def['hidden']),
      immutable: truthyFlag(def['immutable']),
      constraints,
    };
    if (param.default !== undefined && constraints.length > 0) {
      const failure = checkValue(param, param.default, param.default);
      if (failure !== undefined) {
        throw invalidSchema(
          `Parameter '${name}' is invalid: Invalid default ${pyStr(param.default)} (${failure})`,
        );
      }
    }
    defs[name] = param;
  }
  return defs;
};

const falseFlag = (v: unknown): boolean =>
  v === false ||
  (typeof v === 'string' && ['false', 'f', 'no', 'n', 'off', '0'].includes(v.toLowerCase()));

const truthyFlag = (v: unknown): boolean =>
  v === true || (typeof v === 'string' && ['true', 't', 'yes', 'y', 'on', '1'].includes(v));

/** Thrown by coercion: heat's text of the value error. */
class ValueFailure extends Error {}

const BOOLEAN_WORDS = ['0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'];

const toNumber = (v: unknown): number => {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const text = pyStr(v).trim();
  const n = Number(text);
  if (text === '' || Number.isNaN(n) || /^0[xob]/i.test(text)) {
    throw new ValueFailure(`could not convert string to float: ${pyRepr(pyStr(v))}`);
  }
  return n;
};

/** The value a parameter of `type` holds for a given raw value. */
const coerce = (def: ParamDef, raw: unknown): unknown => {
  switch (def.type) {
    case 'number':
      return toNumber(raw);
    case 'boolean': {
      if (typeof raw === 'boolean') return raw;
      const text = pyStr(raw).toLowerCase();
      if (['1', 't', 'true', 'on', 'y', 'yes'].includes(text)) return true;
      if (['0', 'f', 'false', 'off', 'n', 'no'].includes(text)) return false;
      throw new ValueFailure(
        `Unrecognized value ${pyRepr(raw)}, acceptable values are: ${BOOLEAN_WORDS.map((w) => `'${w}'`).join(', ')}`,
      );
    }
    case 'comma_delimited_list':
      if (Array.isArray(raw)) return raw.map((x) => pyStr(x));
      if (typeof raw === 'string') return raw === '' ? [] : raw.split(',').map((x) => x.trim());
      return [pyStr(raw)];
    case 'json':
      if (typeof raw !== 'string') return raw;
      try {
        return JSON.parse(raw) as unknown;
      } catch (error) {
        throw new ValueFailure(`Value must be valid JSON: ${pyJsonError(raw, error)}`);
      }
    default:
      return raw;
  }
};

const sizeOf = (value: unknown): number => {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (isObject(value)) return Object.keys(value).length;
  return pyStr(value).length;
};

const bound = (n: number | undefined): string => (n === undefined ? 'None' : pyNumber(n));

/** The first constraint `value` (coerced from `raw`) breaks, as heat words it; undefined when none. */
const checkValue = (def: ParamDef, raw: unknown, given: unknown): string | undefined => {
  let value: unknown;
  try {
    value = coerce(def, raw);
  } catch (error) {
    return error instanceof ValueFailure ? error.message : String(error);
  }
  for (const c of def.constraints) {
    let failure: string | undefined;
    switch (c.kind) {
      case 'length': {
        const { min, max } = boundsOf(c.arg);
        const size = sizeOf(value);
        if ((min !== undefined && size < min) || (max !== undefined && size > max)) {
          failure = `length (${size}) is out of range (min: ${bound(min)}, max: ${bound(max)})`;
        }
        break;
      }
      case 'range': {
        const { min, max } = boundsOf(c.arg);
        const n = Number(value);
        if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
          failure = `${pyNumber(n)} is out of range (min: ${bound(min)}, max: ${bound(max)})`;
        }
        break;
      }
      case 'modulo': {
        const arg = isObject(c.arg) ? c.arg : {};
        const step = Number(arg['step'] ?? 1);
        const offset = Number(arg['offset'] ?? 0);
        if (step !== 0 && (Number(value) - offset) % step !== 0) {
          failure = `${pyNumber(Number(value))} is not a multiple of ${pyNumber(step)} with an offset of ${pyNumber(offset)}`;
        }
        break;
      }
      case 'allowed_values': {
        const allowed = Array.isArray(c.arg) ? c.arg : [];
        const matches = (v: unknown): boolean =>
          allowed.some((a) =>
            def.type === 'number' ? Number(a) === Number(v) : pyStr(a) === pyStr(v),
          );
        const ok = Array.isArray(value) ? value.every(matches) : matches(value);
        if (!ok) {
          const shown = def.type === 'comma_delimited_list' ? value : given;
          failure = `${pyJson(shown)} is not an allowed value ${pyJson(allowed)}`;
        }
        break;
      }
      case 'allowed_pattern': {
        const pattern = String(c.arg);
        const text = pyStr(value);
        let match: RegExpExecArray | null = null;
        try {
          match = new RegExp(`^(?:${pattern})`).exec(text);
        } catch {
          match = null;
        }
        if (!match || match[0] !== text) failure = `"${text}" does not match pattern "${pattern}"`;
        break;
      }
      default:
        break;
    }
    if (failure !== undefined) return c.description ?? failure;
  }
  return undefined;
};

export interface PseudoParameters {
  readonly stackId: string;
  readonly stackName: string;
  readonly projectId: string;
}

/**
 * Parameter values of a stack: given ones (request over environment), then environment
 * defaults, then the template's, coerced and checked as heat does on create and update.
 */
export const resolveParameters = (
  defs: Readonly<Record<string, ParamDef>>,
  given: Json,
  defaults: Json,
  pseudo: PseudoParameters,
): Record<string, unknown> => {
  for (const key of Object.keys(given)) {
    if (!(key in defs)) {
      throw heatError(
        400,
        'UnknownUserParameter',
        `The Parameter (${key}) was not defined in template.`,
      );
    }
  }
  const values: Record<string, unknown> = {
    'OS::stack_id': pseudo.stackId,
    'OS::project_id': pseudo.projectId,
    'OS::stack_name': pseudo.stackName,
  };
  for (const def of Object.values(defs)) {
    let raw = given[def.name];
    if (raw === undefined || raw === null) raw = defaults[def.name];
    if (raw === undefined || raw === null) raw = def.default;
    if (raw === undefined || raw === null) {
      throw heatError(400, 'UserParameterMissing', `The Parameter (${def.name}) was not provided.`);
    }
    const failure = checkValue(def, raw, raw);
    if (failure !== undefined) {
      throw invalidTemplate(`Parameter '${def.name}' is invalid: ${failure}`);
    }
    values[def.name] = coerce(def, raw);
  }
  return values;
};

/**
 * Parameter values for POST /validate, which checks no value: each given or default value
 * coerced when it can be, missing ones null.
 */
export const lenientParameters = (
  defs: Readonly<Record<string, ParamDef>>,
  given: Json,
  defaults: Json,
  pseudo: PseudoParameters,
): Record<string, unknown> => {
  const values: Record<string, unknown> = {
    'OS::stack_id': pseudo.stackId,
    'OS::project_id': pseudo.projectId,
    'OS::stack_name': pseudo.stackName,
  };
  for (const def of Object.values(defs)) {
    const raw = given[def.name] ?? defaults[def.name] ?? def.default ?? null;
    try {
      values[def.name] = raw === null ? null : coerce(def, raw);
    } catch {
      values[def.name] = raw;
    }
  }
  return values;
};

/**
 * heat-api's own check of request parameters: a string parameter given a JSON number is refused
 * before the engine sees it, with webob's generic text.
 */
export const checkGivenTypes = (defs: Readonly<Record<string, ParamDef>>, given: Json): void => {
  for (const [key, value] of Object.entries(given)) {
    if (defs[key]?.type === 'string' && typeof value === 'number') {
      throw heatError(
        400,
        'HTTPBadRequest',
        'The server could not comply with the request since it is either malformed or otherwise incorrect.',
      );
    }
  }
};

/** A parameter value as stack show lists it (heat keeps them as strings). */
export const paramText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return pyNumber(value);
  if (Array.isArray(value) && value.every((x) => typeof x === 'string')) return value.join(',');
  return pyJson(value);
};

const TYPE_NAMES: Readonly<Record<ParamType, string>> = {
  string: 'String',
  number: 'Number',
  json: 'Json',
  comma_delimited_list: 'CommaDelimitedList',
  boolean: 'Boolean',
};

/** POST /validate's view of a parameter (CFN-style keys, in heat's order). */
export const paramView = (def: ParamDef, defaults: Json, given: Json): Json => {
  const view: Json = {
    Type: TYPE_NAMES[def.type],
    Description: def.description ?? '',
    NoEcho: def.hidden ? 'true' : 'false',
    Label: def.label ?? def.name,
  };
  const defaultValue = defaults[def.name] ?? def.default;
  if (defaultValue !== undefined) view['Default'] = defaultValue;
  if (given[def.name] !== undefined) view['Value'] = given[def.name];
  let description: string | undefined;
  for (const c of def.constraints) {
    if (c.kind === 'length' || c.kind === 'range') {
      const { min, max } = boundsOf(c.arg);
      const [minKey, maxKey] =
        c.kind === 'length' ? ['MinLength', 'MaxLength'] : ['MinValue', 'MaxValue'];
      if (min !== undefined) view[minKey] = min;
      if (max !== undefined) view[maxKey] = max;
    } else if (c.kind === 'allowed_values') view['AllowedValues'] = c.arg;
    else if (c.kind === 'allowed_pattern') view['AllowedPattern'] = c.arg;
    else if (c.kind === 'custom_constraint') view['CustomConstraint'] = c.arg;
    else if (c.kind === 'modulo') view['Modulo'] = c.arg;
    description ??= c.description;
  }
  if (description !== undefined) view['ConstraintDescription'] = description;
  return view;
};

/** The immutable parameters an update would change (heat refuses those). */
export const immutableChanged = (
  defs: Readonly<Record<string, ParamDef>>,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): HeatFault | undefined => {
  const changed = Object.values(defs)
    .filter(
      (d) => d.immutable && d.name in before && pyJson(before[d.name]) !== pyJson(after[d.name]),
    )
    .map((d) => d.name);
  if (changed.length === 0) return undefined;
  return heatError(
    400,
    'ImmutableParameterModified',
    `The following parameters are immutable and may not be updated: ${changed.join(', ')}`,
  );
};
