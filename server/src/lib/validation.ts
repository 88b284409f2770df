import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; under ESM its function may sit on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as typeof addFormatsModule;

/**
 * TypeBox writes a record with any string key (`Type.Record(Type.String(), V)`) as
 * patternProperties `^.*$`, which a key with a line break does not match: such a key escaped
 * the value's schema (any value, however deep, went on to the services, and one overflowed the
 * stack; found by the route fuzzer). Here that pattern matches every key.
 */
const ANY_KEY = '^.*$';
const regExp = Object.assign(
  (pattern: string, flags: string): RegExp =>
    new RegExp(pattern === ANY_KEY ? '^[\\s\\S]*$' : pattern, flags),
  { code: 'skydeckRegExp' },
);

const BASE: Options = {
  code: { regExp },
  useDefaults: true,
  // Unknown fields are dropped, never passed upstream (STYLE rule 4).
  removeAdditional: true,
  // One error is enough for a message and avoids ajv's allErrors DoS.
  allErrors: false,
  // parentSchema lets a message list a union's choices.
  verbose: true,
};

export const createAjv = (coerce: boolean): Ajv => {
  const ajv = new Ajv({ ...BASE, coerceTypes: coerce ? 'array' : false });
  addFormats(ajv);
  return ajv;
};

/**
 * Query strings, params and headers arrive as text and are coerced; JSON bodies are not, so a
 * client sending "2" for an integer hears about it.
 */
export const buildValidatorCompiler = (): FastifySchemaCompiler<unknown> => {
  const bodyAjv = createAjv(false);
  const textAjv = createAjv(true);
  return ({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object) as ValidateFunction;
};

const ROOT_NAMES: Record<string, string> = {
  body: 'Request body',
  querystring: 'Query string',
  params: 'URL parameters',
  headers: 'Request headers',
};

/** "/rules/0/1" → "rules[0][1]"; "/updated/a.b" → "updated.a.b". */
const fieldName = (instancePath: string, extra?: string): string => {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  let out = '';
  for (const part of parts) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
};

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const typeWords = (type: unknown): string => {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return types.map((t: string) => TYPE_WORDS[t] ?? t).join(' or ');
};

const show = (value: unknown): string =>
  typeof value === 'string' ? `'${value}'` : JSON.stringify(value);

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const describe = (error: ErrorObject, field: string): string => {
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return `${fieldName(error.instancePath, String(params.missingProperty))} is required`;
    case 'minLength':
      return limit <= 1
        ? `${field} is required`
        : `${field} must be at least ${plural(limit, 'character')} long`;
    case 'maxLength':
      return `${field} must be at most ${plural(limit, 'character')} long`;
    case 'minimum':
      return `${field} must be at least ${limit}`;
    case 'maximum':
      return `${field} must be at most ${limit}`;
    case 'exclusiveMinimum':
      return `${field} must be greater than ${limit}`;
    case 'exclusiveMaximum':
      return `${field} must be less than ${limit}`;
    case 'minItems':
      return `${field} must have at least ${plural(limit, 'item')}`;
    case 'maxItems':
    case 'additionalItems':
      return `${field} must have at most ${plural(limit, 'item')}`;
    case 'type':
      return `${field} must be ${typeWords(params.type)}`;
    case 'const':
      return `${field} must be ${show(params.allowedValue)}`;
    case 'enum':
      return `${field} must be one of: ${(params.allowedValues as unknown[]).map(show).join(', ')}`;
    case 'pattern':
      return `${field} has an invalid format`;
    case 'format':
      return `${field} must be a valid ${String(params.format)}`;
    case 'additionalProperties':
      return `${field} has an unknown field: ${String(params.additionalProperty)}`;
    default:
      return `${field} is invalid`;
  }
};

const describeAnyOf = (errors: ErrorObject[], anyOf: ErrorObject, field: string): string => {
  const branches = (anyOf.parentSchema as { anyOf?: Array<Record<string, unknown>> }).anyOf ?? [];
  if (branches.length > 0 && branches.every((b) => 'const' in b)) {
    return `${field} must be one of: ${branches.map((b) => show(b.const)).join(', ')}`;
  }
  // An object branch that failed on one of its fields names that field.
  const deeper = errors.find(
    (e) => e !== anyOf && e.instancePath.length > anyOf.instancePath.length,
  );
  if (deeper) return describe(deeper, fieldName(deeper.instancePath));
  // A nullable string that is too long says so, rather than "must be a string or null".
  const specific = errors.find(
    (e) => e !== anyOf && e.instancePath === anyOf.instancePath && e.keyword !== 'type',
  );
  if (specific) return describe(specific, field);
  const types = branches.map((b) => b.type).filter((t) => t !== undefined);
  return types.length > 0 ? `${field} must be ${typeWords(types)}` : `${field} is invalid`;
};

/**
 * Turns ajv's first error into one sentence a user can act on: "name is required",
 * "vcpus must be at least 1", "policy must be one of: 'affinity', 'anti-affinity'".
 */
export const formatValidationErrors = (
  errors: readonly ErrorObject[] | null | undefined,
  context: string,
): string => {
  if (!errors || errors.length === 0) return 'Invalid request';
  const first =
    errors.find((e) => e.keyword === 'anyOf') ??
    errors.find((e) => e.keyword === 'required') ??
    errors[0];
  if (!first) return 'Invalid request';
  const root = ROOT_NAMES[context] ?? context;
  const field = fieldName(first.instancePath);
  const name = field === '' ? root : field;
  if (first.keyword === 'anyOf') return describeAnyOf(errors as ErrorObject[], first, name);
  return describe(first, name);
};

/** Fastify's schemaErrorFormatter: the error's message is what the client reads. */
export const schemaErrorFormatter = (errors: unknown, dataVar: string): Error =>
  new Error(formatValidationErrors(errors as ErrorObject[], dataVar));
