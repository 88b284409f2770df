import fc from 'fast-check';
import type { JsonSchema } from './routes';

/**
 * Values that have broken servers before: NUL, lone surrogates, path tricks, prototype keys,
 * markup, numbers at and past every limit. Used for fields, query values and whole bodies.
 */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\0',
  'a\0b',
  '\ud800',
  '\udfff',
  'x\ud800y',
  '\udc00\ud800',
  '.',
  '..',
  '%2e',
  '../../../../etc/passwd',
  '/',
  '\\',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${7*7}{{7*7}}',
  '\u202e\u0000\ufeff',
  '\r\nX-Injected: 1',
  '😀'.repeat(300),
  'é'.repeat(256),
  '-1',
  'NaN',
  'null',
  'true',
];

export const NASTY_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e308,
  5e-324,
];

/** Big strings are made when sent, not when generated: a case only records their size. */
export interface Huge {
  readonly huge: number;
  readonly char: string;
}
export const isHuge = (value: unknown): value is Huge =>
  typeof value === 'object' && value !== null && 'huge' in value && 'char' in value;

export const hugeString = (): fc.Arbitrary<Huge> =>
  fc.record({
    huge: fc.constantFrom(256, 4096, 65_536, 300_000, 1_100_000),
    char: fc.constantFrom('a', 'é', '\0', '\ud800', '😀'),
  });

/** Nested lists or objects this deep, written as JSON text when sent. */
export interface Deep {
  readonly deep: number;
  readonly open: '[' | '{"a":';
}
export const isDeep = (value: unknown): value is Deep =>
  typeof value === 'object' && value !== null && 'deep' in value && 'open' in value;

export const deepNesting = (): fc.Arbitrary<Deep> =>
  fc.record({
    deep: fc.constantFrom(64, 1_000, 10_000, 100_000),
    open: fc.constantFrom<Deep['open']>('[', '{"a":'),
  });

/** Any hostile scalar or structure, for a field or a whole body. */
export const nastyValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 1, arbitrary: hugeString() },
    { weight: 1, arbitrary: deepNesting() },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': '' }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

const asSchemas = (value: unknown): JsonSchema[] =>
  Array.isArray(value) ? (value as JsonSchema[]) : [];

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

const stringOf = (schema: JsonSchema): fc.Arbitrary<string> => {
  if (typeof schema.pattern === 'string') {
    const max = num(schema.maxLength);
    const matching = fc.stringMatching(new RegExp(schema.pattern));
    return max === undefined ? matching : matching.filter((s) => s.length <= max);
  }
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = Math.max(minLength, Math.min(num(schema.maxLength) ?? 24, 24));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl();
    default:
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        // The longest the schema allows: the limits are where handlers break.
        fc.constant('x'.repeat(num(schema.maxLength) ?? minLength)),
      );
  }
};

/** A value the schema accepts (mostly: patterns with lookarounds and the like may miss). */
export const validFor = (schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> => {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const anyOf = asSchemas(schema.anyOf ?? schema.oneOf);
  if (anyOf.length > 0) return fc.oneof(...anyOf.map((s) => validFor(s, depth + 1)));
  const type = schema.type;
  if (Array.isArray(type)) {
    return fc.oneof(...(type as string[]).map((t) => validFor({ ...schema, type: t }, depth)));
  }
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer': {
      const exMin = num(schema.exclusiveMinimum);
      const exMax = num(schema.exclusiveMaximum);
      const min = num(schema.minimum) ?? (exMin !== undefined ? Math.floor(exMin) + 1 : -(2 ** 31));
      const max = num(schema.maximum) ?? (exMax !== undefined ? Math.ceil(exMax) - 1 : 2 ** 31);
      return fc.integer({
        min: Math.max(min, Number.MIN_SAFE_INTEGER),
        max: Math.min(max, Number.MAX_SAFE_INTEGER),
      });
    }
    case 'number': {
      const min = num(schema.minimum) ?? num(schema.exclusiveMinimum) ?? -1e9;
      const max = num(schema.maximum) ?? num(schema.exclusiveMaximum) ?? 1e9;
      return fc
        .double({
          min,
          max,
          noNaN: true,
          noDefaultInfinity: true,
          minExcluded: schema.exclusiveMinimum !== undefined,
          maxExcluded: schema.exclusiveMaximum !== undefined,
        })
        .map((n) => (Object.is(n, -0) ? 0 : n));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const tuple = asSchemas(schema.prefixItems ?? schema.items);
      if (tuple.length > 0) return fc.tuple(...tuple.map((s) => validFor(s, depth + 1)));
      const items = schema.items as JsonSchema | undefined;
      const minLength = num(schema.minItems) ?? 0;
      const maxLength = Math.max(minLength, Math.min(num(schema.maxItems) ?? 4, 4));
      return fc.array(validFor(items, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
};

const objectOf = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, validFor(s, depth + 1)])),
    { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) },
  );
  const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, JsonSchema>);
  if (patterns.length === 0) return known;
  const extras = patterns.map(([pattern, value]) =>
    fc.dictionary(
      fc.oneof(
        { weight: 4, arbitrary: fc.stringMatching(new RegExp(pattern)) },
        // Keys a pattern may not expect: line breaks, NUL, prototype names.
        { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
      ),
      validFor(value, depth + 1),
      {
        maxKeys: 4,
      },
    ),
  );
  return fc
    .tuple(known, ...extras)
    .map((parts) => Object.assign({}, ...(parts as object[])) as Record<string, unknown>);
};

/**
 * A value the schema should refuse, or accept at its very edge: a valid-shaped object with one
 * field swapped for a hostile value, a required field dropped, an unknown field added, or a
 * hostile value in place of the whole thing.
 */
export const invalidFor = (schema: JsonSchema | undefined): fc.Arbitrary<unknown> => {
  if (!schema || schema.type !== 'object') return nastyValue();
  const keys = Object.keys((schema.properties ?? {}) as Record<string, JsonSchema>);
  const valid = validFor(schema) as fc.Arbitrary<Record<string, unknown>>;
  const mutations: Array<fc.Arbitrary<unknown>> = [nastyValue()];
  if (keys.length > 0) {
    mutations.push(
      fc
        .tuple(valid, fc.constantFrom(...keys), nastyValue())
        .map(([value, key, bad]) => ({ ...value, [key]: bad })),
      fc
        .tuple(valid, fc.constantFrom(...keys))
        .map(([value, key]) =>
          Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)),
        ),
    );
  }
  mutations.push(
    fc
      .tuple(valid, fc.constantFrom(...NASTY_STRINGS), nastyValue())
      .map(([value, key, bad]) => ({ ...value, [key]: bad })),
  );
  return fc.oneof(...mutations);
};

/** JSON text of a value, with the huge and deep stand-ins made real. */
export const toJsonText = (value: unknown): string => {
  if (isHuge(value)) return JSON.stringify(value.char.repeat(value.huge));
  if (isDeep(value)) {
    const close = value.open === '[' ? ']' : '}';
    return `${value.open.repeat(value.deep)}1${close.repeat(value.deep)}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const fields = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/** A value as query-string text: huge and deep stand-ins made real, objects as JSON. */
export const toText = (value: unknown): string => {
  if (isHuge(value)) return value.char.repeat(value.huge);
  if (typeof value === 'string') return value;
  if (isDeep(value)) return toJsonText(value);
  return JSON.stringify(value) ?? '';
};
