import { useState } from 'react';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** What a field in ui/fields takes to show and edit one form value. */
export interface FieldBinding<T> {
  value: T;
  onChange: (value: T) => void;
  onBlur: () => void;
  error: string | undefined;
}

export interface FormState<V> {
  values: V;
  setValue: <K extends keyof V>(key: K, value: V[K]) => void;
  setValues: (update: (prev: V) => V) => void;
  /** Errors to display: those of fields the user touched, or all after a submit attempt. */
  errors: FieldErrors<V>;
  /** Every current validation error, shown or not. */
  allErrors: FieldErrors<V>;
  isValid: boolean;
  /** Call from onBlur so a field left empty shows its error. */
  touch: (key: keyof V) => void;
  /** Show every error (an attempted submit of an invalid form). */
  touchAll: () => void;
  reset: () => void;
  /**
   * Value, change, blur and error of one key, to spread on a field
   * (`<TextField label={…} {...form.bind('name')} />`): every field then marks itself touched and
   * shows its error the same way.
   */
  bind: <K extends keyof V>(key: K) => FieldBinding<V[K]>;
}

/**
 * Small controlled-form state for ModalForm and WizardFrame steps. Errors are derived from the
 * values on each render (never stored), so they cannot go stale. Messages come translated from
 * `validate`.
 */
export function useForm<V extends object>(
  initial: V | (() => V),
  validate?: (values: V) => FieldErrors<V>,
): FormState<V> {
  const [start] = useState(initial);
  const [values, setAll] = useState<V>(start);
  const [touched, setTouched] = useState<ReadonlySet<keyof V>>(new Set());
  const [showAll, setShowAll] = useState(false);

  const allErrors: FieldErrors<V> = validate ? validate(values) : {};
  const errors: FieldErrors<V> = {};
  for (const key of Object.keys(allErrors) as (keyof V)[]) {
    const message = allErrors[key];
    if (message && (showAll || touched.has(key))) errors[key] = message;
  }

  const touch = (key: keyof V): void =>
    setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));
  const setValue = <K extends keyof V>(key: K, value: V[K]): void => {
    setAll((prev) => ({ ...prev, [key]: value }));
    touch(key);
  };

  return {
    values,
    setValue,
    setValues: setAll,
    errors,
    allErrors,
    isValid: Object.values(allErrors).every((e) => !e),
    touch,
    touchAll: () => setShowAll(true),
    reset: () => {
      setAll(start);
      setTouched(new Set());
      setShowAll(false);
    },
    bind: (key) => ({
      value: values[key],
      onChange: (value) => setValue(key, value),
      onBlur: () => touch(key),
      error: errors[key],
    }),
  };
}
