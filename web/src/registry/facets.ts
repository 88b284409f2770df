import { msg, type Msg } from '../i18n/msg';
import type { Facet, FacetOption } from './types';

type Scalar = string | number | boolean | null | undefined;

function normalise(v: Scalar): string {
  return v === null || v === undefined ? '' : String(v).toLowerCase();
}

export interface TextFacetOptions {
  /** Whole-value match (numbers: "2" must not find "12"); default is a substring match. */
  exact?: boolean;
  singleton?: boolean;
}

/** The user types a value; client-side, case-insensitive. */
export function textFacet<T>(
  id: string,
  label: Msg,
  value: (item: T) => Scalar,
  opts: TextFacetOptions = {},
): Facet<T> {
  return {
    id,
    label,
    ...(opts.singleton && { singleton: true }),
    match: (item, query) => {
      const q = query.trim().toLowerCase();
      const v = normalise(value(item));
      return opts.exact ? v === q : v.includes(q);
    },
  };
}

/** A number the user types; matches the whole number (spec 2 §9 flavors: vcpus, ram, disk). */
export function numberFacet<T>(
  id: string,
  label: Msg,
  value: (item: T) => number | null | undefined,
): Facet<T> {
  return textFacet(id, label, value, { exact: true });
}

/** Fixed choices; one chip at a time (picking another replaces it). */
export function optionsFacet<T>(
  id: string,
  label: Msg,
  options: FacetOption[],
  value: (item: T) => Scalar,
): Facet<T> {
  return {
    id,
    label,
    options,
    singleton: true,
    match: (item, key) => normalise(value(item)) === key.toLowerCase(),
  };
}

export const YES_NO_OPTIONS: FacetOption[] = [
  { key: 'true', label: msg('Yes') },
  { key: 'false', label: msg('No') },
];

/** A flag: Yes or No. */
export function booleanFacet<T>(
  id: string,
  label: Msg,
  value: (item: T) => boolean | null | undefined,
): Facet<T> {
  return optionsFacet(id, label, YES_NO_OPTIONS, (item) => value(item) ?? false);
}

/**
 * Passed to `list(scope, filters)` instead of matched here (spec 2 §9 images: server-side and
 * singleton); options make it a choice, otherwise the user types the value.
 */
export function serverFacet<T>(id: string, label: Msg, options?: FacetOption[]): Facet<T> {
  return { id, label, server: true, singleton: true, ...(options && { options }) };
}
