import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { KeyType } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { KeyPairFields } from './KeyPairFields';
import { downloadFile } from '../../ui/downloadFile';
import { keyPairNameError } from '../../data/nova/keyPairNames';
import { keyPairMutations, keyPairQueries } from '../../data/nova/keypairs';

/** Create Key Pair (spec 2 §2, §5): Nova generates the pair and the private key is downloaded. */
export function CreateKeyPairModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const existing = useQuery(keyPairQueries.list()).data;
  const create = useMutation(keyPairMutations.create);
  const form = useForm({ name: '', keyType: 'ssh' as KeyType }, (v) => ({
    name: keyPairNameError(v.name, 'create', existing),
  }));
  return (
    <ModalForm
      title={t('Create Key Pair')}
      submitLabel={t('Create Key Pair')}
      description={t(
        'The private key is downloaded once, when the key pair is created. Keep it safe: it cannot be retrieved again.',
      )}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const created = await create.mutateAsync({
          name: form.values.name,
          key_type: form.values.keyType,
        });
        if (created.private_key) downloadFile(`${created.name}.pem`, created.private_key);
        return { created: [created.name] };
      }}
    >
      <KeyPairFields name={form.bind('name')} keyType={form.bind('keyType')} />
    </ModalForm>
  );
}
