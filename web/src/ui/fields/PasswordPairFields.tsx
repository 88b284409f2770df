import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { FieldBinding } from '../ModalForm/useForm';
import { TextField } from './TextField';

/**
 * A new password and its confirmation (spec 1 §5), as every form that sets a password asks for
 * them: bound to the form's `password` and `confirm` values, whose checks the form keeps.
 */
export function PasswordPairFields({
  password,
  confirm,
}: {
  password: FieldBinding<string>;
  confirm: FieldBinding<string>;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={t('Password')} type="password" isRequired {...password} />
      <TextField label={t('Confirm Password')} type="password" isRequired {...confirm} />
    </>
  );
}
