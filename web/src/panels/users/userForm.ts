import type { TFunction } from 'i18next';

/** Spec 3 §5: every user text field is at most this long. */
export const USER_FIELD_MAX = 255;

export interface UserFormValues {
  name: string;
  email: string;
  description: string;
  password: string;
  confirm: string;
  project: string;
  role: string;
  enabled: boolean;
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The checks every user form shares (spec 3 §5, spec 1 §5 password confirmation). */
export function userFieldErrors(
  v: Pick<UserFormValues, 'name' | 'email' | 'description'>,
  t: TFunction,
): UserFormErrors {
  const errors: UserFormErrors = {};
  if (v.name.trim() === '') errors.name = t('This field is required.');
  else if (v.name.length > USER_FIELD_MAX) {
    errors.name = t('Ensure this value has at most {{max}} characters.', { max: USER_FIELD_MAX });
  }
  if (v.email.trim() !== '' && !EMAIL.test(v.email.trim())) {
    errors.email = t('Enter a valid email address.');
  }
  if (v.description.length > USER_FIELD_MAX) {
    errors.description = t('Ensure this value has at most {{max}} characters.', {
      max: USER_FIELD_MAX,
    });
  }
  return errors;
}

export function passwordErrors(
  v: Pick<UserFormValues, 'password' | 'confirm'>,
  t: TFunction,
): UserFormErrors {
  const errors: UserFormErrors = {};
  if (v.password === '') errors.password = t('This field is required.');
  if (v.confirm === '') errors.confirm = t('This field is required.');
  else if (v.confirm !== v.password) errors.confirm = t('Passwords do not match.');
  return errors;
}

/** Create User: name, password (twice), primary project and role required. */
export function createUserErrors(v: UserFormValues, t: TFunction): UserFormErrors {
  return {
    ...userFieldErrors(v, t),
    ...passwordErrors(v, t),
    ...(v.project === '' && { project: t('This field is required.') }),
    ...(v.role === '' && { role: t('This field is required.') }),
  };
}
