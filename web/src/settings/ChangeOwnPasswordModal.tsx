import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n/useTranslation';
import { useNavigate } from 'react-router';
import { api } from '../api/api';
import { mutation } from '../api/queryClient';
import { logout } from '../app/authActions';
import { PASSWORD_UPDATED } from '../data/keystone/users';
import { t as translate } from '../i18n/i18n';
import { msg } from '../i18n/msg';
import { ModalForm } from '../ui/ModalForm/ModalForm';
import { useForm } from '../ui/ModalForm/useForm';
import { TextField } from '../ui/fields/TextField';

const changeOwnPassword = mutation({
  fn: (body: { original_password: string; password: string }) =>
    api('keystone.users.changeOwnPassword', { body }),
  successMessage: () => translate(PASSWORD_UPDATED),
  errorMessage: msg('Unable to change password.'),
  // A 400 (wrong current password, a password Keystone's rules refuse) shows in the form,
  // which stays open for another try (spec 3 §4).
  inlineErrors: true,
});

/**
 * Change Password of the signed-in user (spec 3 §4): Keystone then revokes every token of the
 * user, so the session ends and the user signs in again with the new password.
 */
export function ChangeOwnPasswordModal({ onClose }: { onClose: () => void }): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const change = useMutation(changeOwnPassword);
  const form = useForm({ current: '', password: '', confirm: '' }, (v) => ({
    current: v.current === '' ? t('This field is required.') : undefined,
    password: v.password === '' ? t('This field is required.') : undefined,
    confirm:
      v.confirm === ''
        ? t('This field is required.')
        : v.confirm !== v.password
          ? t('Passwords do not match.')
          : undefined,
  }));
  return (
    <ModalForm
      title={t('Change Password')}
      submitLabel={t('Change')}
      isValid={form.isValid}
      onClose={() => onClose()}
      onSubmit={async () => {
        await change.mutateAsync({
          original_password: form.values.current,
          password: form.values.password,
        });
        await logout(queryClient).catch(() => undefined);
        void navigate('/login', { replace: true });
        return {};
      }}
    >
      <TextField
        label={t('Current password')}
        type="password"
        isRequired
        {...form.bind('current')}
      />
      <TextField label={t('New password')} type="password" isRequired {...form.bind('password')} />
      <TextField
        label={t('Confirm new password')}
        type="password"
        isRequired
        {...form.bind('confirm')}
      />
    </ModalForm>
  );
}
