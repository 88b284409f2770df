import type { ActionResult } from '../../registry/types';

const KEYS = ['created', 'updated', 'deleted', 'failed'] as const;

/** A submit's resolved value, if it is an ActionResult ({ created?, updated?, deleted?, failed? }). */
export function asActionResult(value: unknown): ActionResult | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 0 || !keys.every((k) => (KEYS as readonly string[]).includes(k)))
    return undefined;
  if (!KEYS.every((k) => record[k] === undefined || Array.isArray(record[k]))) return undefined;
  return record as ActionResult;
}
