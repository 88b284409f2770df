import { parse } from 'yaml';
import type { PolicyOverrides } from './Enforcer';

/**
 * Reads an operator's policy file (YAML, or the deprecated JSON, which is YAML too) into
 * overrides for an Enforcer, as oslo's parse_file_contents does. An empty file means no
 * overrides. Values must be check strings or legacy lists of checks.
 * @throws Error when the file is not a map of rule name to rule.
 */
export function parsePolicyFile(text: string): PolicyOverrides {
  const doc: unknown = parse(text);
  if (doc === null || doc === undefined) return {};
  if (typeof doc !== 'object' || Array.isArray(doc)) {
    throw new Error('policy file must be a map of rule name to rule');
  }
  const out: Record<string, string | (string | string[])[]> = {};
  for (const [name, value] of Object.entries(doc as Record<string, unknown>)) {
    if (value === null) {
      // oslo parses a null rule like an empty one: allow.
      out[name] = '';
    } else if (typeof value === 'string') {
      out[name] = value;
    } else if (
      Array.isArray(value) &&
      value.every(
        (v) => typeof v === 'string' || (Array.isArray(v) && v.every((c) => typeof c === 'string')),
      )
    ) {
      out[name] = value as (string | string[])[];
    } else {
      throw new Error(`policy "${name}" must be a check string`);
    }
  }
  return out;
}
