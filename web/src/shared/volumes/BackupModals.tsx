import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Volume, VolumeBackup } from '@skydeck/contract';
import { backupMutations } from '../../data/cinder/backups';
import { volumeQueries } from '../../data/cinder/volumes';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { ResetStatusModal } from './ResetStatusModal';
import { BACKUP_RESET_STATUSES } from './volumeRules';

/**
 * Create Backup of a volume: an optional container (the backup driver's; empty: its default),
 * incremental after a full one, and force for an attached volume (Cinder refuses it otherwise).
 */
export function CreateBackupModal({ target, onClose }: ModalProps<Volume>): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(backupMutations.create);
  const inUse = target.status === 'in-use';
  const form = useForm(
    { name: '', description: '', container: '', incremental: false, force: inUse },
    (v) => ({
      name: v.name.trim() === '' ? t('This field is required.') : undefined,
      force:
        inUse && !v.force ? t('An attached volume can only be backed up with Force.') : undefined,
    }),
  );
  return (
    <ModalForm
      title={t('Create Volume Backup')}
      submitLabel={t('Create Volume Backup')}
      description={t('Back up volume "{{name}}".', { name: target.name || target.id })}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const v = form.values;
        await create.mutateAsync({
          volume_id: target.id,
          name: v.name.trim(),
          ...(v.description && { description: v.description }),
          ...(v.container.trim() && { container: v.container.trim() }),
          ...(v.incremental && { incremental: true }),
          ...(v.force && { force: true }),
        });
        return { updated: [target.id] };
      }}
    >
      <TextField label={t('Backup Name')} isRequired maxLength={255} {...form.bind('name')} />
      <TextAreaField label={t('Description')} maxLength={255} {...form.bind('description')} />
      <TextField
        label={t('Container Name')}
        maxLength={255}
        helperText={t('Leave empty to use the backup service default.')}
        {...form.bind('container')}
      />
      <CheckboxField
        label={t('Incremental')}
        description={t('Back up only the changes since the last backup of this volume.')}
        checked={form.values.incremental}
        onChange={(x) => form.setValue('incremental', x)}
      />
      {inUse && (
        <CheckboxField
          label={t('Force')}
          description={t('Back up the volume even though it is attached to an instance.')}
          checked={form.values.force}
          onChange={(x) => form.setValue('force', x)}
          error={form.errors.force}
        />
      )}
    </ModalForm>
  );
}

/** Restore Backup: into a new volume, or over an existing available one. */
export function RestoreBackupModal({ target, onClose }: ModalProps<VolumeBackup>): ReactNode {
  const { t } = useTranslation();
  const restore = useMutation(backupMutations.restore);
  const volumes = useQuery(volumeQueries.list()).data ?? [];
  const form = useForm({ volume: '', name: '' });
  const into = form.values.volume;
  return (
    <ModalForm
      title={t('Restore Volume Backup')}
      submitLabel={t('Restore Backup to Volume')}
      description={t('Restore backup "{{name}}".', { name: target.name || target.id })}
      onClose={onClose}
      onSubmit={async () => {
        await restore.mutateAsync({
          backup: target,
          body: into
            ? { volume_id: into }
            : { ...(form.values.name.trim() && { name: form.values.name.trim() }) },
        });
        return { updated: [target.id] };
      }}
    >
      <SelectField
        label={t('Select Volume')}
        placeholder={t('Create a New Volume')}
        options={volumes
          .filter((v) => v.status === 'available' && v.size >= target.size)
          .map((v) => ({ value: v.id, label: `${v.name || v.id} (${v.size} GiB)` }))}
        {...form.bind('volume')}
      />
      {!into && <TextField label={t('Volume Name')} maxLength={255} {...form.bind('name')} />}
    </ModalForm>
  );
}

/** Admin: Update Backup Status (Cinder's os-reset_status: available or error, the record only). */
export function ResetBackupStatusModal({ target, onClose }: ModalProps<VolumeBackup>): ReactNode {
  const { t } = useTranslation();
  const reset = useMutation(backupMutations.resetStatus);
  return (
    <ResetStatusModal
      title={t('Update Backup Status')}
      description={t(
        'This changes only the status Cinder records for volume backup "{{name}}"; the backup itself is not changed.',
        { name: target.name || target.id },
      )}
      id={target.id}
      current={target.status}
      statuses={BACKUP_RESET_STATUSES}
      reset={(status) => reset.mutateAsync({ backup: target, body: { status } })}
      onClose={onClose}
    />
  );
}
