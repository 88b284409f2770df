import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { serverActionMutations } from '../../data/nova/serverActions';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { TextField } from '../../ui/fields/TextField';
import { snapshotBody } from './instanceActionRules';

/** Create Snapshot: an image of the instance's disk (POST /api/nova/snapshots/, spec 2 §7). */
export function InstanceSnapshotModal({ target, onClose }: ModalProps<Instance>): ReactNode {
  const { t } = useTranslation();
  const snapshot = useMutation(serverActionMutations.snapshot);
  const form = useForm({ name: '' }, (v) => ({
    name: v.name.trim() === '' ? t('This field is required.') : undefined,
  }));
  return (
    <ModalForm
      title={t('Create Snapshot')}
      submitLabel={t('Create Snapshot')}
      description={t(
        'A snapshot is an image which preserves the disk state of a running instance.',
      )}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        await snapshot.mutateAsync(snapshotBody(target, form.values.name));
        return { updated: [target.id] };
      }}
    >
      <TextField label={t('Snapshot Name')} isRequired maxLength={255} {...form.bind('name')} />
    </ModalForm>
  );
}
