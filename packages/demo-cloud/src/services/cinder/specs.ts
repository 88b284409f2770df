import { badRequest } from '../../core/faults';
import type { Fault } from '../../core/faults';
import type { Json } from './http';
import type { Schema } from './validation';

/**
 * String key/value maps: volume and snapshot metadata, a volume type's extra specs, a group
 * type's group specs, QoS specs and a volume's image metadata. Their APIs share the shapes here:
 * one item by key, the URL key matching the body, a key removed, specs matched by a filter.
 */

/** A body of exactly one key/value pair (the PUT of `.../<key>`). */
export const oneItem = (schema: Schema): Schema => ({
  ...schema,
  minProperties: 1,
  maxProperties: 1,
});

/** A PUT of `.../<key>` must set that key. */
export const requireUrlKey = (body: object, key: string): void => {
  if (!(key in body)) throw badRequest('Request body and URI mismatch');
};

/** `{ <key>: <value> }` of a set key, else the resource's 404. */
export const itemOf = (
  specs: Readonly<Record<string, unknown>>,
  key: string,
  missing: () => Fault,
): Json => {
  const value = specs[key];
  if (value === undefined) throw missing();
  return { [key]: value };
};

/** A copy of `record` without `key`. */
export const withoutKey = <V>(
  record: Readonly<Record<string, V>>,
  key: string,
): Record<string, V> => withoutKeys(record, [key]);

/** A copy of `record` without `keys`. */
export const withoutKeys = <V>(
  record: Readonly<Record<string, V>>,
  keys: readonly string[],
): Record<string, V> =>
  Object.fromEntries(Object.entries(record).filter(([k]) => !keys.includes(k)));

/** Specs as stored: null values (which the schemas allow) left out, the rest as strings. */
export const stringSpecs = (
  specs: Readonly<Record<string, string | null>> | undefined,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(specs ?? {})
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, String(v)]),
  );

/** A spec filter (`{'k': 'v'}` of a query): every wanted pair set, compared as strings. */
export const specsMatch = (specs: Readonly<Record<string, string>>, wanted: object): boolean =>
  Object.entries(wanted).every(([k, v]) => specs[k] === String(v));
