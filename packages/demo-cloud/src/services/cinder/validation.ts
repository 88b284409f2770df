import { Fault } from '../../core/faults';
import { invalidInput, pyRepr, pyStr } from './http';
import type { Json } from './http';

/**
 * The part of JSON Schema (draft 4) that cinder's request schemas use, checked the way
 * cinder's validator does (jsonschema's first error, cinder's minimum/maximum that read digit
 * strings as numbers, its format checkers) and worded as cinder words it:
 * `Invalid input for field/attribute <last path element>. Value: <str(value)>. <message>`.
 * Key order in a schema object is the order jsonschema checks keywords in, so schemas here keep
 * cinder's order.
 */
export interface Schema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly patternProperties?: Readonly<Record<string, Schema>>;
  readonly additionalProperties?: boolean;
  readonly required?: readonly string[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly unknown[];
  readonly oneOf?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly items?: Schema;
  readonly minItems?: number;
  readonly uniqueItems?: boolean;
  readonly format?: string;
}

interface SchemaError {
  readonly path: ReadonlyArray<string | number>;
  readonly instance: unknown;
  readonly message: string;
  /** A format checker's own exception text, used verbatim (cinder's InvalidName). */
  readonly verbatim?: string;
}

/** A format checker: true when valid; false for jsonschema's generic text; a Fault propagates. */
export type FormatChecker = (value: unknown) => boolean | { verbatim: string };

const UUID = /^(\{)?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}(\})?$/i;

export const isUuidLike = (value: unknown): boolean =>
  typeof value === 'string' && UUID.test(value);

/** utils.check_string_length's wording when a name or description is too long. */
const checkLength = (value: unknown, entity: string, min: number, max: number): true => {
  if (typeof value !== 'string' || value === '') return true;
  const stripped = value.trim();
  if (stripped.length < min) {
    throw invalidInput(`${entity} has ${stripped.length} characters, less than ${min}.`);
  }
  if (stripped.length > max) {
    throw invalidInput(`${entity} has ${stripped.length} characters, more than ${max}.`);
  }
  return true;
};

const invalidName = (reason: string): { verbatim: string } => ({
  verbatim: `An invalid 'name' value was provided. ${reason}`,
});

const FORMATS: Readonly<Record<string, FormatChecker>> = {
  uuid: isUuidLike,
  name: (value) => {
    if (value === null || value === undefined) return invalidName("The 'name' can not be None.");
    if (typeof value === 'string' && value.trim() === '')
      return invalidName("The 'name' can not be empty.");
    return true;
  },
  name_skip_leading_trailing_spaces: (value) => {
    if (value === null || value === undefined) return invalidName("The 'name' can not be None.");
    if (typeof value !== 'string') return true;
    const stripped = value.trim();
    if (stripped === '') return invalidName("The 'name' can not be empty.");
    if (stripped.length > 255)
      return invalidName("The 'name' can not be greater than 255 characters.");
    return true;
  },
  name_non_mandatory_remove_white_spaces: (value) => checkLength(value, 'name', 0, 255),
  description_non_mandatory_remove_white_spaces: (value) =>
    checkLength(value, 'description', 0, 255),
};

/** Format checkers a resource adds for one validation (quota_set needs the store's quota names). */
export type FormatCheckers = Readonly<Record<string, FormatChecker>>;

const typeMatches = (value: unknown, type: string): boolean => {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return false;
  }
};

/** cinder's _number_from_str: int() or float() of the value, else skip the bound. */
const numberOf = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
};

const pyEquals = (a: unknown, b: unknown): boolean =>
  typeof a === typeof b && JSON.stringify(a) === JSON.stringify(b);

function* iterErrors(
  schema: Schema,
  instance: unknown,
  path: ReadonlyArray<string | number>,
  formats: FormatCheckers,
): Generator<SchemaError> {
  const error = (message: string): SchemaError => ({ path, instance, message });
  for (const keyword of Object.keys(schema) as Array<keyof Schema>) {
    switch (keyword) {
      case 'type': {
        const types = typeof schema.type === 'string' ? [schema.type] : (schema.type ?? []);
        if (!types.some((t) => typeMatches(instance, t))) {
          yield error(`${pyRepr(instance)} is not of type ${types.map(pyRepr).join(', ')}`);
        }
        break;
      }
      case 'properties': {
        if (!typeMatches(instance, 'object')) break;
        const obj = instance as Record<string, unknown>;
        for (const [name, sub] of Object.entries(schema.properties ?? {})) {
          if (name in obj) yield* iterErrors(sub, obj[name], [...path, name], formats);
        }
        break;
      }
      case 'patternProperties': {
        if (!typeMatches(instance, 'object')) break;
        const obj = instance as Record<string, unknown>;
        for (const [pattern, sub] of Object.entries(schema.patternProperties ?? {})) {
          const re = new RegExp(pattern);
          for (const [key, value] of Object.entries(obj)) {
            if (re.test(key)) yield* iterErrors(sub, value, [...path, key], formats);
          }
        }
        break;
      }
      case 'additionalProperties': {
        if (schema.additionalProperties !== false || !typeMatches(instance, 'object')) break;
        const known = Object.keys(schema.properties ?? {});
        const patterns = Object.keys(schema.patternProperties ?? {});
        const extras = Object.keys(instance as object).filter(
          (k) => !known.includes(k) && !patterns.some((p) => new RegExp(p).test(k)),
        );
        if (extras.length === 0) break;
        if (patterns.length > 0) {
          yield error(
            `${[...extras].sort().map(pyRepr).join(', ')} ${extras.length === 1 ? 'does' : 'do'} not match any of the regexes: ${[...patterns].sort().map(pyRepr).join(', ')}`,
          );
        } else {
          yield error(
            `Additional properties are not allowed (${extras.map(pyRepr).join(', ')} ${extras.length === 1 ? 'was' : 'were'} unexpected)`,
          );
        }
        break;
      }
      case 'required': {
        if (!typeMatches(instance, 'object')) break;
        for (const name of schema.required ?? []) {
          if (!(name in (instance as object)))
            yield error(`${pyRepr(name)} is a required property`);
        }
        break;
      }
      case 'minLength':
        if (typeof instance === 'string' && [...instance].length < (schema.minLength ?? 0))
          yield error(`${pyRepr(instance)} is too short`);
        break;
      case 'maxLength':
        if (typeof instance === 'string' && [...instance].length > (schema.maxLength ?? Infinity))
          yield error(`${pyRepr(instance)} is too long`);
        break;
      case 'pattern':
        if (typeof instance === 'string' && !new RegExp(schema.pattern ?? '').test(instance))
          yield error(`${pyRepr(instance)} does not match ${pyRepr(schema.pattern)}`);
        break;
      case 'minimum': {
        const n = numberOf(instance);
        if (n !== undefined && n < (schema.minimum ?? -Infinity))
          yield error(`${n} is less than the minimum of ${schema.minimum}`);
        break;
      }
      case 'maximum': {
        const n = numberOf(instance);
        if (n !== undefined && n > (schema.maximum ?? Infinity))
          yield error(`${n} is greater than the maximum of ${schema.maximum}`);
        break;
      }
      case 'enum':
        if (!(schema.enum ?? []).some((e) => pyEquals(e, instance)))
          yield error(`${pyRepr(instance)} is not one of ${pyRepr(schema.enum)}`);
        break;
      case 'oneOf':
      case 'anyOf': {
        const options = schema[keyword] ?? [];
        if (!options.some((sub) => iterErrors(sub, instance, path, formats).next().done === true))
          yield error(`${pyRepr(instance)} is not valid under any of the given schemas`);
        break;
      }
      case 'minProperties':
        if (
          typeMatches(instance, 'object') &&
          Object.keys(instance as object).length < (schema.minProperties ?? 0)
        )
          yield error(`${pyRepr(instance)} does not have enough properties`);
        break;
      case 'maxProperties':
        if (
          typeMatches(instance, 'object') &&
          Object.keys(instance as object).length > (schema.maxProperties ?? Infinity)
        )
          yield error(`${pyRepr(instance)} has too many properties`);
        break;
      case 'items':
        if (Array.isArray(instance) && schema.items) {
          for (const [i, item] of instance.entries())
            yield* iterErrors(schema.items, item, [...path, i], formats);
        }
        break;
      case 'minItems':
        if (Array.isArray(instance) && instance.length < (schema.minItems ?? 0))
          yield error(`${pyRepr(instance)} is too short`);
        break;
      case 'uniqueItems':
        if (
          schema.uniqueItems &&
          Array.isArray(instance) &&
          new Set(instance.map((i) => JSON.stringify(i))).size !== instance.length
        )
          yield error(`${pyRepr(instance)} has non-unique elements`);
        break;
      case 'format': {
        const name = schema.format ?? '';
        const checker = formats[name] ?? FORMATS[name];
        if (!checker) break;
        const result = checker(instance);
        if (result === true) break;
        if (result === false) {
          yield error(`${pyRepr(instance)} is not a ${pyRepr(schema.format)}`);
        } else {
          yield { path, instance, message: result.verbatim, verbatim: result.verbatim };
        }
        break;
      }
      default:
        break;
    }
  }
}

/** Validates a request body against a cinder schema; throws cinder's 400 for the first error. */
export const validate = (schema: Schema, body: unknown, formats: FormatCheckers = {}): void => {
  const first = iterErrors(schema, body, [], formats).next();
  if (first.done === true) return;
  const err = first.value;
  if (err.verbatim !== undefined) throw new Fault(400, err.verbatim);
  const last = err.path[err.path.length - 1];
  if (last === undefined) throw new Fault(400, err.message);
  throw new Fault(
    400,
    `Invalid input for field/attribute ${String(last)}. Value: ${pyStr(err.instance)}. ${err.message}`,
  );
};

// ---- cinder.api.validation.parameter_types ----

/** The boolean strings cinder accepts in bodies. */
export const BOOLEAN_VALUES = [
  true,
  'True',
  'TRUE',
  'true',
  '1',
  'ON',
  'On',
  'on',
  'YES',
  'Yes',
  'yes',
  'y',
  't',
  false,
  'False',
  'FALSE',
  'false',
  '0',
  'OFF',
  'Off',
  'off',
  'NO',
  'No',
  'no',
  'n',
  'f',
] as const;

export const DB_MAX_INT = 0x7fffffff;

export const types = {
  name: { type: 'string', minLength: 1, maxLength: 255, format: 'name' },
  updateName: { type: ['string', 'null'], minLength: 1, maxLength: 255 },
  description: {
    type: ['string', 'null'],
    minLength: 0,
    maxLength: 255,
    // Printable characters; control characters are what the pattern rules out.
    pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f]*$',
  },
  boolean: { type: ['boolean', 'string'], enum: BOOLEAN_VALUES },
  uuid: { type: 'string', format: 'uuid' },
  extraSpecs: {
    type: 'object',
    patternProperties: { '^[a-zA-Z0-9-_:. /]{1,255}$': { type: 'string', maxLength: 255 } },
    additionalProperties: false,
  },
  extraSpecsNoSpacesKey: {
    type: 'object',
    patternProperties: {
      '^[a-zA-Z0-9-_:.]{1,255}$': { type: ['string', 'null'], minLength: 0, maxLength: 255 },
    },
    additionalProperties: false,
  },
  extraSpecsWithNull: {
    type: 'object',
    patternProperties: {
      '^[a-zA-Z0-9-_:. /]{1,255}$': { type: ['string', 'null'], maxLength: 255 },
    },
    additionalProperties: false,
  },
  nameAllowZeroMinLength: { type: ['string', 'null'], minLength: 0, maxLength: 255 },
  uuidAllowNull: { oneOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] },
  metadataAllowsNull: {
    type: ['object', 'null'],
    patternProperties: { '^[a-zA-Z0-9-_:. /]{1,255}$': { type: 'string', maxLength: 255 } },
    additionalProperties: false,
  },
  container: { type: ['string', 'null'], minLength: 0, maxLength: 255 },
  nullableString: { type: ['string', 'null'], minLength: 0, maxLength: 255 },
  volumeSize: {
    type: ['integer', 'string'],
    pattern: '^[0-9]+$',
    minimum: 1,
    maximum: DB_MAX_INT,
  },
  volumeSizeAllowsNull: {
    type: ['integer', 'string', 'null'],
    pattern: '^[0-9]+$',
    minimum: 1,
    maximum: DB_MAX_INT,
  },
  optionalUuid: { oneOf: [{ type: 'null' }, { type: 'string', format: 'uuid' }] },
  availabilityZone: { type: ['string', 'null'], minLength: 1, maxLength: 255 },
  optionalBoolean: {
    oneOf: [{ type: 'null' }, { type: ['boolean', 'string'], enum: BOOLEAN_VALUES }],
  },
} as const satisfies Record<string, Schema>;

/**
 * A name or description as stored: cinder strips strings (validate_name_and_description);
 * null or absent is null.
 */
export const strippedOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? value.trim() : null;

/**
 * An object of these properties and no others (those in `required` must be there): the shape of
 * nearly every cinder body schema, keywords in the order jsonschema checks them.
 */
export const strictObject = (
  properties: Readonly<Record<string, Schema>>,
  required?: readonly string[],
): Schema => ({
  type: 'object',
  properties,
  ...(required === undefined ? {} : { required }),
  additionalProperties: false,
});

/** An `anyOf` that wants at least one of the properties (update bodies that may not be empty). */
export const anyOfRequired = (names: readonly string[]): Schema[] =>
  names.map((name) => ({ required: [name] }));

/** `{ "<key>": <inner> }` with nothing else allowed, as most cinder bodies are. */
export const wrapped = (key: string, inner: Schema): Schema =>
  strictObject({ [key]: inner }, [key]);

/** `{ "<key>": { <properties> } }`, both objects strict. */
export const objectBody = (
  key: string,
  properties: Readonly<Record<string, Schema>>,
  required?: readonly string[],
): Schema => wrapped(key, strictObject(properties, required));

/** Validates a body against objectBody and gives the inner object. */
export const validObjectBody = (
  body: unknown,
  key: string,
  properties: Readonly<Record<string, Schema>>,
  required?: readonly string[],
): Json => {
  validate(objectBody(key, properties, required), body);
  return (body as Record<string, Json>)[key] as Json;
};
