import { expect } from 'vitest';

/**
 * A type description checked against an answer: a kind name (`'string'`, `'integer'`,
 * `'string|null'`, `'absent'` for "must not be there"), an object of field specs (a key ending in
 * `?` may be missing), or a one-element array `[itemSpec]` for "an array of these".
 */
export type Shape = string | ShapeObject | readonly [Shape];
export interface ShapeObject {
  readonly [key: string]: Shape;
}

const KINDS = new Set([
  'string',
  'number',
  'integer',
  'boolean',
  'null',
  'array',
  'object',
  'any',
  'absent',
]);

function kindOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number')
    return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** Every place where `value` does not fit `shape`, as `path: expected …, got …` lines. */
export function shapeProblems(value: unknown, shape: Shape, path = '$'): string[] {
  if (typeof shape === 'string') {
    const wanted = shape.split('|');
    for (const kind of wanted) {
      if (!KINDS.has(kind)) throw new Error(`unknown kind "${kind}" in shape at ${path}`);
    }
    if (wanted.includes('any')) return [];
    return kindOf(value).some((kind) => wanted.includes(kind))
      ? []
      : [`${path}: expected ${shape}, got ${describe(value)}`];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${path}: expected an array, got ${describe(value)}`];
    const item = shape[0] as Shape;
    return value.flatMap((entry, index) => shapeProblems(entry, item, `${path}[${index}]`));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${path}: expected an object, got ${describe(value)}`];
  }
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [rawKey, fieldShape] of Object.entries(shape as ShapeObject)) {
    const optional = rawKey.endsWith('?');
    const key = optional ? rawKey.slice(0, -1) : rawKey;
    const present = Object.prototype.hasOwnProperty.call(record, key);
    if (fieldShape === 'absent') {
      if (present) problems.push(`${path}.${key}: expected absent, got ${describe(record[key])}`);
      continue;
    }
    if (!present) {
      if (!optional) problems.push(`${path}.${key}: missing`);
      continue;
    }
    problems.push(...shapeProblems(record[key], fieldShape, `${path}.${key}`));
  }
  return problems;
}

export function expectShape(value: unknown, shape: Shape, label = 'shape'): void {
  expect(shapeProblems(value, shape), label).toEqual([]);
}

/** The answer has exactly these keys: what a microversion adds or removes is part of the contract. */
export function expectKeys(value: unknown, keys: readonly string[], label = 'keys'): void {
  expect(typeof value === 'object' && value !== null, `${label}: an object`).toBe(true);
  expect(Object.keys(value as object).sort(), label).toEqual([...keys].sort());
}

/** Narrow an unknown answer for property access in tests (after its shape was checked). */
export function asRecord(value: unknown): Record<string, unknown> {
  expect(typeof value === 'object' && value !== null && !Array.isArray(value)).toBe(true);
  return value as Record<string, unknown>;
}

export function field(value: unknown, ...path: (string | number)[]): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** `{ "<faultName>": { "code": <status>, "message": "..." } }`: Nova's and Cinder's fault body. */
export function expectComputeFault(body: unknown, name: string, code: number): void {
  expectShape(body, { [name]: { code: 'integer', message: 'string' } }, `${name} fault`);
  expectKeys(body, [name], 'fault envelope');
  expect(field(body, name, 'code')).toBe(code);
}

/** `{ "error": { "code", "title", "message" } }`: Keystone's (and keystonemiddleware's) fault body. */
export function expectKeystoneFault(body: unknown, code: number, title: string): void {
  expectShape(body, { error: { code: 'integer', title: 'string', message: 'string' } }, 'error');
  expect(field(body, 'error', 'code')).toBe(code);
  expect(field(body, 'error', 'title')).toBe(title);
}
