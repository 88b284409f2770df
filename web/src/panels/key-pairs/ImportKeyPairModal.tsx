import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { KeyType } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { FileField } from '../../ui/fields/FileField';
import { KeyPairFields } from './KeyPairFields';
import { REQUIRED, keyPairNameError } from '../../data/nova/keyPairNames';
import { keyPairMutations, keyPairQueries } from '../../data/nova/keypairs';

/** Import Public Key (spec 2 §5): name, key type (default ssh) and a pasted or chosen key. */
export function ImportKeyPairModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const existing = useQuery(keyPairQueries.list()).data;
  const importKey = useMutation(keyPairMutations.import);
  const [file, setFile] = useState<File>();
  const [readFailed, setReadFailed] = useState(false);
  const form = useForm({ name: '', keyType: 'ssh' as KeyType, publicKey: '' }, (v) => ({
    name: keyPairNameError(v.name, 'import', existing),
    publicKey: readFailed
      ? t('Could not read the file')
      : v.publicKey.trim() === ''
        ? t(REQUIRED)
        : undefined,
  }));
  return (
    <ModalForm
      title={t('Import Public Key')}
      submitLabel={t('Import Public Key')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const imported = await importKey.mutateAsync({
          name: form.values.name,
          key_type: form.values.keyType,
          public_key: form.values.publicKey.trim(),
        });
        return { created: [imported.name] };
      }}
    >
      <KeyPairFields name={form.bind('name')} keyType={form.bind('keyType')} />
      <FileField
        label={t('Public Key')}
        isRequired
        file={file}
        onFileChange={(f) => {
          setFile(f);
          setReadFailed(false);
        }}
        text={form.values.publicKey}
        onTextChange={(text) => {
          setReadFailed(false);
          form.setValue('publicKey', text);
        }}
        onReadFailed={() => {
          setReadFailed(true);
          form.touch('publicKey');
        }}
        error={form.errors.publicKey}
        helperText={t('Paste the public key or choose the file that holds it.')}
      />
    </ModalForm>
  );
}
