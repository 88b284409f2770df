import { useState } from 'react';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

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

  return {
    values,
    setValue: (key, value) => {
      setAll((prev) => ({ ...prev, [key]: value }));
      setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));
    },
    setValues: setAll,
    errors,
    allErrors,
    isValid: Object.values(allErrors).every((e) => !e),
    touch: (key) => setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key))),
    touchAll: () => setShowAll(true),
    reset: () => {
      setAll(start);
      setTouched(new Set());
      setShowAll(false);
    },
  };
}
