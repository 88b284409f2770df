import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { VolumeSnapshot } from '@skydeck/contract';
import { snapshotMutations } from '../../data/cinder/snapshots';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { MetadataModal } from '../../ui/metadata/MetadataModal';

/** Edit Snapshot: name and description. */
export function EditSnapshotModal({ target, onClose }: ModalProps<VolumeSnapshot>): ReactNode {
  const { t } = useTranslation();
  const update = useMutation(snapshotMutations.update);
  const form = useForm({ name: target.name ?? '', description: target.description ?? '' });
  return (
    <ModalForm
      title={t('Edit Snapshot')}
      submitLabel={t('Submit')}
      onClose={onClose}
      onSubmit={async () => {
        await update.mutateAsync({ snapshot: target, body: form.values });
        return { updated: [target.id] };
      }}
    >
      <TextField label={t('Snapshot Name')} maxLength={255} {...form.bind('name')} />
      <TextAreaField label={t('Description')} maxLength={255} {...form.bind('description')} />
    </ModalForm>
  );
}

/** Update Metadata: the generic metadata modal for kind "volume_snapshot". */
export function SnapshotMetadataModal({ target, onClose }: ModalProps<VolumeSnapshot>): ReactNode {
  return <MetadataModal kind="volume_snapshot" id={target.id} onClose={onClose} />;
}
