import type { StackParameter } from '@skydeck/contract';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

export type NamedParameter = StackParameter & { name: string };

/** A parameter's value as the form starts it: the template default, as text. */
export function initialValue(p: StackParameter, current?: unknown): string {
  const v = current ?? p.default;
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * The first constraint the value breaks, worded for the user (the template's own description
 * when it gives one, as Heat would answer it), or undefined. Heat checks again on submit.
 */
export function parameterError(p: StackParameter, value: string): string | undefined {
  const own = p.constraint_description;
  const fail = (fallback: string): string => own || fallback;
  if (value === '') {
    return p.default === undefined ? t(msg('This field is required.')) : undefined;
  }
  const type = p.type.toLowerCase();
  if (type === 'number') {
    const n = Number(value);
    if (value.trim() === '' || Number.isNaN(n)) return t(msg('Enter a number.'));
    if (p.min_value !== undefined && n < p.min_value) {
      return fail(t(msg('The value must be at least {{min}}.'), { min: p.min_value }));
    }
    if (p.max_value !== undefined && n > p.max_value) {
      return fail(t(msg('The value must be at most {{max}}.'), { max: p.max_value }));
    }
  }
  if (type === 'json') {
    try {
      JSON.parse(value);
    } catch {
      return t(msg('Enter valid JSON.'));
    }
  }
  if (p.min_length !== undefined && value.length < p.min_length) {
    return fail(
      t(msg('The value must be at least {{min}} characters long.'), { min: p.min_length }),
    );
  }
  if (p.max_length !== undefined && value.length > p.max_length) {
    return fail(
      t(msg('The value must be at most {{max}} characters long.'), { max: p.max_length }),
    );
  }
  if (p.allowed_pattern !== undefined) {
    let re: RegExp | undefined;
    try {
      // Heat matches the whole value (Python's re.match plus its own end check).
      re = new RegExp(`^(?:${p.allowed_pattern})$`);
    } catch {
      re = undefined;
    }
    if (re && !re.test(value)) {
      return fail(
        t(msg('The value must match the pattern {{pattern}}.'), { pattern: p.allowed_pattern }),
      );
    }
  }
  if (p.allowed_values !== undefined && !p.allowed_values.map(String).includes(value)) {
    return fail(t(msg('Choose one of the allowed values.')));
  }
  return undefined;
}
