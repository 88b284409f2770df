import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { KeyType } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import type { FieldBinding } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';

export const KEY_TYPE_OPTIONS = [
  { value: 'ssh', label: msg('SSH Key') },
  { value: 'x509', label: msg('X509 Certificate') },
] as const;

export interface KeyPairFieldsProps {
  name: FieldBinding<string>;
  keyType: FieldBinding<KeyType>;
}

/** The name and key type of Create Key Pair and Import Public Key (spec 2 §5). */
export function KeyPairFields({ name, keyType }: KeyPairFieldsProps): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={t('Key Pair Name')} isRequired maxLength={255} {...name} />
      <SelectField
        label={t('Key Type')}
        isRequired
        value={keyType.value}
        onChange={(v) => keyType.onChange(v === 'x509' ? 'x509' : 'ssh')}
        options={KEY_TYPE_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
      />
    </>
  );
}
