import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { createUserErrors, passwordErrors, type UserFormValues } from './userForm';

const t = ((key: string, opts?: Record<string, unknown>) =>
  key.replace('{{max}}', String(opts?.max ?? ''))) as unknown as TFunction;

const valid: UserFormValues = {
  name: 'alice',
  email: 'alice@example.com',
  description: '',
  password: 's3cret',
  confirm: 's3cret',
  project: 'p1',
  role: 'r1',
  enabled: true,
};

describe('user form rules (spec 3 §5)', () => {
  it('accepts a complete user', () => {
    expect(createUserErrors(valid, t)).toEqual({});
  });

  it('requires name, password, confirmation, project and role', () => {
    const errors = createUserErrors(
      { ...valid, name: ' ', password: '', confirm: '', project: '', role: '' },
      t,
    );
    expect(errors).toEqual({
      name: 'This field is required.',
      password: 'This field is required.',
      confirm: 'This field is required.',
      project: 'This field is required.',
      role: 'This field is required.',
    });
  });

  it('says when the passwords differ, the email is malformed or a field too long', () => {
    expect(passwordErrors({ password: 'a', confirm: 'b' }, t)).toEqual({
      confirm: 'Passwords do not match.',
    });
    const errors = createUserErrors({ ...valid, email: 'nope', name: 'x'.repeat(256) }, t);
    expect(errors.email).toBe('Enter a valid email address.');
    expect(errors.name).toBe('Ensure this value has at most 255 characters.');
  });
});
